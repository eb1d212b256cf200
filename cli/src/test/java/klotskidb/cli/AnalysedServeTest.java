package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.ShortCode;
import klotskidb.layerer.Solver;
import klotskidb.query.Documents;
import klotskidb.query.FindFilter;
import klotskidb.query.FindQuestion;
import klotskidb.query.Finder;
import klotskidb.query.Json;
import klotskidb.query.Lookup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API over an analysed class: classes 5-4-1 (analysed by `klotski analyse`), 0-3-0 and 1-2-1
 * (not), the database {@link Cli#analysedDatabase} shares.
 * Find by farthest_step: the pages, followed through their cursors, equal a scan of every layout
 * with its stored analysis, filtered and sorted into the documented order; the command line and
 * the API ({@code klotski serve} in a process of its own, {@link Served}) give the same answers. The
 * lists on demand, from that server: equal to the stored values, to the rows of the class's
 * farthest and solution files, and to `info --farthest --solutions`.
 */
class AnalysedServeTest {
  @TempDir static Path temp;
  private static Path dir;
  private static KlotskiDb db;
  /** {@code klotski serve} over the same database, in a process of its own. */
  private static Served served;
  /** Every layout with its stored farthest_step (-1: class not analysed), in find's order. */
  private static final List<long[]> all = new ArrayList<>();

  @BeforeAll
  static void build() throws IOException {
    dir = Cli.analysedDatabase(); // read only
    db = KlotskiDb.open(dir);
    served = Served.analysed(); // shared, not stopped here
    List<Object[]> rows = new ArrayList<>();
    db.forEachCaseWithAnalysis((c, a) -> rows.add(new Object[] {c, a == null ? -1 : a.farthestStep()}));
    rows.sort(Comparator.<Object[]>comparingInt(r -> cls((CaseRecord) r[0]))
        .thenComparingInt(r -> ((CaseRecord) r[0]).minSolutionStep())
        .thenComparing(r -> ((CaseRecord) r[0]).symmetric())
        .thenComparing(r -> Boolean.TRUE.equals(((CaseRecord) r[0]).minimal()))
        .thenComparingLong(r -> ((CaseRecord) r[0]).optimalSolutionNum())
        .thenComparingLong(r -> ((CaseRecord) r[0]).code()));
    for (Object[] r : rows) {
      CaseRecord c = (CaseRecord) r[0];
      all.add(new long[] {c.code(), cls(c), c.minSolutionStep(), (int) r[1]});
    }
  }

  @AfterAll
  static void close() throws InterruptedException {
    db.close();
  }

  /** The served API's answer to a GET of {@code path} with {@code query} (null: none). */
  private static Served.Answer api(String path, String query) {
    return served.get(query == null ? path : path + "?" + query);
  }

  private static int cls(CaseRecord c) {
    return LayoutClass.index(c.jiang(), c.bing(), c.style());
  }

  /** Codes and farthest steps of the scan that {@code p} keeps: {code, farthest} pairs. */
  private static List<List<Long>> reference(Predicate<long[]> p) {
    return all.stream().filter(p).map(r -> List.of(r[0], r[3])).toList();
  }

  private static List<List<Long>> paged(Map<String, String> q, int limit) {
    FindFilter f = FindFilter.parse(q);
    List<List<Long>> out = new ArrayList<>();
    String cursor = null;
    for (int pages = 0; pages < 10_000; pages++) {
      Finder.Page page = FindQuestion.on(db, f).page(cursor, limit);
      for (Finder.Hit h : page.hits()) {
        out.add(List.of(h.code(), (long) h.farthestStep()));
      }
      if (page.next() == null) {
        return out;
      }
      cursor = page.next();
    }
    throw new AssertionError("no end");
  }

  private static void check(Map<String, String> q, Predicate<long[]> p) {
    List<List<Long>> expected = reference(p);
    assertTrue(expected.size() > 0 || q.containsKey("max_farthest"), "the filter should match something: " + q);
    assertEquals(expected, paged(q, 1000), q.toString());
    assertEquals(expected, paged(q, 37), q + ", pages of 37");
    // a farthest range in classes indexed by it (analysed by this klotski) is counted exactly from the
    // first page (alone by the markers' sizes, with more asked over find_farthest); with a group, at
    // least the answers so far, exact on the last page
    FindFilter f = FindFilter.parse(q);
    Finder.Page first = FindQuestion.on(db, f).page(null, 37);
    if (f.groupNum() < 0 || first.next() == null) {
      assertEquals(new Finder.Total(expected.size(), true), first.total(), q.toString());
    } else {
      assertEquals(new Finder.Total(first.hits().size(), false), first.total(), q.toString());
    }
  }

  @Test
  void farthestRangesGiveTheScannedAnswerInOrder() {
    int c541 = LayoutClass.parse("5-4-1");
    check(Map.of("class", "5-4-1", "min_farthest", "120"), r -> r[1] == c541 && r[3] >= 120);
    check(Map.of("class", "5-4-1", "min_farthest", "100", "max_farthest", "110"), r -> r[1] == c541 && r[3] >= 100
        && r[3] <= 110);
    check(Map.of("jiang", "5", "max_farthest", "60"), r -> r[1] == c541 && r[3] <= 60);
    check(Map.of("class", "5-4-1", "min_steps", "80", "max_steps", "90", "min_farthest", "100", "max_farthest", "110"),
        r -> r[1] == c541 && r[2] >= 80 && r[2] <= 90 && r[3] >= 100 && r[3] <= 110);
    check(Map.of("class", "5-4-1", "max_farthest", "20", "solvable", "false"),
        r -> r[1] == c541 && r[2] < 0 && r[3] <= 20);
    // every class: 0-3-0 is not analysed and is passed over
    check(Map.of("min_farthest", "0"), r -> r[1] == c541);
    check(Map.of("group", "5-4-1-1", "min_farthest", "124", "max_farthest", "124"), r -> r[1] == c541 && db.caseOf(r[0]).orElseThrow().groupNum() == 1 && r[3] == 124);
  }

  @Test
  void theClassicStartIsAmongTheLayoutsOf124FarthestSteps() {
    Finder.Page p = FindQuestion.on(db, FindFilter.parse(Map.of("group", "5-4-1-1", "min_steps", "81", "max_steps",
        "81", "min_farthest", "124", "max_farthest", "124"))).page(null, 1000);
    Finder.Hit classic = p.hits().stream().filter(h -> h.code() == 0x1A9BF0C00L).findFirst().orElseThrow();
    int i = p.hits().indexOf(classic);
    Map<String, Object> expected = new HashMap<>(Map.of("code", "1A9BF0C00", "short_code", "4WVE1", "name",
        "5-4-1-1-7472", "class", "5-4-1", "min_solution_step", 81, "symmetric", true, "optimal_solution_num", 256L,
        "farthest_step", 124));
    expected.put("minimal", null); // the classes one piece smaller are not built
    expected.put("catalogue_names", List.of("横刀立马")); // its names and the word, as in its own document
    expected.put("difficulty", Map.of("word", "very_hard"));
    assertEquals(expected, Documents.findAnswer(classic, p.records().get(i)));
    assertNull(p.next());
  }

  @Test
  void theCommandLineAndTheApiSayTheSame() {
    Cli text = Cli.run("find", "--db", dir.toString(), "--group", "5-4-1-1", "--min-steps", "81", "--max-steps", "81",
        "--min-farthest", "124");
    assertEquals(0, text.exit, text.toString());
    assertTrue(text.out.contains("1A9BF0C00  5-4-1  81 steps  very hard  symmetric  256 optimal  farthest 124  @4WVE1  "
        + "5-4-1-1-7472  横刀立马"), text.out);
    Cli json = Cli.run("find", "--db", dir.toString(), "--group", "5-4-1-1", "--min-steps", "81", "--max-steps", "81",
        "--min-farthest", "124", "--json");
    Served.Answer r = api("/api/find", "group=5-4-1-1&min_steps=81&max_steps=81&min_farthest=124");
    assertEquals(200, r.status());
    assertEquals(r.body(), json.out.strip());

    Cli none = Cli.run("find", "--db", dir.toString(), "--class", "0-3-0", "--min-farthest", "3");
    assertEquals(1, none.exit, none.toString());
    assertTrue(none.err.contains("farthest_step is known for analysed classes only"), none.err);
    Cli bad = Cli.run("find", "--db", dir.toString(), "--min-farthest", "9", "--max-farthest", "3");
    assertTrue(bad.err.contains("--min-farthest 9 is more than --max-farthest 3"), bad.err);
    assertEquals(400, api("/api/find", "class=0-3-0&max_farthest=x").status());
  }

  /**
   * A group given as a layout of it, in any form `klotski group X` takes (横刀立马, 1A9BF0C, @4WVE1),
   * asks find's question of its group, by the command line and the API alike: the same answer as
   * its name's, whose cursors it follows. What contradicts the group, and a layout the catalogue
   * does not know, are refused as with its name; a group the database does not hold is not found.
   */
  @Test
  void aGroupGivenAsALayoutOfItAsksOfItsGroup() throws IOException {
    String[] words = {"--min-steps", "80", "--max-steps", "81", "--limit", "3", "--json"};
    Cli named = Cli.run(with(words, "find", "--db", dir.toString(), "--group", "5-4-1-1"));
    assertEquals(0, named.exit, named.toString());
    assertTrue(named.out.contains("\"group\":\"5-4-1-1\""), named.out);
    for (String layout : List.of("横刀立马", "1A9BF0C", "@4WVE1", "5-4-1-1-7472")) {
      Cli r = Cli.run(with(words, "find", "--db", dir.toString(), "--group", layout));
      assertEquals(named.out, r.out, layout);
      Served.Answer a = api("/api/find", "group=" + URLEncoder.encode(layout, StandardCharsets.UTF_8)
          + "&min_steps=80&max_steps=81&limit=3");
      assertEquals(200, a.status(), a.body());
      assertEquals(named.out.strip(), a.body(), layout);
    }
    // the next page of the name's question, asked with a layout of the group, and the other way
    String next = (String) ((Map<?, ?>) Json.read(named.out)).get("next");
    Cli second = Cli.run(with(words, "find", "--db", dir.toString(), "--group", "5-4-1-1", "--cursor", next));
    assertEquals(second.out, Cli.run(with(words, "find", "--db", dir.toString(), "--group", "横刀立马", "--cursor",
        next)).out);
    assertEquals(second.out.strip(), api("/api/find", "group=1A9BF0C&min_steps=80&max_steps=81&limit=3&cursor="
        + next).body());
    Cli other = Cli.run("find", "--db", dir.toString(), "--group", "横刀立马", "--min-steps", "79", "--cursor", next);
    assertEquals(2, other.exit, other.toString());
    assertTrue(other.err.contains("--cursor belongs to another question"), other.err);

    Cli jiang = Cli.run("find", "--db", dir.toString(), "--group", "横刀立马", "--jiang", "3");
    assertEquals(2, jiang.exit, jiang.toString());
    assertEquals("klotski: --jiang 3 contradicts --group 横刀立马 (of group 5-4-1-1) (see 'klotski find --help')\n",
        jiang.err);
    Cli cls = Cli.run("find", "--db", dir.toString(), "--group", "横刀立马", "--class", "0-3-0");
    assertEquals("klotski: --group 横刀立马 (of group 5-4-1-1) is not of --class 0-3-0 (see 'klotski find --help')\n",
        cls.err);
    Served.Answer apiCls = api("/api/find", "group=1A9BF0C&class=0-3-0");
    assertEquals(400, apiCls.status());
    assertTrue(apiCls.body().contains("'group' 1A9BF0C (of group 5-4-1-1) is not of 'class' 0-3-0"), apiCls.body());
    // a name mistyped is refused before any database is opened, as klotski group refuses it
    Cli typo = Cli.run("find", "--db", temp.resolve("none").toString(), "--group", "横刀力马");
    assertEquals(2, typo.exit, typo.toString());
    assertTrue(typo.err.contains("did you mean 横刀立马?"), typo.err);
    Served.Answer missing = api("/api/find", "group=4FEA13400"); // of class 5-4-2, not built there
    assertEquals(404, missing.status(), missing.body());
    // a group the database does not hold is not found, as klotski group says: never "0 layouts"
    Cli noGroup = Cli.run("find", "--db", dir.toString(), "--group", "5-4-1-99999");
    assertEquals(1, noGroup.exit, noGroup.toString());
    assertEquals("klotski: no group 5-4-1-99999 in the database at " + dir + "\n", noGroup.err);
    Served.Answer apiNoGroup = api("/api/find", "group=5-4-1-99999");
    assertEquals(404, apiNoGroup.status(), apiNoGroup.body());
    assertTrue(apiNoGroup.body().contains("\"reason\":\"group_not_held\""), apiNoGroup.body());

    // a sheet's group, the same
    Path html = temp.resolve("group-of-a-layout.html");
    Cli sheet = Cli.run("sheet", "--db", dir.toString(), "--group", "横刀立马", "--min-steps", "81", "--limit", "1",
        "--out", html.toString());
    assertEquals(0, sheet.exit, sheet.toString());
    String page = Files.readString(html);
    assertTrue(page.contains("Group 5-4-1-1, at least 81 steps to solve"), page);
  }

  /**
   * A name whose first three numbers are no class is an input error with a database as without
   * one (exit 2, the API's 400 with reason no_class), where a layout's name J-B-S-G-I was "not in
   * the database" (exit 1, 404); numbers of another form are no layout's name.
   */
  @Test
  void aNameOfNoClassIsMistypedWithTheDatabaseToo() {
    Cli info = Cli.run("info", "9-9-9-0-0", "--db", dir.toString());
    assertEquals(2, info.exit, info.toString());
    assertEquals("klotski: no class '9-9-9' (expected jiang-bing-style, e.g. 5-4-1) (see 'klotski info --help')\n",
        info.err);
    // numbers that are no layout's name (a group's, 5-4-1-1) say so, where they were "not hex"
    Cli group = Cli.run("info", "5-4-1-1", "--db", dir.toString());
    assertEquals(2, group.exit, group.toString());
    assertEquals("klotski: '5-4-1-1' is not a name of the form jiang-bing-style-group_num-group_index "
        + "(see 'klotski info --help')\n", group.err);
    assertTrue(api("/api/layout/5-4-1-1", null).body().contains("\"reason\":\"bad_name\""));
    for (String path : List.of("/api/layout/9-9-9-0-0", "/api/group/9-9-9-0", "/api/group/9-9-9-0-0")) {
      Served.Answer a = api(path, null);
      assertEquals(400, a.status(), path);
      assertTrue(a.body().contains("\"reason\":\"no_class\""), a.body());
    }
  }

  /** A page from an offset says where it stands in all: the last page's total, an offset past the end. */
  @Test
  void aPageFromAnOffsetSaysHowManyInAll() {
    Cli last = Cli.run("find", "--db", dir.toString(), "--class", "0-3-0", "--offset", "6718");
    assertEquals(0, last.exit, last.toString());
    assertTrue(last.out.endsWith("\n(2 layouts, the last page of 6,720)\n"), last.out);
    Cli past = Cli.run("find", "--db", dir.toString(), "--class", "0-3-0", "--offset", "7000");
    assertEquals(0, past.exit, past.toString());
    assertEquals("(no layout from --offset 7000: the filter finds 6,720)\n", past.out);
    Cli all = Cli.run("find", "--db", dir.toString(), "--class", "0-3-0", "--min-steps", "4"); // one page
    assertTrue(all.out.matches("(?s).*\n\\(\\d+ layouts?, the last page\\)\n"), all.out);
  }

  private static String[] with(String[] words, String... first) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(List.of(words));
    return all.toArray(String[]::new);
  }

  /** The rows of a per-class file of `klotski export`, by their code. */
  private static Map<String, String> rows(String format) throws Exception {
    Path file = temp.resolve(format + ".csv");
    Cli r = Cli.run("export", "--db", dir.toString(), "--format", format, "--class", "5-4-1", "--out", file.toString(),
        "--no-progress");
    assertEquals(0, r.exit, r.toString());
    Map<String, String> byCode = new HashMap<>();
    for (String line : Files.readAllLines(file)) {
      byCode.put(line.substring(0, line.indexOf(',')), line);
    }
    return byCode;
  }

  /** The served API's body for {@code path}, which must answer 200. */
  private static String get(String path) {
    Served.Answer r = served.get(path);
    assertEquals(200, r.status(), path + ": " + r.body());
    return r.body();
  }

  private static int field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(-?\\d+|null)").matcher(json);
    assertTrue(m.find(), name + " in " + json);
    return m.group(1).equals("null") ? -1 : Integer.parseInt(m.group(1));
  }

  private static final Pattern SOLUTION = Pattern.compile("\\{\"code\":\"([0-9A-F]{9})\",\"step\":(\\d+),\"minimum\":(true|false)\\}");
  private static final Pattern CODE = Pattern.compile("\"([0-9A-F]{9})\"");

  /** Every farthest layout and solution of a layout, through the pages of 100 the page asks for. */
  private static List<String> farthestPages(String code, int count) {
    List<String> all = new ArrayList<>();
    for (int offset = 0; offset == 0 || offset < count; offset += 100) {
      String page = get("/api/layout/" + code + "/farthest?offset=" + offset + "&limit=100");
      Matcher m = CODE.matcher(page.substring(page.indexOf("\"farthest_layouts\"")));
      while (m.find()) {
        all.add(m.group(1));
      }
    }
    return all;
  }

  @Test
  void theListsOnDemandAreTheStoredValuesTheFilesRowsAndInfos() throws Exception {
    Map<String, String> farthestRows = rows("farthest-csv");
    Map<String, String> solutionRows = rows("solution-csv");
    List<Long> sample = new ArrayList<>();
    int c541 = LayoutClass.parse("5-4-1");
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i)[1] == c541 && (i % 701 == 0 || all.get(i)[0] == 0x1A9BF0C00L)) {
        sample.add(all.get(i)[0]);
      }
    }
    assertTrue(sample.size() > 50, sample.size() + " layouts");
    int infos = 0;
    for (long c : sample) {
      String code = Code.format(c);
      AnalysisRecord stored = db.analysisOf(c).orElseThrow();
      String far = get("/api/layout/" + code + "/farthest?limit=1");
      assertEquals(stored.farthestStep(), field(far, "farthest_step"), code);
      assertEquals(stored.farthestNum(), field(far, "farthest_num"), code);
      List<String> farthest = farthestPages(code, stored.farthestNum());
      assertEquals(farthestRows.get(code), code + "," + stored.farthestStep() + "," + stored.farthestNum() + ","
          + String.join("-", farthest), code);

      String sol = get("/api/layout/" + code + "/solutions?limit=1000");
      assertEquals(stored.minSolutionNum(), field(sol, "min_solution_num"), code);
      assertEquals(stored.solutionNum(), field(sol, "solution_num"), code);
      List<String> minimum = new ArrayList<>();
      List<String> every = new ArrayList<>();
      Matcher m = SOLUTION.matcher(sol);
      while (m.find()) {
        every.add(m.group(1) + "@" + m.group(2) + (m.group(3).equals("true") ? "*" : ""));
        if (m.group(3).equals("true")) {
          minimum.add(m.group(1));
        }
      }
      assertEquals(stored.solutionNum(), every.size(), code);
      assertEquals(solutionRows.get(code), code + "," + field(sol, "min_solution_step") + ","
          + stored.minSolutionNum() + "," + String.join("-", minimum) + "," + stored.solutionNum(), code);

      if (infos++ < 5 || c == 0x1A9BF0C00L) {
        Cli info = Cli.run("info", code, "--db", dir.toString(), "--farthest", "--solutions", "--json");
        assertEquals(0, info.exit, info.toString());
        assertTrue(info.out.contains("\"farthest_layouts\":[" + (farthest.isEmpty() ? "" : "\"" + String.join("\",\"", farthest) + "\"") + "]"),
            info.out);
        List<String> infoSolutions = new ArrayList<>();
        Matcher mi = SOLUTION.matcher(info.out);
        while (mi.find()) {
          infoSolutions.add(mi.group(1) + "@" + mi.group(2) + (mi.group(3).equals("true") ? "*" : ""));
        }
        assertEquals(every, infoSolutions, code);
      }
    }
  }

  /** The codes of a path as the API and --codes-only print them. */
  private static List<String> codes(long[] path) {
    List<String> out = new ArrayList<>();
    for (long code : path) {
      out.add(Code.format(code));
    }
    return out;
  }

  /**
   * One answer per question: the optimal solution of a layout is the same from the database's
   * distances ({@code solve --db}, the API), from a search without a database ({@code solve})
   * and as the path to its last layout ({@code path}): at each step the smallest code one step
   * closer. Every 97th solvable layout of the three classes, and the command line for the classic
   * start, compared whole.
   */
  @Test
  void everyWayOfAskingForAnOptimalSolutionGivesTheSameOne() {
    int compared = 0;
    for (int i = 0; i < all.size(); i += 97) {
      long[] row = all.get(i);
      if (row[2] < 0) {
        continue;
      }
      CaseRecord c = db.caseOf(row[0]).orElseThrow();
      long[] stored = Lookup.solution(db, c);
      long[] searched = Solver.solve(c.code());
      assertEquals(codes(stored), codes(searched), Code.format(c.code()));
      assertEquals(codes(stored), codes(Solver.path(c.code(), stored[stored.length - 1])),
          Code.format(c.code()) + " as a path");
      compared++;
    }
    assertTrue(compared > 500, compared + " layouts");
    Cli withDb = Cli.run("solve", "1A9BF0C", "--db", dir.toString(), "--codes-only");
    Cli without = Cli.run("solve", "1A9BF0C", "--codes-only");
    assertEquals(0, withDb.exit, withDb.toString());
    assertEquals(withDb.out, without.out);
    Served.Answer r = api("/api/layout/1A9BF0C/solution", null);
    assertEquals(200, r.status());
    List<String> lines = withDb.out.lines().filter(l -> l.matches("[0-9A-F]{9}")).toList();
    assertEquals(82, lines.size(), withDb.out);
    assertTrue(r.body().contains("\"path\":[\"" + String.join("\",\"", lines) + "\"]"), r.body());
    Cli path = Cli.run("path", "1A9BF0C", lines.get(81), "--codes-only");
    assertEquals(lines, path.out.lines().filter(l -> l.matches("[0-9A-F]{9}")).toList());
  }

  /** Every query command's --json prints exactly the API's body for the same question. */
  @Test
  void everyQueryCommandsJsonIsTheApisBody() {
    String d = dir.toString();
    String unsolvable = Code.format(all.stream().filter(r -> r[2] < 0).findFirst().orElseThrow()[0]);
    String[][] pairs = {
        {"/api/layout/1A9BF0C", null, "info 1A9BF0C"},
        {"/api/layout/%234091296", null, "info #4091296"},
        {"/api/layout/%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC", null, "info 横刀立马"}, // by its name in the catalogue
        {"/api/layout/%E5%9B%9B%E9%9D%A2%E6%A5%9A%E6%AD%8C:3", null, "info 四面楚歌:3"},
        {"/api/layout/1A9BF0C/next", null, "next 1A9BF0C"},
        {"/api/layout/1A9BF0C/solution", null, "solve 1A9BF0C"},
        {"/api/layout/" + unsolvable + "/solution", null, "solve " + unsolvable},
        {"/api/path", "from=1A9BF0C&to=1A98F3C", "path 1A9BF0C 1A98F3C"},
        {"/api/group/5-4-1-1", null, "group 5-4-1-1"},
        {"/api/find", "class=5-4-1&min_steps=100&limit=7", "find --class 5-4-1 --min-steps 100 --limit 7"},
    };
    for (String[] p : pairs) {
      Served.Answer r = api(p[0], p[1]);
      List<String> args = new ArrayList<>(List.of(p[2].split(" ")));
      args.addAll(List.of("--json", "--db", d));
      if (p[2].startsWith("path")) {
        args.removeAll(List.of("--db", d)); // path needs no database
      }
      Cli c = Cli.run(args.toArray(String[]::new));
      assertEquals(r.status() == 200 ? 0 : 1, c.exit, p[2] + ": " + c);
      assertEquals(r.body() + "\n", c.out, p[2]);
    }
  }

  /**
   * info --stdin: one process answers a line of JSON per input line, each the API's document for
   * the same layout (by code, #id, @short code or name), or its error with the API's status.
   */
  @Test
  void infoFromStandardInputAnswersEachLineAsTheApi() throws Exception {
    List<String> inputs = new ArrayList<>();
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < all.size(); i += 409) {
      CaseRecord c = db.caseOf(all.get(i)[0]).orElseThrow();
      String[] forms = {Code.format(c.code()), "#" + c.id(), "@" + ShortCode.of(c.id()), c.name()};
      String form = forms[inputs.size() % 4];
      inputs.add(form);
      paths.add("/api/layout/" + form.replace("#", "%23"));
    }
    inputs.add("1A9BF0CZ"); // malformed: 400
    paths.add("/api/layout/1A9BF0CZ");
    inputs.add("4FEA134"); // class 5-4-2, not in this database: 404
    paths.add("/api/layout/4FEA134");
    inputs.add(""); // a blank line gets its answer too: the lines pair with paste
    paths.add(null);
    inputs.add("橫刀立馬"); // traditional characters, pinyin
    paths.add("/api/layout/" + URLEncoder.encode("橫刀立馬", StandardCharsets.UTF_8));
    inputs.add("heng dao li ma");
    paths.add("/api/layout/heng%20dao%20li%20ma");
    inputs.add("横刀力马"); // a slip: 404 naming the nearest
    paths.add("/api/layout/" + URLEncoder.encode("横刀力马", StandardCharsets.UTF_8));
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "info", "--stdin", "--db", dir.toString())).start();
    inputs.add(""); // the last line blank too
    paths.add(null);
    p.getOutputStream().write((String.join("\n", inputs) + "\n").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
        .lines().toList();
    assertEquals(1, p.waitFor(), "five lines could not be answered");
    assertEquals(inputs.size(), out.size());
    for (int i = 0; i < inputs.size(); i++) {
      if (paths.get(i) == null) {
        assertEquals("{\"input\":\"\",\"status\":400,\"error\":\"a blank line names no layout\",\"code\":\"bad_request\"}",
            out.get(i));
        continue;
      }
      Served.Answer r = api(paths.get(i), null);
      if (r.status() == 200) {
        assertEquals(r.body(), out.get(i), inputs.get(i));
      } else {
        // the API's error document, the line as typed and its status first
        String error = r.body().substring(1).replace(",\"input\":\"" + inputs.get(i) + "\"", "");
        assertEquals("{\"input\":\"" + inputs.get(i) + "\",\"status\":" + r.status() + "," + error,
            out.get(i), inputs.get(i));
      }
    }
    assertTrue(inputs.size() > 100, inputs.size() + " lines");
  }
}
