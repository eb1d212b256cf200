package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import klotskidb.datasets.HrdFiles.MirrorRule;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
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
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          long lines = HrdFiles.mainCsv(db, cls, rule, out, n -> { });
          assertEquals(expected.size(), lines, rule + " " + cls);
          assertEquals(String.join("\n", expected), out.toString(StandardCharsets.US_ASCII), rule + " " + cls);
        }
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
