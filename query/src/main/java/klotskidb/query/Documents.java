package klotskidb.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;

/**
 * The JSON documents of a layout, a group and a page of find's answers: what {@code klotski info
 * --json} and {@code find --json} print and the HTTP API answers. Later stages add keys; they never rename these.
 *
 * <pre>
 *   {"code":"1A9BF0C00","id":4091296,"short_code":"4WVE1",...,"group_index":7472,"name":"5-4-1-1-7472",
 *    "layer":26,"min_solution_step":81,...,"group":{"name":"5-4-1-1","size":25955,...}}
 * </pre>
 *
 * Both are the catalogue's ({@link Facts}): its facts, in its order.
 */
public final class Documents {
  private Documents() {}

  /** Every stored field of a layout and its group summary; the analysis keys once analysed. */
  public static Map<String, Object> layout(KlotskiDb db, CaseRecord c) {
    GroupRecord g = Lookup.groupOf(db, c);
    return layout(c, g, db.analysisOf(c.code()).orElse(null), db.diameter(g.jiang(), g.bing(), g.style(),
        g.groupNum()));
  }

  /**
   * The layout document: every fact of {@link Facts#LAYOUT} that is in JSON, in its order (the
   * analysis keys once the class is analysed), then its group's summary (its diameter when known:
   * -1 not). The records read from a database or computed without one ({@link Computed}).
   */
  public static Map<String, Object> layout(CaseRecord c, GroupRecord g, AnalysisRecord a, int diameter) {
    Map<String, Object> m = Facts.layoutDocument(c, a);
    m.put("group", Facts.groupDocument(g, diameter, false));
    return m;
  }

  /** A group's document: its facts ({@link Facts#GROUP}), the layout counts at its hardest step and its layers. */
  public static Map<String, Object> group(KlotskiDb db, GroupRecord g) {
    return group(g, db.diameter(g.jiang(), g.bing(), g.style(), g.groupNum()));
  }

  /** The same from the records, read or computed ({@link Computed}: the diameter -1, not known). */
  public static Map<String, Object> group(GroupRecord g, int diameter) {
    return Facts.groupDocument(g, diameter, true);
  }

  /** A layout in a list (neighbours, paths): code, short code, step, and the cells for drawing. */
  public static Map<String, Object> brief(CaseRecord c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("code", Code.format(c.code()));
    m.put("short_code", ShortCode.of(c.id()));
    m.put("name", c.name());
    m.put("min_solution_step", c.isSolvable() ? c.minSolutionStep() : null);
    m.put("solved", c.solved());
    return m;
  }

  /**
   * The JSON-ready form of a page: the filter, the count, the total (and whether it is exact),
   * the answers and the next cursor; a partial page says so and where its scan got to.
   */
  public static Map<String, Object> findPage(FindFilter f, Finder.Page p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("filter", f.describe());
    m.put("count", p.hits().size());
    m.put("total", p.total() == null ? null : p.total().count());
    m.put("total_exact", p.total() != null && p.total().exact());
    if (p.total() != null && !p.total().exact()) {
      m.put("total_note", p.total().why());
    }
    if (f.byFarthest()) {
      m.put("not_analysed", p.notAnalysed());
    }
    List<Object> results = new ArrayList<>();
    for (int i = 0; i < p.hits().size(); i++) {
      results.add(findAnswer(p.hits().get(i), p.records().get(i)));
    }
    m.put("results", results);
    m.put("next", p.next());
    if (p.partial()) {
      m.put("partial", true);
      m.put("scanned_to", p.following().scannedTo());
    }
    return m;
  }

  /**
   * The JSON-ready form of an answer: the catalogue's facts of a find answer ({@link Facts},
   * {@code Output.FIND}: code, short code, name, the facts it was found by), with its class after
   * its name; the farthest step, from the index, once its class is analysed.
   */
  public static Map<String, Object> findAnswer(Finder.Hit h, CaseRecord c) {
    AnalysisRecord a = h.farthestStep() >= 0 ? AnalysisRecord.ofFind(h.farthestStep()) : null;
    return Facts.layoutDocument(c, a, Facts.Output.FIND, h.className());
  }
}
