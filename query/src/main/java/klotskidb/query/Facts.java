package klotskidb.query;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import klotskidb.db.CaseRecord;
import klotskidb.db.CasesCodec;
import klotskidb.db.CasesCodec.Field;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;

/**
 * Every fact of a layout and of a group, declared once: its name (the same in the API, {@code
 * --json}, Parquet and SQLite), its type, when it is null, one sentence of meaning in English and
 * Chinese, where it appears, and how it is read from the stored records. The outputs are derived
 * from this list ({@link Documents}, the Parquet card's columns, {@code /api/facts} and the page's
 * glossary) or checked against it by a test (the Parquet schema, the SQLite columns, the OpenAPI
 * description, SCHEMA.md's vocabulary).
 *
 * <pre>
 *   Facts.layout("optimal_solution_num")
 *     -> optimal_solution_num, LONG, never null, in JSON, Parquet and SQLite,
 *        "how many distinct shortest move sequences solve it ...", stored in its row's field
 *        CasesCodec.Field.OPTIMAL_SOLUTION_NUM (32 bits, read through it: {@link Fact#value})
 *   of 1A9BF0C00 (横刀立马): 256
 * </pre>
 *
 * A new per-layout fact is then its computation, its field in the codec ({@code CasesCodec.Field}:
 * its width and null) and one entry here naming that field; the outputs follow: the JSON
 * documents, {@code info}, the SQLite facts, find's answers, {@code /api/facts}, the OpenAPI
 * schemas, and the Parquet column ({@code ParquetSchemas}: its type and width from here). Names
 * of the original release's files keep their meaning:
 * {@code min_solution_num} (how many solved layouts are nearest) and {@code solution_num} (the
 * group's solutions, solved layouts with no other solved layout on a shortest way to them) are not
 * counts of move sequences, which is {@code optimal_solution_num}; each says so in its label.
 */
public final class Facts {
  private Facts() {}

  /** A fact's type, and how each output writes it. */
  public enum Type {
    /** Text (JSON string, Parquet STRING, SQLite TEXT). */
    STRING("string"),
    /** A 32-bit whole number (JSON integer, Parquet int32 with a width annotation, SQLite INTEGER). */
    INT("integer"),
    /** A 64-bit whole number (JSON integer, Parquet int64, SQLite INTEGER). */
    LONG("integer"),
    /** true or false (SQLite 0 or 1). */
    BOOLEAN("boolean"),
    /** A percent to two decimals (JSON number, Parquet DECIMAL(4,2), SQLite REAL). */
    PERCENT("number"),
    /** A list of names (JSON only). */
    NAMES("array"),
    /** A list of whole numbers (JSON only). */
    INTS("array");

    /** The JSON Schema type. */
    public final String json;

    Type(String json) {
      this.json = json;
    }
  }

  /**
   * Where a fact appears: the JSON documents (a layout's; a group's own), the group summary inside
   * a layout's document, Parquet's table (layouts or groups), SQLite's {@code layouts} view, and
   * each answer of {@code find} (beside the layout's class).
   */
  public enum Output { JSON, SUMMARY, PARQUET, SQLITE, FIND }

