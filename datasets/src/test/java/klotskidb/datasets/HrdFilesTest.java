package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import klotskidb.datasets.HrdFiles.MirrorRule;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * main.csv's lines, written as bytes straight into one array, against the same lines made as text
 * from each record ({@code 4091296,1A9BF0C00,Y,5,4,1,1,7472}); the published MD5 of the whole file
 * is FullDatabaseTest's.
 */
class HrdFilesTest {
  @TempDir static Path temp;

  @Test
  void mainCsvLinesAreEachRecordsFieldsAsText() throws Exception {
    Path dir = SmallDatabase.publish(SmallDatabase.layers("5-4-1", "0-3-0", "1-2-1"), temp.resolve("db"));
    try (KlotskiDb db = KlotskiDb.open(dir)) {
      for (MirrorRule rule : MirrorRule.values()) {
        for (int cls : new int[] {-1, LayoutClass.parse("0-3-0")}) {
          List<String> expected = new ArrayList<>();
          db.forEachCase(c -> {
            if (cls < 0 || LayoutClass.index(c.jiang(), c.bing(), c.style()) == cls) {
              boolean symmetric = rule == MirrorRule.EXACT ? c.symmetric() : LegacySymmetry.isSymmetric(c.code());
              expected.add(c.id() + "," + Code.format(c.code()) + "," + (symmetric ? "Y" : "N") + "," + c.jiang()
                  + "," + c.bing() + "," + c.style() + "," + c.groupNum() + "," + c.groupIndex());
            }
          });
          for (int threads : new int[] {1, 3}) { // one scan, and parts on a pool (the whole database's)
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long lines = HrdFiles.mainCsv(db, cls, rule, threads, out, n -> { });
            assertEquals(expected.size(), lines, rule + " " + cls + " " + threads);
            assertEquals(String.join("\n", expected), out.toString(StandardCharsets.US_ASCII), rule + " " + cls + " " + threads);
          }
        }
      }
    }
  }

  /**
   * All_Case.txt's lines are the codes in code order, from one scan and from parts on a pool: the
   * three small classes lie in some of the parts of {@link HrdFiles#PART_IDS} ids, empty parts between.
   */
  @Test
  void allCasesLinesAreTheCodesInOrder() throws Exception {
    Path dir = SmallDatabase.publish(SmallDatabase.layers("0-1-0", "0-2-0", "1-1-0"), temp.resolve("codes"));
    try (KlotskiDb db = KlotskiDb.open(dir)) {
      List<String> expected = new ArrayList<>();
      db.forEachCase(c -> expected.add(Code.format(c.code())));
      long parts = expected.stream().mapToInt(c -> AllLayouts.rank(Code.parse(c)) / HrdFiles.PART_IDS).distinct().count();
      assertTrue(parts >= 3 && parts < (AllLayouts.COUNT + HrdFiles.PART_IDS - 1) / HrdFiles.PART_IDS, parts + " parts");
      for (int threads : new int[] {1, 2, 3}) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long lines = HrdFiles.allCases(db, -1, threads, out, n -> { });
        assertEquals(expected.size(), lines, "threads " + threads);
        assertEquals(String.join("\n", expected), out.toString(StandardCharsets.US_ASCII), "threads " + threads);
      }
    }
  }

  @Test
  void decimalWritesWhatIntegerToStringWrites() {
    Random random = TestSeed.random("HrdFilesTest.decimalWritesWhatIntegerToStringWrites");
    byte[] line = new byte[16];
    List<Integer> values = new ArrayList<>(List.of(0, 1, 9, 10, 11, 99, 100, 101, 999_999, 1_000_000,
        29_334_497, Integer.MAX_VALUE));
    for (int i = 0; i < 10_000; i++) {
      values.add(random.nextInt(Integer.MAX_VALUE) >>> random.nextInt(31));
    }
    for (int v : values) {
      line[0] = '#';
      int end = HrdFiles.decimal(v, line, 1);
      assertEquals("#" + v, new String(line, 0, end, StandardCharsets.US_ASCII));
    }
  }
}
