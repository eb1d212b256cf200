package klotskidb.datasets;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import klotskidb.db.AnalysisMarker;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.query.Facts;

/**
 * The original release's SQL database (its {@code build/load.sql} loaded {@code main.csv} and
 * the merged per-class files into MySQL) as one SQLite file, with what the original did not have
 * beside it:
 *
 * <pre>
 *   main      (id, code, is_mirror, jiang_num, bing_num, style_num, group_num, group_index)
 *             4091296 | 1A9BF0C00 | Y | 5 | 4 | 1 | 1 | 7472        every layout; is_mirror by the
 *                                                                 original engine's rule, as main.csv
 *   farthest  (id, farthest_step, farthest_num)          4091296 | 124 | 8   layouts of analysed classes
 *   solution  (id, min_solution_step, min_solution_num, solution_num)
 *                                                        4091296 | 81 | 2 | 6   (unsolvable: -1 | 0 | 0)
 *   facts     (id, then every fact of the catalogue ({@link Facts}) that the tables above lack and
 *              that is not the analysis': short_code, name, layer, min_solution_step, symmetric, ...)
 *             4091296 | 4WVE1 | 5-4-1-1-7472 | 26 | 81 | 1 | ...     every layout; symmetric by the exact
 *                                                        rule; NULL where the catalogue says when
 *   analysed_classes (jiang_num, bing_num, style_num)    the classes farthest and solution cover
 *   layouts   a view: every column above, one row per layout, in the order of the catalogue of facts
 *             ({@link Facts}), the original tables' columns under their original names
 *   meta      (key, value)                               the source database's meta
 * </pre>
 *
 * Ids line up with {@code main.id} as in the original. Indexes: {@code main(code)} and
 * {@code facts(name)}, built after the rows (the name is stored: an index on the expression that
 * makes it from main's columns was much slower to build, BENCHMARKS.md, row "sqlite name index").
 * Rows go in a few large transactions
 * through prepared statements with the journal off (the file is a temporary one until complete:
 * {@link AtomicFile}), in code order from one scan of the database.
 *
 * <p>Why SQLite through xerial's sqlite-jdbc: one file any SQL user opens without a server (the
 * {@code sqlite3} shell, Python's built-in module, DuckDB), and the driver bundles SQLite itself.
 */
public final class SqliteExport {
  /** Rows written per table. */
  public record Counts(long main, long farthest, long solution) {}

  /** Rows per transaction: a few large ones. */
  private static final int COMMIT_EVERY = 4_000_000;
  /** Rows per JDBC batch: the driver binds and steps a whole batch in one native call. */
  private static final int BATCH = 4096;

  private SqliteExport() {}