  /**
   * One fact.
   *
   * @param name its snake_case name; a dotted name ({@code difficulty.word}) is a key of an object
   *     in the JSON documents, and its last part the column's name elsewhere
   * @param nullWhen when it is null, in words; null when never
   * @param label what people read beside the name, where the name alone misleads (original names)
   * @param analysed whether it exists only once the layout's class is analysed (absent before in JSON)
   * @param group whether it is a group's fact
   * @param stored the field of a layout's row that holds it ({@code cases}), null for the others:
   *     read from there
   * @param bits a whole number's width (8, 16 or 32: Parquet's annotation); a stored fact's field's
   */
  public record Fact(String name, Type type, String nullWhen, String en, String zh, String label,
      Set<Output> outputs, boolean analysed, boolean group, CasesCodec.Field stored, int bits) {
    /** A layout fact's value, from its stored record and its analysis (null until its class is analysed). */
    public Object value(CaseRecord c, KlotskiDb.Analysis a) {
      if (stored == null) {
        return read(name, c, a);
      }
      long v = CasesCodec.ofRecord(stored, c);
      return stored.isNull(v) ? null : switch (type) {
        case BOOLEAN -> v != 0;
        case LONG -> v;
        default -> (int) v;
      };
    }


    /** A group fact's value, from its record and its diameter (-1 until its class is analysed). */
    public Object value(GroupRecord g, int diameter) {
      return read(name, g, diameter);
    }

    /**
     * Whether only the writers of the original release's files compute it, not the catalogue:
     * {@code is_mirror}, by the original engine's rule ({@code LegacySymmetry}, in datasets).
     */
    public boolean computedByWriters() {
      return name.equals("is_mirror");
    }

    /** The column's name in Parquet: the name's last part. */
    public String column() {
      return name.substring(name.lastIndexOf('.') + 1);
    }

    /**
     * The column's name in SQLite's {@code layouts} view: the original release's name where its
     * SQL tables had one ({@code jiang_num}, kept as its {@code load.sql} named it), else {@link #column}.
     */
    public String sqliteColumn() {
      return ORIGINAL_SQL_NAMES.getOrDefault(column(), column());
    }

    public boolean nullable() {
      return nullWhen != null;
    }

    public boolean in(Output o) {
      return outputs.contains(o);
    }
  }

  private static final Set<Output> ALL = Collections.unmodifiableSet(EnumSet.of(Output.JSON, Output.PARQUET,
      Output.SQLITE));
  private static final Set<Output> ALL_AND_FIND = Collections.unmodifiableSet(EnumSet.of(Output.JSON, Output.PARQUET,
      Output.SQLITE, Output.FIND));
  private static final Set<Output> SQLITE_ONLY = Collections.unmodifiableSet(EnumSet.of(Output.SQLITE));
  private static final Set<Output> JSON_ONLY = Collections.unmodifiableSet(EnumSet.of(Output.JSON));
  private static final Set<Output> JSON_AND_FIND = Collections.unmodifiableSet(EnumSet.of(Output.JSON, Output.FIND));
  private static final Set<Output> PARQUET_ONLY = Collections.unmodifiableSet(EnumSet.of(Output.PARQUET));
  private static final Set<Output> EVERY_GROUP = Collections.unmodifiableSet(
      EnumSet.of(Output.JSON, Output.SUMMARY, Output.PARQUET));
  private static final Set<Output> GROUP_DOCUMENT = Collections.unmodifiableSet(EnumSet.of(Output.JSON, Output.PARQUET));

  /** The columns of the original release's SQL tables ({@code build/load.sql}) named otherwise here. */
  private static final Map<String, String> ORIGINAL_SQL_NAMES = Map.of("jiang", "jiang_num", "bing", "bing_num",
      "style", "style_num");

  private static final String UNSOLVABLE = "the layout's group has no solved layout";
  private static final String NOT_ANALYSED = "absent (JSON) or null (Parquet, SQLite) until the class is analysed "
      + "(klotski analyse)";

  /** A layout's fact held in its row ({@code cases}): read from the field, as wide as it. */
  private static Fact stored(String name, Field field, Type type, String nullWhen, String en, String zh,
      Set<Output> outputs) {
    if (field.nullable() != (nullWhen != null)) {
      throw new IllegalStateException(name + ": null " + (nullWhen != null ? "when " + nullWhen : "never")
          + ", but its field " + field + (field.nullable() ? " has a null" : " has none"));
    }
    return new Fact(name, type, nullWhen, en, zh, null, outputs, false, false, field, field.bits());
  }

  /** A layout's fact made from its record (text, or the shipped ranks), read by {@link #read}. */
  private static Fact layout(String name, Type type, String nullWhen, String en, String zh, Set<Output> outputs) {
    return new Fact(name, type, nullWhen, en, zh, null, outputs, false, false, null, 32);
  }

  private static Fact analysed(String name, int bits, String en, String zh, String label, Set<Output> outputs) {
    return new Fact(name, Type.INT, NOT_ANALYSED, en, zh, label, outputs, true, false, null, bits);
  }

