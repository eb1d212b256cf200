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
 *   {"code":"1A9BF0C00","id":4091296,"short_code":"4WVE1","name":"5-4-1-1-7472",...,
 *    "min_solution_step":81,...,"group":{"name":"5-4-1-1","size":25955,...}}
 * </pre>
 */
public final class Documents {
  private Documents() {}

  /** Every stored field of a layout and its group summary; the analysis keys once analysed. */
  public static Map<String, Object> layout(KlotskiDb db, CaseRecord c) {
    GroupRecord g = Lookup.groupOf(db, c);
    return layout(db, c, g, db.analysisOf(c.code()).orElse(null), db.diameter(g.jiang(), g.bing(), g.style(),
        g.groupNum()));
  }

  /**
   * The layout document. The analysis keys (farthest_step, farthest_num, min_solution_num,
   * solution_num, group.diameter) appear once the layout's class has been analysed;
   * minimal: a minimal puzzle (every piece but the 2x2 matters; null when not known);
   * optimal_solution_num: how many shortest move sequences solve it; catalogue_names are its names
   * in the {@link Catalogue} (often none), difficulty its {@link Difficulty} (null when unsolvable).
   */
  public static Map<String, Object> layout(KlotskiDb db, CaseRecord c, GroupRecord g, KlotskiDb.Analysis a,
      int diameter) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("code", Code.format(c.code()));
    m.put("id", c.id());
    m.put("short_code", ShortCode.of(c.id()));
    m.put("name", c.name());
    m.put("jiang", c.jiang());
    m.put("bing", c.bing());
    m.put("style", c.style());
    m.put("group_num", c.groupNum());
    m.put("group_index", c.groupIndex());
    m.put("layer", c.layer());
    m.put("min_solution_step", c.isSolvable() ? c.minSolutionStep() : null);
    m.put("symmetric", c.symmetric());
    m.put("solved", c.solved());
    m.put("minimal", c.minimal());
    m.put("optimal_solution_num", c.optimalSolutionNum());
    m.put("catalogue_names", Catalogue.get().namesOf(c.code()));
    m.put("difficulty", Difficulty.of(c));
    if (a != null) {
      m.put("farthest_step", a.farthestStep());
      m.put("farthest_num", a.farthestNum());
      m.put("min_solution_num", a.minSolutionNum());
      m.put("solution_num", a.solutionNum());
    }
    m.put("group", groupSummary(g, diameter));
    return m;
  }

  private static Map<String, Object> groupSummary(GroupRecord g, int diameter) {
    Map<String, Object> group = new LinkedHashMap<>();
    group.put("name", g.name());
    group.put("size", g.size());
    group.put("seed", Code.format(g.seed()));
    group.put("layers", g.layers());
    group.put("solvable", g.isSolvable());
    group.put("solved_num", g.solved());
    group.put("solved", g.solved()); // the old name of solved_num, kept one release (SCHEMA.md, Vocabulary)
    group.put("max_min_solution_step", g.isSolvable() ? g.maxMinSolutionStep() : null);
    if (diameter >= 0) {
      group.put("diameter", diameter);
    }
    return group;
  }

  /** A group: its summary, the layouts at its largest min_solution_step, and its layer profile. */
  public static Map<String, Object> group(KlotskiDb db, GroupRecord g) {
    Map<String, Object> m = groupSummary(g, db.diameter(g.jiang(), g.bing(), g.style(), g.groupNum()));
    m.put("hardest_num", g.isSolvable() ? g.hardest() : null);
    m.put("hardest", g.isSolvable() ? g.hardest() : null); // the old name of hardest_num, kept one release
    m.put("layer_sizes", g.layerSizes());
    return m;
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
