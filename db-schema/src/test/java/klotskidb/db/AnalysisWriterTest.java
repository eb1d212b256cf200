package klotskidb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's thread publishes what workers submit: every class stored with its values and
 * marker before close returns, each announced once it is in the published database; a failed
 * publish stores none of its classes and is thrown by the next submit and by close.
 */
class AnalysisWriterTest {
  private static final int[][] CLASSES = {{0, 1, 0}, {1, 0, 0}, {0, 2, 0}};
  @TempDir Path dir;
  private static Groups groups;
  private static Layers layers;

  @BeforeAll
  static void layer() {
    String[] names = new String[CLASSES.length];
    for (int k = 0; k < CLASSES.length; k++) {
      names[k] = CLASSES[k][0] + "-" + CLASSES[k][1] + "-" + CLASSES[k][2];
    }
    layers = SmallDatabase.layers(names);
    groups = layers.groups();
  }

  private Path database() throws Exception {
    return SmallDatabase.publish(layers, dir.resolve("db"));
  }

  /** The class's layouts in code order, each with values made from its code (so every row differs). */
  private static AnalysisWriter.ClassValues values(int[] c, boolean failing) {
    return values(c, failing, 0);
  }

  /** The same, with every farthest_step moved up by {@code round} (mod 256): a later run's values. */
  private static AnalysisWriter.ClassValues values(int[] c, boolean failing, int round) {
    int cls = LayoutClass.index(c[0], c[1], c[2]);
    List<Long> codes = new ArrayList<>();
    List<int[]> diameters = new ArrayList<>();
    for (int g = groups.group(cls, 0); g < groups.group(cls, 0) + groups.groupsInClass(cls); g++) {
      for (int i = 0; i < groups.size(g); i++) {
        codes.add(groups.layouts().code(groups.member(g, i)));
      }
      diameters.add(new int[] {c[0], c[1], c[2], groups.groupNum(g), 7 + groups.groupNum(g)});
    }
    Collections.sort(codes);
    return new AnalysisWriter.ClassValues(LayoutClass.name(cls), codes.size(), sink -> {
      for (long code : codes) {
        if (failing) {
          throw new IllegalStateException("rows cut short");
        }
        sink.row(code, (int) ((code >>> 12) + round) & 0xFF, 1, 2, (int) (code >>> 20) & 0xFFFF);
      }
    }, diameters.toArray(new int[0][]), "0123456789abcdef0123456789abcdef 1 2", "fedcba9876543210fedcba9876543210 1 2",
        1.5);
  }

  @Test
  void everySubmittedClassIsStoredBeforeCloseReturns() throws Exception {
    Path db = database();
    List<String> stored = Collections.synchronizedList(new ArrayList<>());
    try (AnalysisWriter writer = AnalysisWriter.open(db, 1, note -> { })) {
      for (int[] c : CLASSES) {
        AnalysisWriter.ClassValues v = values(c, false);
        writer.submit(v, () -> stored.add(v.className()));
      }
    }
    assertEquals(List.of("0-1-0", "1-0-0", "0-2-0"), stored);
    try (KlotskiDb k = KlotskiDb.open(db)) {
      assertEquals(3, k.analysedClasses().size());
      assertEquals("0123456789abcdef0123456789abcdef 1 2", k.analysedClasses().get("0-2-0").farthestFile());
      int checked = 0;
      for (int g = 0; g < groups.count(); g++) {
        for (int i = 0; i < groups.size(g); i++) {
          long code = groups.layouts().code(groups.member(g, i));
          Optional<AnalysisRecord> a = k.analysisOf(code);
          assertTrue(a.isPresent(), Long.toHexString(code));
          assertEquals((int) (code >>> 12) & 0xFF, a.get().farthestStep());
          assertEquals((int) (code >>> 20) & 0xFFFF, a.get().solutionNum());
          checked++;
        }
      }
      assertEquals(1_440 + 192 + 132, checked);
      // each marker counts its class's layouts by farthest_step, as the stored values do; and reads back as written
      for (int[] c : CLASSES) {
        int cls = LayoutClass.index(c[0], c[1], c[2]);
        Map<Integer, Integer> counted = new TreeMap<>();
        for (int g = groups.group(cls, 0); g < groups.group(cls, 0) + groups.groupsInClass(cls); g++) {
          for (int i = 0; i < groups.size(g); i++) {
            counted.merge(k.analysisOf(groups.layouts().code(groups.member(g, i))).orElseThrow().farthestStep(), 1,
                Integer::sum);
          }
        }
        AnalysisMarker m = k.analysedClasses().get(LayoutClass.name(cls));
        for (int step = 0; step < 260; step++) {
          assertEquals(counted.getOrDefault(step, 0).longValue(), m.farthestBetween(step, step), "step " + step);
        }
        assertEquals(counted.values().stream().mapToLong(Integer::intValue).sum(), m.farthestBetween(-1, -1));
        AnalysisMarker again = AnalysisMarker.parse(LayoutClass.name(cls), m.format());
        assertEquals(m.format(), again.format());
        assertTrue(Arrays.equals(m.farthestSizes(), again.farthestSizes()));
      }
    }
    // a marker written before the sizes existed reads with none: its totals are not claimed exact
    AnalysisMarker old = AnalysisMarker.parse("0-2-0", "farthest a 1 2;solution b 1 2;1.5");
    assertEquals(-1, old.farthestBetween(0, 10));
  }

