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
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseField;
import klotskidb.db.CaseRecord;
import klotskidb.db.CasesCodec;
import klotskidb.db.GroupRecord;
import klotskidb.enumerator.Code;

/**
 * Every fact of a layout and of a group: its name (the same in the API, {@code --json}, Parquet and
 * SQLite), its type, when it is null, one sentence of meaning in English and Chinese, where it
 * appears, and how it is read from the stored records. The outputs are derived from this catalogue
 * ({@link Documents}, the Parquet card's columns, {@code /api/facts} and the page's glossary) or
 * checked against it by a test (the Parquet schema, the SQLite columns, the OpenAPI description,
 * SCHEMA.md's vocabulary).
 *
 * <pre>
 *   Facts.layout("difficulty.word")
 *     -> difficulty.word, STRING, null when the layout's group has no solved layout, in JSON and
 *        find's answers, "a word by min_solution_step: ...", read from the record
 *   of 1A9BF0C00 (横刀立马): very_hard
 * </pre>
 *
 * A layout's facts are declared in {@code codegen/layout-facts.txt}, once each, and the list is made
 * from there at build time ({@code LayoutFacts}, with the reader of each fact not stored; a stored
 * fact is read through its row's field, {@link Fact#value}); a group's are declared here. A new
 * fact is its computation and its declaration: the JSON documents, {@code info}, the SQLite facts,
 * find's answers, {@code /api/facts}, the OpenAPI schemas and the Parquet column ({@code
 * ParquetSchemas}: its type and width from here) follow. Names of the original release's files keep
 * their meaning: {@code min_solution_num} (how many solved layouts are nearest) and {@code
 * solution_num} (the group's solutions, solved layouts with no other solved layout on a shortest way
 * to them) are not counts of move sequences; each says so in its label.
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
      Set<Output> outputs, boolean analysed, boolean group, CaseField stored, int bits) {
    /** A layout fact's value, from its stored record and its analysis (null until its class is analysed). */
    public Object value(CaseRecord c, AnalysisRecord a) {
      if (stored == null) {
        return LayoutFacts.read(name, c, a);
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
      return GroupFacts.read(name, g, diameter);
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

  /** A fact's outputs, in the order of {@link Output} (the order {@code /api/facts} lists them). */
  static Set<Output> outputs(Output... outputs) {
    return Collections.unmodifiableSet(EnumSet.copyOf(List.of(outputs)));
  }

  /** The columns of the original release's SQL tables ({@code build/load.sql}) named otherwise here. */
  private static final Map<String, String> ORIGINAL_SQL_NAMES = Map.of("jiang", "jiang_num", "bing", "bing_num",
      "style", "style_num");

  static final String NOT_ANALYSED = "absent (JSON) or null (Parquet, SQLite) until the class is analysed "
      + "(klotski analyse)";

  /**
   * A layout's facts, in the order of its JSON document: declared in {@code codegen/layout-facts.txt},
   * the list made from it at build time ({@code LayoutFacts}).
   */
  public static final List<Fact> LAYOUT = LayoutFacts.LIST;

  /**
   * A group's facts, in the order of Parquet's groups table and of the JSON documents: declared in
   * {@code codegen/layout-facts.txt}, the list made from it at build time ({@code GroupFacts}).
   */
  public static final List<Fact> GROUP = GroupFacts.LIST;

  /** Hundredths as a percent; null for -1 (unsolvable). */
  static Double percent(int hundredths) {
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
  static Map<String, Object> layoutDocument(CaseRecord c, AnalysisRecord a) {
    return layoutDocument(c, a, Output.JSON, null);
  }

  /**
   * The same for the facts of {@code output} ({@code Output.FIND}: a find answer, its class given
   * as {@code className} after its name).
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> layoutDocument(CaseRecord c, AnalysisRecord a, Output output, String className) {
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
        Map<String, Object> cls = new LinkedHashMap<>(); // not Map.of: its order changes from run to run
        cls.put("type", "string");
        cls.put("description", "jiang-bing-style");
        properties.put("class", cls);
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
