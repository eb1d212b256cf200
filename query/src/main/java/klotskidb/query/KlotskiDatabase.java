package klotskidb.query;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.layerer.Solver;

/**
 * klotski-db as a Java library: open a database that {@code klotski build} wrote, name a layout
 * as people type it, solve it, find puzzles. For example
 * <pre>
 *   try (KlotskiDatabase db = KlotskiDatabase.open(Path.of("data/klotski-db"))) {
 *     Layout l = db.layout("横刀立马");       // or "1A9BF0C00", "#4091296", "@4WVE1", "5-4-1-1-7472"
 *     l.code();                  // "1A9BF0C00"
 *     l.name();                  // "5-4-1-1-7472"
 *     l.minSolutionStep();       // 81
 *     l.difficultyWord();        // "very_hard": every fact of info X --json, typed (null where it says null)
 *     db.solve("横刀立马").size(); // 82: the layout, 81 moves, the last one solved
 *     db.find(Map.of("class", "5-4-1", "order", "hardest"), 3); // the three hardest of class 5-4-1
 *     db.document("横刀立马");    // the JSON document of GET /api/layout/X and info X --json
 *   }
 *   KlotskiDatabase.solveWithoutDatabase("1A9BF0C");       // the same solution, no database
 * </pre>
 * It answers with the code the command line and the API use ({@link Lookup}, {@link Finder},
 * {@link Documents}, {@link Solver}): the same question, the same answer. A wrong spelling throws
 * {@link IllegalArgumentException} with the message the command line prints ({@code
 * klotskidb.base.InputException}); a layout the database lacks, {@link Lookup.NotFoundException}.
 * Thread-safe as {@link KlotskiDb} is; read-only: it never writes the database.
 *
 * <p>As a Maven dependency, after {@code mvn install} in a checkout:
 * {@code <dependency><groupId>klotskidb</groupId><artifactId>query</artifactId><version>0.1.0-SNAPSHOT</version></dependency>}
 * (with RocksDB's library for the platform, which the root pom chooses).
 */
public final class KlotskiDatabase implements AutoCloseable {
  private final KlotskiDb db;

  private KlotskiDatabase(KlotskiDb db) {
    this.db = db;
  }

  /** Opens the database in {@code dir} for reading; it stays usable while a build publishes a new one. */
  public static KlotskiDatabase open(Path dir) {
    return new KlotskiDatabase(KlotskiDb.open(dir));
  }

  /**
   * The layout named by {@code text}: a code, #id, @short code, J-B-S-G-I or a name of the catalogue;
   * every fact of its JSON document ({@link Layout}).
   */
  public Layout layout(String text) {
    return layoutOf(Lookup.layout(db, text));
  }

  private Layout layoutOf(CaseRecord c) {
    return Layout.of(c, db.analysisOf(c.code()).orElse(null));
  }

  /**
   * A shortest solution from the layout: its codes from the layout itself to a solved one (one
   * element where it is solved); empty where no solved layout can be reached.
   */
  public List<String> solve(String text) {
    return codes(Lookup.solution(db, Lookup.layout(db, text)));
  }

  /** The same as {@link #solve}, computed from the layout's group alone: no database needed. */
  public static List<String> solveWithoutDatabase(String text) {
    return codes(Solver.solve(LayoutRef.codeWithoutDatabase(text)));
  }

  /**
   * The first {@code limit} layouts (at most {@value Finder#MAX_LIMIT}) of {@code find}'s question,
   * in its order: the words of {@code klotski find} and {@code GET /api/find} ({@link FindFilter#KEYS}:
   * class, group, min_steps, order, ...).
   */
  public List<Layout> find(Map<String, String> filter, int limit) {
    if (limit < 1 || limit > Finder.MAX_LIMIT) {
      throw new IllegalArgumentException("limit " + limit + " is out of range 1.." + Finder.MAX_LIMIT);
    }
    Finder.Page page = FindQuestion.on(db, FindFilter.parse(filter)).page(null, limit);
    List<Layout> out = new ArrayList<>(page.hits().size());
    for (Finder.Hit h : page.hits()) {
      out.add(layoutOf(db.caseOf(h.code()).orElseThrow()));
    }
    return out;
  }

  /** Every stored fact of the layout and its group's summary: the document of {@code GET /api/layout/X}. */
  public Map<String, Object> document(String text) {
    return Documents.layout(db, Lookup.layout(db, text));
  }

  @Override
  public void close() {
    db.close();
  }

  private static List<String> codes(long[] path) {
    List<String> out = new ArrayList<>(path == null ? 0 : path.length);
    if (path != null) {
      for (long code : path) {
        out.add(Code.format(code));
      }
    }
    return out;
  }
}