  /**
   * Writes the database (or its class {@code cls} only, -1: all) to {@code file} (replaced only
   * when complete); returns the rows per table. The progress counts two units a layout: one as its
   * rows go in, one for the indexes built after them, so it ends when the file does.
   */
  public static Counts write(KlotskiDb db, int cls, OutputTarget file, LongConsumer progress) throws IOException {
    Counts[] counts = new Counts[1];
    file.writePath(tmp -> {
      try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp)) {
        counts[0] = fill(db, cls, c, progress);
      } catch (SQLException e) {
        throw new IOException(reason(e), e);
      }
    });
    return counts[0];
  }

  private static Counts fill(KlotskiDb db, int cls, Connection c, LongConsumer progress) throws SQLException, IOException {
    try (Statement s = c.createStatement()) {
      for (String pragma : new String[] {"journal_mode = OFF", "synchronous = OFF", "locking_mode = EXCLUSIVE",
          "page_size = 16384", "cache_size = -262144", "temp_store = FILE"}) {
        s.execute("PRAGMA " + pragma);
      }
      s.execute("CREATE TABLE main (id INTEGER PRIMARY KEY, code CHAR(9) NOT NULL, is_mirror CHAR(1) NOT NULL,"
          + " jiang_num INTEGER NOT NULL, bing_num INTEGER NOT NULL, style_num INTEGER NOT NULL,"
          + " group_num INTEGER NOT NULL, group_index INTEGER NOT NULL)");
      s.execute("CREATE TABLE farthest (id INTEGER PRIMARY KEY, farthest_step INTEGER NOT NULL,"
          + " farthest_num INTEGER NOT NULL)");
      s.execute("CREATE TABLE solution (id INTEGER PRIMARY KEY, min_solution_step INTEGER NOT NULL,"
          + " min_solution_num INTEGER NOT NULL, solution_num INTEGER NOT NULL)");
      s.execute(factsTable());
      s.execute("CREATE TABLE analysed_classes (jiang_num INTEGER NOT NULL, bing_num INTEGER NOT NULL,"
          + " style_num INTEGER NOT NULL, PRIMARY KEY (jiang_num, bing_num, style_num))");
      s.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    }
    c.setAutoCommit(false);
    Map<String, AnalysisMarker> analysed = db.analysedClasses();
    try (PreparedStatement meta = c.prepareStatement("INSERT INTO meta VALUES (?, ?)");
        PreparedStatement classes = c.prepareStatement("INSERT INTO analysed_classes VALUES (?, ?, ?)")) {
      Map<String, String> rows = new TreeMap<>(db.meta());
      rows.put("is_mirror_rule", "legacy: the original engine's rule, as in the published main.csv");
      rows.put("symmetric_rule", "exact: facts.symmetric is set when the layout equals its left-right mirror "
          + "(main.is_mirror uses the legacy rule)");
      rows.put("class", cls < 0 ? "all" : LayoutClass.name(cls)); // the layouts this file holds
      for (Map.Entry<String, String> e : rows.entrySet()) {
        meta.setString(1, e.getKey());
        meta.setString(2, e.getValue());
        meta.executeUpdate();
      }
      for (String name : new TreeSet<>(analysed.keySet())) {
        int k = LayoutClass.parse(name);
        if (cls >= 0 && k != cls) {
          continue;
        }
        classes.setInt(1, LayoutClass.jiangOf(k));
        classes.setInt(2, LayoutClass.bingOf(k));
        classes.setInt(3, LayoutClass.styleOf(k));
        classes.executeUpdate();
      }
    }
    long[] n = new long[3];
    try (PreparedStatement main = c.prepareStatement("INSERT INTO main VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement facts = c.prepareStatement("INSERT INTO facts VALUES (?" + ", ?".repeat(FACTS.size()) + ")");
        PreparedStatement farthest = c.prepareStatement("INSERT INTO farthest VALUES (?, ?, ?)");
        PreparedStatement solution = c.prepareStatement("INSERT INTO solution VALUES (?, ?, ?, ?)")) {
      SQLException[] failure = new SQLException[1];
      KlotskiDb.CaseAndAnalysis each = (r, a) -> {
        if (failure[0] != null) {
          return;
        }
        try {
          row(r, a, main, facts, farthest, solution, n);
          if (n[0] % BATCH == 0) {
            flush(main, facts, farthest, solution);
          }
          if (n[0] % COMMIT_EVERY == 0) {
            c.commit();
            progress.accept(n[0]);
          }
        } catch (SQLException e) {
          failure[0] = e;
        }
      };
      if (cls >= 0) { // one class: its records only, read by code
        db.forEachCaseWithAnalysis(db.codesOfClass(cls), each);
      } else {
        db.forEachCaseWithAnalysis(each);
      }
      if (failure[0] != null) {
        throw failure[0];
      }
      flush(main, facts, farthest, solution);
    }
    c.commit();
    progress.accept(n[0]);
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      s.execute("CREATE UNIQUE INDEX main_code ON main (code)");
      progress.accept(n[0] + n[0] / 2);
      s.execute("CREATE UNIQUE INDEX facts_name ON facts (name)");
      s.execute(layoutsView());
      progress.accept(2 * n[0]);
    }
    return new Counts(n[0], n[1], n[2]);
  }

  /** The tables of the original release's SQL database that hold a column of the view; the rest are in facts. */
  private static final Map<String, String> ORIGINAL_TABLE = Map.ofEntries(Map.entry("id", "main"),
      Map.entry("code", "main"), Map.entry("is_mirror", "main"), Map.entry("jiang_num", "main"),
      Map.entry("bing_num", "main"), Map.entry("style_num", "main"), Map.entry("group_num", "main"),
      Map.entry("group_index", "main"), Map.entry("farthest_step", "farthest"), Map.entry("farthest_num", "farthest"),
      Map.entry("min_solution_num", "solution"), Map.entry("solution_num", "solution"));

  /**
   * The columns of {@code facts}: every fact of the catalogue in SQLite that the original tables do
   * not hold and that is not the analysis' (short_code, name, layer, ..., harder_than_percent_in_class).
   */
  static final List<Facts.Fact> FACTS = Facts.LAYOUT.stream().filter(f -> f.in(Facts.Output.SQLITE)
      && !f.analysed() && !ORIGINAL_TABLE.containsKey(f.sqliteColumn())).toList();

  /** {@code CREATE TABLE facts (id INTEGER PRIMARY KEY, short_code TEXT NOT NULL, ...)} from {@link #FACTS}. */
  static String factsTable() {
    StringBuilder b = new StringBuilder("CREATE TABLE facts (id INTEGER PRIMARY KEY");
    for (Facts.Fact f : FACTS) {
      b.append(", ").append(f.sqliteColumn()).append(' ').append(switch (f.type()) {
        case STRING -> "TEXT";
        case PERCENT -> "REAL";
        default -> "INTEGER"; // booleans as 0 and 1
      }).append(f.nullable() ? "" : " NOT NULL");
    }
    return b.append(')').toString();
  }

  /** The names of {@link #FACTS}, for the card. */
  public static String factsColumns() {
    return String.join(", ", FACTS.stream().map(Facts.Fact::sqliteColumn).toList());
  }

  /** The view {@code layouts}: every fact of the catalogue that SQLite has ({@link Facts}), in its order. */
  static String layoutsView() {
    StringBuilder b = new StringBuilder("CREATE VIEW layouts AS SELECT ");
    String sep = "";
    for (Facts.Fact f : Facts.LAYOUT) {
      if (f.in(Facts.Output.SQLITE)) {
        String col = f.sqliteColumn();
        b.append(sep).append(ORIGINAL_TABLE.getOrDefault(col, "facts")).append('.').append(col).append(" AS ").append(col);
        sep = ", ";
      }
    }
    return b.append(" FROM main JOIN facts ON facts.id = main.id LEFT JOIN farthest ON farthest.id = main.id"
        + " LEFT JOIN solution ON solution.id = main.id").toString();
  }

  private static void flush(PreparedStatement... statements) throws SQLException {
    for (PreparedStatement p : statements) {
      p.executeBatch();
    }
  }

  /** One layout's rows (added to the batches): main and facts always, farthest and solution when its class is analysed. */
  private static void row(CaseRecord r, AnalysisRecord a, PreparedStatement main, PreparedStatement facts,
      PreparedStatement farthest, PreparedStatement solution, long[] n) throws SQLException {
    main.setInt(1, r.id());
    main.setString(2, Code.format(r.code()));
    main.setString(3, LegacySymmetry.isSymmetric(r.code()) ? "Y" : "N");
    main.setInt(4, r.jiang());
    main.setInt(5, r.bing());
    main.setInt(6, r.style());
    main.setInt(7, r.groupNum());
    main.setInt(8, r.groupIndex());
    main.addBatch();
    facts.setInt(1, r.id());
    for (int k = 0; k < FACTS.size(); k++) {
      Object v = FACTS.get(k).value(r, null);
      if (v == null) {
        facts.setNull(k + 2, Types.NULL);
      } else if (v instanceof Boolean b) {
        facts.setInt(k + 2, b ? 1 : 0);
      } else if (v instanceof Integer i) {
        facts.setInt(k + 2, i);
      } else if (v instanceof Long l) {
        facts.setLong(k + 2, l);
      } else if (v instanceof Double d) {
        facts.setDouble(k + 2, d);
      } else {
        facts.setString(k + 2, v.toString());
      }
    }
    facts.addBatch();
    n[0]++;
    if (a != null) {
      farthest.setInt(1, r.id());
      farthest.setInt(2, a.farthestStep());
      farthest.setInt(3, a.farthestNum());
      farthest.addBatch();
      n[1]++;
      solution.setInt(1, r.id());
      solution.setInt(2, r.isSolvable() ? r.minSolutionStep() : -1);
      solution.setInt(3, a.minSolutionNum());
      solution.setInt(4, a.solutionNum());
      solution.addBatch();
      n[2]++;
    }
  }

  /** SQLite's own words for a failure ("database or disk is full"), without the driver's prefix. */
  private static String reason(SQLException e) {
    String m = e.getMessage() == null ? e.toString() : e.getMessage();
    return m.replaceFirst("^\\[SQLITE_[A-Z_]+\\]\\s*", "");
  }
}
