package klotskidb.query;

import java.util.LinkedHashMap;
import java.util.Map;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;

/**
 * The JSON documents of a layout and a group: what {@code klotski info --json} prints and the
 * HTTP API answers. Later stages add keys; they never rename these.
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
  public static Map<String, Object> layout(CaseRecord c, GroupRecord g, KlotskiDb.Analysis a, int diameter) {
    Map<String, Object> m = Facts.layoutDocument(c, a);
    m.put("group", Facts.groupDocument(g, diameter, false));
    return m;
  }

  /** A group's document: its facts ({@link Facts#GROUP}), the layout counts at its hardest step and its layers. */
  public static Map<String, Object> group(KlotskiDb db, GroupRecord g) {
    return Facts.groupDocument(g, db.diameter(g.jiang(), g.bing(), g.style(), g.groupNum()), true);
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
}
