package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import klotskidb.db.CaseRecord;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/** The byte-level text columns equal the String forms they replace, on every layout (slow; every 13th quick). */
class ParquetExportTest {
  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void codesAndShortCodesOfEvery13thLayout() {
    codesAndShortCodes(13);
  }

  @Test
  @Tag("slow")
  void codesAndShortCodesOfEveryLayout() {
    codesAndShortCodes(1);
  }

  private static void codesAndShortCodes(int stride) {
    AllLayouts all = AllLayouts.build();
    for (int id = 0; id < AllLayouts.COUNT; id += stride) {
      long code = all.code(id);
      assertArrayEquals(ascii(Code.format(code)), ParquetRows.hex(code));
      assertArrayEquals(ascii(ShortCode.of(id)), ParquetRows.shortCode(id));
    }
  }

  @Test
  void namesOfRandomRecords() {
    SplittableRandom r = new SplittableRandom(TestSeed.of("ParquetExportTest.namesOfRandomRecords"));
    for (int i = 0; i < 1_000_000; i++) {
      int groupIndex = i < 1000 ? i : r.nextInt(1_000_000);
      CaseRecord c = new CaseRecord(0, 0, r.nextInt(8), r.nextInt(15), r.nextInt(8), r.nextInt(i < 1000 ? 12 : 3000),
          groupIndex, 0, 0, false, false, false, 0, -1, -1);
      assertArrayEquals(ascii(c.name()), ParquetRows.name(c));
    }
  }
}
