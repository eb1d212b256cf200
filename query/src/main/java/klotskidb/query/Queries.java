package klotskidb.query;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.util.concurrent.UncheckedExecutionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import klotskidb.analysis.RootFacts;
import klotskidb.db.CaseField;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Schema;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.layerer.OneGroup;
import klotskidb.layerer.Solver;

/**
 * Every question the command line and the HTTP API answer from a database, one function each,
 * returning the JSON document both print: {@code klotski next 1A9BF0C --json} and
 * {@code GET /api/layout/1A9BF0C/next} are the same call and the same bytes.
 *
 * <pre>
 *   Queries.next(db, Lookup.layout(db, "1A9BF0C"))
 *     -> {"code":"1A9BF0C00","min_solution_step":81,"next":[{"code":...,"optimal":true},...]}
 * </pre>
 *
 * The layout and group documents themselves are {@link Documents}; find's page is
 * {@link Documents#findPage}. What a question needs besides the database (a layout's facts from one
 * BFS, a page's limits) is given by the caller: the server keeps its own budget of searches.
 */
public final class Queries {
  /** The most members one layer page returns. */
  public static final int MAX_LIMIT = 1000;

  private Queries() {}

  /** {@code GET /api/meta}: counts, versions, analysed classes, the publication. */
  public static Map<String, Object> meta(KlotskiDb db) {
    Map<String, String> meta = db.meta();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("layouts", db.layoutCount());
    m.put("groups", db.groupCount());
    m.put("classes", db.classes().size());
    m.put("schema_version", Schema.VERSION);
    m.put("tool_version", meta.get(Schema.META_TOOL_VERSION));
    m.put("built_at", meta.get(Schema.META_BUILT_AT));
    m.put("step_rule", meta.get(Schema.META_STEP_RULE));
    m.put("analysed_classes", new ArrayList<>(db.analysedClasses().keySet()));
    m.put("publication", db.publication().trim()); // a new value after every build or analyse
    return m;
  }

  /** Every move from {@code c}: the layout it leads to, its step, whether it is optimal. */
  public static Map<String, Object> next(KlotskiDb db, CaseRecord c) {
    return next(c, Lookup.neighbours(db, c));
  }

