package klotskidb.cli;

import static it.unimi.dsi.fastutil.HashCommon.murmurHash3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import klotskidb.base.Progress;
import klotskidb.datasets.CountTables;
import klotskidb.db.CaseRecord;
import klotskidb.db.FindCodec;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.GroupTable;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.jobs.BuildJob;
import klotskidb.jobs.Stages;
import klotskidb.layerer.HarderThan;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;
import klotskidb.query.FindFilter;
import klotskidb.query.FindQuestion;
import klotskidb.query.Finder;
import klotskidb.query.Queries;
import klotskidb.testing.Parallel;
import klotskidb.testing.Published;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The full build, as {@code make run} does it, checked against the pipeline's own results in
 * memory (the build's layers, kept by running its job here): every layout record field by field,
 * the ids of a seeded random million and every group record; then the published tables, the
 * exports' checksums and the questions on all 29M layouts. The pipeline runs once: a second run in
 * memory was the same code again (the build's job is {@link Grouper} and {@link Layerer} over
 * {@link LayoutSpace}); that its results are the published ones is verify's check below and the
 * shipped tables' tests here, that they do not depend on threads the grouper's and layerer's.
 * Every check over all 29M layouts that needs the groups or the layers is here, on the build's
 * results, where each module's test JVM once grouped and layered the whole space again; and the
 * moves of every layout, looked up once for the mover's checks and the distances.
 * The tests only read the database (each writes its own files), so the class runs beside the
 * other classes, its tests two at a time when a worker is free (most scan it on one thread); the
 * module's longest, it starts first ({@code @Order}, the root pom's class order), beside
 * {@link BrowserTest}.
 */
@Tag("slow")
@Execution(ExecutionMode.CONCURRENT)
@Order(1)
class FullDatabaseTest {
  @TempDir static Path temp;
  private static Path dbDir;
  /** The pipeline's results the database was written from (dropped with the class: the whole space's arrays). */
  private static Layers built;
  /** What {@code klotski build} prints at the end, made from them. */
  private static String summary;
  private static KlotskiDb db;

  /** {@code klotski build}'s job, its summary made as the command makes it, its layers kept. */
  @BeforeAll
  static void buildEverything() throws Exception {
    dbDir = temp.resolve("klotski-db");
    Stages stages = new Stages(new PrintWriter(Writer.nullWriter()));
    BuildJob.Built b = BuildJob.run(dbDir, ClassSet.ALL, Runtime.getRuntime().availableProcessors(), Progress.NONE,
        stages, note -> {});
    built = b.layers();
    summary = BuildCommand.summary(built, b.database(), stages);
    db = KlotskiDb.open(dbDir);
  }

  @AfterAll
  static void close() {
    EveryRecord.forget();
    built = null;
    if (db != null) {
      db.close();
    }
  }

