package klotskidb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/** Sums joined from parts against the plain sum of the same rows read once, in order. */
class RowChecksumTest {
  @Test
  void combineEqualsTheCrcOfTheConcatenation() {
    Random random = TestSeed.random("RowChecksumTest.combineEqualsTheCrcOfTheConcatenation");
    for (int trial = 0; trial < 200; trial++) {
      byte[] a = new byte[random.nextInt(trial < 20 ? 3 : 5000)];
      byte[] b = new byte[random.nextInt(trial % 3 == 0 ? 2 : 70000)];
      random.nextBytes(a);
      random.nextBytes(b);
      CRC32C whole = new CRC32C();
      whole.update(a);
      whole.update(b);
      CRC32C ca = new CRC32C();
      ca.update(a);
      CRC32C cb = new CRC32C();
      cb.update(b);
      assertEquals(whole.getValue(), RowChecksum.combine(ca.getValue(), cb.getValue(), b.length),
          "|A| " + a.length + " |B| " + b.length);
    }
  }

  @Test
  void partsAppendedInOrderGiveTheWholeFamilysSum() {
    Random random = TestSeed.random("RowChecksumTest.partsAppendedInOrderGiveTheWholeFamilysSum");
    byte[][] keys = new byte[5000][];
    byte[][] values = new byte[5000][];
    RowChecksum whole = new RowChecksum();
    for (int i = 0; i < keys.length; i++) {
      keys[i] = new byte[1 + random.nextInt(9)];
      values[i] = new byte[random.nextInt(30)];
      random.nextBytes(keys[i]);
      random.nextBytes(values[i]);
      whole.update(keys[i], values[i]);
    }
    // cut points, some parts empty
    int[] cuts = {0, 0, 1, 17, 17, 2500, 4999, 5000, 5000};
    RowChecksum joined = new RowChecksum();
    for (int p = 0; p + 1 < cuts.length; p++) {
      RowChecksum part = new RowChecksum();
      for (int i = cuts[p]; i < cuts[p + 1]; i++) {
        part.update(keys[i], values[i]);
      }
      joined.append(part);
    }
    assertEquals(whole.toString(), joined.toString());
    assertEquals(whole.bytes(), joined.bytes());
    // rows summed after an append continue the same sum
    RowChecksum mixed = new RowChecksum();
    RowChecksum first = new RowChecksum();
    for (int i = 0; i < 100; i++) {
      first.update(keys[i], values[i]);
    }
    mixed.append(first);
    for (int i = 100; i < keys.length; i++) {
      mixed.update(keys[i], values[i]);
    }
    assertEquals(whole.toString(), mixed.toString());
  }
}
