package klotskidb.db;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Row count and CRC32C of every key then value of a column family (or of one class's rows of
 * it), in key order: what the build records in meta as {@code rows.CF} / {@code checksum.CF},
 * what {@code klotski analyse} records per class in its marker, and what
 * {@code klotski verify --deep} recomputes by reading the rows back.
 *
 * <pre>
 *   RowChecksum c = new RowChecksum();
 *   c.update(key, value);              // flipped buffers; their positions are not moved
 *   c.toString()                       // "25955 crc32c:0a1b2c3d"
 * </pre>
 */
public final class RowChecksum {
  private final CRC32C crc = new CRC32C();
  private long rows;

  public void update(ByteBuffer key, ByteBuffer value) {
    crc.update(key.duplicate());
    crc.update(value.duplicate());
    rows++;
  }

  public void update(byte[] key, byte[] value) {
    crc.update(key);
    crc.update(value);
    rows++;
  }

  public long rows() {
    return rows;
  }

  /** "crc32c:xxxxxxxx", the form of meta's checksum.CF. */
  public String crc() {
    return String.format("crc32c:%08x", crc.getValue());
  }

  /** "ROWS crc32c:xxxxxxxx". */
  @Override
  public String toString() {
    return rows + " " + crc();
  }
}
