package klotskidb.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import klotskidb.analysis.Kernels;
import klotskidb.analysis.LanePool;
import klotskidb.base.Progress;
import klotskidb.db.AnalysisMarker;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.AnalysisWriter;
import klotskidb.db.DeepCheck;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;
import klotskidb.query.FindFilter;
import klotskidb.query.FindQuestion;
import klotskidb.query.Finder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code klotski analyse} as a job, on a database of 0-3-0 and 1-2-1 (real BFS values): each class
 * stored with its {@code find_farthest} index, so find by farthest_step equals a plain scan of
 * the stored values with an exact total; a database analysed before the index is indexed by the
 * next run from its stored values, no BFS, to the same markers; a third run has nothing to do.
 */
class AnalyseJobTest {
  @TempDir Path temp;

  private static final class Lines implements AnalyseJob.Listener {
    final List<String> lines = new ArrayList<>();

    @Override
    public void note(String line) {
      lines.add(line);
    }
  }

  private static AnalyseJob.Result analyse(Path db, Lines lines) throws Exception {
    return AnalyseJob.analyse(db, ClassSet.ALL, 2, Kernels::scalar, Progress.NONE, lines);
  }

  @Test
  void analysedClassesAreIndexedByFarthestStepAndOlderOnesIndexedFromTheirValues() throws Exception {
    Path db = SmallDatabase.publish(SmallDatabase.layers("0-3-0", "1-2-1"), temp.resolve("db"));
    AnalyseJob.Result first = analyse(db, new Lines());
    assertEquals(2, first.classes());
    assertTrue(first.projection(db).endsWith("; every class of the database is analysed"), first.projection(db));
    Map<String, AnalysisMarker> markers;
    try (KlotskiDb k = KlotskiDb.open(db)) {
      markers = k.analysedClasses();
      assertTrue(markers.values().stream().allMatch(AnalysisMarker::indexed), markers.toString());
      // every farthest range, both orders: the pages' answers and total against the stored values
      List<Long> codes = new ArrayList<>();
      k.forEachCase(c -> codes.add(c.code()));
      for (int lo = 0; lo <= 40; lo += 4) {
        final int min = lo;
        long expected = codes.stream().filter(c -> k.analysisOf(c).orElseThrow().farthestStep() >= min).count();
        for (String order : List.of("class", "hardest")) {
          FindFilter f = FindFilter.parse(Map.of("min_farthest", String.valueOf(lo), "order", order));
          long found = 0;
          String cursor = null;
          do {
            Finder.Page p = FindQuestion.on(k, f).page(cursor, 100);
            assertEquals(new Finder.Total(expected, true), p.total(), lo + " " + order);
            for (Finder.Hit h : p.hits()) {
              assertEquals(k.analysisOf(h.code()).orElseThrow().farthestStep(), h.farthestStep());
              assertTrue(h.farthestStep() >= lo);
            }
            found += p.hits().size();
            cursor = p.next();
          } while (cursor != null);
          assertEquals(expected, found, lo + " " + order);
        }
      }
    }

    SmallDatabase.withoutIndex(db);
    Lines again = new Lines();
    AnalyseJob.Result second = analyse(db, again);
    assertEquals(0, second.classes(), "no BFS");
    assertTrue(again.lines.get(0).startsWith("indexing 2 classes analysed before find's farthest_step index"),
        again.lines.toString());
    try (KlotskiDb k = KlotskiDb.open(db)) {
      for (String name : markers.keySet()) {
        assertEquals(markers.get(name).format(), k.analysedClasses().get(name).format(), name);
      }
      for (DeepCheck.FamilyCheck c : new DeepCheck(k, 2).run(c -> { })) {
        assertTrue(c.ok() && !c.line().contains("not indexed"), c.toString());
      }
    }

    Lines third = new Lines();
    assertEquals(0, analyse(db, third).classes());
    assertEquals(List.of("nothing to analyse: 2 classes of the database are analysed"), third.lines);
    assertFalse(third.lines.get(0).contains("indexing"));
    // a class asked for by name: that class, by name
    Lines named = new Lines();
    AnalyseJob.analyse(db, ClassSet.of(List.of("0-3-0")), 2, Kernels::scalar, Progress.NONE, named);
    assertEquals(List.of("nothing to analyse: class 0-3-0 is analysed"), named.lines);
  }