  /**
   * Classes built alone (their layouts spawned directly) write the full database's rows: a seeded
   * sample of classes, built with the classes one piece smaller (what minimal needs), every family
   * compared for the sample: each layout's record (id, name, layer, steps, minimal, optimal count,
   * both ranks), ids, names, each group's record and layers, and every find row of the classes.
   */
  @Test
  void classesBuiltAloneWriteTheFullDatabasesRows() throws Exception {
    Random random = TestSeed.random("FullDatabaseTest.classesBuiltAloneWriteTheFullDatabasesRows");
    Set<Integer> sample = new TreeSet<>();
    while (sample.size() < 4) {
      int cls = random.nextInt(LayoutClass.COUNT);
      if (db.codesOfClass(cls).length <= 300_000) {
        sample.add(cls);
      }
    }
    Set<String> built = new TreeSet<>();
    for (int cls : sample) {
      int jiang = LayoutClass.jiangOf(cls);
      int bing = LayoutClass.bingOf(cls);
      int style = LayoutClass.styleOf(cls);
      built.add(LayoutClass.name(cls));
      if (bing > 0) { // a 1x1 fewer
        built.add(LayoutClass.name(LayoutClass.index(jiang, bing - 1, style)));
      }
      if (style > 0) { // a 1x2 fewer
        built.add(LayoutClass.name(LayoutClass.index(jiang - 1, bing, style - 1)));
      }
      if (jiang > style) { // a 2x1 fewer
        built.add(LayoutClass.name(LayoutClass.index(jiang - 1, bing, style)));
      }
    }
    Path alone = temp.resolve("alone");
    Cli b = Cli.run("build", "--db", alone.toString(), "--no-progress", "--classes", String.join(",", built));
    assertEquals(0, b.exit, b.toString());
    try (KlotskiDb part = KlotskiDb.open(alone)) {
      for (int cls : sample) {
        String what = LayoutClass.name(cls) + " built alone (with " + built + ")";
        long[] codes = part.codesOfClass(cls);
        Assertions.assertArrayEquals(db.codesOfClass(cls), codes, what);
        for (long code : codes) {
          CaseRecord c = part.caseOf(code).orElseThrow();
          assertEquals(db.caseOf(code).orElseThrow(), c, what);
          assertTrue(c.minimal() != null, what + ": minimal known");
          assertEquals(code, db.codeOfId(c.id()));
          assertEquals(code, part.codeOfId(c.id()));
          assertEquals(code, part.codeOfName(c.jiang(), c.bing(), c.style(), c.groupNum(), c.groupIndex()));
        }
        List<GroupRecord> groups = new ArrayList<>();
        part.forEachGroup(g -> {
          if (LayoutClass.index(g.jiang(), g.bing(), g.style()) == cls) {
            groups.add(g);
          }
        });
        for (GroupRecord g : groups) {
          GroupRecord f = db.group(g.jiang(), g.bing(), g.style(), g.groupNum()).orElseThrow();
          assertEquals(List.of(f.size(), f.seed(), f.layers(), f.solvedNum(), f.maxMinSolutionStep(), f.hardestNum()),
              List.of(g.size(), g.seed(), g.layers(), g.solvedNum(), g.maxMinSolutionStep(), g.hardestNum()), g.name());
          assertEquals(Arrays.toString(f.layerSizes()), Arrays.toString(g.layerSizes()), g.name());
          for (int k = 0; k < g.layers(); k += Math.max(1, g.layers() / 5)) {
            LongArrayList mine = new LongArrayList();
            LongArrayList full = new LongArrayList();
            part.forEachInLayer(g.jiang(), g.bing(), g.style(), g.groupNum(), k, mine::add);
            db.forEachInLayer(g.jiang(), g.bing(), g.style(), g.groupNum(), k, full::add);
            assertEquals(full, mine, g.name() + " layer " + k);
          }
        }
        int[] rows = {0};
        part.scanFind(new byte[FindCodec.KEY_BYTES], (key, value) -> {
          if (FindCodec.classOf(key) == cls) {
            assertEquals(HexFormat.of().formatHex(db.findRow(key)), HexFormat.of().formatHex(value), what + " find row");
            rows[0]++;
          }
          return true;
        });
        assertTrue(rows[0] > 0, what + ": find rows compared");
      }
    }
  }

  @Test
  void theSummaryReportsTheCounts() {
    assertTrue(summary.contains("layouts              29,334,498"), summary);
    assertTrue(summary.contains("groups               25,422"), summary);
    assertEquals(29_334_498, db.layoutCount());
  }

  @Test
  void infoShowsTheClassicStartByCodeIdAndName() {
    Cli byCode = Cli.run("info", "1A9BF0C00", "--json", "--db", dbDir.toString());
    assertEquals(0, byCode.exit, byCode.toString());
    String json = byCode.out.trim();
    assertTrue(json.contains("\"code\":\"1A9BF0C00\""), json);
    assertTrue(json.contains("\"id\":4091296"), json);
    assertTrue(json.contains("\"name\":\"5-4-1-1-7472\""), json);
    assertTrue(json.contains("\"min_solution_step\":81"), json);
    assertTrue(json.contains("\"layer\":"), json);
    assertTrue(json.contains("\"size\":25955"), json);
    for (String key : new String[] {"jiang", "bing", "style", "group_num", "group_index", "symmetric",
        "group", "seed", "layers", "solvable", "solved", "solved_num", "max_min_solution_step"}) {
      assertTrue(json.contains("\"" + key + "\":"), key);
    }
    assertEquals(byCode.out, Cli.run("info", "#4091296", "--json", "--db", dbDir.toString()).out);
    assertEquals(byCode.out, Cli.run("info", "5-4-1-1-7472", "--json", "--db", dbDir.toString()).out);
    Cli unsolvable = Cli.run("info", "0E83ABC", "--json", "--db", dbDir.toString());
    assertTrue(unsolvable.out.contains("\"min_solution_step\":null"), unsolvable.out);
  }