  private static Fact groupKey(String name, int bits, String en, String zh) {
    return new Fact(name, Type.INT, null, en, zh, null, PARQUET_ONLY, false, true, null, bits);
  }

  private static Fact group(String name, Type type, int bits, String nullWhen, String en, String zh,
      Set<Output> outputs) {
    return new Fact(name, type, nullWhen, en, zh, null, outputs, false, true, null, bits);
  }

  /** A layout's facts, in the order of its JSON document. */
  public static final List<Fact> LAYOUT = List.of(
      layout("code", Type.STRING, null, "the layout's code: 9 upper-case hex digits (see SCHEMA.md)",
          "布局编码：9 位大写十六进制数", ALL_AND_FIND),
      layout("code_value", Type.LONG, null, "the code as a number, the sort key of the layouts table",
          "编码的数值，布局表的排序键", PARQUET_ONLY),
      stored("id", Field.ID, Type.INT, null, "the layout's place in code order, from 0", "布局按编码排序的序号，从 0 起",
          ALL),
      layout("short_code", Type.STRING, null, "the id in base 32, as dnomd343/klotski names layouts",
          "序号的 32 进制短码（dnomd343/klotski 的叫法）", ALL_AND_FIND),
      stored("jiang", Field.JIANG, Type.INT, null, "how many two-cell pieces (1x2 and 2x1) it has",
          "两格棋子（横竖将）的数目", ALL),
      stored("bing", Field.BING, Type.INT, null, "how many 1x1 pieces it has", "一格棋子（兵）的数目", ALL),
      stored("style", Field.STYLE, Type.INT, null, "how many of its two-cell pieces lie flat (1x2)", "横放的两格棋子数目",
          ALL),
      stored("group_num", Field.GROUP_NUM, Type.INT, null, "its group within the class (layouts reachable from each other)",
          "所在组在类中的编号（可互相到达的布局为一组）", ALL),
      stored("group_index", Field.GROUP_INDEX, Type.INT, null, "its place within its group", "在组内的序号", ALL),
      layout("name", Type.STRING, null, "jiang-bing-style-group_num-group_index", "布局名：将-兵-式-组号-组内序号",
          ALL_AND_FIND),
      stored("layer", Field.LAYER, Type.INT, null, "steps from its group's seed", "距组种子布局的步数", ALL),
      stored("min_solution_step", Field.MIN_SOLUTION_STEP, Type.INT, UNSOLVABLE, "the fewest steps to a solved layout",
          "到解开布局的最少步数", ALL_AND_FIND),
      stored("symmetric", Field.SYMMETRIC, Type.BOOLEAN, null, "the layout equals its left-right mirror", "左右镜像与自身相同",
          ALL_AND_FIND),
      layout("is_mirror", Type.STRING, null, "Y or N by the original engine's mirror rule, as in the published "
          + "main.csv (13,618 Y; symmetric is the exact rule)", "原版引擎的镜像规则（Y 或 N），与发布的 main.csv 相同",
          SQLITE_ONLY),
      stored("solved", Field.SOLVED, Type.BOOLEAN, null, "the 2x2 piece is at the exit (bottom middle)", "2x2 棋子已在出口（下方正中）",
          ALL),
      stored("minimal", Field.MINIMAL, Type.BOOLEAN, "a class one piece smaller is not in the database",
          "a minimal puzzle: solvable, and taking off any piece but the 2x2 makes it need fewer steps",
          "最简谜题：可解，且去掉 2x2 以外任一棋子都会让步数变少", ALL_AND_FIND),
      stored("optimal_solution_num", Field.OPTIMAL_SOLUTION_NUM, Type.LONG, null,
          "how many distinct shortest move sequences solve it (1 when solved, 0 when unsolvable)",
          "最优解法（不同的最短走法）的数目", ALL_AND_FIND),
      layout("catalogue_names", Type.NAMES, null, "its names in the catalogue of named layouts (often none)",
          "在命名布局目录中的名字（多数没有）", JSON_AND_FIND),
      layout("difficulty.word", Type.STRING, UNSOLVABLE,
          "a word by min_solution_step: solved 0, easy to 20, medium to 45, hard to 80, very_hard to 110, extreme",
          "按最少步数的难度词：已解开、简单、中等、困难、很难、极难", JSON_AND_FIND),
      layout("difficulty.harder_than_percent", Type.PERCENT, UNSOLVABLE,
          "the share of all solvable layouts (of all 29,334,498, whatever the database holds) that need fewer steps, "
              + "in percent, rounded down",
          "全部 29,334,498 个布局中（不论数据库收录哪些类）步数更少的可解布局所占百分比", ALL),
      layout("difficulty.harder_than_percent_in_class", Type.PERCENT, UNSOLVABLE,
          "the same share among the solvable layouts of its class", "同类可解布局中步数更少者所占百分比",
          ALL),
      analysed("farthest_step", 16, "the most steps from it to any layout of its group", "到本组最远布局的步数",
          null, ALL_AND_FIND),
      analysed("farthest_num", 32, "how many layouts of its group are that far", "本组中那么远的布局数目",
          "farthest layouts", ALL),
      analysed("min_solution_num", 32, "how many solved layouts are min_solution_step away (the original release's "
          + "column: nearest solved layouts, not move sequences)", "最近的解开布局数目（原版列名，不是走法数目）",
          "nearest solved layouts", ALL),
      analysed("solution_num", 32, "its group's solutions: solved layouts with no other solved layout on a shortest "
          + "way to them (the original release's column, not move sequences)",
          "本组的解：最短路上没有其他解开布局的解开布局（原版列名，不是走法数目）", "solution layouts of the group",
          ALL));