  /** The same from the records of its moves, read or computed ({@link Lookup#neighbours}). */
  public static Map<String, Object> next(CaseRecord c, CaseRecord[] neighbours) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("code", Code.format(c.code()));
    m.put("min_solution_step", c.isSolvable() ? c.minSolutionStep() : null);
    List<Object> moves = new ArrayList<>();
    for (CaseRecord to : neighbours) {
      Map<String, Object> move = Documents.brief(to);
      move.put("optimal", Lookup.optimal(c, to));
      moves.add(move);
    }
    m.put("next", moves);
    return m;
  }

  /** An optimal solution from {@code c} ({@link Lookup#solution}); "solvable": false and nulls when none. */
  public static Map<String, Object> solution(KlotskiDb db, CaseRecord c) {
    return solution(c.code(), Lookup.solution(db, c));
  }

  /** The solution document of a path from {@code code} (null: unsolvable). */
  public static Map<String, Object> solution(long code, long[] path) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("code", Code.format(code));
    m.put("solvable", path != null);
    m.put("steps", path == null ? null : path.length - 1);
    m.put("path", path == null ? null : codes(path));
    return m;
  }

  /** A shortest path between two layouts of one group ({@link Solver#path}); null when they are in different groups. */
  public static Map<String, Object> path(long a, long b) {
    long[] path = Solver.path(a, b);
    if (path == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("from", Code.format(a));
    m.put("to", Code.format(b));
    m.put("steps", path.length - 1);
    m.put("path", codes(path));
    return m;
  }

  /** Why {@link #path} found none. */
  public static String noPath(long a, long b) {
    return Code.format(a) + " and " + Code.format(b)
        + " are in different groups: no sequence of moves joins them";
  }

  /** One page of a layout's farthest layouts ({@code farthest}) or its solutions, from its facts. */
  public static Map<String, Object> lists(CaseRecord c, RootFacts f, boolean farthest, int offset, int limit) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("code", Code.format(c.code()));
    m.put("group", c.groupName());
    long[] list = farthest ? f.farthest() : f.solutions();
    if (farthest) {
      m.put("farthest_step", f.farthestStep());
      m.put("farthest_num", list.length);
    } else {
      m.put("min_solution_step", f.minSolutionStep() < 0 ? null : f.minSolutionStep());
      m.put("min_solution_num", f.minSolutionNum());
      m.put("solution_num", list.length);
    }
    m.put("offset", offset);
    m.put("limit", limit);
    m.put(farthest ? "farthest_layouts" : "solutions", farthest ? farthestItems(f, offset, limit)
        : solutionItems(f, offset, limit));
    return m;
  }

  /** Up to {@code limit} of a layout's farthest layouts from the {@code offset}-th: codes, ascending. */
  public static List<Object> farthestItems(RootFacts f, int offset, int limit) {
    long[] list = f.farthest();
    List<Object> page = new ArrayList<>();
    for (int k = offset; k < list.length && k - offset < limit; k++) {
      page.add(Code.format(list[k]));
    }
    return page;
  }

  /** Up to {@code limit} of a layout's solutions from the {@code offset}-th: code, step, minimum or not. */
  public static List<Object> solutionItems(RootFacts f, int offset, int limit) {
    long[] list = f.solutions();
    int[] steps = f.steps();
    List<Object> page = new ArrayList<>();
    for (int k = offset; k < list.length && k - offset < limit; k++) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("code", Code.format(list[k]));
      one.put("step", steps[k]);
      one.put("minimum", k < f.minSolutionNum());
      page.add(one);
    }
    return page;
  }

  /** One page of one layer's members; null when the group has no such layer. */
  public static Map<String, Object> layer(KlotskiDb db, GroupRecord g, int layer, int offset, int limit) {
    return layer(g, layer, offset, limit, each -> db.forEachInLayer(g.jiang(), g.bing(), g.style(), g.groupNum(),
        layer, each));
  }

  /**
   * The same page from a group flooded alone ({@link Computed}, no database): its members of the
   * layer in group_index order, as the database holds them.
   */
  public static Map<String, Object> layer(OneGroup group, GroupRecord g, int layer, int offset, int limit) {
    return layer(g, layer, offset, limit, each -> {
      for (int i = 0; i < group.size(); i++) {
        if (group.layer(i) == layer) {
          each.accept(group.code(i));
        }
      }
    });
  }

  private static Map<String, Object> layer(GroupRecord g, int layer, int offset, int limit,
      Consumer<LongConsumer> members) {
    if (layer >= g.layers()) {
      return null;
    }
    List<String> codes = new ArrayList<>();
    int[] seen = {0};
    members.accept(code -> {
      if (seen[0] >= offset && codes.size() < limit) {
        codes.add(Code.format(code));
      }
      seen[0]++;
    });
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("group", g.name());
    m.put("layer", layer);
    m.put("size", g.layerSizes()[layer]);
    m.put("offset", offset);
    m.put("limit", limit);
    m.put("codes", codes);
    return m;
  }

  /**
   * {@code GET /api/catalogue}: the named layouts ({@link Catalogue}) in catalogue order, each with
   * its facts from this database (null where the database does not hold its class), and the
   * sources. A layout is listed once per name and source; {@code pinyin_keys}: how its name reads
   * in pinyin without tones or spaces (up to 8 readings, for a filter box; {@link Spellings}).
   */
  public static Map<String, Object> catalogue(KlotskiDb db) {
    Catalogue cat = Catalogue.get();
    List<Object> sources = new ArrayList<>();
    for (Catalogue.Source s : cat.sources()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("id", s.id());
      one.put("title", s.title());
      one.put("origin", s.origin());
      sources.add(one);
    }
    List<Object> layouts = new ArrayList<>();
    for (Catalogue.Entry e : cat.entries()) {
      CaseRecord c = db.caseOf(e.code()).orElse(null);
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("name", e.name());
      one.put("pinyin", e.pinyin().isEmpty() ? null : e.pinyin());
      List<String> keys = cat.spellings().pinyinKeys(e.name());
      one.put("pinyin_keys", keys.subList(0, Math.min(8, keys.size()))); // for a filter box: toneless, no spaces
      one.put("source", e.source());
      one.put("classic", e.source().equals(Catalogue.CLASSICS));
      one.put("code", Code.format(e.code()));
      one.put("class", LayoutClass.name(LayoutClass.of(e.code())));
      one.put("in_database", c != null);
      one.put("min_solution_step", c == null || !c.isSolvable() ? null : c.minSolutionStep());
      one.put("difficulty", c == null || !c.isSolvable() ? null : Difficulty.word(c.minSolutionStep()));
      layouts.add(one);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sources", sources);
    m.put("layouts", layouts);
    // for a filter box: the traditional characters of the names' characters, each to its simplified one
    m.put("simplified", cat.spellings().traditionalOf(cat.entries().stream().map(Catalogue.Entry::name).toList()));
    return m;
  }

  /**
   * Steps-to-solve counts of the 64 groups asked last, kept with the database handle (they never
   * change under one, {@link KlotskiDb#derived}): each counted once however many requests ask at once.
   */
  private static final KlotskiDb.Derived<Cache<String, int[]>> STEPS =
      new KlotskiDb.Derived<>(db -> CacheBuilder.newBuilder().maximumSize(64).build());

  /**
   * {@code GET /api/group/{G}/steps}: how many of the group's layouts need each number of steps
   * to solve (index = min_solution_step; empty for an unsolvable group). One look-up per member,
   * kept per database handle for the 64 groups asked last.
   */
  public static Map<String, Object> groupSteps(KlotskiDb db, GroupRecord g) {
    int[] sizes;
    try {
      sizes = db.derived(STEPS).get(g.name(), () -> stepSizes(db, g));
    } catch (ExecutionException | UncheckedExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("group", g.name());
    m.put("solvable", g.isSolvable());
    m.put("min_solution_step_sizes", sizes);
    return m;
  }

  /** How many of the group's layouts need each number of steps: one look-up per member. */
  private static int[] stepSizes(KlotskiDb db, GroupRecord g) {
    int[] counts = new int[g.isSolvable() ? g.maxMinSolutionStep() + 1 : 0];
    if (g.isSolvable()) {
      db.forEachMember(g.jiang(), g.bing(), g.style(), g.groupNum(), code -> counts[db.caseOf(code)
          .orElseThrow(() -> new IllegalStateException("the database is inconsistent: " + Code.format(code)
              + " is a member of " + g.name() + " but has no record")).minSolutionStep()]++);
    }
    return counts;
  }

  /**
   * The last layer any group could have: a layer is stored in 16 bits ({@code cases}' layer). A
   * layer outside 0 .. 65535 is refused as a usage error (the API's 400, exit 2), one the group
   * lacks is not found (404, exit 1).
   */
  public static final int MAX_LAYER = (int) CaseField.LAYER.max();

  /** Why {@link #layer} found none. */
  public static String noLayer(GroupRecord g, int layer) {
    return "group " + g.name() + " has layers 0.." + (g.layers() - 1) + ", no layer " + layer;
  }

  private static List<String> codes(long[] path) {
    List<String> out = new ArrayList<>(path.length);
    for (long code : path) {
      out.add(Code.format(code));
    }
    return out;
  }
}