  /**
   * Every layout of the catalogue with its steps from the database and its source (printed); the
   * name look-ups of the command line and the database agree. The sources give names only, so no
   * step count of theirs is compared.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theCataloguesLayoutsWithTheirStepsAndSources() {
    Map<String, Object> doc = Queries.catalogue(db);
    List<Map<String, Object>> layouts = (List<Map<String, Object>>) doc.get("layouts");
    assertEquals(824, layouts.size());
    StringBuilder table = new StringBuilder("name\tcode\tsteps\tdifficulty\tsource\n");
    int unsolvable = 0;
    for (Map<String, Object> x : layouts) {
      assertEquals(true, x.get("in_database"), x.toString());
      unsolvable += x.get("min_solution_step") == null ? 1 : 0;
      table.append(x.get("name")).append('\t').append(x.get("code")).append('\t').append(x.get("min_solution_step"))
          .append('\t').append(x.get("difficulty")).append('\t').append(x.get("source")).append('\n');
    }
    System.out.print(table);
    assertTrue(table.toString().contains("横刀立马\t1A9BF0C00\t81\tvery_hard\ttieba-40\n"), table.toString());
    assertTrue(table.toString().contains("峰回路转\t4FEA13400\t138\textreme\ttieba-40\n"));
    assertTrue(unsolvable > 0 && unsolvable < 20, unsolvable + " unsolvable");
    Cli byName = Cli.run("info", "峰回路转", "--json", "--db", dbDir.toString());
    assertEquals(Cli.run("info", "4FEA134", "--json", "--db", dbDir.toString()).out, byName.out);
    assertTrue(byName.out.contains("\"catalogue_names\":[\"峰回路转\"]")
        && byName.out.contains("\"difficulty\":{\"word\":\"extreme\",\"harder_than_percent\":99.9"), byName.out);
  }

  @Test
  void solveFromTheDatabaseWalksEightyOneSteps() {
    Cli r = Cli.run("solve", "1A9BF0C", "--db", dbDir.toString(), "--codes-only");
    assertEquals(0, r.exit, r.toString());
    assertEquals(82, r.out.lines().filter(l -> l.matches("[0-9A-F]{9}")).count(), r.out); // codes only
    assertEquals(82, r.out.lines().count(), r.out);
    // the same 81 steps as the search without a database (one tie-break: the smallest code one step closer)
    assertEquals(Cli.run("solve", "1A9BF0C", "--codes-only").out, r.out);
    Cli next = Cli.run("next", "1A9BF0C", "--db", dbDir.toString());
    assertEquals(4, next.out.lines().filter(l -> l.startsWith("* ")).count(), next.out);
  }

  /**
   * verify with both comparisons in one run (each reads all 29M layouts: one scan where there were
   * two): every family's blocks, the four published tables and the class sizes counted from the
   * layout records, then every family read back in full against the checksums the build recorded.
   */
  @Test
  void verifyPassesOnAllFourPublishedTablesAndRereadsEveryFamily() {
    Cli r = Cli.run("verify", "--deep", "--published", Published.dir().toString(), "--db", dbDir.toString());
    assertEquals(0, r.exit, r.toString());
    for (String t : CountTables.PUBLISHED) {
      assertTrue(r.out.contains(t + ".tsv"), r.out);
    }
    assertEquals(5, r.out.lines().filter(l -> !l.startsWith("blocks ") && !l.startsWith("publication ")
        && !l.startsWith("deep ") && l.contains(" ok (")).count(), r.out);
    assertEquals(11, r.out.lines().filter(l -> l.matches("blocks [a-z_]+ +ok \\(\\d+ files?, [0-9,]+ bytes\\)")).count(),
        "every family's table files read against their checksums: " + r.out);
    assertTrue(r.out.contains("ok (25,422 rows)"), r.out);
    assertTrue(r.out.lines().anyMatch(l -> l.matches("cases vs style_count\\.tsv +ok \\(203 rows, counted by a scan "
        + "of every layout\\)")), "the layout records themselves add up to the published class sizes: " + r.out);
    for (String cf : List.of("cases", "ids", "names", "layers")) {
      assertTrue(r.out.lines().anyMatch(l -> l.matches("deep " + cf + " +ok \\(29,334,498 rows, crc32c:[0-9a-f]{8}\\).*")),
          cf + ": " + r.out);
    }
    assertTrue(r.out.lines().anyMatch(l -> l.matches("deep groups +ok \\(25,422 rows, .*")), r.out);
    // the find rows' count and checksum as written (their content: FinderTest and the test below)
    assertTrue(r.out.lines().anyMatch(l -> l.matches("deep find +ok \\(12,708 rows, .*")), r.out);
    assertTrue(r.out.lines().anyMatch(l -> l.matches("deep ranks +ok \\(4,312 rows, .*")), r.out);
    // the publication, 11 families' blocks, 5 comparisons, then 11 families' rows
    assertTrue(r.out.contains("\nverified: 28 checks pass; compared with "), r.out);
  }

