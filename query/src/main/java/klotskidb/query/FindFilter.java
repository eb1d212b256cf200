package klotskidb.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.FindFarthestCodec;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Names;

/**
 * A question of {@code find} ({@link Finder}): class (or jiang, bing, style), group, a range of
 * min_solution_step, solvable, symmetric, minimal, a range of farthest_step, a range of
 * optimal_solution_num ({@code min_optimal}, {@code max_optimal}), the order, and one
 * layout of each mirror pair ({@code distinct_mirror}: the one with the smaller code, a symmetric
 * layout being its own pair); -1 (numbers) and null (yes/no) are "any"; a group implies its class.
 * A group is its name or a layout of it, as {@code klotski group X} takes it ({@code group=横刀立马}:
 * 5-4-1-1, found in the database by {@link #in} before the question is asked).
 *
 * <pre>
 *   FindFilter.parse(Map.of("class", "5-4-1", "minimal", "yes", "order", "hardest")).question()
 *       -> "class=5-4-1&minimal=true&order=hardest"   (what a cursor is bound to)
 * </pre>
 *
 * Parsed from the words the API and the command line share ({@link #KEYS}); a bad value fails
 * naming it as its caller spells it ({@code naming}: the API's {@code 'min_steps'}, the command
 * line's {@code --min-steps}), so a refusal is written once, in the asker's words, never mapped
 * back from another's. Which rows and buckets of the index it takes ({@link #matches}, {@link #takes},
 * {@link #lowSteps1}) is asked by the scan.
 */
