package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * MD5, line count and byte count of everything written through it: the columns of the
 * published {@code farthest_checksum.tsv} and {@code solution_checksum.tsv}, without a file.
 */
public final class FileChecksum extends OutputStream {
  private final MessageDigest md5;
  private long bytes;
  private long lines;
  private String done;

  public FileChecksum() {
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no MD5 in this JVM", e);
    }
  }

  @Override
  public void write(int b) {
    md5.update((byte) b);
    bytes++;
    lines += b == '\n' ? 1 : 0;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    md5.update(b, off, len);
    bytes += len;
    lines += newlines(b, off, len);
  }

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

  /**
   * The '\n' bytes of {@code b[off, off + len)}, eight at a time: a byte of {@code y = x ^ '\n'...}
   * is zero where x's byte was '\n', and {@code ~(((y & LOW7) + LOW7) | y | LOW7)} sets the high
   * bit of exactly y's zero bytes (no carry crosses a byte). A release's 28.5 GB go through here on
   * the one thread that writes each file, far faster than a byte at a time (BENCHMARKS.md,
   * row "a group's rows on its leased threads").
   */
  static long newlines(byte[] b, int off, int len) {
    long n = 0;
    int i = off;
    for (int end = off + len - 7; i < end; i += 8) {
      long y = (long) LONGS.get(b, i) ^ ('\n' * ONES);
      n += Long.bitCount(~(((y & LOW7) + LOW7) | y | LOW7));
    }
    for (int end = off + len; i < end; i++) {
      n += b[i] == '\n' ? 1 : 0;
    }
    return n;
  }

  /** A stream that writes to {@code file} and through this checksum; just this checksum when null. */
  public OutputStream tee(OutputStream file) {
    if (file == null) {
      return this;
    }
    FileChecksum sum = this;
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        sum.write(b);
        file.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        sum.write(b, off, len);
        file.write(b, off, len);
      }
    };
  }

  /** "MD5 LINES BYTES", as in the published tables; finishes the digest (nothing may be written after). */
  @Override
  public String toString() {
    if (done == null) {
      done = HexFormat.of().formatHex(md5.digest()) + " " + lines + " " + bytes;
    }
    return done;
  }
}