  @Test
  void findGivesTheSixHardestLayoutsOfAll() {
    // 138 steps, the most of any layout (the build's summary: all six in group 5-4-2-0)
    Cli r = Cli.run("find", "--min-steps", "138", "--db", dbDir.toString());
    assertEquals(0, r.exit, r.toString());
    // all six minimal puzzles; fewest optimal solutions first (counted again by a plain BFS in
    // the layerer's DesignerFactsTest)
    // each with its difficulty word and its names in the catalogue, where it has some
    assertEquals("4FEA13400  5-4-2  138 steps  extreme  minimal  10,160,640 optimal  @AXCZN  5-4-2-0-30833  峰回路转\n"
        + "4FEAD4000  5-4-2  138 steps  extreme  minimal  10,160,640 optimal  @AXD8M  5-4-2-0-30851\n"
        + "6BFA47000  5-4-2  138 steps  extreme  minimal  10,160,640 optimal  @E6GTE  5-4-2-0-39245\n"
        + "6BFA70400  5-4-2  138 steps  extreme  minimal  10,160,640 optimal  @E6GTX  5-4-2-0-39248  三面围攻\n"
        + "4FEAD0400  5-4-2  138 steps  extreme  minimal  12,700,800 optimal  @AXD8D  5-4-2-0-30849\n"
        + "6BFA74000  5-4-2  138 steps  extreme  minimal  12,700,800 optimal  @E6GU5  5-4-2-0-39250\n"
        + "(6 layouts, the last page)\n", r.out);
    // the first page of a filter with a total: exact from the index
    Cli some = Cli.run("find", "--class", "5-4-1", "--min-steps", "85", "--limit", "3", "--db", dbDir.toString());
    assertTrue(some.out.contains("(3 of 92 layouts; next page: --cursor "), some.out);
    Cli none = Cli.run("find", "--min-steps", "139", "--db", dbDir.toString());
    assertEquals("(0 layouts, the last page)\n", none.out, none.toString());
  }

  /**
   * find's totals against the published counts: all 29,334,498 layouts unfiltered, and each of the
   * 203 classes its published count, the classes whose layouts are all unsolvable included (their
   * counts were once left out: 7-0-7 said "3 of 0"); a page of --limit N holds N.
   */
  @Test
  void findTotalsAreThePublishedCounts() throws Exception {
    try (KlotskiDb db = KlotskiDb.open(dbDir)) {
      Finder.Page all = FindQuestion.on(db, FindFilter.parse(Map.of())).page(null, 1000);
      assertEquals(new Finder.Total(29_334_498L, true), all.total());
      assertEquals(1000, all.hits().size());
      int classes = 0;
      for (long[] r : Published.numbers("style_count.tsv")) {
        String cls = r[0] + "-" + r[1] + "-" + r[2];
        FindQuestion q = FindQuestion.on(db, FindFilter.parse(Map.of("class", cls)));
        assertEquals(new Finder.Total(r[3], true), q.total(), cls);
        Finder.Page p = q.page(null, 3);
        assertEquals(new Finder.Total(r[3], true), p.total(), cls);
        assertEquals(Math.min(3, r[3]), p.hits().size(), cls);
        classes++;
      }
      assertEquals(203, classes);
    }
    // an offset lands on the plain scan's answer across the chunks of a large bucket
    try (KlotskiDb db = KlotskiDb.open(dbDir)) {
      FindFilter f = FindFilter.parse(
          Map.of("class", "2-6-1", "min_steps", "5", "max_steps", "5"));
      List<Long> all = new ArrayList<>();
      String cursor = null;
      do {
        Finder.Page p = FindQuestion.on(db, f).page(cursor, 1000);
        p.hits().forEach(h -> all.add(h.code()));
        cursor = p.next();
      } while (cursor != null);
      assertTrue(all.size() > 3 * FindCodec.CHUNK, all.size() + " layouts");
      Random random = TestSeed.random("FullDatabaseTest.findTotalsAreThePublishedCounts");
      for (int k = 0; k < 20; k++) {
        int offset = random.nextInt(all.size());
        assertEquals(all.get(offset), FindQuestion.on(db, f).pageAt(offset, 1).hits().get(0).code(),
            "offset " + offset);
      }
    }
    Cli r = Cli.run("find", "--class", "7-0-7", "--limit", "3", "--db", dbDir.toString());
    assertTrue(r.out.contains("(3 of "), r.out);
    assertFalse(r.out.contains("of 0 layouts"), r.out);
  }

