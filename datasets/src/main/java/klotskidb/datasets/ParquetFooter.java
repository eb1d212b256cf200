package klotskidb.datasets;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Makes a Parquet file's footer the same bytes on every run, so the same database gives the same
 * file (and the same SHA-256 in its card).
 *
 * <p>Example: a {@code code} column chunk lists its encodings as {@code [PLAIN, RLE]} in one run
 * and {@code [RLE, PLAIN]} in the next: parquet-java collects them in a {@code HashSet} of enum
 * constants, whose order follows identity hash codes and so changes from one JVM to the next
 * (BENCHMARKS.md, row "Parquet byte for byte"). {@link #canonical} sorts every column chunk's
 * encodings and encoding statistics by their Parquet numbers and writes the footer back in place:
 * the same items in another order take the same bytes in Thrift's compact protocol, so no offset
 * moves. Nothing else in our files varies (no timestamps; the writer's name and the schema are
 * fixed).
 */
final class ParquetFooter {
  private ParquetFooter() {}

  private static final int TAIL = 8; // footer length (int32, little-endian) and "PAR1"

  /** Rewrites the footer of the complete Parquet file at {@code file} in canonical order. */
  static void canonical(Path file) throws IOException {
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = c.size();
      ByteBuffer tail = ByteBuffer.allocate(TAIL).order(ByteOrder.LITTLE_ENDIAN);
      read(c, tail, size - TAIL);
      int length = tail.getInt(0);
      if (size < TAIL + 4 || length <= 0 || length > size - TAIL - 4 || tail.get(4) != 'P' || tail.get(7) != '1') {
        throw new IOException("not a complete Parquet file: " + file);
      }
      long at = size - TAIL - length;
      ByteBuffer footer = ByteBuffer.allocate(length);
      read(c, footer, at);
      FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(footer.array()));
      for (RowGroup g : meta.getRow_groups()) {
        for (ColumnChunk chunk : g.getColumns()) {
          ColumnMetaData m = chunk.getMeta_data();
          m.getEncodings().sort(Comparator.comparingInt(e -> e.getValue()));
          if (m.getEncoding_stats() != null) {
            m.getEncoding_stats().sort(Comparator.comparingInt((PageEncodingStats s) -> s.getPage_type().getValue())
                .thenComparingInt(s -> s.getEncoding().getValue()));
          }
        }
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream(length);
      Util.writeFileMetaData(meta, out);
      if (out.size() != length) { // cannot happen: the same values in another order
        throw new IOException("the canonical Parquet footer of " + file + " takes " + out.size() + " bytes, not " + length);
      }
      ByteBuffer b = ByteBuffer.wrap(out.toByteArray());
      while (b.hasRemaining()) {
        c.write(b, at + b.position());
      }
    }
  }

  private static void read(FileChannel c, ByteBuffer b, long at) throws IOException {
    while (b.hasRemaining()) {
      if (c.read(b, at + b.position()) < 0) {
        throw new IOException("unexpected end of the Parquet file");
      }
    }
  }
}