  /** A group's facts, in the order of Parquet's groups table and of the JSON documents. */
  public static final List<Fact> GROUP = List.of(
      groupKey("jiang", 8, "how many two-cell pieces its layouts have", "两格棋子数目"),
      groupKey("bing", 8, "how many 1x1 pieces", "一格棋子数目"),
      groupKey("style", 8, "how many two-cell pieces lie flat", "横放的两格棋子数目"),
      groupKey("group_num", 16, "its number within the class", "在类中的组号"),
      group("name", Type.STRING, 32, null, "jiang-bing-style-group_num", "组名：将-兵-式-组号", EVERY_GROUP),
      group("size", Type.INT, 32, null, "how many layouts it holds", "组内布局数", EVERY_GROUP),
      group("seed", Type.STRING, 32, null, "its first layout in code order, where its layers start",
          "组内编码最小的布局，层从它算起", EVERY_GROUP),
      group("layers", Type.INT, 16, null, "how many layers from its seed", "从种子算起的层数", EVERY_GROUP),
      group("solvable", Type.BOOLEAN, 32, null, "it holds a solved layout", "组内有解开布局", EVERY_GROUP),
      group("solved_num", Type.INT, 32, null, "how many of its layouts are solved", "组内解开布局的数目", EVERY_GROUP),
      group("max_min_solution_step", Type.INT, 16, "the group has no solved layout",
          "the most steps any of its layouts needs to be solved", "组内布局最多需要的步数", EVERY_GROUP),
      group("hardest_num", Type.INT, 32, "the group has no solved layout",
          "how many of its layouts need max_min_solution_step steps", "需要最多步数的布局数目", GROUP_DOCUMENT),
      new Fact("diameter", Type.INT, NOT_ANALYSED, "the most steps between two of its layouts",
          "组内两布局间的最多步数", null, EVERY_GROUP, true, true, null, 16),
      group("layer_sizes", Type.INTS, 32, null, "how many layouts each layer holds, from the seed",
          "从种子算起每层的布局数", JSON_ONLY));

