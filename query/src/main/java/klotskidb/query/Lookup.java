package klotskidb.query;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.function.LongFunction;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Names;

/**
 * Questions answered from a database, shared by the command line and the HTTP API: a layout
 * named by text, its moves with their distances, its optimal solution.
 *
 * <pre>
 *   CaseRecord c = Lookup.layout(db, "4WVE1");      // 1A9BF0C00, min_solution_step 81
 *   Lookup.solution(db, c)                          // 82 codes, ending on a solved layout
 * </pre>
 *
 * The solution walks stored distances: from each layout, the first neighbour in code order one
 * step closer to a solved layout (81 lookups of a handful of neighbours for the classic start).
 */
public final class Lookup {
  /** A well-formed layout or group that the database does not hold. */
  public static final class NotFoundException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String kind;
    private final Map<String, Object> details;

    public NotFoundException(String message) {
      this(message, null, Map.of());
    }

    /** What is not there, in words a client can look up ({@code kind}) and the details it names. */
    public NotFoundException(String message, String kind, Map<String, Object> details) {
      super(message);
      this.kind = kind;
      this.details = details;
    }

    public String kind() {
      return kind;
    }

    public Map<String, Object> details() {
      return details;
    }
  }

  private Lookup() {}

  /** The stored record of a layout given as text (see {@link LayoutRef}). */
  public static CaseRecord layout(KlotskiDb db, String text) {
    return layout(db, LayoutRef.parse(text));
  }

  /** The stored record of a layout as parsed from what was typed. */
  public static CaseRecord layout(KlotskiDb db, LayoutRef ref) {
    long code;
    switch (ref.kind) {
      case ID -> {
        code = db.codeOfId((int) ref.value);
        if (code < 0) {
          throw new NotFoundException("id " + ref.value + " is not in the database", "id_not_held", Map.of("id", ref.value));
        }
      }
      case GROUP_PLACE -> {
        int[] p = Names.parse(ref.text, 5);
        code = db.codeOfName(p[0], p[1], p[2], p[3], p[4]);
        if (code < 0) {
          throw new NotFoundException("no layout is named " + ref.text + " in the database", "name_not_held",
              Map.of("input", ref.text));
        }
      }
      default -> code = ref.value;
    }
    long c = code;
    return db.caseOf(c).orElseThrow(() -> new NotFoundException(
        "layout " + Code.format(c) + " is not in the database (built for other classes)", "layout_not_held",
        Map.of("code", Code.format(c))));
  }

  /** The stored record of a layout's group. */
  public static GroupRecord groupOf(KlotskiDb db, CaseRecord c) {
    return db.group(c.jiang(), c.bing(), c.style(), c.groupNum()).orElseThrow(() ->
        new IllegalStateException("the database has no record of group " + c.groupName()));
  }

  /** A group named J-B-S-G. */
  public static GroupRecord group(KlotskiDb db, String name) {
    int[] p = parseGroup(name);
    return db.group(p[0], p[1], p[2], p[3]).orElseThrow(() ->
        new NotFoundException("no group " + name.trim() + " in the database", "group_not_held",
            Map.of("input", name.trim())));
  }

  /**
   * The group {@code text} names: a group name J-B-S-G, or a layout in any form {@link LayoutRef}
   * reads, its group ({@code 横刀立马}: 5-4-1-1), as {@code klotski group X} and {@code GET
   * /api/group/{G}} take it.
   */
  public static GroupRecord groupFor(KlotskiDb db, String text) {
    LayoutRef ref = asLayout(text);
    return ref == null ? group(db, text) : groupOf(db, layout(db, ref));
  }

  /**
   * What a group's place takes ({@link #groupFor}), checked without a database: null for a group
   * name J-B-S-G, else the layout it names. Numbers joined by dashes that are neither get the group
   * name's error ({@code 5-4-1}: "not a name of the form jiang-bing-style-group_num"), any other
   * text the layout's ({@code 横刀力马}: "did you mean 横刀立马?").
   */
  public static LayoutRef asLayout(String text) {
    String t = text.trim();
    if (Names.looksLike(t, 4) || t.matches("\\d+(-\\d+)+") && !Names.looksLike(t, 5)) {
      parseGroup(t);
      return null;
    }
    return LayoutRef.parse(text);
  }

  /** A group name J-B-S-G as numbers, checked without a database: its class must be one. */
  public static int[] parseGroup(String name) {
    int[] p = Names.parse(name.trim(), 4);
    LayoutRef.classOf(p); // "no class '9-9-9'", as a layout's name J-B-S-G-I says
    return p;
  }

  /** The records of every layout one step from {@code c}, in code order. */
  public static CaseRecord[] neighbours(KlotskiDb db, CaseRecord c) {
    return neighbours(c, code -> db.caseOf(code).orElseThrow(() -> new IllegalStateException(
        "the database is inconsistent: " + Code.format(code) + ", a move from " + Code.format(c.code())
            + ", is missing")));
  }

  /** The same from any records: a database's, or those of a group flooded alone ({@link Computed}). */
  public static CaseRecord[] neighbours(CaseRecord c, LongFunction<CaseRecord> record) {
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    int n = new Mover().neighbours(c.code(), next);
    Arrays.sort(next, 0, n);
    CaseRecord[] out = new CaseRecord[n];
    for (int i = 0; i < n; i++) {
      out[i] = record.apply(next[i]);
    }
    return out;
  }

  /** Whether moving from {@code from} to its neighbour {@code to} is one step closer to a solution. */
  public static boolean optimal(CaseRecord from, CaseRecord to) {
    return from.isSolvable() && to.minSolutionStep() == from.minSolutionStep() - 1;
  }

  /** An optimal solution from {@code c}: its code, then one per step, ending solved; null if unsolvable. */
  public static long[] solution(KlotskiDb db, CaseRecord c) {
    if (!c.isSolvable()) {
      return null;
    }
    LongArrayList path = new LongArrayList();
    path.add(c.code());
    while (c.minSolutionStep() > 0) {
      CaseRecord closer = null;
      for (CaseRecord m : neighbours(db, c)) {
        if (optimal(c, m)) {
          closer = m;
          break;
        }
      }
      if (closer == null) {
        throw new IllegalStateException("the database is inconsistent: no neighbour of "
            + Code.format(c.code()) + " is one step closer to a solution");
      }
      c = closer;
      path.add(c.code());
    }
    return path.toLongArray();
  }
}
