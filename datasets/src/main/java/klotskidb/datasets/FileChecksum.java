package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
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
    for (int i = off; i < off + len; i++) {
      lines += b[i] == '\n' ? 1 : 0;
    }
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
