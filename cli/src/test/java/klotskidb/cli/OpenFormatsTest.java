package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import klotskidb.datasets.ParquetSchemas;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.testing.Published;
import org.apache.parquet.schema.Type;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;
import org.jgrapht.nio.graphml.GraphMLImporter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open exports read back by independent readers: the Parquet files by DuckDB (the SQL of
 * README's example), the GraphML by JGraphT's GraphML importer, the SQLite file by Python's
 * built-in sqlite3; counts against the published tables and the move generator, every column of
 * known layouts.
 */
class OpenFormatsTest {
  @TempDir static Path temp;
  private static Path db;
  private static final String CLASSES = Cli.ANALYSED_CLASSES;

  @BeforeAll
  static void build() throws IOException {
    db = Cli.analysedDatabase(); // 5-4-1 analysed, 0-3-0 and 1-2-1 not; read only
  }

  private static Connection duckdb() throws Exception {
    return DriverManager.getConnection("jdbc:duckdb:");
  }

  @Test
  void layoutsParquetHasEveryFactTypedAndCountsMatchThePublishedTables() throws Exception {
    Path file = temp.resolve("layouts.parquet");
    Cli r = Cli.run("export", "--format", "parquet", "--out", file.toString(), "--db", db.toString(), "--no-progress");
    assertEquals(0, r.exit, r.toString());
    Map<String, Long> published = new HashMap<>();
    for (long[] row : Published.numbers("style_count.tsv")) {
      published.put(row[0] + "-" + row[1] + "-" + row[2], row[3]);
    }
    try (Connection c = duckdb(); Statement st = c.createStatement()) {
      String f = "'" + file + "'";
      try (ResultSet rs = st.executeQuery("SELECT jiang || '-' || bing || '-' || style AS cls, count(*) AS n, "
          + "count(farthest_step) AS analysed FROM " + f + " GROUP BY ALL ORDER BY cls")) {
        int classes = 0;
        while (rs.next()) {
          classes++;
          String cls = rs.getString("cls");
          assertEquals(published.get(cls), rs.getLong("n"), cls);
          assertEquals(cls.equals("5-4-1") ? rs.getLong("n") : 0, rs.getLong("analysed"), cls);
        }
        assertEquals(3, classes);
      }
      try (ResultSet rs = st.executeQuery("SELECT * FROM " + f + " WHERE code = '1A9BF0C00'")) {
        assertTrue(rs.next());
        assertEquals(0x1A9BF0C00L, rs.getLong("code_value"));
        assertEquals(4_091_296, rs.getInt("id"));
        assertEquals("4WVE1", rs.getString("short_code"));
        assertEquals("5-4-1-1-7472", rs.getString("name"));
        assertEquals(1, rs.getInt("group_num"));
        assertEquals(7472, rs.getInt("group_index"));
        assertEquals(81, rs.getInt("min_solution_step"));
        assertTrue(rs.getBoolean("symmetric"));
        assertFalse(rs.getBoolean("solved"));
        assertEquals(124, rs.getInt("farthest_step"));
        assertEquals(8, rs.getInt("farthest_num"));
        assertEquals(2, rs.getInt("min_solution_num"));
        assertEquals(6, rs.getInt("solution_num"));
        assertFalse(rs.next());
      }
      // an unsolvable layout of an unanalysed class: nulls where there is no value
      try (ResultSet rs = st.executeQuery("SELECT min_solution_step, farthest_step, solved FROM " + f
          + " WHERE jiang = 0 AND bing = 3 LIMIT 1")) {
        assertTrue(rs.next());
        rs.getInt("farthest_step");
        assertTrue(rs.wasNull(), "not analysed: null");
      }
      // rows in code order, ids 0.. in order
      try (ResultSet rs = st.executeQuery("SELECT count(*) FROM (SELECT code_value, lag(code_value) OVER () AS p "
          + "FROM " + f + ") WHERE p >= code_value")) {
        rs.next();
        assertEquals(0, rs.getLong(1), "code order");
      }
      Map<String, String> types = new HashMap<>();
      try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM " + f)) {
        while (rs.next()) {
          types.put(rs.getString("column_name"), rs.getString("column_type"));
        }
      }
      assertEquals("VARCHAR", types.get("code"));
      assertEquals("BIGINT", types.get("code_value"));
      assertEquals("TINYINT", types.get("jiang"));
      assertEquals("SMALLINT", types.get("layer"));
      assertEquals("SMALLINT", types.get("min_solution_step"));
      assertEquals("INTEGER", types.get("id"));
      assertEquals("BOOLEAN", types.get("symmetric"));
      assertEquals("BOOLEAN", types.get("minimal"));
      assertEquals("BIGINT", types.get("optimal_solution_num"));
      assertEquals("DECIMAL(4,2)", types.get("harder_than_percent"));
      assertEquals("DECIMAL(4,2)", types.get("harder_than_percent_in_class"));
      // every column of the layouts table and no other (the schema as published: FactsTest)
      assertEquals(ParquetSchemas.LAYOUTS.getFields().stream().map(Type::getName).collect(Collectors.toSet()),
          types.keySet(), types.toString());
      try (ResultSet rs = st.executeQuery("SELECT optimal_solution_num, harder_than_percent_in_class FROM " + f
          + " WHERE code = '1A9BF0C00'")) {
        assertTrue(rs.next());
        assertEquals(256, rs.getLong(1));
        assertEquals(new BigDecimal("99.64"), rs.getBigDecimal(2)); // within 5-4-1 (all built)
      }
      try (ResultSet rs = st.executeQuery("SELECT DISTINCT compression FROM parquet_metadata(" + f + ")")) {
        assertTrue(rs.next());
        assertEquals("ZSTD", rs.getString(1));
        assertFalse(rs.next());
      }
      // README's DuckDB example, as written there
      String readme = Files.readString(Path.of(System.getProperty("user.dir")).getParent().resolve("README.md"));
      int at = readme.indexOf("```sql\n-- duckdb\n");
      assertTrue(at >= 0, "README has the DuckDB example");
      String sql = readme.substring(at + 7, readme.indexOf("```", at + 7)).replace("'out/layouts.parquet'", f);
      assertTrue(sql.contains("min_solution_step > 100"), sql);
      for (int steps : new int[] {100, 60}) { // 5-4-1 has none over 100: 60 shows a count
        long[] want = new long[1];
        try (KlotskiDb k = KlotskiDb.open(db)) {
          k.forEachCase(cr -> want[0] += cr.jiang() == 5 && cr.bing() == 4 && cr.minSolutionStep() > steps ? 1 : 0);
        }
        try (ResultSet rs = st.executeQuery(sql.replace(";", "").replace("> 100", "> " + steps))) {
          if (want[0] == 0) {
            assertFalse(rs.next(), "no layout over " + steps);
          } else {
            assertTrue(rs.next());
            assertEquals(1, rs.getInt("style"), "only 5-4-1 is in this database");
            assertEquals(want[0], rs.getLong("layouts"), "over " + steps);
            assertFalse(rs.next());
          }
        }
        assertTrue(steps == 100 || want[0] > 0);
      }
    }
  }

  /** What Python's sqlite3 reads back from the SQLite export, one fact a line. */
  private static final String SQLITE_READER = """
      import sqlite3, sys
      c = sqlite3.connect(sys.argv[1])
      for t in ('main', 'farthest', 'solution', 'facts', 'analysed_classes'):
          print('columns:' + t, ','.join(r[1] for r in c.execute('PRAGMA table_info(%s)' % t)))
      for r in c.execute('SELECT jiang_num, bing_num, style_num, count(*) FROM main GROUP BY 1, 2, 3'):
          print('main:%d-%d-%d' % r[:3], r[3])
      for t in ('farthest', 'solution'):
          for r in c.execute('SELECT jiang_num, bing_num, style_num, count(*) FROM %s JOIN main USING (id)'
                             ' GROUP BY 1, 2, 3' % t):
              print(t + ':%d-%d-%d' % r[:3], r[3])
      print('mirror', c.execute("SELECT count(*) FROM main WHERE is_mirror = 'Y'").fetchone()[0])
      print('classic', *c.execute("SELECT main.id, farthest_step, farthest_num, min_solution_step,"
                                  " min_solution_num, solution_num FROM main JOIN farthest USING (id)"
                                  " JOIN solution USING (id) WHERE code = '1A9BF0C00'").fetchone())
      print('name', *c.execute("SELECT code, short_code, layer, solved FROM layouts"
                               " WHERE name = '5-4-1-1-7472'").fetchone())
      print('unsolvable', *c.execute("SELECT count(*), min(solution.min_solution_step), max(solution_num) FROM solution"
                                     " JOIN facts USING (id) WHERE facts.min_solution_step IS NULL").fetchone())
      for k, q in (('code', "SELECT id FROM main WHERE code = '1A9BF0C00'"),
                   ('name', "SELECT id FROM layouts WHERE name = '5-4-1-1-7472'")):
          print('plan:' + k, ' | '.join(r[3] for r in c.execute('EXPLAIN QUERY PLAN ' + q)))
      """;

  @Test
  void sqliteFileHasTheOriginalTablesReadByPythonsSqlite3() throws Exception {
    Path file = temp.resolve("hrd.sqlite");
    Cli r = Cli.run("export", "--format", "sqlite", "--out", file.toString(), "--db", db.toString(), "--no-progress");
    assertEquals(0, r.exit, r.toString());
    Process p = new ProcessBuilder("python3", "-c", SQLITE_READER.stripIndent(), file.toString())
        .redirectErrorStream(true).start();
    List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
        .lines().toList();
    assertEquals(0, p.waitFor(), String.join("\n", lines));
    Map<String, String> facts = new HashMap<>();
    for (String line : lines) {
      int space = line.indexOf(' ');
      facts.put(line.substring(0, space < 0 ? line.length() : space), space < 0 ? "" : line.substring(space + 1));
    }
    assertEquals("id,code,is_mirror,jiang_num,bing_num,style_num,group_num,group_index", facts.get("columns:main"));
    assertEquals("id,farthest_step,farthest_num", facts.get("columns:farthest"));
    assertEquals("id,min_solution_step,min_solution_num,solution_num", facts.get("columns:solution"));
    assertEquals("id,short_code,name,layer,min_solution_step,symmetric,solved,minimal,optimal_solution_num,"
        + "harder_than_percent,harder_than_percent_in_class", facts.get("columns:facts"));
    Map<String, Long> published = new HashMap<>();
    for (long[] row : Published.numbers("style_count.tsv")) {
      published.put(row[0] + "-" + row[1] + "-" + row[2], row[3]);
    }
    for (String cls : CLASSES.split(",")) {
      assertEquals(String.valueOf(published.get(cls)), facts.get("main:" + cls), cls);
    }
    // only the analysed class has farthest and solution rows, every layout of it
    assertEquals(String.valueOf(published.get("5-4-1")), facts.get("farthest:5-4-1"));
    assertEquals(String.valueOf(published.get("5-4-1")), facts.get("solution:5-4-1"));
    assertNull(facts.get("farthest:0-3-0"));
    assertNull(facts.get("solution:1-2-1"));
    assertEquals("4091296 124 8 81 2 6", facts.get("classic"));
    assertEquals("1A9BF0C00 4WVE1 26 0", facts.get("name"));
    // is_mirror is main.csv's legacy rule: the same count of Y as that export
    Path mainCsv = temp.resolve("main-legacy.csv");
    assertEquals(0, Cli.run("export", "--format", "main-csv", "--mirror-rule", "legacy", "--out", mainCsv.toString(),
        "--db", db.toString(), "--no-progress").exit);
    long y;
    try (Stream<String> csv = Files.lines(mainCsv)) {
      y = csv.filter(line -> line.split(",")[2].equals("Y")).count();
    }
    assertEquals(String.valueOf(y), facts.get("mirror"));
    // unsolvable layouts of the analysed class: -1 and no solutions, as the per-class files say
    assertTrue(facts.get("unsolvable").matches("[1-9]\\d* -1 0"), facts.get("unsolvable"));
    // look-ups by code and by name go through the indexes
    assertTrue(facts.get("plan:code").contains("INDEX main_code"), facts.get("plan:code"));
    assertTrue(facts.get("plan:name").contains("INDEX facts_name"), facts.get("plan:name"));
  }

  @Test
  void aFailedSqliteExportLeavesNoFile() throws Exception {
    Path blocker = temp.resolve("not-a-folder");
    Files.writeString(blocker, "x");
    Path file = blocker.resolve("hrd.sqlite");
    Cli r = Cli.run("export", "--format", "sqlite", "--out", file.toString(), "--db", db.toString(), "--no-progress");
    assertEquals(1, r.exit, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.err);
    assertTrue(r.err.contains("hrd.sqlite"), r.err);
  }

  /**
   * One class exported (its records read by code, not by a scan of all) is exactly the same rows
   * as the whole export filtered to that class: Parquet (read back by DuckDB), SQLite (every table
   * and the view), main.csv and All_Case.txt; an analysed class (5-4-1) and one that is not (0-3-0).
   */
  @Test
  void oneClassExportedIsTheWholeExportsRowsOfThatClass() throws Exception {
    Path whole = temp.resolve("whole");
    Files.createDirectories(whole);
    for (String f : List.of("parquet", "sqlite", "main-csv", "all-cases")) {
      Cli r = Cli.run("export", "--format", f, "--out", whole.resolve(f).toString(), "--db", db.toString(), "--no-progress");
      assertEquals(0, r.exit, r.toString());
    }
    for (String cls : List.of("5-4-1", "0-3-0")) {
      String[] jbs = cls.split("-");
      Path one = temp.resolve("one-" + cls);
      Files.createDirectories(one);
      for (String f : List.of("parquet", "sqlite", "main-csv", "all-cases")) {
        Cli r = Cli.run("export", "--format", f, "--class", cls, "--out", one.resolve(f).toString(), "--db", db.toString(),
            "--no-progress");
        assertEquals(0, r.exit, r.toString());
      }
      int c = LayoutClass.parse(cls);
      // the text files: the whole file's lines of the class, in the same order
      List<String> main = Files.readAllLines(whole.resolve("main-csv")).stream()
          .filter(l -> l.split(",")[3].equals(jbs[0]) && l.split(",")[4].equals(jbs[1]) && l.split(",")[5].equals(jbs[2])).toList();
      assertEquals(main, Files.readAllLines(one.resolve("main-csv")), cls);
      Set<String> codes = main.stream().map(l -> l.split(",")[1]).collect(Collectors.toSet());
      assertEquals(Files.readAllLines(whole.resolve("all-cases")).stream().filter(codes::contains).toList(),
          Files.readAllLines(one.resolve("all-cases")), cls);
      // Parquet: every column of every row
      try (Connection d = duckdb(); Statement st = d.createStatement()) {
        String all = "SELECT * FROM read_parquet('" + whole.resolve("parquet") + "') WHERE jiang = " + jbs[0]
            + " AND bing = " + jbs[1] + " AND style = " + jbs[2];
        String mine = "SELECT * FROM read_parquet('" + one.resolve("parquet") + "')";
        for (String[] q : new String[][] {{all, mine}, {mine, all}}) {
          try (ResultSet rs = st.executeQuery("SELECT count(*) FROM ((" + q[0] + ") EXCEPT ALL (" + q[1] + "))")) {
            rs.next();
            assertEquals(0, rs.getLong(1), cls + ": rows of one not in the other");
          }
        }
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM (" + mine + ")")) {
          rs.next();
          assertEquals(main.size(), rs.getLong(1), cls);
        }
      }
      // SQLite (through SQLite itself, the driver's): the view's rows, and the analysed classes it names
      try (Connection d = DriverManager.getConnection("jdbc:sqlite:" + one.resolve("sqlite")); Statement st = d.createStatement()) {
        st.execute("ATTACH DATABASE '" + whole.resolve("sqlite") + "' AS w");
        String w = "SELECT * FROM w.layouts WHERE jiang_num = " + jbs[0] + " AND bing_num = " + jbs[1]
            + " AND style_num = " + jbs[2];
        for (String[] q : new String[][] {{w, "SELECT * FROM main.layouts"}, {"SELECT * FROM main.layouts", w}}) {
          try (ResultSet rs = st.executeQuery("SELECT count(*) FROM (" + q[0] + " EXCEPT " + q[1] + ")")) {
            rs.next();
            assertEquals(0, rs.getLong(1), cls + ": SQLite rows of one not in the other");
          }
        }
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM main.main")) {
          rs.next();
          assertEquals(main.size(), rs.getLong(1), cls);
        }
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM main.analysed_classes")) {
          rs.next();
          assertEquals(cls.equals("5-4-1") ? 1 : 0, rs.getLong(1), cls);
        }
      }
      assertTrue(c >= 0);
    }
  }

  @Test
  void groupsParquetHasOneRowPerGroup() throws Exception {
    Path file = temp.resolve("groups.parquet");
    Cli r = Cli.run("export", "--format", "parquet", "--table", "groups", "--class", "5-4-1", "--out", file.toString(),
        "--db", db.toString());
    assertEquals(0, r.exit, r.toString());
    long published = Published.numbers("group_num.tsv").stream()
        .filter(row -> row[0] == 5 && row[1] == 4 && row[2] == 1).findFirst().orElseThrow()[3];
    try (Connection c = duckdb(); Statement st = c.createStatement()) {
      String f = "'" + file + "'";
      try (ResultSet rs = st.executeQuery("SELECT count(*), sum(size) FROM " + f)) {
        rs.next();
        assertEquals(published, rs.getLong(1));
        assertEquals(65_880, rs.getLong(2));
      }
      try (ResultSet rs = st.executeQuery("SELECT * FROM " + f + " WHERE name = '5-4-1-1'")) {
        assertTrue(rs.next());
        assertEquals(25_955, rs.getInt("size"));
        assertEquals("00A6BFC00", rs.getString("seed"));
        assertTrue(rs.getBoolean("solvable"));
        assertEquals(145, rs.getInt("diameter"));
        // the vocabulary of the API (SCHEMA.md, Vocabulary): the group's hardest layouts, 2 at 93 steps
        assertEquals(93, rs.getInt("max_min_solution_step"));
        assertEquals(2, rs.getInt("hardest_num"));
        assertTrue(rs.getInt("solved_num") > 0);
      }
    }
  }

  @Test
  void graphMlOfTheClassicGroupLoadsWithAGraphMlReader() throws Exception {
    Path file = temp.resolve("5-4-1-1.graphml");
    Cli r = Cli.run("export", "--format", "graphml", "--group", "5-4-1-1", "--out", file.toString(),
        "--db", db.toString());
    assertEquals(0, r.exit, r.toString());
    // a layout of the group in --group's place, as klotski group takes it: the same file, its card naming the group
    Path byLayout = temp.resolve("by-layout.graphml");
    Cli l = Cli.run("export", "--format", "graphml", "--group", "横刀立马", "--out", byLayout.toString(),
        "--db", db.toString());
    assertEquals(0, l.exit, l.toString());
    assertEquals(-1L, Files.mismatch(file, byLayout));
    assertTrue(Files.readString(temp.resolve("by-layout.graphml.md")).contains("the step graph of group 5-4-1-1"));

    Graph<String, DefaultEdge> graph = new SimpleGraph<>(null, DefaultEdge::new, false);
    Map<String, Map<String, String>> attributes = new HashMap<>();
    GraphMLImporter<String, DefaultEdge> importer = new GraphMLImporter<>();
    importer.setSchemaValidation(false); // no network here for the schema; the structure is read strictly
    importer.setVertexFactory(id -> id);
    importer.addVertexAttributeConsumer((p, a) ->
        attributes.computeIfAbsent(p.getFirst(), k -> new HashMap<>()).put(p.getSecond(), a.getValue()));
    try (Reader in = Files.newBufferedReader(file)) {
      importer.importGraph(graph, in);
    }
    assertEquals(25_955, graph.vertexSet().size());

    // edges against the move generator: every step of every member, each once
    AllLayouts all = AllLayouts.build();
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    long degrees = 0;
    Map<String, String> byCode = new HashMap<>();
    for (Map.Entry<String, Map<String, String>> e : attributes.entrySet()) {
      byCode.put(e.getValue().get("code"), e.getKey());
    }
    for (String code : byCode.keySet()) {
      degrees += mover.neighbours(Code.parse(code), next);
    }
    assertEquals(degrees / 2, graph.edgeSet().size());
    String classic = byCode.get("1A9BF0C00");
    assertEquals(mover.neighbours(0x1A9BF0C00L, next), graph.degreeOf(classic));
    Map<String, String> a = attributes.get(classic);
    assertEquals("4WVE1", a.get("short_code"));
    assertEquals("7472", a.get("group_index"));
    assertEquals("81", a.get("min_solution_step"));
    assertEquals("false", a.get("solved"));
    assertEquals("n7472", classic);
    assertEquals(LayoutClass.index(5, 4, 1), LayoutClass.of(all.code(4_091_296)));
    List<String> heads = attributes.values().stream().map(m -> m.get("code").substring(0, 1)).distinct().toList();
    assertTrue(heads.contains("D"), "solved layouts are in the group");
    assertNull(attributes.values().stream().filter(m -> m.get("layer") == null).findAny().orElse(null));
  }
}