public record FindFilter(int jiang, int bing, int style, int groupNum, int minSteps, int maxSteps, Boolean solvable,
    Boolean symmetric, Boolean minimal, int minFarthest, int maxFarthest, boolean hardestFirst, boolean distinctMirror,
    long minOptimal, long maxOptimal, UnaryOperator<String> naming, GroupOf groupOf) {
  /**
   * A group given as a layout of it ({@code group=横刀立马}), as {@code klotski group X} takes one:
   * what was typed, the layout it names and the class given beside it (null if none); its group is
   * found in the database ({@link #in}). The question is asked only once it is (null: no such word,
   * or a name J-B-S-G).
   */
  public record GroupOf(String typed, LayoutRef layout, String cls) {}

  /** The filter's words, as {@link #parse} takes them (the command line's options are these, dashed). */
  public static final List<String> KEYS = List.of("class", "group", "jiang", "bing", "style", "min_steps",
      "order",
      "max_steps", "solvable", "symmetric", "minimal", "min_farthest", "max_farthest", "min_optimal", "max_optimal",
      "distinct_mirror");

  /** The API's way to name a word in a refusal: quoted, {@code 'min_steps'}. */
  public static final UnaryOperator<String> QUOTED = word -> "'" + word + "'";

  /** The filter's words as the API takes them; a bad value fails naming it ({@link #QUOTED}). */
  public static FindFilter parse(Map<String, String> q) {
    return parse(q, QUOTED);
  }

  /**
   * The filter's words as the API and the command line take them; a bad value fails naming it
   * by {@code naming} (for the page's words too: {@code limit}, {@code cursor}, {@code offset}).
   */
  public static FindFilter parse(Map<String, String> q, UnaryOperator<String> naming) {
    return parse(q, naming, false);
  }

  /**
   * The filter; {@code puzzles}: a set to print, puzzles to solve whatever else is asked (see
   * {@link #parseSheet}). The one place that reads "puzzles to solve unless the steps or solvable
   * are given", for find's range of optimal solutions and for a sheet.
   */
  private static FindFilter parse(Map<String, String> q, UnaryOperator<String> naming,
      boolean puzzles) {
    int jiang = -1;
    int bing = -1;
    int style = -1;
    String cls = q.get("class");
    int groupNum = -1;
    String group = q.get("group");
    // a layout of the group (横刀立马) is read now and found in the database by in(db)
    GroupOf groupOf = group == null ? null : groupOf(group, cls);
    if (group != null && groupOf == null) {
      int[] p = Names.parse(group, 4);
      if (cls != null && !cls.equals(p[0] + "-" + p[1] + "-" + p[2])) {
        throw new InputException(naming.apply("group") + " " + group + " is not of " + naming.apply("class") + " " + cls);
      }
      cls = p[0] + "-" + p[1] + "-" + p[2];
      groupNum = p[3];
    }
    if (cls != null) {
      int c = LayoutClass.parse(cls);
      jiang = LayoutClass.jiangOf(c);
      bing = LayoutClass.bingOf(c);
      style = LayoutClass.styleOf(c);
    }
    // what fixed the class, for a jiang, bing or style that contradicts it
    String fixedBy = cls == null ? null : q.get("class") != null ? naming.apply("class") + " " + cls
        : naming.apply("group") + " " + group + " (of class " + cls + ")";
    jiang = part(q, "jiang", jiang, 7, fixedBy, naming);
    bing = part(q, "bing", bing, 14, fixedBy, naming);
    style = part(q, "style", style, 7, fixedBy, naming);
    int min = number(q, "min_steps", -1, naming);
    int max = number(q, "max_steps", -1, naming);
    if (min >= 0 && max >= 0 && min > max) {
      throw new InputException(naming.apply("min_steps") + " " + min + " is more than " + naming.apply("max_steps") + " "
          + max);
    }
    int minFar = number(q, "min_farthest", -1, naming);
    int maxFar = number(q, "max_farthest", -1, naming);
    if (minFar >= 0 && maxFar >= 0 && minFar > maxFar) {
      throw new InputException(naming.apply("min_farthest") + " " + minFar + " is more than "
          + naming.apply("max_farthest") + " " + maxFar);
    }
    long minOpt = count(q, "min_optimal", naming);
    long maxOpt = count(q, "max_optimal", naming);
    if (minOpt >= 0 && maxOpt >= 0 && minOpt > maxOpt) {
      throw new InputException(naming.apply("min_optimal") + " " + minOpt + " is more than "
          + naming.apply("max_optimal") + " " + maxOpt);
    }
    Boolean solvable = yesNo(q, "solvable", naming);
    if (solvable == null && min < 0 && max < 0 && (puzzles || maxOpt >= 1)) {
      // puzzles to solve: solvable and not solved yet. A sheet's always; and "at most N shortest
      // lines" asks about puzzles: an unsolvable layout has no line (its count is 0: 421,409 of them
      // came first) and a solved one is no puzzle. max_optimal 0, a step range or solvable given
      // say otherwise
      min = 1;
    }
    if (Boolean.FALSE.equals(solvable) && (min >= 0 || max >= 0)) {
      throw new InputException("an unsolvable layout has no steps: give " + naming.apply("min_steps") + "/"
          + naming.apply("max_steps") + " or " + naming.apply("solvable") + " false, not both");
    }
    for (String k : q.keySet()) {
      if (!KEYS.contains(k) && !k.equals("limit") && !k.equals("cursor") && !k.equals("offset")) {
        throw new InputException("unknown filter " + UserText.quote(k) + ": expected "
            + String.join(", ", KEYS) + " (and limit, cursor or offset)");
      }
    }
    String order = q.getOrDefault("order", "class");
    if (!order.equals("class") && !order.equals("hardest")) {
      throw new InputException(naming.apply("order") + " must be class or hardest, not " + UserText.quote(order));
    }
    Boolean minimal = yesNo(q, "minimal", naming);
    if (Boolean.TRUE.equals(minimal) && Boolean.FALSE.equals(solvable)) {
      throw new InputException("a minimal puzzle is solvable: " + naming.apply("minimal") + " true and "
          + naming.apply("solvable") + " false find nothing");
    }
    return new FindFilter(jiang, bing, style, groupNum, min, max, solvable, yesNo(q, "symmetric", naming), minimal,
        minFar, maxFar, order.equals("hardest"), Boolean.TRUE.equals(yesNo(q, "distinct_mirror", naming)), minOpt,
        maxOpt, naming, groupOf);
  }

  /**
   * The group word as a layout of the group; null for a name J-B-S-G. Neither is refused as {@code
   * klotski group X} refuses it ({@link Lookup#asLayout}: "did you mean 横刀立马?").
   */
  private static GroupOf groupOf(String group, String cls) {
    LayoutRef layout = Lookup.asLayout(group);
    return layout == null ? null : new GroupOf(group.trim(), layout, cls);
  }

  /**
   * The filter of a database: a group given as a layout ({@link GroupOf}) made its group's name, as
   * if J-B-S-G had been typed; {@code this} otherwise. A class, jiang, bing or style beside it that
   * is not the group's is refused, as for a group's name; a group the database does not hold is
   * not found ({@link Lookup.NotFoundException}, as {@code klotski group} and the API's group say),
   * never a question with no answer.
   */
  public FindFilter in(KlotskiDb db) {
    if (groupOf == null) {
      if (groupNum >= 0) {
        Lookup.group(db, jiang + "-" + bing + "-" + style + "-" + groupNum);
      }
      return this;
    }
    GroupRecord g = Lookup.groupOf(db, Lookup.layout(db, groupOf.layout()));
    String fixedBy = naming.apply("group") + " " + groupOf.typed() + " (of group " + g.name() + ")";
    if (groupOf.cls() != null && (jiang != g.jiang() || bing != g.bing() || style != g.style())) {
      throw new InputException(fixedBy + " is not of " + naming.apply("class") + " " + groupOf.cls());
    }
    check("jiang", jiang, g.jiang(), fixedBy);
    check("bing", bing, g.bing(), fixedBy);
    check("style", style, g.style(), fixedBy);
    return new FindFilter(g.jiang(), g.bing(), g.style(), g.groupNum(), minSteps, maxSteps, solvable, symmetric,
        minimal, minFarthest, maxFarthest, hardestFirst, distinctMirror, minOptimal, maxOptimal, naming, null);
  }

  /** Refuses to be asked while a group given as a layout is not found yet ({@link #in}). */
  void asked() {
    if (groupOf != null) {
      throw new IllegalStateException("the group " + groupOf.typed() + " is not found yet: ask FindQuestion.on(db, filter)");
    }
  }

  private void check(String key, int given, int ofGroup, String fixedBy) {
    if (given >= 0 && given != ofGroup) {
      throw new InputException(naming.apply(key) + " " + given + " contradicts " + fixedBy);
    }
  }

  private static int part(Map<String, String> q, String key, int fromClass, int max, String fixedBy,
      UnaryOperator<String> naming) {
    int v = number(q, key, -1, naming);
    if (v > max) {
      throw new InputException(naming.apply(key) + " must be from 0 to " + max + ", not " + v);
    }
    if (v >= 0 && fromClass >= 0 && v != fromClass) {
      throw new InputException(naming.apply(key) + " " + v + " contradicts " + fixedBy);
    }
    return v >= 0 ? v : fromClass;
  }

  private static int number(Map<String, String> q, String key, int fallback,
      UnaryOperator<String> naming) {
    String v = q.get(key);
    if (v == null) {
      return fallback;
    }
    if (v.isEmpty() || v.length() > 5 || !v.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new InputException(naming.apply(key) + " must be a whole number, not " + UserText.quote(v));
    }
    return Integer.parseInt(v);
  }

  /** A count of optimal solutions (up to 2^32 - 1, as stored), -1 when not given. */
  private static long count(Map<String, String> q, String key, UnaryOperator<String> naming) {
    String v = q.get(key);
    if (v == null) {
      return -1;
    }
    if (v.isEmpty() || v.length() > 10 || !v.chars().allMatch(ch -> ch >= '0' && ch <= '9')
        || Long.parseLong(v) > 0xFFFF_FFFFL) {
      throw new InputException(naming.apply(key) + " must be a whole number from 0 to 4294967295, not "
          + UserText.quote(v));
    }
    return Long.parseLong(v);
  }

  private static Boolean yesNo(Map<String, String> q, String key, UnaryOperator<String> naming) {
    return UserText.yesNoNamed(naming.apply(key), q.get(key));
  }

  /**
   * A sheet's question: find's, of puzzles to solve (solvable, not solved: min_steps 1) unless
   * {@code solvable} or a step range is given, the same for {@code klotski sheet} and {@code /api/sheet}.
   */
  public static FindFilter parseSheet(Map<String, String> q) {
    return parseSheet(q, QUOTED);
  }

  /** As above, a refusal naming each word as {@code naming} spells it (--min-steps on the command line). */
  public static FindFilter parseSheet(Map<String, String> q, UnaryOperator<String> naming) {
    return parse(q, naming, true);
  }

  /** A word of the question (or of its page: limit, cursor, offset) as its asker spells it. */
  String named(String word) {
    return naming.apply(word);
  }

  /** Whether it asks for a range of optimal_solution_num. */
  public boolean byOptimal() {
    return minOptimal >= 0 || maxOptimal >= 0;
  }

  /**
   * Whether it asks nothing of the layouts' facts but where they are (class, jiang, bing, style,
   * group) and a farthest_step range: no steps, solvable, symmetric, minimal, range of optimal
   * solutions or one of each mirror pair. Such a question is counted by the index's markers or the
   * group's size ({@link Finder#total}).
   */
  boolean asksNoFact() {
    return minSteps < 0 && maxSteps < 0 && solvable == null && symmetric == null && minimal == null && !distinctMirror
        && !byOptimal();
  }

  /** Whether it asks for a range of farthest_step (analysed classes only). */
  public boolean byFarthest() {
    return minFarthest >= 0 || maxFarthest >= 0;
  }

  boolean farthestMatches(int farthestStep) {
    return (minFarthest < 0 || farthestStep >= minFarthest) && (maxFarthest < 0 || farthestStep <= maxFarthest);
  }

  /** Whether a {@code find_farthest} row's range of farthest_step meets the filter's. */
  boolean farthestMeets(byte[] indexRow) {
    return (minFarthest < 0 || FindFarthestCodec.max(indexRow) >= minFarthest)
        && (maxFarthest < 0 || FindFarthestCodec.min(indexRow) <= maxFarthest);
  }

  /**
   * Whether {@code code} is the one of its mirror pair the filter takes: any, or with {@code
   * distinct_mirror} the one with the smaller code (a symmetric layout is its own mirror image).
   */
  boolean takesOfPair(long code, Mover mover) {
    return !distinctMirror || code <= mover.mirror(code);
  }

  /** Whether the layouts of a bucket of this kind (symmetric * 2 + minimal) match. */
  boolean takes(int kind) {
    return (symmetric == null || symmetric == (kind >>> 1 == 1)) && (minimal == null || minimal == ((kind & 1) == 1));
  }

  /** Whether class {@code cls} matches. */
  boolean matches(int cls) {
    return (jiang < 0 || LayoutClass.jiangOf(cls) == jiang) && (bing < 0 || LayoutClass.bingOf(cls) == bing)
        && (style < 0 || LayoutClass.styleOf(cls) == style);
  }

  /**
   * The range of min_solution_step + 1 it takes (0: unsolvable). A step range takes solvable
   * layouts only, with or without its lower end: "at most 3 steps to solve" is no unsolvable layout.
   */
  int lowSteps1() {
    return Boolean.FALSE.equals(solvable) ? 0 : minSteps >= 0 ? minSteps + 1
        : Boolean.TRUE.equals(solvable) || maxSteps >= 0 ? 1 : 0;
  }

  int highSteps1() {
    return Boolean.FALSE.equals(solvable) ? 0 : maxSteps >= 0 ? maxSteps + 1 : 0xFFFF;
  }

  /**
   * The question as one line of words, the same for the same filter and order however it was
   * typed ("class=5-4-1&minimal=true&order=hardest"; "all" for no filter): what a cursor is
   * bound to.
   */
  public String question() {
    Map<String, Object> m = describe();
    StringBuilder sb = new StringBuilder();
    if (jiang >= 0 && bing >= 0 && style >= 0) {
      m.remove("jiang");
      m.remove("bing");
      m.remove("style");
      m.remove("group");
      sb.append(groupNum >= 0 ? "group=" + jiang + "-" + bing + "-" + style + "-" + groupNum
          : "class=" + jiang + "-" + bing + "-" + style);
    }
    for (Map.Entry<String, Object> e : m.entrySet()) {
      if (!e.getKey().equals("order")) {
        sb.append(sb.length() == 0 ? "" : "&").append(e.getKey()).append('=').append(e.getValue());
      }
    }
    if (hardestFirst) {
      sb.append(sb.length() == 0 ? "" : "&").append("order=hardest");
    }
    return sb.length() == 0 ? "all" : sb.toString();
  }

  /**
   * The question as a reader says it, in English or Chinese (a sheet's heading): "Class 5-4-1,
   * minimal puzzles only, at least 1 step to solve, one of each mirror pair, hardest first";
   * "类别 5-4-1，只要极简题，最少步数至少 1，镜像成对的只取一个，最难的在前". The words the
   * page's finder uses for the same choices; {@link #question()} is the machine's spelling.
   */
  public String inWords(boolean zh) {
    asked();
    List<String> w = new ArrayList<>();
    if (groupNum >= 0) {
      w.add((zh ? "组 " : "group ") + jiang + "-" + bing + "-" + style + "-" + groupNum);
    } else if (jiang >= 0 && bing >= 0 && style >= 0) {
      w.add((zh ? "类别 " : "class ") + jiang + "-" + bing + "-" + style);
    } else {
      if (jiang >= 0) {
        w.add(zh ? "两格棋子 " + jiang + " 个" : UserText.count(jiang, "two-cell piece", "two-cell pieces"));
      }
      if (bing >= 0) {
        w.add(zh ? "兵 " + bing + " 个" : UserText.count(bing, "soldier", "soldiers"));
      }
      if (style >= 0) {
        w.add(zh ? "横放 " + style + " 个" : style + " lying flat");
      }
    }
    if (Boolean.TRUE.equals(minimal)) {
      w.add(zh ? "只要极简题" : "minimal puzzles only");
    } else if (Boolean.FALSE.equals(minimal)) {
      w.add(zh ? "非极简题" : "not minimal");
    }
    if (Boolean.FALSE.equals(solvable)) {
      w.add(zh ? "无解" : "unsolvable");
    } else if (Boolean.TRUE.equals(solvable) && minSteps < 0 && maxSteps < 0) {
      w.add(zh ? "有解" : "solvable");
    }
    String steps = range(minSteps, maxSteps, zh, "step", "steps");
    if (steps != null) {
      w.add(zh ? "最少步数" + steps : steps + " to solve");
    }
    String farthest = range(minFarthest, maxFarthest, zh, "step", "steps");
    if (farthest != null) {
      w.add(zh ? "最远步数" + farthest : "farthest layouts " + farthest + " away");
    }
    String optimal = range(minOptimal, maxOptimal, zh, "optimal solution", "optimal solutions");
    if (optimal != null) {
      w.add(zh ? "最优走法" + optimal + " 种" : optimal);
    }
    if (Boolean.TRUE.equals(symmetric)) {
      w.add(zh ? "对称" : "symmetric");
    } else if (Boolean.FALSE.equals(symmetric)) {
      w.add(zh ? "不对称" : "not symmetric");
    }
    if (distinctMirror) {
      w.add(zh ? "镜像成对的只取一个" : "one of each mirror pair");
    }
    w.add(hardestFirst ? (zh ? "最难的在前" : "hardest first") : (zh ? "按类别、步数" : "by class, then steps"));
    String all = String.join(zh ? "，" : ", ", w);
    return zh ? all : Character.toUpperCase(all.charAt(0)) + all.substring(1);
  }

  /** "10 to 20 steps", "at least 1 step", "at most 3 optimal solutions" (Chinese: " 10 到 20", "至少 1"); null for none. */
  private static String range(long min, long max, boolean zh, String one, String many) {
    if (min < 0 && max < 0) {
      return null;
    }
    if (zh) {
      return min >= 0 && max >= 0 ? (min == max ? " " + min : " " + min + " 到 " + max)
          : min >= 0 ? "至少 " + min : "至多 " + max;
    }
    long last = max >= 0 ? max : min;
    String unit = last == 1 ? one : many;
    return min >= 0 && max >= 0 ? (min == max ? min + " " + unit : min + " to " + max + " " + unit)
        : min >= 0 ? "at least " + min + " " + unit : "at most " + max + " " + unit;
  }

  /** The filter as words (those given), for an answer to repeat. */
  public Map<String, Object> describe() {
    asked();
    Map<String, Object> m = new LinkedHashMap<>();
    if (hardestFirst) {
      m.put("order", "hardest");
    }
    if (jiang >= 0) {
      m.put("jiang", jiang);
    }
    if (bing >= 0) {
      m.put("bing", bing);
    }
    if (style >= 0) {
      m.put("style", style);
    }
    if (groupNum >= 0) {
      m.put("group", jiang + "-" + bing + "-" + style + "-" + groupNum);
    }
    if (minSteps >= 0) {
      m.put("min_steps", minSteps);
    }
    if (maxSteps >= 0) {
      m.put("max_steps", maxSteps);
    }
    if (solvable != null) {
      m.put("solvable", solvable);
    }
    if (symmetric != null) {
      m.put("symmetric", symmetric);
    }
    if (minimal != null) {
      m.put("minimal", minimal);
    }
    if (minFarthest >= 0) {
      m.put("min_farthest", minFarthest);
    }
    if (maxFarthest >= 0) {
      m.put("max_farthest", maxFarthest);
    }
    if (minOptimal >= 0) {
      m.put("min_optimal", minOptimal);
    }
    if (maxOptimal >= 0) {
      m.put("max_optimal", maxOptimal);
    }
    if (distinctMirror) {
      m.put("distinct_mirror", true);
    }
    return m;
  }
}
