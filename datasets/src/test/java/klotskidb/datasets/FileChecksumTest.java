package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.Test;

/**
 * The line count of {@link FileChecksum}, eight bytes at a time, against a byte at a time: seeded
 * bytes drawn mostly from '\n' and its near misses (0x0A with the high bit, one bit off, zero,
 * 0xFF), every offset and length up to 40, and a long buffer written in pieces of random sizes.
 */
class FileChecksumTest {
  private static final byte[] NEAR = {'\n', (byte) 0x8A, 0x0B, 0x08, 0x0E, 0x1A, 0x00, (byte) 0xFF, 0x7F, '0', '-', ','};

  private static long plain(byte[] b, int off, int len) {
    long n = 0;
    for (int i = off; i < off + len; i++) {
      n += b[i] == '\n' ? 1 : 0;
    }
    return n;
  }

  @Test
  void newlinesEightAtATimeAreTheOnesCountedOneByOne() {
    for (long seed : TestSeed.seeds("FileChecksumTest.newlinesEightAtATimeAreTheOnesCountedOneByOne")) {
      Random random = new Random(seed);
      byte[] b = new byte[1 << 16];
      for (int i = 0; i < b.length; i++) {
        b[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : NEAR[random.nextInt(NEAR.length)];
      }
      for (int off = 0; off < 40; off++) {
        for (int len = 0; len <= 40; len++) {
          assertEquals(plain(b, off, len), FileChecksum.newlines(b, off, len), "seed " + seed + " off " + off + " len " + len);
        }
      }
      FileChecksum sum = new FileChecksum();
      for (int at = 0; at < b.length; ) {
        int len = Math.min(b.length - at, random.nextInt(100));
        sum.write(b, at, len);
        at += len;
      }
      FileChecksum once = new FileChecksum();
      once.write(b, 0, b.length);
      String expected = " " + plain(b, 0, b.length) + " " + b.length;
      assertEquals(once.toString(), sum.toString(), "seed " + seed);
      assertTrue(sum.toString().endsWith(expected), sum + " against" + expected);
    }
  }
}
