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
 *   c.append(nextPart);                // the rows of the next key range, summed on their own
 *   c.toString()                       // "25955 crc32c:0a1b2c3d"
 * </pre>
 *
 * <p>The build writes a family as several key ranges at once, each with its own sum; {@link
 * #append} joins them in key order into the sum of the whole family without reading a byte again:
 * a CRC is linear, so the CRC of A then B is the CRC of A advanced over |B| zero bytes xor the CRC
 * of B, and advancing over n zero bytes is a 32x32 bit matrix raised to the power n (squaring,
 * log2(n) steps: microseconds).
 */
public final class RowChecksum {
  /** CRC32C's polynomial, bit-reversed (Castagnoli). */
  private static final int POLY = 0x82F63B78;

  private final CRC32C crc = new CRC32C();
  /** The CRC of the bytes appended before those in {@code crc}, and how many those in crc are. */
  private long before;
  private long pending;
  private long rows;
  private long bytes;

  public void update(ByteBuffer key, ByteBuffer value) {
    int n = key.remaining() + value.remaining();
    crc.update(key.duplicate());
    crc.update(value.duplicate());
    count(n);
  }

  public void update(byte[] key, byte[] value) {
    crc.update(key);
    crc.update(value);
    count(key.length + value.length);
  }

  private void count(int n) {
    pending += n;
    bytes += n;
    rows++;
  }

  /** Adds the rows summed by {@code later}, which follow all of this one's in key order. */
  public void append(RowChecksum later) {
    before = combine(value(), later.value(), later.bytes);
    crc.reset();
    pending = 0;
    rows += later.rows;
    bytes += later.bytes;
  }

  public long rows() {
    return rows;
  }

  /** Bytes of keys and values summed. */
  public long bytes() {
    return bytes;
  }

  private long value() {
    return pending == 0 ? before : combine(before, crc.getValue(), pending);
  }

  /** "crc32c:xxxxxxxx", the form of meta's checksum.CF. */
  public String crc() {
    return String.format("crc32c:%08x", value());
  }

  /** "ROWS crc32c:xxxxxxxx". */
  @Override
  public String toString() {
    return rows + " " + crc();
  }

  /** The CRC32C of A then B from crc(A), crc(B) and |B| in bytes. */
  static long combine(long crcA, long crcB, long lengthB) {
    if (lengthB <= 0) {
      return crcA;
    }
    // odd: the operator advancing a CRC register over one zero bit; even: over two
    int[] odd = new int[32];
    int[] even = new int[32];
    odd[0] = POLY;
    for (int i = 1; i < 32; i++) {
      odd[i] = 1 << (i - 1);
    }
    square(even, odd);
    square(odd, even); // odd: four zero bits
    int a = (int) crcA;
    long n = lengthB;
    do { // each round squares the operator: one zero byte, two, four...
      square(even, odd);
      if ((n & 1) != 0) {
        a = times(even, a);
      }
      n >>>= 1;
      if (n == 0) {
        break;
      }
      square(odd, even);
      if ((n & 1) != 0) {
        a = times(odd, a);
      }
      n >>>= 1;
    } while (n != 0);
    return (a ^ (int) crcB) & 0xFFFFFFFFL;
  }

  private static int times(int[] matrix, int vector) {
    int sum = 0;
    for (int i = 0; vector != 0; i++, vector >>>= 1) {
      if ((vector & 1) != 0) {
        sum ^= matrix[i];
      }
    }
    return sum;
  }

  private static void square(int[] square, int[] matrix) {
    for (int i = 0; i < 32; i++) {
      square[i] = times(matrix, matrix[i]);
    }
  }
}
