package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import klotskidb.db.AnalysisMarker;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.Layers;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Find by a range of farthest_step against the plain answer, on two databases of the same
 * classes (5-4-1 and 0-3-0 analysed, 0-2-0 not; made-up values spanning 0 to 299, {@link
 * SmallDatabase#analyse}): one indexed by farthest_step ({@code find_farthest}), one as a database
 * analysed before the index ({@link SmallDatabase#withoutIndex}), searched by a look-up per
 * layout. Both give exactly the plain scan's answers in find's order, pages full while more match;
 * the indexed one gives every total exact from the first page.
 */
class FarthestFindTest {
  @TempDir static Path temp;
  private static KlotskiDb indexed;
  private static KlotskiDb old;
  /** Every layout of the analysed classes in find's order. */
  private static List<CaseRecord> all;
  private static final Mover MOVER = new Mover();

  @BeforeAll
  static void build() throws Exception {
    Layers layers = SmallDatabase.layers("5-4-1", "0-3-0", "0-2-0");
    Path a = SmallDatabase.analyse(SmallDatabase.publish(layers, temp.resolve("indexed")), layers.groups(), "5-4-1",
        "0-3-0");
    Path b = SmallDatabase.analyse(SmallDatabase.publish(layers, temp.resolve("old")), layers.groups(), "5-4-1",
        "0-3-0");
    SmallDatabase.withoutIndex(b);
    indexed = KlotskiDb.open(a);
    old = KlotskiDb.open(b);
    all = new ArrayList<>();
    indexed.forEachCase(c -> {
      if (c.jiang() == 5 || c.bing() == 3) {
        all.add(c);
      }
    });
    all.sort(Comparator.<CaseRecord>comparingInt(c -> LayoutClass.index(c.jiang(), c.bing(), c.style()))
        .thenComparingInt(CaseRecord::minSolutionStep).thenComparing(CaseRecord::symmetric)
        .thenComparing(c -> Boolean.TRUE.equals(c.minimal())).thenComparingLong(CaseRecord::optimalSolutionNum)
        .thenComparingLong(CaseRecord::code));
  }

  @AfterAll
  static void close() {
    indexed.close();
    old.close();
  }

  @Test
  void theMarkersSayWhichClassesAreIndexed() {
    assertTrue(indexed.analysedClasses().values().stream().allMatch(AnalysisMarker::indexed));
    assertFalse(old.analysedClasses().values().stream().anyMatch(AnalysisMarker::indexed));
    assertEquals(2, old.analysedClasses().size());
  }

  /**
   * At least twelve seeded filters (drawn on until four find more than a page) with a farthest_step range (and a class, jiang or bing, a step range,
   * symmetric, minimal, either order, as they come; every third one of each mirror pair): every page's answers, followed by cursors
   * with small pages and budgets of a few rows and look-ups (40 such pages, then pages of the largest limit to the end), equal the plain scan's on both
   * databases, each with its farthest_step; the indexed database's total is the scan's count,
   * exact, on every page; the other's is exact on its last page; both name 0-2-0 not analysed.
   */
  @Test
  void seededFarthestFiltersGiveThePlainScansAnswersAndTotals() {
    for (long seed : TestSeed.seeds("FarthestFindTest.seededFarthestFiltersGiveThePlainScansAnswersAndTotals")) {
      seededFarthestFilters(new Random(seed));
    }
  }

  private void seededFarthestFilters(Random random) {
    int some = 0;
    // at least 12 filters, drawn on until 4 of them find more than a page (a run's seed may draw
    // narrow ones first: 3 of 12 in one run)
    for (int k = 0; k < 12 || some < 4 && k < 60; k++) {
      Map<String, String> q = new HashMap<>();
      switch (random.nextInt(3)) {
        case 0 -> q.put("class", List.of("5-4-1", "0-3-0", "0-2-0").get(random.nextInt(3)));
        case 1 -> q.put("jiang", String.valueOf(random.nextInt(2) * 5));
        default -> { }
      }
      int lo = k == 0 ? 290 : random.nextInt(280);
      q.put("min_farthest", String.valueOf(lo));
      if (random.nextBoolean()) {
        q.put("max_farthest", String.valueOf(lo + random.nextInt(40)));
      }
      if (random.nextInt(3) == 0) {
        int steps = random.nextInt(60);
        q.put("min_steps", String.valueOf(steps));
        q.put("max_steps", String.valueOf(steps + random.nextInt(60)));
      }
      if (random.nextInt(4) == 0) {
        q.put("symmetric", String.valueOf(random.nextBoolean()));
      }
      if (random.nextInt(4) == 0) {
        q.put("minimal", String.valueOf(random.nextBoolean()));
      }
      boolean hardest = random.nextBoolean();
      if (hardest) {
        q.put("order", "hardest");
      }
      if (k % 3 == 2) {
        q.put("distinct_mirror", "true"); // one of each mirror pair
      }
      FindFilter f = FindFilter.parse(q);
      if (f.jiang() == 0 && f.bing() == 2) {
        continue; // 0-2-0 alone is not analysed: refused (below)
      }
      Comparator<CaseRecord> order = hardest
          ? Comparator.<CaseRecord>comparingInt(c -> c.isSolvable() ? -c.minSolutionStep() : 1)
              .thenComparingInt(c -> LayoutClass.index(c.jiang(), c.bing(), c.style()))
              .thenComparing(CaseRecord::symmetric).thenComparing(c -> Boolean.TRUE.equals(c.minimal()))
              .thenComparingLong(CaseRecord::optimalSolutionNum).thenComparingLong(CaseRecord::code)
          : (a, b) -> 0; // all is in find's order already
      List<Long> expected = all.stream().filter(c -> (f.jiang() < 0 || c.jiang() == f.jiang())
          && (f.bing() < 0 || c.bing() == f.bing()) && (f.style() < 0 || c.style() == f.style())
          && (f.minSteps() < 0 || c.isSolvable() && c.minSolutionStep() >= f.minSteps())
          && (f.maxSteps() < 0 || c.isSolvable() && c.minSolutionStep() <= f.maxSteps())
          && (f.symmetric() == null || c.symmetric() == f.symmetric())
          && (f.minimal() == null || Boolean.TRUE.equals(c.minimal()) == f.minimal())
          && f.farthestMatches(SmallDatabase.farthestOf(c.code()))
          && (!f.distinctMirror() || c.code() <= MOVER.mirror(c.code())))
          .sorted(order).map(CaseRecord::code).toList();
      boolean takesUnanalysed = f.matches(LayoutClass.parse("0-2-0"));
      for (KlotskiDb db : List.of(indexed, old)) {
        String which = (db == indexed ? "indexed: " : "not indexed: ") + q;
        for (int[] paging : new int[][] {{50, Finder.ROWS_PER_PAGE}, {7, 3}}) {
          List<Long> found = new ArrayList<>();
          String cursor = null;
          for (int pages = 0; ; pages++) {
            // small pages and budgets for 40 pages (cursors at every kind of stop), then the largest
            // pages to the end (pages of 50 made a wide filter's hundreds of pages the test's cost)
            int[] size = pages < 40 ? paging : new int[] {Finder.MAX_LIMIT, Finder.ROWS_PER_PAGE};
            Finder.Page p = Finder.pageWithin(db, f, cursor, size[0], Long.MAX_VALUE, size[1], size[1]);
            assertTrue(p.next() == null || p.hits().size() == size[0], which + ": a page holds its limit");
            for (Finder.Hit h : p.hits()) {
              found.add(h.code());
              assertEquals(SmallDatabase.farthestOf(h.code()), h.farthestStep(), which);
            }
            assertEquals(takesUnanalysed ? List.of("0-2-0") : List.of(), p.notAnalysed(), which);
            if (db == indexed || p.next() == null) {
              assertEquals(new Finder.Total(expected.size(), true), p.total(), which + ", page " + pages);
            } else {
              assertEquals(new Finder.Total(found.size(), false), p.total(), which + ", page " + pages);
            }
            if (p.next() == null) {
              break;
            }
            cursor = p.next();
          }
          assertEquals(expected, found, which + ", pages of " + paging[0]);
        }
      }
      some += expected.size() > 50 ? 1 : 0;
    }
    assertTrue(some >= 4, some + " of the filters find more than a page");
  }

  /** A cursor of the database without the index goes on in the indexed one (the same keys and order). */
  @Test
  void aCursorGoesOnAcrossTheIndex() {
    FindFilter f = FindFilter.parse(Map.of("min_farthest", "100", "max_farthest", "140"));
    Finder.Page first = Finder.page(old, f, null, 30);
    Finder.Page second = Finder.page(indexed, f, first.next(), 30);
    Finder.Page both = Finder.page(indexed, f, null, 60);
    List<Long> joined = new ArrayList<>();
    first.hits().forEach(h -> joined.add(h.code()));
    second.hits().forEach(h -> joined.add(h.code()));
    assertEquals(both.hits().stream().map(Finder.Hit::code).toList(), joined);
  }
}