  /**
   * Beside every find row of an analysed class, {@code find_farthest} holds its codes' stored
   * farthest_steps in its order, with the row's smallest and largest first; verify --deep reads it
   * against the markers. A database analysed before the index exists (the family and the
   * markers' parts gone) opens, reads as not indexed, and {@link AnalysisWriter#submitIndex} makes
   * the same rows and markers again from the stored values.
   */
  @Test
  void theIndexHoldsEachFindRowsFarthestStepsAndIsMadeAgainFromStoredValues() throws Exception {
    Path db = database();
    try (AnalysisWriter writer = AnalysisWriter.open(db, 1, note -> { })) {
      for (int[] c : CLASSES) {
        writer.submit(values(c, false), () -> { });
      }
    }
    Map<String, AnalysisMarker> markers;
    try (KlotskiDb k = KlotskiDb.open(db)) {
      markers = k.analysedClasses();
      long[] rows = {0, 0};
      k.scanFindFarthest(new byte[0], (key, steps) -> {
        byte[] codes = k.findRow(key);
        assertEquals(FindCodec.count(codes), FindFarthestCodec.count(steps));
        int min = 0xFFFF;
        int max = 0;
        for (int i = 0; i < FindFarthestCodec.count(steps); i++) {
          int far = k.analysisOf(FindCodec.codeAt(codes, i)).orElseThrow().farthestStep();
          assertEquals(far, FindFarthestCodec.stepAt(steps, i));
          min = Math.min(min, far);
          max = Math.max(max, far);
        }
        assertEquals(min, FindFarthestCodec.min(steps));
        assertEquals(max, FindFarthestCodec.max(steps));
        rows[0]++;
        rows[1] += FindFarthestCodec.count(steps);
        return true;
      });
      assertEquals(1_440 + 192 + 132, rows[1], "every layout of the analysed classes");
      long[] findRows = {0};
      k.scanFind(new byte[0], (key, v) -> {
        findRows[0]++;
        return true;
      });
      assertEquals(findRows[0], rows[0], "a row beside every find row");
      assertTrue(markers.values().stream().allMatch(AnalysisMarker::indexed));
      for (DeepCheck.FamilyCheck c : new DeepCheck(k, 2).run(c -> { })) {
        assertTrue(c.ok(), c.toString());
      }
    }
    SmallDatabase.withoutIndex(db);
    try (KlotskiDb k = KlotskiDb.open(db); AnalysisWriter writer = AnalysisWriter.open(db, 1, note -> { })) {
      assertFalse(k.analysedClasses().values().stream().anyMatch(AnalysisMarker::indexed));
      assertEquals(-1, k.analysedClasses().get("0-2-0").farthestBetween(0, 10));
      DeepCheck.FamilyCheck index = new DeepCheck(k, 2).run(c -> { }).stream()
          .filter(c -> c.family().equals(Schema.FIND_FARTHEST)).findFirst().orElseThrow();
      assertTrue(index.ok() && index.line().contains("3 analysed classes not indexed by farthest_step yet"),
          index.line());
      for (String name : k.analysedClasses().keySet()) {
        long[] codes = k.codesOfClass(LayoutClass.parse(name));
        int[] steps = new int[codes.length];
        int[] i = {0};
        k.forEachCaseWithAnalysis(codes, (c, a) -> steps[i[0]++] = a.farthestStep());
        writer.submitIndex(name, k.analysedClasses().get(name), codes, steps, () -> { });
      }
      writer.flush();
    }
    try (KlotskiDb k = KlotskiDb.open(db)) {
      for (String name : markers.keySet()) {
        assertEquals(markers.get(name).format(), k.analysedClasses().get(name).format(), name);
      }
      for (DeepCheck.FamilyCheck c : new DeepCheck(k, 2).run(c -> { })) {
        assertTrue(c.ok() && !c.line().contains("not indexed"), c.toString());
      }
    }
  }