  /**
   * How each layout fact not held in a field of its row is read, in the catalogue's order (a stored
   * fact is read through its field, {@link Fact#value}): one switch rather than a lambda per fact
   * (each lambda is a class the JVM makes at start, which cost every {@code info} process time:
   * BENCHMARKS.md, row "the catalogue's readers").
   */
  static Object read(String name, CaseRecord c, KlotskiDb.Analysis a) {
    return switch (name) {
      case "code" -> Code.format(c.code());
      case "code_value" -> c.code();
      case "short_code" -> ShortCode.of(c.id());
      case "name" -> c.name();
      case "catalogue_names" -> Catalogue.get().namesOf(c.code());
      case "difficulty.word" -> c.isSolvable() ? Difficulty.word(c.minSolutionStep()) : null;
      case "difficulty.harder_than_percent" -> percent(c.harderThan());
      case "difficulty.harder_than_percent_in_class" -> percent(c.harderThanInClass());
      case "farthest_step" -> a.farthestStep();
      case "farthest_num" -> a.farthestNum();
      case "min_solution_num" -> a.minSolutionNum();
      case "solution_num" -> a.solutionNum();
      default -> throw new IllegalArgumentException(name + " is not read from the stored records");
    };
  }

  /** How each group fact is read, likewise. */
  static Object read(String name, GroupRecord g, int d) {
    return switch (name) {
      case "jiang" -> g.jiang();
      case "bing" -> g.bing();
      case "style" -> g.style();
      case "group_num" -> g.groupNum();
      case "name" -> g.name();
      case "size" -> g.size();
      case "seed" -> Code.format(g.seed());
      case "layers" -> g.layers();
      case "solvable" -> g.isSolvable();
      case "solved_num" -> g.solved();
      case "max_min_solution_step" -> g.isSolvable() ? g.maxMinSolutionStep() : null;
      case "hardest_num" -> g.isSolvable() ? g.hardest() : null;
      case "diameter" -> d;
      case "layer_sizes" -> g.layerSizes();
      default -> throw new IllegalArgumentException(name + " is not a group fact");
    };
  }

  private static Double percent(int hundredths) {
    return hundredths < 0 ? null : Difficulty.percent(hundredths);
  }

  /** The layout fact of that name (dotted for a key of an object). */
  public static Fact layout(String name) {
    return find(LAYOUT, name);
  }

  /** The group fact of that name. */
  public static Fact group(String name) {
    return find(GROUP, name);
  }

  private static Fact find(List<Fact> facts, String name) {
    for (Fact f : facts) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("no fact named " + name);
  }

  /**
   * A layout's JSON document: every fact in JSON, in order ({@link Documents#layout}); the analysed
   * ones only with {@code a}; a dotted name goes into an object, null when all its keys are.
   */
  static Map<String, Object> layoutDocument(CaseRecord c, KlotskiDb.Analysis a) {
    return layoutDocument(c, a, Output.JSON, null);
  }