  /**
   * The time left estimated only from a run whose work is a fair share of what is left: a run of
   * small classes says it did too little to tell (their rate per size^2 is far below the large
   * classes'), one of a large class gives hours; their words as the command prints them.
   */
  @Test
  void theTimeLeftIsEstimatedOnlyFromAFairShareOfTheWork() {
    // 5-4-1 alone (its sum of size^2), the whole space's sum left
    AnalyseJob.Result small = new AnalyseJob.Result(1, 0, 1_350_000_000L, 1.0, 2);
    assertEquals("rate 1.35e+09 size^2/s on 2 threads; 201 classes left (1.19e+13 size^2): this run did 0.011% "
        + "as much, too little to estimate their time (larger classes run faster per size^2)",
        small.projection(201, 11_900_000_000_000L));
    // a run of 1% of what is left: its rate, and the hours it gives
    AnalyseJob.Result large = new AnalyseJob.Result(3, 1, 119_000_000_000L, 20.0, 2);
    assertEquals("rate 5.95e+09 size^2/s on 2 threads; 1 class left (1.19e+13 size^2): about 0.6 h more at this rate",
        large.projection(1, 11_900_000_000_000L));
    assertEquals("rate 5.95e+09 size^2/s on 2 threads; every class of the database is analysed", large.projection(0, 0));
    // the bound itself: half a percent estimates, just under it does not
    assertTrue(new AnalyseJob.Result(1, 0, 5, 1.0, 2).projection(3, 1000).endsWith("at this rate"));
    assertTrue(new AnalyseJob.Result(1, 0, 4, 1.0, 2).projection(3, 1000).contains("too little"));
  }

  /** A class's two files kept in memory, by file name. */
  private static AnalyseJob.ClassFiles inMemory(Map<String, String> files) {
    return cls -> new AnalyseJob.ClassFiles.Open() {
      final ByteArrayOutputStream farthest = new ByteArrayOutputStream();
      final ByteArrayOutputStream solution = new ByteArrayOutputStream();

      @Override
      public OutputStream farthest() {
        return farthest;
      }

      @Override
      public OutputStream solution() {
        return solution;
      }

      @Override
      public void commit(ClassAnalysis.Done done) {
        String name = LayoutClass.name(cls);
        files.put("farthest_" + name + ".csv", farthest.toString(StandardCharsets.UTF_8));
        files.put("solution_" + name + ".csv", solution.toString(StandardCharsets.UTF_8));
      }

      @Override
      public void close() {}
    };
  }

  /** Every analysed value of the database, by code. */
  private static Map<Long, AnalysisRecord> stored(Path db) {
    Map<Long, AnalysisRecord> values = new TreeMap<>();
    try (KlotskiDb k = KlotskiDb.open(db)) {
      k.forEachCaseWithAnalysis((c, a) -> values.put(c.code(), a));
    }
    return values;
  }

  /**
   * Sixteen engine threads in a budget of one megabyte (every group waits for the memory, most
   * run alone on one lane) store the values and write the files, byte for byte, that two threads
   * with no bound write; the classes' files hold every layout.
   */
  @Test
  void sixteenThreadsInATinyBudgetStoreAndWriteWhatTwoThreadsDo() throws Exception {
    List<String> names = List.of("0-3-0", "1-2-1", "2-1-1");
    List<Integer> classes = names.stream().map(LayoutClass::parse).toList();
    Groups groups = AnalyseJob.group(classes, 2);
    Map<String, Map<String, String>> files = new HashMap<>();
    Map<String, Map<Long, AnalysisRecord>> values = new HashMap<>();
    Map<String, LanePool> pools = Map.of(
        "16 threads, 1 MB", new LanePool(16, 1 << 20),
        "2 threads, no bound", LanePool.unbounded(2));
    for (Map.Entry<String, LanePool> run : pools.entrySet()) {
      Path db = SmallDatabase.publish(SmallDatabase.layers(names.toArray(String[]::new)),
          temp.resolve(run.getKey().replace(' ', '-').replace(",", "")));
      Map<String, String> written = new ConcurrentHashMap<>();
      try (AnalysisWriter writer = AnalysisWriter.open(db, 1, note -> { })) {
        AnalyseJob.run("analyse", groups, classes, run.getValue(), Kernels.fastest(), writer, Set.of(),
            inMemory(written), Progress.NONE, new Lines());
      }
      files.put(run.getKey(), written);
      values.put(run.getKey(), stored(db));
      assertTrue(run.getValue().peakThreads() <= run.getValue().threads(), run.getKey());
    }
    assertEquals(6, files.get("2 threads, no bound").size());
    assertEquals(files.get("2 threads, no bound"), files.get("16 threads, 1 MB"));
    long layouts = files.get("2 threads, no bound").entrySet().stream().filter(e -> e.getKey().startsWith("farthest"))
        .mapToLong(e -> e.getValue().lines().count()).sum();
    assertEquals(layouts, values.get("2 threads, no bound").size());
    assertTrue(values.get("2 threads, no bound").values().stream().allMatch(Objects::nonNull));
    assertEquals(values.get("2 threads, no bound"), values.get("16 threads, 1 MB"));
    assertEquals(1 << 20, pools.get("16 threads, 1 MB").peakBytes()); // every group waited for the whole budget
  }
}