  /**
   * Published one at a time, the classes' files pile up in {@code analysis} until a publish
   * merges them, split over the run's threads (subcompactions): the merged family holds each
   * layout's newest values, every check of verify --deep passes, and the runs stay few.
   */
  @Test
  void publishesMergedOnTheRunsThreadsKeepTheNewestValues() throws Exception {
    Path db = database();
    int rounds = 4; // 12 publishes: more runs than AnalysisWriter.MAX_RUNS
    try (AnalysisWriter writer = AnalysisWriter.open(db, 2, note -> { })) {
      for (int round = 0; round < rounds; round++) {
        for (int[] c : CLASSES) {
          writer.submit(values(c, false, round), () -> { });
          writer.flush(); // a publish each
        }
      }
    }
    try (KlotskiDb k = KlotskiDb.open(db)) {
      assertTrue(k.tableFiles(Schema.ANALYSIS).size() <= AnalysisWriter.MAX_RUNS,
          "merged: " + k.tableFiles(Schema.ANALYSIS));
      int checked = 0;
      for (int g = 0; g < groups.count(); g++) {
        for (int i = 0; i < groups.size(g); i++) {
          long code = groups.layouts().code(groups.member(g, i));
          assertEquals((int) ((code >>> 12) + rounds - 1) & 0xFF, k.analysisOf(code).orElseThrow().farthestStep(),
              Long.toHexString(code));
          checked++;
        }
      }
      assertEquals(1_440 + 192 + 132, checked);
      for (DeepCheck.FamilyCheck c : new DeepCheck(k, 2).run(c -> { })) {
        assertTrue(c.ok(), c.toString());
      }
    }
  }

  @Test
  void aFailedPublishStoresNoneOfItsClassesAndIsThrown() throws Exception {
    Path db = database();
    List<String> stored = Collections.synchronizedList(new ArrayList<>());
    AnalysisWriter writer = AnalysisWriter.open(db, 1, note -> { });
    AnalysisWriter.ClassValues good = values(CLASSES[0], false);
    writer.submit(good, () -> stored.add(good.className()));
    AnalysisWriter.ClassValues bad = values(CLASSES[2], true);
    writer.submit(bad, () -> stored.add(bad.className()));
    DatabaseException e = assertThrows(DatabaseException.class, writer::close);
    assertTrue(e.getMessage().startsWith("cannot store the analysis in " + db.toAbsolutePath() + ": "), e.getMessage());
    assertTrue(e.getMessage().contains("rows cut short"), e.getMessage());
    assertFalse(stored.contains("0-2-0"), stored.toString());
    try (KlotskiDb k = KlotskiDb.open(db)) {
      assertFalse(k.analysedClasses().containsKey("0-2-0"));
      assertEquals(stored.size(), k.analysedClasses().size(), "announced exactly the classes stored");
    }
    assertThrows(DatabaseException.class, () -> writer.submit(values(CLASSES[1], false), () -> { }));
    // the lock is free again: another writer opens
    AnalysisWriter.open(db, 1, note -> { }).close();
  }

  /**
   * The database an analyse read is the one it stores into: replaced meanwhile (by hand, or by a
   * writer that ignores the lock), the publish refuses and nothing is stored into the new one.
   */
  @Test
  void aDatabaseReplacedSinceTheAnalyseReadItIsRefused() throws Exception {
    Path db = database();
    AnalysisWriter writer = AnalysisWriter.open(db, 1, note -> { });
    SmallDatabase.publish(SmallDatabase.layers("0-1-0"), db); // the lock is not asked: Publisher alone
    AnalysisWriter.ClassValues v = values(CLASSES[0], false);
    List<String> stored = new ArrayList<>();
    writer.submit(v, () -> stored.add(v.className()));
    DatabaseException e = assertThrows(DatabaseException.class, writer::close);
    assertTrue(e.getMessage().contains("was replaced since this analyse read it"), e.getMessage());
    assertTrue(e.getMessage().contains("0-1-0 not stored: run 'klotski analyse' again"), e.getMessage());
    assertEquals(List.of(), stored);
    try (KlotskiDb k = KlotskiDb.open(db)) {
      assertEquals(List.of("0-1-0"), k.classes(), "the replacing database");
      assertEquals(0, k.analysedClasses().size(), "nothing stored into it");
    }
  }
}