  /**
   * The same for the facts of {@code output} ({@code Output.FIND}: a find answer, its class given
   * as {@code className} after its name).
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> layoutDocument(CaseRecord c, KlotskiDb.Analysis a, Output output, String className) {
    Map<String, Object> m = new LinkedHashMap<>();
    List<String> objects = new ArrayList<>(1);
    for (Fact f : LAYOUT) {
      if (!f.in(output) || f.analysed() && a == null) {
        continue;
      }
      Object v = f.value(c, a);
      int dot = f.name().indexOf('.');
      if (dot < 0) {
        m.put(f.name(), v);
        if (className != null && f.name().equals("name")) {
          m.put("class", className);
        }
        continue;
      }
      String parent = f.name().substring(0, dot);
      if (!m.containsKey(parent)) {
        m.put(parent, new LinkedHashMap<String, Object>());
        objects.add(parent);
      }
      ((Map<String, Object>) m.get(parent)).put(f.name().substring(dot + 1), v);
    }
    for (String parent : objects) { // an object all of whose keys are null is null
      if (!((Map<String, Object>) m.get(parent)).values().stream().anyMatch(Objects::nonNull)) {
        m.put(parent, null);
      }
    }
    return m;
  }

  /** A group's facts for JSON: the summary in a layout's document ({@code whole} false) or its own document. */
  static Map<String, Object> groupDocument(GroupRecord g, int diameter, boolean whole) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (Fact f : GROUP) {
      if (!f.in(whole ? Output.JSON : Output.SUMMARY) || f.analysed() && diameter < 0) {
        continue;
      }
      m.put(f.name(), f.value(g, diameter));
    }
    return m;
  }

  /**
   * The OpenAPI schemas made from the catalogue, by name: {@code Layout} (a layout's document, its
   * group summary inside), {@code Group} (a group's document) and {@code FindResult} (an answer of
   * find). {@code /api/openapi.json} holds them in place of its {@code {"x-generated": NAME}}.
   */
  public static Map<String, Object> openApi(String schema) {
    return switch (schema) {
      case "Layout" -> {
        Map<String, Object> m = objectSchema(LAYOUT, Output.JSON, null);
        ((List<String>) m.get("required")).add("group");
        ((Map<String, Object>) m.get("properties")).put("group", objectSchema(GROUP, Output.SUMMARY, null));
        yield m;
      }
      case "Group" -> objectSchema(GROUP, Output.JSON, null);
      case "FindResult" -> objectSchema(LAYOUT, Output.FIND, "name");
      default -> throw new IllegalArgumentException("no schema " + schema + " in the catalogue");
    };
  }

  /** An object of the facts in {@code output}; a dotted name an object of its own; "class" after {@code classAfter}. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> objectSchema(List<Fact> facts, Output output, String classAfter) {
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (Fact f : facts) {
      if (!f.in(output)) {
        continue;
      }
      int dot = f.name().indexOf('.');
      String key = dot < 0 ? f.name() : f.name().substring(0, dot);
      Map<String, Object> p = property(f);
      if (dot < 0) {
        properties.put(key, p);
      } else {
        Map<String, Object> object = (Map<String, Object>) properties.computeIfAbsent(key, k -> {
          Map<String, Object> o = new LinkedHashMap<>();
          o.put("type", "object");
          o.put("nullable", f.nullable());
          o.put("description", "null when " + f.nullWhen());
          o.put("required", new ArrayList<String>());
          o.put("properties", new LinkedHashMap<String, Object>());
          return o;
        });
        p.remove("nullable");
        ((List<String>) object.get("required")).add(f.name().substring(dot + 1));
        ((Map<String, Object>) object.get("properties")).put(f.name().substring(dot + 1), p);
      }
      if (!f.analysed() && !required.contains(key)) {
        required.add(key);
      }
      if (f.name().equals(classAfter)) {
        properties.put("class", Map.of("type", "string", "description", "jiang-bing-style"));
        required.add("class");
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "object");
    m.put("required", required);
    m.put("properties", properties);
    return m;
  }

  private static Map<String, Object> property(Fact f) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", f.type().json);
    if (f.type() == Type.NAMES || f.type() == Type.INTS) {
      p.put("items", Map.of("type", f.type() == Type.NAMES ? "string" : "integer"));
    }
    if (f.name().equals("difficulty.word")) {
      p.put("enum", Difficulty.words());
    }
    if (f.nullable() && !f.analysed()) {
      p.put("nullable", true);
    }
    p.put("description", f.en() + (f.label() == null ? "" : " (" + f.label() + ")")
        + (f.nullWhen() == null ? "" : "; " + (f.analysed() ? f.nullWhen() : "null when " + f.nullWhen())));
    return p;
  }

  /** The catalogue as a document ({@code /api/facts}, the page's glossary): name, type, null rule, meaning. */
  public static Map<String, Object> document() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("layout", describe(LAYOUT));
    m.put("group", describe(GROUP));
    return m;
  }

  private static List<Map<String, Object>> describe(List<Fact> facts) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Fact f : facts) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", f.name());
      d.put("type", f.type().name().toLowerCase(Locale.ROOT));
      d.put("null_when", f.nullWhen());
      d.put("label", f.label());
      d.put("en", f.en());
      d.put("zh", f.zh());
      d.put("outputs", f.outputs().stream().map(o -> o.name().toLowerCase(Locale.ROOT)).toList());
      out.add(d);
    }
    return out;
  }
}