  /**
   * The designers' facts over every layout, against what can be counted another way: a solved
   * layout has one optimal solution and a layout one step away as many as its solved neighbours
   * (its moves, generated again); the layouts with nothing to take off (the 2x2 alone) are all
   * minimal; a minimal layout's pieces each matter (checked again for every 1,000th); the ranks
   * of every class and step from the layouts' own counts; and the first answer of the hardest
   * minimal 5-4-1 puzzles is the scan's. The records are read by {@link EveryRecord}'s one scan.
   */
  @Test
  void theDesignersFactsOfEveryLayoutAgreeWithCountsMadeAnotherWay() {
    DesignersFacts d = EveryRecord.scanned().designers;
    d.failure.rethrow();
    long[] seen = d.seen;
    long[][] atSteps = d.atSteps;
    assertEquals(12, seen[2], "the 2x2 alone, at each of its 12 places");
    assertTrue(seen[0] > 0 && seen[1] > 0, Arrays.toString(seen));
    assertEquals(11_303_562, seen[3], "minimal puzzles in all (README)");
    // the ranks: the share of solvable layouts needing fewer steps, from the counts just made
    long all = Arrays.stream(atSteps).flatMapToLong(Arrays::stream).sum();
    long[] below = new long[201];
    for (long[] c : atSteps) {
      for (int s = 0; s < 200; s++) {
        below[s + 1] += c[s];
      }
    }
    for (int s = 0; s < 200; s++) {
      below[s + 1] += below[s];
    }
    CaseRecord classic = db.caseOf(0x1A9BF0C00L).orElseThrow();
    long[] own = atSteps[LayoutClass.parse("5-4-1")];
    long ownBelow = LongStream.of(Arrays.copyOf(own, 81)).sum();
    assertEquals((int) (10_000 * below[81] / all), classic.harderThan());
    assertEquals((int) (10_000 * ownBelow / LongStream.of(own).sum()), classic.harderThanInClass());
    Cli r = Cli.run("find", "--class", "5-4-1", "--minimal", "--order", "hardest", "--limit", "1", "--json",
        "--db", dbDir.toString());
    assertEquals(0, r.exit, r.toString());
    // the first of order=hardest: most steps, not symmetric before symmetric, fewest solutions, code
    CaseRecord first = d.minimal541.stream().min(Comparator.comparingInt((CaseRecord c) -> -c.minSolutionStep())
        .thenComparing(CaseRecord::symmetric).thenComparingLong(CaseRecord::optimalSolutionNum)
        .thenComparingLong(CaseRecord::code)).orElseThrow();
    assertTrue(r.out.contains("\"code\":\"" + Code.format(first.code()) + "\""), r.out + " " + first);
  }

  /** The designers' test's look at each record, in the one scan. */
  private static final class DesignersFacts implements Consumer<CaseRecord> {
    final Failure failure = new Failure();
    final Mover mover = new Mover();
    final long[] next = new long[Mover.MAX_NEIGHBOURS];
    final long[] fewer = new long[16];
    final long[] seen = new long[4];
    final long[][] atSteps = new long[LayoutClass.COUNT][200];
    final List<CaseRecord> minimal541 = new ArrayList<>();

    @Override
    public void accept(CaseRecord c) {
      if (failure.failed()) {
        return;
      }
      try {
        check(c);
      } catch (AssertionError e) {
        failure.set(e);
      }
    }

    private void check(CaseRecord c) {
      int steps = c.minSolutionStep();
      if (steps == 0) {
        assertEquals(1, c.optimalSolutionNum(), c.name());
        seen[0]++;
      } else if (steps == 1) {
        int n = mover.neighbours(c.code(), next);
        long solved = LongStream.of(Arrays.copyOf(next, n))
            .filter(Code::isSolved).count();
        assertEquals(solved, c.optimalSolutionNum(), c.name());
        seen[1]++;
      } else if (steps < 0) {
        assertEquals(0, c.optimalSolutionNum(), c.name());
        assertEquals(Boolean.FALSE, c.minimal(), c.name());
      }
      int k = mover.withoutEachPiece(c.code(), fewer);
      if (k == 0) {
        assertEquals(Boolean.TRUE, c.minimal(), c.name());
        seen[2]++;
      } else if (c.id() % 1000 == 0 && steps > 0) {
        // a minimal layout's every piece matters; another solvable one has a piece that does not
        int matter = 0;
        for (int j = 0; j < k; j++) {
          int other = db.caseOf(fewer[j]).orElseThrow().minSolutionStep();
          assertTrue(other >= 0 && other <= steps, c.name());
          matter += other < steps ? 1 : 0;
        }
        assertEquals(matter == k, c.minimal(), c.name());
      }
      if (Boolean.TRUE.equals(c.minimal())) {
        seen[3]++;
      }
      int cls = LayoutClass.index(c.jiang(), c.bing(), c.style());
      if (steps >= 0) {
        atSteps[cls][steps]++;
      }
      if (c.jiang() == 5 && c.bing() == 4 && c.style() == 1 && Boolean.TRUE.equals(c.minimal())) {
        minimal541.add(c);
      }
    }
  }

