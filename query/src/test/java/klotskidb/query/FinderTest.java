package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.Layers;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Find against the trivially correct answer: every layout of a database of classes 5-4-1, 0-3-0
 * and 0-2-0 (the class one piece smaller, so 0-3-0's minimal flags are known; 79,800) scanned, filtered and sorted into the documented order; the pages, followed by
 * their cursors with any page size and any row budget, must give exactly that list.
 */
class FinderTest {
  @TempDir static Path temp;
  private static KlotskiDb db;
  private static List<CaseRecord> all;

  @BeforeAll
  static void build() throws Exception {
    db = KlotskiDb.open(SmallDatabase.publish(SmallDatabase.layers("5-4-1", "0-3-0", "0-2-0"), temp.resolve("db")));
    all = new ArrayList<>();
    db.forEachCase(all::add);
    all.sort(Comparator.<CaseRecord>comparingInt(c -> LayoutClass.index(c.jiang(), c.bing(), c.style()))
        .thenComparingInt(CaseRecord::minSolutionStep).thenComparing(CaseRecord::symmetric)
        .thenComparing(FinderTest::knownMinimal).thenComparingLong(CaseRecord::optimalSolutionNum)
        .thenComparingLong(CaseRecord::code));
  }

  private static boolean knownMinimal(CaseRecord c) {
    return Boolean.TRUE.equals(c.minimal());
  }

  @AfterAll
  static void close() {
    db.close();
  }

  private static List<Long> reference(Predicate<CaseRecord> p) {
    return all.stream().filter(p).map(CaseRecord::code).toList();
  }

  private static List<Long> paged(Map<String, String> q, int limit, int budget) {
    FindFilter f = FindFilter.parse(q);
    List<Long> out = new ArrayList<>();
    String cursor = null;
    for (int pages = 0; pages < 100_000; pages++) {
      Finder.Page p = Finder.scanOnce(db, f, FindCursor.start(f, cursor, limit), limit, budget, budget);
      assertTrue(p.hits().size() <= limit);
      assertTrue(p.rowsRead() <= budget, p.rowsRead() + " rows");
      for (Finder.Hit h : p.hits()) {
        out.add(h.code());
      }
      if (p.next() == null) {
        return out;
      }
      cursor = p.next();
    }
    throw new AssertionError("no end");
  }

  private static void check(Map<String, String> q, Predicate<CaseRecord> p) {
    List<Long> expected = reference(p);
    assertEquals(expected, paged(q, 1000, Finder.ROWS_PER_PAGE), q.toString());
    assertEquals(expected, paged(q, 37, 3), q + ", pages of 37, 3 rows a page");
  }

  @Test
  void everyFilterGivesTheScannedAnswerInOrder() {
    check(Map.of(), c -> true);
    check(Map.of("class", "5-4-1"), c -> c.jiang() == 5);
    check(Map.of("class", "5-4-1", "min_steps", "100", "max_steps", "120"),
        c -> c.jiang() == 5 && c.minSolutionStep() >= 100 && c.minSolutionStep() <= 120);
    check(Map.of("solvable", "false"), c -> !c.isSolvable());
    check(Map.of("solvable", "true", "symmetric", "true"), c -> c.isSolvable() && c.symmetric());
    check(Map.of("bing", "3", "min_steps", "3"), c -> c.bing() == 3 && c.minSolutionStep() >= 3);
    check(Map.of("jiang", "0", "symmetric", "false", "max_steps", "4"),
        c -> c.jiang() == 0 && !c.symmetric() && c.isSolvable() && c.minSolutionStep() <= 4);
    check(Map.of("min_steps", "139"), c -> false);
    // at most N steps to solve: solvable layouts only, a lower end or not (unsolvable ones came first)
    check(Map.of("max_steps", "0"), c -> c.isSolvable() && c.minSolutionStep() == 0);
    check(Map.of("class", "5-4-1", "max_steps", "3"), c -> c.jiang() == 5 && c.isSolvable() && c.minSolutionStep() <= 3);
    check(Map.of("group", "5-4-1-1", "min_steps", "93", "max_steps", "93"),
        c -> c.jiang() == 5 && c.groupNum() == 1 && c.minSolutionStep() == 93);
    check(Map.of("group", "5-4-1-0", "symmetric", "true"), c -> c.jiang() == 5 && c.groupNum() == 0 && c.symmetric());
    check(Map.of("style", "2"), c -> false);
    check(Map.of("minimal", "true"), FinderTest::knownMinimal);
    check(Map.of("class", "0-3-0", "minimal", "false", "min_steps", "2"),
        c -> c.jiang() == 0 && c.bing() == 3 && !knownMinimal(c) && c.minSolutionStep() >= 2);
    check(Map.of("minimal", "true", "symmetric", "true", "max_steps", "10"),
        c -> knownMinimal(c) && c.symmetric() && c.minSolutionStep() <= 10);
    assertTrue(all.stream().anyMatch(FinderTest::knownMinimal) && all.stream().anyMatch(c -> c.jiang() == 0
        && c.bing() == 3 && Boolean.FALSE.equals(c.minimal()) && c.minSolutionStep() > 0), "both kinds in 0-3-0");
  }

  /**
   * A range of optimal_solution_num: the plain scan's answers in order through any page size and
   * row budget (with other filters, a group, one of each mirror pair), the total exact from the
   * first page, and a page at an offset starting at that answer.
   */
  @Test
  void aRangeOfOptimalSolutionsIsThePlainScansAnswer() {
    // at most N shortest lines (N >= 1) asks for puzzles to solve: at least one step, unless the
    // steps or solvable are given (an unsolvable layout's count is 0, a solved one's 1)
    check(Map.of("max_optimal", "1"), c -> c.minSolutionStep() >= 1 && c.optimalSolutionNum() <= 1);
    check(Map.of("min_optimal", "1", "max_optimal", "1"), c -> c.minSolutionStep() >= 1 && c.optimalSolutionNum() == 1);
    check(Map.of("max_optimal", "1", "solvable", "false"), c -> c.minSolutionStep() < 0);
    check(Map.of("max_optimal", "1", "min_steps", "0", "max_steps", "0"), c -> c.minSolutionStep() == 0);
    check(Map.of("max_optimal", "0"), c -> c.optimalSolutionNum() == 0);
    check(Map.of("class", "5-4-1", "min_optimal", "100", "max_optimal", "5000"),
        c -> c.jiang() == 5 && c.optimalSolutionNum() >= 100 && c.optimalSolutionNum() <= 5000);
    check(Map.of("min_optimal", "1000000"), c -> c.optimalSolutionNum() >= 1_000_000);
    check(Map.of("min_steps", "40", "max_optimal", "3", "distinct_mirror", "true"), c -> c.minSolutionStep() >= 40
        && c.optimalSolutionNum() <= 3 && c.code() <= new Mover().mirror(c.code()));
    check(Map.of("group", "5-4-1-1", "min_steps", "70", "min_optimal", "64"),
        c -> c.jiang() == 5 && c.groupNum() == 1 && c.minSolutionStep() >= 70 && c.optimalSolutionNum() >= 64);
    for (Map<String, String> q : List.of(Map.of("max_optimal", "2"), Map.of("class", "0-3-0", "min_optimal", "3",
        "order", "hardest"), Map.of("min_optimal", "2", "max_optimal", "20", "bing", "3", "minimal", "false"))) {
      FindFilter f = FindFilter.parse(q);
      List<Long> expected = reference(c -> (f.jiang() < 0 || c.jiang() == f.jiang())
          && (f.bing() < 0 || c.bing() == f.bing()) && (f.minimal() == null || knownMinimal(c) == f.minimal())
          && (f.minSteps() < 0 || c.minSolutionStep() >= f.minSteps())
          && (f.minOptimal() < 0 || c.optimalSolutionNum() >= f.minOptimal())
          && (f.maxOptimal() < 0 || c.optimalSolutionNum() <= f.maxOptimal()));
      assertTrue(expected.size() > 10, q + " finds " + expected.size());
      assertEquals(new Finder.Total(expected.size(), true), Finder.page(db, f, null, 50).total(), q.toString());
      assertEquals(new Finder.Total(expected.size(), true), FindQuestion.on(db, f).total(), q + ", asked alone");
      if (!f.hardestFirst()) {
        for (long offset : new long[] {0, 7, expected.size() / 2, expected.size() - 1}) {
          assertEquals(expected.get((int) offset), Finder.pageAt(db, f, offset, 3).hits().get(0).code(), q + " @" + offset);
        }
        assertEquals(0, Finder.pageAt(db, f, expected.size(), 3).hits().size());
      }
    }
    assertEquals("'min_optimal' 5 is more than 'max_optimal' 4", assertThrows(IllegalArgumentException.class,
        () -> FindFilter.parse(Map.of("min_optimal", "5", "max_optimal", "4"))).getMessage());
    assertEquals("'max_optimal' must be a whole number from 0 to 4294967295, not '4294967296'",
        assertThrows(IllegalArgumentException.class, () -> FindFilter.parse(Map.of("max_optimal", "4294967296")))
            .getMessage());
    assertEquals("min_steps=1&max_optimal=1&order=hardest",
        FindFilter.parse(Map.of("order", "hardest", "max_optimal", "1")).question());
  }

  /**
   * One layout of each mirror pair: the plain scan's answers less those whose mirror image has the
   * smaller code, in the same order through any page size; the total exact from the first page
   * (pairs counted once), in both orders; offset refused.
   */
  @Test
  void oneOfEachMirrorPairIsTheOneWithTheSmallerCode() {
    Mover mover = new Mover();
    Predicate<CaseRecord> ofPair = c -> c.code() <= mover.mirror(c.code());
    check(Map.of("distinct_mirror", "true"), ofPair);
    check(Map.of("class", "5-4-1", "min_steps", "90", "distinct_mirror", "true"),
        ofPair.and(c -> c.jiang() == 5 && c.minSolutionStep() >= 90));
    check(Map.of("symmetric", "false", "distinct_mirror", "yes"), ofPair.and(c -> !c.symmetric()));
    check(Map.of("group", "5-4-1-1", "min_steps", "80", "max_steps", "85", "distinct_mirror", "true"),
        ofPair.and(c -> c.jiang() == 5 && c.groupNum() == 1 && c.minSolutionStep() >= 80 && c.minSolutionStep() <= 85));
    for (Map<String, String> q : List.of(Map.of("distinct_mirror", "true"), Map.of("class", "0-3-0",
        "distinct_mirror", "true", "order", "hardest"), Map.of("minimal", "true", "distinct_mirror", "true"))) {
      FindFilter f = FindFilter.parse(q);
      long expected = all.stream().filter(ofPair).filter(c -> (f.jiang() < 0 || c.jiang() == f.jiang())
          && (f.bing() < 0 || c.bing() == f.bing()) && (f.minimal() == null || knownMinimal(c) == f.minimal()))
          .count();
      assertEquals(new Finder.Total(expected, true), Finder.page(db, f, null, 50).total(), q.toString());
    }
    // the hardest of 5-4-1 came as mirror pairs: now no answer is another's mirror image
    List<Long> top = Finder.page(db, FindFilter.parse(Map.of("class", "5-4-1", "order", "hardest",
        "distinct_mirror", "true")), null, 40).hits().stream().map(Finder.Hit::code).toList();
    assertEquals(40, top.size());
    for (long code : top) {
      long m = mover.mirror(code);
      assertTrue(m == code || !top.contains(m), Code.format(code) + " and its mirror image");
    }
    assertEquals(true, FindFilter.parse(Map.of("distinct_mirror", "true")).describe().get("distinct_mirror"));
    assertEquals("distinct_mirror=true", FindFilter.parse(Map.of("distinct_mirror", "1")).question());
    // the same questions in a reader's words, both languages (a sheet's heading)
    assertEquals("Group 5-4-1-1, 10 to 20 steps to solve, symmetric, by class, then steps",
        FindFilter.parse(Map.of("group", "5-4-1-1", "min_steps", "10", "max_steps", "20", "symmetric", "yes")).inWords(false));
    assertEquals("组 5-4-1-1，最少步数 10 到 20，对称，按类别、步数",
        FindFilter.parse(Map.of("group", "5-4-1-1", "min_steps", "10", "max_steps", "20", "symmetric", "yes")).inWords(true));
    assertEquals("1 two-cell piece, 4 soldiers, unsolvable, hardest first",
        FindFilter.parse(Map.of("jiang", "1", "bing", "4", "solvable", "false", "order", "hardest")).inWords(false));
    assertEquals("Solvable, farthest layouts at least 100 steps away, 1 optimal solution, not symmetric, by class, then steps",
        FindFilter.parse(Map.of("solvable", "true", "min_farthest", "100", "min_optimal", "1", "max_optimal", "1",
            "symmetric", "no")).inWords(false));
    assertEquals("有解，最远步数至少 100，最优走法 1 种，不对称，按类别、步数",
        FindFilter.parse(Map.of("solvable", "true", "min_farthest", "100", "min_optimal", "1", "max_optimal", "1",
            "symmetric", "no")).inWords(true));
    assertEquals("By class, then steps", FindFilter.parse(Map.of()).inWords(false));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Finder.pageAt(db, FindFilter.parse(Map.of("distinct_mirror", "true")), 10, 5));
    assertTrue(e.getMessage().contains("'distinct_mirror'"), e.getMessage());
  }

  @Test
  void theClassicStartIsFoundByItsFacts() {
    Finder.Page p = Finder.page(db, FindFilter.parse(Map.of("class", "5-4-1", "min_steps", "81", "max_steps", "81",
        "symmetric", "true")), null, 1000);
    assertTrue(p.hits().stream().anyMatch(h -> h.code() == 0x1A9BF0C00L), "1A9BF0C00: 81 steps, symmetric");
    assertNull(p.next());
    int i = p.hits().indexOf(p.hits().stream().filter(h -> h.code() == 0x1A9BF0C00L).findFirst().orElseThrow());
    Map<String, Object> expected = new LinkedHashMap<>(Map.of("code", "1A9BF0C00", "short_code", "4WVE1",
        "name", "5-4-1-1-7472", "class", "5-4-1", "min_solution_step", 81, "symmetric", true,
        "optimal_solution_num", 256L));
    expected.put("minimal", null); // 4-4-1, 4-4-0 and 5-3-1 are not in this database
    expected.put("catalogue_names", List.of("横刀立马")); // its names and difficulty word, as its document
    expected.put("difficulty", Map.of("word", "very_hard"));
    assertEquals(expected, Documents.findAnswer(p.hits().get(i), p.records().get(i)));
  }

  /**
   * A group given as a layout of it is found in the database before anything is asked: the
   * question is the group's name's, and a filter not found yet is never paged or counted.
   */
  @Test
  void aGroupGivenAsALayoutIsFoundBeforeTheQuestion() {
    FindFilter typed = FindFilter.parse(Map.of("group", "横刀立马", "min_steps", "93"));
    FindFilter named = FindFilter.parse(Map.of("group", "5-4-1-1", "min_steps", "93"));
    assertEquals(new FindFilter.GroupOf("横刀立马", typed.groupOf().layout(), null), typed.groupOf());
    FindQuestion q = FindQuestion.on(db, typed);
    assertEquals(named.question(), q.filter().question());
    assertEquals(Finder.page(db, named, null, 10).hits(), q.page(null, 10).hits());
    assertEquals(named.describe(), q.filter().describe());
    assertThrows(IllegalStateException.class, () -> Finder.page(db, typed, null, 10));
    assertThrows(IllegalStateException.class, () -> Finder.total(db, typed, 0, false));
    assertThrows(IllegalStateException.class, typed::question);
  }

  @Test
  void badFiltersSayWhatIsWrong() {
    assertEquals("'min_steps' must be a whole number, not 'x'",
        assertThrows(IllegalArgumentException.class, () -> FindFilter.parse(Map.of("min_steps", "x"))).getMessage());
    assertEquals("'min_steps' 9 is more than 'max_steps' 3", assertThrows(IllegalArgumentException.class,
        () -> FindFilter.parse(Map.of("min_steps", "9", "max_steps", "3"))).getMessage());
    assertEquals("'jiang' 4 contradicts 'class' 5-4-1", assertThrows(IllegalArgumentException.class,
        () -> FindFilter.parse(Map.of("class", "5-4-1", "jiang", "4"))).getMessage());
    assertEquals("'symmetric' must be true or false, not 'maybe'", assertThrows(IllegalArgumentException.class,
        () -> FindFilter.parse(Map.of("symmetric", "maybe"))).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> FindFilter.parse(Map.of("solvable", "false", "min_steps", "3"))).getMessage()
        .startsWith("an unsolvable layout has no steps"));
    assertEquals("'group' 5-4-1-1 is not of 'class' 0-3-0", assertThrows(IllegalArgumentException.class,
        () -> FindFilter.parse(Map.of("class", "0-3-0", "group", "5-4-1-1"))).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> FindFilter.parse(Map.of("steps", "3")))
        .getMessage().startsWith("unknown filter 'steps'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> FindFilter.parse(Map.of("class", "9-9-9")))
        .getMessage().contains("9-9-9"));
    FindFilter any = FindFilter.parse(Map.of());
    assertEquals("'cursor' 'zz' is not a cursor of a find page", assertThrows(IllegalArgumentException.class,
        () -> Finder.page(db, any, "zz", 10)).getMessage());
    // a cursor belongs to its question: another filter or order is refused, naming both
    FindFilter hardest = FindFilter.parse(Map.of("class", "0-3-0", "minimal", "true", "order", "hardest"));
    String cursor = Finder.page(db, hardest, null, 1).next();
    assertEquals(1, Finder.page(db, hardest, cursor, 1).hits().size());
    assertEquals("'cursor' belongs to another question ('class=0-3-0&minimal=true&order=hardest', not "
        + "'class=0-3-0'): ask again without it for the first page", assertThrows(InputException.class,
        () -> Finder.page(db, FindFilter.parse(Map.of("class", "0-3-0")), cursor, 3)).getMessage());
    assertThrows(InputException.class,
        () -> Finder.page(db, FindFilter.parse(Map.of("class", "5-4-1", "minimal", "true", "order", "hardest")),
            cursor, 3));
    // a cursor edited by hand is refused, not trusted: the answers before (a total of 500,023 for a
    // 26-layout question once), the row's key, full-width digits where hex digits go (a usage error)
    String[] parts = cursor.split("\\.");
    for (String edited : new String[] {
        String.join(".", parts[0], parts[1], "500000", parts[3], parts[4]),
        String.join(".", parts[0].substring(0, 17) + (parts[0].charAt(17) == '0' ? '1' : '0'), parts[1], parts[2], parts[3], parts[4]),
        String.join(".", parts[0].replace('0', '\uFF10'), parts[1], parts[2], parts[3], parts[4]),
        String.join(".", parts[0], parts[1], parts[2], parts[3]), // its checksum cut off
        cursor.toUpperCase(Locale.ROOT)}) {
      assertEquals("'cursor' " + UserText.quote(edited) + " is not a cursor of a find page",
          assertThrows(InputException.class, () -> Finder.page(db, hardest, edited, 1)).getMessage());
    }
    // the same question typed another way keeps its cursor
    assertEquals(1, Finder.page(db, FindFilter.parse(Map.of("jiang", "0", "bing", "3", "style", "0",
        "order", "hardest", "minimal", "yes")), cursor, 1).hits().size());
    assertEquals("'limit' must be from 1 to 1000, not 0", assertThrows(IllegalArgumentException.class,
        () -> Finder.page(db, any, null, 0)).getMessage());
  }

  /**
   * A page is never empty while more may match, and its total is the count of a scan: with
   * budgets of one row and one look-up a page, filters that match late in a class, or rarely,
   * are paged through to the end; every page but the last holds an answer, and every page's
   * total (exact without a group, or with a group alone) equals the reference count.
   */
  @Test
  void noPageIsEmptyWhileMoreMatchAndTheTotalIsTheCount() {
    List<Map<String, String>> filters = List.of(Map.of("class", "5-4-1", "min_steps", "90"),
        Map.of("min_steps", "60", "symmetric", "true"), Map.of("class", "0-3-0", "solvable", "false"),
        Map.of("group", "5-4-1-1", "min_steps", "100"), Map.of("group", "0-3-0-0"));
    for (Map<String, String> q : filters) {
      FindFilter f = FindFilter.parse(q);
      List<Long> expected = reference(c -> (f.jiang() < 0 || c.jiang() == f.jiang())
          && (f.bing() < 0 || c.bing() == f.bing()) && (f.style() < 0 || c.style() == f.style())
          && (f.groupNum() < 0 || c.groupNum() == f.groupNum())
          && (f.minSteps() < 0 || c.minSolutionStep() >= f.minSteps())
          && (f.solvable() == null || c.isSolvable() == f.solvable())
          && (f.symmetric() == null || c.symmetric() == f.symmetric()));
      List<Long> found = new ArrayList<>();
      String cursor = null;
      for (int pages = 0; ; pages++) {
        Finder.Page p = Finder.pageWithin(db, f, cursor, 7, Long.MAX_VALUE, 1, 1);
        assertTrue(!p.hits().isEmpty() || p.next() == null, q + ": an empty page with a cursor, page " + pages);
        assertTrue(!p.partial());
        p.hits().forEach(h -> found.add(h.code()));
        if (f.groupNum() < 0 || q.size() == 1) { // a group alone: its size
          assertEquals(new Finder.Total(expected.size(), true), p.total(), q.toString());
        } else if (p.next() == null) {
          assertEquals(new Finder.Total(expected.size(), true), p.total(), q + ": exact on the last page");
        } else {
          assertEquals(new Finder.Total(found.size(), false), p.total(), q + ": at least the answers so far");
        }
        assertTrue(p.next() == null || p.hits().size() == 7, q + ": a page holds its limit while more match");
        if (p.next() == null) {
          break;
        }
        cursor = p.next();
      }
      assertEquals(expected, found, q.toString());
    }
    // a scan out of time (group 5-4-1-1 is solvable: none of the unsolvable layouts scanned is in it):
    // the page says it is partial, never the end
    Finder.Page partial = Finder.pageWithin(db, FindFilter.parse(Map.of("group", "5-4-1-1", "solvable", "false")), null,
        5, 0, 1, 1);
    assertTrue(partial.hits().isEmpty() && partial.partial() && partial.next() != null, partial.toString());
    assertTrue(Documents.findPage(FindFilter.parse(Map.of()), partial).get("scanned_to").toString()
        .startsWith("class 5-4-1, "));
  }

  /**
   * order=hardest: every page through the cursors, with budgets of a row and a look-up, gives the
   * layouts by min_solution_step down (unsolvable last), then class, symmetry and code: the
   * reference sorted that way.
   */
  @Test
  void hardestFirstPagesThroughTheSameAnswersInItsOrder() {
    for (Map<String, String> q : List.of(Map.<String, String>of("order", "hardest"),
        Map.of("order", "hardest", "min_steps", "40", "symmetric", "false"),
        Map.of("order", "hardest", "group", "5-4-1-1", "min_steps", "70"),
        Map.of("order", "hardest", "minimal", "true"))) {
      FindFilter f = FindFilter.parse(q);
      List<Long> expected = all.stream()
          .filter(c -> (f.groupNum() < 0 || c.groupNum() == f.groupNum())
              && (f.minSteps() < 0 || c.minSolutionStep() >= f.minSteps())
              && (f.symmetric() == null || c.symmetric() == f.symmetric())
              && (f.minimal() == null || knownMinimal(c) == f.minimal()))
          .sorted(Comparator.<CaseRecord>comparingInt(c -> c.isSolvable() ? -c.minSolutionStep() : 1)
              .thenComparingInt(c -> LayoutClass.index(c.jiang(), c.bing(), c.style()))
              .thenComparing(CaseRecord::symmetric).thenComparing(FinderTest::knownMinimal)
              .thenComparingLong(CaseRecord::optimalSolutionNum).thenComparingLong(CaseRecord::code))
          .map(CaseRecord::code).toList();
      List<Long> found = new ArrayList<>();
      String cursor = null;
      for (int pages = 0; pages < 100_000; pages++) {
        Finder.Page p = Finder.pageWithin(db, f, cursor, 13, Long.MAX_VALUE, 2, 2);
        p.hits().forEach(h -> found.add(h.code()));
        if (p.next() == null) {
          break;
        }
        cursor = p.next();
      }
      assertEquals(expected, found, q.toString());
    }
    assertThrows(IllegalArgumentException.class, () -> FindFilter.parse(Map.of("order", "easiest")));
  }

  /**
   * Twelve seeded filters (class, jiang, bing or none; a step range; symmetric; minimal; either
   * order): the total on the first page is the plain scan's count, exact, and the pages give the
   * scan's answers, each page full while more match.
   */
  @Test
  void seededFiltersTotalsAreThePlainScansCounts() {
    for (long seed : TestSeed.seeds("FinderTest.seededFiltersTotalsAreThePlainScansCounts")) {
      seededFilters(new Random(seed));
    }
  }

  private void seededFilters(Random random) {
    int some = 0;
    // at least 12 filters, drawn on until 6 of them find more than a page (a run's seed may draw
    // narrow ones first: 4 of 12 in one run)
    for (int k = 0; k < 12 || some < 6 && k < 200; k++) {
      Map<String, String> q = new HashMap<>();
      switch (random.nextInt(4)) {
        case 0 -> q.put("class", List.of("5-4-1", "0-3-0", "0-2-0").get(random.nextInt(3)));
        case 1 -> q.put("jiang", String.valueOf(random.nextInt(2) * 5));
        case 2 -> q.put("bing", String.valueOf(2 + random.nextInt(3)));
        default -> { }
      }
      int lo = random.nextInt(60);
      if (random.nextBoolean()) {
        q.put("min_steps", String.valueOf(lo));
        q.put("max_steps", String.valueOf(lo + random.nextInt(60)));
      }
      if (random.nextInt(3) == 0) {
        q.put("symmetric", String.valueOf(random.nextBoolean()));
      }
      if (random.nextInt(3) == 0) {
        q.put("minimal", String.valueOf(random.nextBoolean()));
      }
      if (random.nextBoolean()) {
        q.put("order", "hardest");
      }
      FindFilter f = FindFilter.parse(q);
      long expected = all.stream().filter(c -> (f.jiang() < 0 || c.jiang() == f.jiang())
          && (f.bing() < 0 || c.bing() == f.bing()) && (f.style() < 0 || c.style() == f.style())
          && (f.minSteps() < 0 || c.isSolvable() && c.minSolutionStep() >= f.minSteps())
          && (f.maxSteps() < 0 || c.isSolvable() && c.minSolutionStep() <= f.maxSteps())
          && (f.symmetric() == null || c.symmetric() == f.symmetric())
          && (f.minimal() == null || knownMinimal(c) == f.minimal())).count();
      Finder.Page first = Finder.page(db, f, null, 50);
      assertEquals(new Finder.Total(expected, true), first.total(), q.toString());
      long found = 0;
      String cursor = null;
      do {
        Finder.Page p = Finder.page(db, f, cursor, 50);
        assertTrue(p.next() == null || p.hits().size() == 50, q + ": a page holds its limit while more match");
        found += p.hits().size();
        cursor = p.next();
      } while (cursor != null);
      assertEquals(expected, found, q.toString());
      some += expected > 50 ? 1 : 0;
    }
    assertTrue(some >= 6, some + " of the filters find more than a page");
  }

  /**
   * An offset starts a page at that answer of the plain scan, in both orders (the page's random
   * puzzle takes a random offset): seeded offsets across buckets and chunks, the last answer,
   * one past the end (an empty last page), and the filters the index cannot count refused.
   */
  @Test
  void anOffsetStartsAtThatAnswer() {
    for (long seed : TestSeed.seeds("FinderTest.anOffsetStartsAtThatAnswer")) {
      offsetsStartAtTheirAnswers(new Random(seed));
    }
    assertThrows(InputException.class,
        () -> Finder.pageAt(db, FindFilter.parse(Map.of("group", "5-4-1-1")), 0, 3));
  }

  private static void offsetsStartAtTheirAnswers(Random random) {
    for (Map<String, String> q : List.of(Map.<String, String>of(), Map.of("class", "5-4-1", "min_steps", "20"),
        Map.of("minimal", "true", "order", "hardest"), Map.of("order", "hardest", "symmetric", "false"),
        Map.of("solvable", "false"))) {
      FindFilter f = FindFilter.parse(q);
      List<Long> expected = new ArrayList<>();
      String cursor = null;
      do {
        Finder.Page p = Finder.page(db, f, cursor, 1000);
        p.hits().forEach(h -> expected.add(h.code()));
        cursor = p.next();
      } while (cursor != null);
      for (int k = 0; k < 25; k++) {
        int offset = k == 0 ? 0 : k == 1 ? expected.size() - 1 : random.nextInt(expected.size());
        Finder.Page p = Finder.pageAt(db, f, offset, 3);
        assertEquals(expected.subList(offset, Math.min(expected.size(), offset + 3)),
            p.hits().stream().map(Finder.Hit::code).toList(), q + " at " + offset);
        if (p.next() != null) { // and the pages go on from there (a full page at the very end: an empty one)
          List<Long> after = Finder.page(db, f, p.next(), 1).hits().stream().map(Finder.Hit::code).toList();
          assertEquals(expected.subList(Math.min(expected.size(), offset + 3), Math.min(expected.size(), offset + 4)),
              after, q + " after " + offset);
        }
      }
      Finder.Page end = Finder.pageAt(db, f, expected.size(), 3);
      assertTrue(end.hits().isEmpty() && end.next() == null, q.toString());
      assertEquals(new Finder.Total(expected.size(), true), end.total());
    }
  }

  /**
   * The difficulty rank against a plain count: the share of all 29,334,498 layouts (by the shipped
   * distribution of min_solution_step, which every full build checks) needing fewer steps, however
   * few classes this database holds; in its class, the share of the class's layouts here.
   */
  @Test
  void theDifficultyRankIsThePlainShareOfLayoutsNeedingFewerSteps() throws IOException {
    long[] everyLayout = new long[300];
    long everySolvable = 0;
    try (var in = Layers.class.getResourceAsStream("min_solution_steps.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
        if (!line.startsWith("#")) {
          String[] f = line.split("\t");
          everyLayout[Integer.parseInt(f[3])] += Long.parseLong(f[4]); // jiang, bing, style, steps, layouts
          everySolvable += Long.parseLong(f[4]);
        }
      }
    }
    assertEquals(29_334_498L - 421_409L, everySolvable);
    List<CaseRecord> solvable = all.stream().filter(CaseRecord::isSolvable).toList();
    for (int k = 0; k < solvable.size(); k += 97) {
      CaseRecord c = solvable.get(k);
      long fewer = LongStream.of(Arrays.copyOf(everyLayout, c.minSolutionStep())).sum();
      List<CaseRecord> own = solvable.stream().filter(o -> o.jiang() == c.jiang() && o.bing() == c.bing()
          && o.style() == c.style()).toList();
      long fewerInClass = own.stream().filter(o -> o.minSolutionStep() < c.minSolutionStep()).count();
      Map<String, Object> d = Difficulty.of(c);
      assertEquals(10000 * fewer / everySolvable / 100.0, d.get("harder_than_percent"), c.name());
      assertEquals(10000 * fewerInClass / own.size() / 100.0, d.get("harder_than_percent_in_class"),
          c.name());
      assertEquals(Difficulty.word(c.minSolutionStep()), d.get("word"));
    }
    assertNull(Difficulty.of(all.stream().filter(c -> !c.isSolvable()).findFirst().orElseThrow()));
  }
}