  private static String md5(Path file) throws Exception {
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    try (var in = new DigestInputStream(Files.newInputStream(file), md5)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(md5.digest());
  }

  @Test
  void allCasesExportMatchesThePublishedChecksum() throws Exception {
    Path allCases = temp.resolve("All_Case.txt");
    // --no-card: the card's SHA-256 is another pass over each file (cards: OwnFilesTest)
    Cli a = Cli.run("export", "--format", "all-cases", "--out", allCases.toString(), "--db", dbDir.toString(),
        "--no-progress", "--no-card");
    assertEquals(0, a.exit, a.toString());
    assertEquals("eeb931800e1b6eb10d46db4dd6a1561f", md5(allCases));
    assertTrue(a.err.contains("  md5        eeb931800e1b6eb10d46db4dd6a1561f matches the published All_Case.txt"),
        a.err);
  }

  @Test
  void mainCsvExportMatchesThePublishedChecksum() throws Exception {
    Path main = temp.resolve("main.csv");
    // no options: the published main.csv (the original engine's mirror rule is the default)
    Cli m = Cli.run("export", "--format", "main-csv", "--out", main.toString(), "--db", dbDir.toString(),
        "--no-progress", "--no-card");
    assertEquals(0, m.exit, m.toString());
    assertEquals("4b99d2ad0b919cde2d0fde6f7010e698", md5(main));
    assertTrue(m.err.contains("  md5        4b99d2ad0b919cde2d0fde6f7010e698 matches the published main.csv"), m.err);
    // the exact rule marks 11,634 layouts symmetric
    Path exact = temp.resolve("main-exact.csv");
    assertEquals(0, Cli.run("export", "--format", "main-csv", "--mirror-rule", "exact", "--class", "5-4-1",
        "--out", exact.toString(), "--db", dbDir.toString(), "--no-progress").exit);
    List<String> rows = Files.readAllLines(exact);
    long published = Published.numbers("style_count.tsv").stream()
        .filter(r -> r[0] == 5 && r[1] == 4 && r[2] == 1).findFirst().orElseThrow()[3];
    assertEquals(published, rows.size(), "class 5-4-1 rows");
    assertTrue(rows.stream().allMatch(l -> l.matches("\\d+,[0-9A-F]{9},[YN],5,4,1,\\d+,\\d+")));
  }

  @Test
  void plotsRenderPngCharts() throws Exception {
    Path plots = temp.resolve("plots");
    Cli r = Cli.run("plot", "--out", plots.toString(), "--db", dbDir.toString(), "--group", "5-4-2-0");
    assertEquals(0, r.exit, r.toString());
    for (String name : new String[] {"layouts_per_class.png", "groups_per_class.png", "group_sizes.png",
        "layers_5-4-2-0.png"}) {
      byte[] png = Files.readAllBytes(plots.resolve(name));
      assertTrue(png.length > 10_000, name + " has a picture in it");
      assertEquals((byte) 0x89, png[0], name);
      assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII), name);
    }
    Cli bad = Cli.run("plot", "--out", plots.toString(), "--db", dbDir.toString(), "--group", "5-4-1-999");
    assertEquals(1, bad.exit);
    assertTrue(bad.err.contains("no group 5-4-1-999"), bad.err);
  }

  /**
   * Every record equals the pipeline's results it was written from (read in {@link EveryRecord}'s
   * one scan, in code order: ids are ranks in code order, so the n-th row is id n), the ids of a
   * random million, and every group record.
   */
  @Test
  void recordsEqualThePipelinesResultsInMemory() {
    PipelineResults run = EveryRecord.scanned().pipeline;
    run.failure.rethrow();
    LayoutSpace all = run.all;
    Groups groups = run.groups;
    Layers layers = run.layers;
    assertEquals(all.size(), run.next);
    Random random = TestSeed.random("FullDatabaseTest.recordsEqualThePipelinesResultsInMemory");
    for (int i = 0; i < 1_000_000; i++) {
      int id = random.nextInt(all.size());
      if (db.codeOfId(id) != all.code(id)) {
        throw new AssertionError("ids: " + id);
      }
    }
    int[] g = {0};
    db.forEachGroup(r -> {
      int x = g[0]++;
      GroupRecord expected = new GroupRecord(r.jiang(), r.bing(), r.style(), groups.groupNum(x),
          groups.size(x), all.code(groups.seed(x)), layers.layerCount(x), layers.solvedCount(x),
          layers.maxMinSolutionStep(x), layers.hardestCount(x), r.layerSizes());
      assertEquals(groups.groupName(x), r.name());
      assertEquals(expected, r);
      for (int k = 0; k < r.layers(); k++) {
        assertEquals(layers.layerSize(x, k), r.layerSizes()[k]);
      }
    });
    assertEquals(groups.count(), g[0]);
  }

  /**
   * Every move of every layout, in one pass for the moves and the distances (each pass over all
   * 402,258,220 moves looks up every neighbour's id, the dearest step here).
   *
   * <p>The moves ({@link Mover}): each lands on a legal layout of the same class, none on the
   * layout itself, none twice, at most 68 from one layout (and room past them for the mover's
   * writes); the relation is symmetric: the sum of mix(a, b) over all moves a -> b equals that of
   * mix(b, a) (mix: fastutil's {@code HashCommon.murmurHash3}), which holds for a symmetric
   * relation and fails for a random asymmetry with
   * probability 1 - 2^-64. Symmetric, every move a -> b is also b -> a, from a legal layout: so
   * each pair is looked at once, from its smaller code, which marks both ends.
   *
   * <p>The distances of the build's results (layer from the seed, min_solution_step): across
   * every move they differ by at most 1, a layout at 0 is its group's seed / solved, and a layout
   * at k > 0 has a neighbour at k - 1. Unsolvable groups have NONE everywhere and solved layouts
   * 0. (The layerer's tests check the same on their sample classes.)
   */
  @Test
  void everyMoveIsLegalAndReversibleAndDistancesAreConsistentAcrossIt() {
    Layers layers = built;
    Groups groups = layers.groups();
    LayoutSpace all = groups.layouts();
    // a layout with a neighbour one step nearer the solution / one layer nearer the seed
    byte[] stepDown = new byte[all.size()];
    byte[] layerDown = new byte[all.size()];
    long[] sums = new long[3]; // mix(a, b), mix(b, a), the most moves of one layout
    long moves = Parallel.sum(all.size(), () -> new long[Mover.MAX_NEIGHBOURS], (next, from, to) -> {
      Mover mover = new Mover();
      long count = 0;
      long forward = 0;
      long backward = 0;
      int most = 0;
      for (int id = from; id < to; id++) {
        long code = all.code(id);
        int cls = LayoutClass.of(code);
        int step = layers.minSolutionStep(id);
        int layer = layers.layer(id);
        int n = mover.neighbours(code, next);
        most = Math.max(most, n);
        count += n;
        for (int i = 0; i < n; i++) {
          long other = next[i];
          if (other == code || LayoutClass.of(other) != cls) {
            throw new AssertionError(Code.format(code) + " -> " + Code.format(other));
          }
          forward += murmurHash3(code * 31 + murmurHash3(other));
          backward += murmurHash3(other * 31 + murmurHash3(code));
          if (other < code) {
            continue; // looked at from its side
          }
          int nid = all.index(other);
          if (nid < 0) {
            throw new AssertionError(Code.format(code) + " -> " + Code.format(other) + ", not a legal layout");
          }
          int s = layers.minSolutionStep(nid);
          int l = layers.layer(nid);
          if (Math.abs(s - step) > 1 || Math.abs(l - layer) > 1) {
            throw new AssertionError("distances differ by more than 1 from " + Code.format(code) + " to "
                + Code.format(other));
          }
          // both ends of the pair: plain stores of 1, no other value is written
          if (s == step - 1) {
            stepDown[id] = 1;
          } else if (step == s - 1) {
            stepDown[nid] = 1;
          }
          if (l == layer - 1) {
            layerDown[id] = 1;
          } else if (layer == l - 1) {
            layerDown[nid] = 1;
          }
        }
        Arrays.sort(next, 0, n);
        for (int i = 1; i < n; i++) {
          if (next[i] == next[i - 1]) {
            throw new AssertionError("a move twice from " + Code.format(code));
          }
        }
      }
      synchronized (sums) {
        sums[0] += forward;
        sums[1] += backward;
        sums[2] = Math.max(sums[2], most);
      }
      return count;
    });
    assertEquals(402_258_220L, moves);
    assertEquals(sums[0], sums[1], "the move relation is symmetric");
    assertEquals(68, sums[2], "the most moves of one layout");
    assertTrue(sums[2] + 3 < Mover.MAX_NEIGHBOURS, "room for the mover's writes past the count");
    // every layout's own distances, with its marks from both ends of its moves
    long bad = Parallel.sum(all.size(), () -> null, (none, from, to) -> {
      long wrong = 0;
      for (int id = from; id < to; id++) {
        int g = groups.groupOf(id);
        int step = layers.minSolutionStep(id);
        int layer = layers.layer(id);
        if (!layers.isSolvable(g)) {
          wrong += step == Layers.NONE ? 0 : 1;
        } else if (Code.isSolved(all.code(id))) {
          wrong += step == 0 ? 0 : 1;
        } else {
          wrong += step > 0 && stepDown[id] == 1 ? 0 : 1;
        }
        wrong += layer == 0 ? (groups.seed(g) == id ? 0 : 1) : (layerDown[id] == 1 ? 0 : 1);
        if (wrong > 0) {
          throw new AssertionError("distances inconsistent at " + Code.format(all.code(id)));
        }
      }
      return wrong;
    });
    assertEquals(0, bad);
  }

  /**
   * The tables shipped in the jar for answers without a database are what the build of every
   * layout makes, row for row: {@code groups.tsv} (every group's size and seed, {@link GroupTable})
   * and {@code min_solution_steps.tsv} (each class's layouts by steps, {@link HarderThan}). On a
   * difference the build's own table is written to {@code target/shipped/}, to be copied over the
   * resource once its difference is understood.
   */
  @Test
  void theShippedGroupTableIsTheBuildsGroups() throws IOException {
    Groups groups = built.groups();
    StringBuilder t = new StringBuilder()
        .append("# Every group (SPEC 4), class by class in group_num order: jiang, bing, style, group_num, size,\n")
        .append("# seed (its smallest code). Read by GroupTable; FullDatabaseTest holds it equal to a build of every layout.\n");
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      t.append(LayoutClass.jiangOf(cls)).append('\t').append(LayoutClass.bingOf(cls)).append('\t')
          .append(LayoutClass.styleOf(cls)).append('\t').append(groups.groupNum(g)).append('\t')
          .append(groups.size(g)).append('\t').append(Code.format(groups.layouts().code(groups.seed(g)))).append('\n');
    }
    sameAsShipped(GroupTable.class, "groups.tsv", t.toString());
  }

  /** The shipped steps table (above): each class's layouts by min_solution_step. */
  @Test
  void theShippedStepsTableIsTheBuildsSteps() throws IOException {
    Layers layers = built;
    Groups groups = layers.groups();
    long[][] exact = new long[LayoutClass.COUNT][200];
    for (int id = 0; id < groups.layoutCount(); id++) {
      int s = layers.minSolutionStep(id);
      if (s >= 0) {
        exact[groups.classOf(groups.groupOf(id))][s]++;
      }
    }
    StringBuilder t = new StringBuilder()
        .append("# min_solution_step of all 29,334,498 layouts (421,409 of them unsolvable, not counted), class by class:\n")
        .append("# jiang, bing, style, steps, the layouts needing exactly that many (a row for each step up to the class's\n")
        .append("# largest). HarderThan ranks against it whatever was built, every build checks its classes' rows, and\n")
        .append("# FullDatabaseTest the whole table against a build of every layout.\n");
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      int last = exact[cls].length - 1;
      while (last >= 0 && exact[cls][last] == 0) {
        last--;
      }
      for (int s = 0; s <= last; s++) {
        t.append(LayoutClass.jiangOf(cls)).append('\t').append(LayoutClass.bingOf(cls)).append('\t')
            .append(LayoutClass.styleOf(cls)).append('\t').append(s).append('\t').append(exact[cls][s]).append('\n');
      }
    }
    sameAsShipped(HarderThan.class, "min_solution_steps.tsv", t.toString());
  }

  private static void sameAsShipped(Class<?> owner, String name, String made) throws IOException {
    String shipped;
    try (InputStream in = owner.getResourceAsStream(name)) {
      shipped = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    }
    if (!shipped.equals(made)) {
      Path out = Path.of("target", "shipped", name);
      Files.createDirectories(out.getParent());
      Files.writeString(out, made, StandardCharsets.US_ASCII);
      assertEquals(shipped.length(), made.length(), name + " differs from this build: its table written to " + out.toAbsolutePath());
      assertEquals(shipped, made, name + " differs from this build: its table written to " + out.toAbsolutePath());
    }
  }

  /** The build's results in memory, and their look at each record in the one scan. */
  private static final class PipelineResults implements Consumer<CaseRecord> {
    final Failure failure = new Failure();
    final Layers layers = built;
    final Groups groups = layers.groups();
    final LayoutSpace all = groups.layouts();
    final HarderThan rank = HarderThan.of(layers);
    final Mover mover = new Mover();
    int next;

    @Override
    public void accept(CaseRecord stored) {
      int id = next++;
      if (failure.failed()) {
        return;
      }
      long code = all.code(id);
      int g = groups.groupOf(id);
      int cls = groups.classOf(g);
      CaseRecord expected = new CaseRecord(code, id, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls),
          LayoutClass.styleOf(cls), groups.groupNum(g), groups.groupIndex(id), layers.layer(id),
          layers.minSolutionStep(id), mover.mirror(code) == code, (code >>> 32) == 0xD,
          layers.isMinimal(id),
          layers.optimalSolutionNum(id), rank.harderThan(id), rank.harderThanInClass(id));
      if (!expected.equals(stored)) {
        failure.set(new AssertionError("expected " + expected + "\nstored   " + stored));
      }
    }
  }

  /**
   * One scan of every layout record for the two tests that check each one: a pass over the 29M
   * records is the dearest thing here (BENCHMARKS, "verify --deep"), so the first of the two to
   * ask reads them once for both, the other waits for it. Each check keeps its first failure,
   * thrown by its own test.
   */
  private static final class EveryRecord {
    private static EveryRecord scanned;
    final PipelineResults pipeline = new PipelineResults();
    final DesignersFacts designers = new DesignersFacts();

    static synchronized EveryRecord scanned() {
      if (scanned == null) {
        EveryRecord r = new EveryRecord();
        db.forEachCase(0, Long.MAX_VALUE, c -> {
          r.pipeline.accept(c);
          r.designers.accept(c);
        });
        scanned = r;
      }
      return scanned;
    }

    /** Lets the run's arrays go once the class is done (the whole space's arrays, in the JVM of the other classes). */
    static synchronized void forget() {
      scanned = null;
    }
  }

  /** A check's first failure, kept to be thrown by its test. */
  private static final class Failure {
    private AssertionError first;

    boolean failed() {
      return first != null;
    }

    void set(AssertionError e) {
      first = e;
    }

    void rethrow() {
      if (first != null) {
        throw first;
      }
    }
  }
}
