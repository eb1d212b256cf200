package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.datasets.ParquetSchemas;
import klotskidb.datasets.SqliteExport;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.query.Difficulty;
import klotskidb.query.Documents;
import klotskidb.query.Facts;
import klotskidb.query.Facts.Fact;
import klotskidb.query.Facts.Output;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.json.Json;

/**
 * The outputs agree with the catalogue of facts ({@link Facts}) by construction or by this test:
 * the JSON documents of real layouts (analysed, not analysed, unsolvable), the Parquet schemas and
 * the schema inside a written file against its card's column table, the SQLite view of a real
 * export (columns in order, and 1A9BF0C00's values against its JSON document), and the OpenAPI
 * description's layout and group schemas.
 */
class FactsTest {
  @TempDir static Path temp;
  private static Path db;

  @BeforeAll
  static void database() throws Exception {
    db = Cli.analysedDatabase(); // 5-4-1 analysed; 0-3-0 and 1-2-1 not
  }

  private static List<Fact> in(List<Fact> facts, Output o) {
    return facts.stream().filter(f -> f.in(o)).toList();
  }

  /** The top-level JSON keys of the catalogue's facts: a dotted name counts as its object. */
  private static List<String> topLevel(List<Fact> facts, boolean analysed) {
    List<String> keys = new ArrayList<>();
    for (Fact f : in(facts, Output.JSON)) {
      String key = f.name().contains(".") ? f.name().substring(0, f.name().indexOf('.')) : f.name();
      if ((analysed || !f.analysed()) && !keys.contains(key)) {
        keys.add(key);
      }
    }
    return keys;
  }

  private static void typed(Fact f, Object v, String where) {
    if (v == null) {
      assertTrue(f.nullable(), where + ": " + f.name() + " is null, and the catalogue says never");
      return;
    }
    boolean ok = switch (f.type()) {
      case STRING -> v instanceof String;
      case INT -> v instanceof Integer;
      case LONG -> v instanceof Long || v instanceof Integer;
      case BOOLEAN -> v instanceof Boolean;
      case PERCENT -> v instanceof Double;
      case NAMES -> v instanceof List<?>;
      case INTS -> v instanceof int[];
    };
    assertTrue(ok, where + ": " + f.name() + " = " + v + " is not " + f.type());
  }

  @Test
  @SuppressWarnings("unchecked")
  void theJsonDocumentsAreTheCatalogues() throws Exception {
    try (KlotskiDb k = KlotskiDb.open(db)) {
      List<CaseRecord> layouts = new ArrayList<>();
      layouts.add(k.caseOf(Code.parse("1A9BF0C00")).orElseThrow()); // analysed
      k.forEachCase(c -> {
        if (c.jiang() == 0 && layouts.size() == 1) {
          layouts.add(c); // 0-3-0: not analysed
        }
        if (!c.isSolvable() && layouts.size() == 2) {
          layouts.add(c); // unsolvable
        }
      });
      assertEquals(3, layouts.size(), "an analysed, an unanalysed and an unsolvable layout");
      for (CaseRecord c : layouts) {
        boolean analysed = k.analysisOf(c.code()).isPresent();
        Map<String, Object> doc = Documents.layout(k, c);
        List<String> keys = new ArrayList<>(topLevel(Facts.LAYOUT, analysed));
        keys.add("group");
        assertEquals(keys, new ArrayList<>(doc.keySet()), c.name());
        for (Fact f : in(Facts.LAYOUT, Output.JSON)) {
          if (f.analysed() && !analysed) {
            continue;
          }
          Object v = f.name().contains(".") ? doc.get(f.name().substring(0, f.name().indexOf('.'))) == null ? null
              : ((Map<String, Object>) doc.get(f.name().substring(0, f.name().indexOf('.'))))
                  .get(f.name().substring(f.name().indexOf('.') + 1))
              : doc.get(f.name());
          typed(f, v, c.name());
        }
        Map<String, Object> group = (Map<String, Object>) doc.get("group");
        assertEquals(topLevel(in(Facts.GROUP, Output.SUMMARY), analysed), new ArrayList<>(group.keySet()), c.name());
        Map<String, Object> whole = Documents.group(k, Database.group(k, c.groupName()));
        assertEquals(topLevel(Facts.GROUP, analysed), new ArrayList<>(whole.keySet()), c.groupName());
        for (Fact f : in(Facts.GROUP, Output.JSON)) {
          if (!f.analysed() || analysed) {
            typed(f, whole.get(f.name()), c.groupName());
          }
        }
      }
      assertEquals(256L, ((Number) Documents.layout(k, layouts.get(0)).get("optimal_solution_num")).longValue());
    }
  }

  /** A Parquet column's type as the card writes it, from the schema of a written file. */
  private static String typeOf(SchemaElement e) {
    if (e.isSetLogicalType() && e.getLogicalType().isSetSTRING()) {
      return "string";
    }
    if (e.isSetLogicalType() && e.getLogicalType().isSetINTEGER()) {
      return "int" + e.getLogicalType().getINTEGER().getBitWidth();
    }
    if (e.isSetLogicalType() && e.getLogicalType().isSetDECIMAL()) {
      return "decimal(" + e.getLogicalType().getDECIMAL().getPrecision() + "," + e.getLogicalType().getDECIMAL()
          .getScale() + ")";
    }
    return e.getType().name().toLowerCase(Locale.ROOT);
  }

  /**
   * The Parquet tables' columns as files written so far hold them (names, order, types, widths,
   * null rules): made from the catalogue now, a change here is a change of the format its readers
   * know, to make on purpose (a new fact adds a column at its place in the catalogue).
   */
  private static final String LAYOUTS_AS_PUBLISHED = """
      message layout {
        required binary code (STRING);
        required int64 code_value;
        required int32 id;
        required binary short_code (STRING);
        required int32 jiang (INTEGER(8,true));
        required int32 bing (INTEGER(8,true));
        required int32 style (INTEGER(8,true));
        required int32 group_num (INTEGER(16,true));
        required int32 group_index;
        required binary name (STRING);
        required int32 layer (INTEGER(16,true));
        optional int32 min_solution_step (INTEGER(16,true));
        required boolean symmetric;
        required boolean solved;
        optional boolean minimal;
        required int64 optimal_solution_num;
        optional int32 harder_than_percent (DECIMAL(4,2));
        optional int32 harder_than_percent_in_class (DECIMAL(4,2));
        optional int32 farthest_step (INTEGER(16,true));
        optional int32 farthest_num;
        optional int32 min_solution_num;
        optional int32 solution_num;
      }""";

  private static final String GROUPS_AS_PUBLISHED = """
      message group {
        required int32 jiang (INTEGER(8,true));
        required int32 bing (INTEGER(8,true));
        required int32 style (INTEGER(8,true));
        required int32 group_num (INTEGER(16,true));
        required binary name (STRING);
        required int32 size;
        required binary seed (STRING);
        required int32 layers (INTEGER(16,true));
        required boolean solvable;
        required int32 solved_num;
        optional int32 max_min_solution_step (INTEGER(16,true));
        optional int32 hardest_num;
        optional int32 diameter (INTEGER(16,true));
      }""";

  private static void parquetMatches(MessageType schema, String published, List<Fact> facts) {
    assertEquals(MessageTypeParser.parseMessageType(published), schema);
    assertEquals(in(facts, Output.PARQUET).stream().map(Fact::column).toList(),
        schema.getFields().stream().map(Type::getName).toList(), schema.getName());
    for (String column : ParquetSchemas.encodedColumns()) {
      assertTrue(ParquetSchemas.LAYOUTS.containsField(column) || ParquetSchemas.GROUPS.containsField(column),
          "an encoding named for a column neither table has: " + column);
    }
  }

  /** What the docs list by hand is held to the outputs: README's Parquet columns, export --help's SQLite ones. */
  @Test
  void readmeAndHelpNameEveryColumn() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    for (Type t : ParquetSchemas.LAYOUTS.getFields()) {
      assertTrue(readme.contains("`" + t.getName() + "`"), "README does not name the Parquet column " + t.getName());
    }
    String help = Cli.run("export", "--help").out.replaceAll("\\s+", " ");
    for (String column : SqliteExport.factsColumns().split(", ")) {
      assertTrue(help.contains(column), "export --help does not name the SQLite facts column " + column);
    }
  }

  @Test
  void parquetSchemasAndCardsAreTheCatalogues() throws Exception {
    parquetMatches(ParquetSchemas.LAYOUTS, LAYOUTS_AS_PUBLISHED, Facts.LAYOUT);
    parquetMatches(ParquetSchemas.GROUPS, GROUPS_AS_PUBLISHED, Facts.GROUP);
    for (String table : List.of("layouts", "groups")) {
      Path out = temp.resolve(table + ".parquet");
      Cli r = Cli.run("export", "--format", "parquet", "--table", table, "--class", "5-4-1", "--db", db.toString(),
          "--out", out.toString(), "--no-progress");
      assertEquals(0, r.exit, r.toString());
      // the schema inside the file, against the card's table: names, types and null rules
      FileMetaData meta;
      try (RandomAccessFile f = new RandomAccessFile(out.toFile(), "r")) {
        f.seek(f.length() - 8);
        int length = Integer.reverseBytes(f.readInt());
        byte[] footer = new byte[length];
        f.seek(f.length() - 8 - length);
        f.readFully(footer);
        meta = Util.readFileMetaData(new ByteArrayInputStream(footer));
      }
      Map<String, String> inFile = new LinkedHashMap<>();
      for (SchemaElement e : meta.getSchema().subList(1, meta.getSchema().size())) {
        inFile.put(e.getName(), typeOf(e) + (e.getRepetition_type() == FieldRepetitionType.OPTIONAL
            ? " nullable" : ""));
      }
      String card = Files.readString(temp.resolve(table + ".parquet.md"));
      Map<String, String> inCard = new LinkedHashMap<>();
      Matcher m = Pattern.compile("(?m)^\\| `([a-z_]+)` \\| ([a-z0-9(),]+) \\| ([^|]+) \\| [^|]+ \\|$").matcher(card);
      while (m.find()) {
        inCard.put(m.group(1), m.group(2) + (m.group(3).trim().equals("never") ? "" : " nullable"));
      }
      assertEquals(inFile, inCard, card);
      assertTrue(inCard.get("harder_than_percent") == null || inCard.get("harder_than_percent").startsWith("decimal(4,2)"),
          card);
      assertTrue(card.contains("license: apache-2.0") && !card.contains(temp.toString()), "a licence, no path: " + card);
    }
  }

  @Test
  void theSqliteViewIsTheCataloguesAndHoldsTheDocumentsValues() throws Exception {
    Path out = temp.resolve("facts.sqlite");
    Cli r = Cli.run("export", "--format", "sqlite", "--db", db.toString(), "--out", out.toString(), "--no-progress");
    assertEquals(0, r.exit, r.toString());
    List<Fact> columns = in(Facts.LAYOUT, Output.SQLITE);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + out);
        KlotskiDb k = KlotskiDb.open(db)) {
      List<String> names = new ArrayList<>();
      try (ResultSet rs = c.createStatement().executeQuery("PRAGMA table_info(layouts)")) {
        while (rs.next()) {
          names.add(rs.getString("name"));
        }
      }
      assertEquals(columns.stream().map(Fact::sqliteColumn).toList(), names);
      CaseRecord classic = k.caseOf(Code.parse("1A9BF0C00")).orElseThrow();
      AnalysisRecord a = k.analysisOf(classic.code()).orElseThrow();
      try (ResultSet rs = c.createStatement().executeQuery("SELECT * FROM layouts WHERE code = '1A9BF0C00'")) {
        assertTrue(rs.next());
        for (Fact f : columns) {
          if (f.computedByWriters()) {
            // the original engine's mirror rule (Y for 1A9BF0C00, which is not its own mirror): OpenFormatsTest
            assertTrue(List.of("Y", "N").contains(rs.getString(f.sqliteColumn())), f.name());
            continue;
          }
          Object want = f.value(classic, a);
          Object got = rs.getObject(f.sqliteColumn());
          if (want instanceof Boolean b) {
            want = b ? 1 : 0;
          }
          assertEquals(String.valueOf(want), String.valueOf(got), f.name());
        }
      }
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void theOpenApiSchemasAreTheCatalogues() throws Exception {
    String text; // as served: its schemas made from the catalogue
    try (Served served = Served.analysed()) {
      Served.Answer r = served.get("/api/openapi.json");
      assertEquals(200, r.status(), r.body());
      text = r.body();
    }
    assertTrue(!text.contains("x-generated"), "every generated schema in place");
    Map<String, Object> api = new Json().toType(text, Map.class);
    Map<String, Object> layout = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) api
        .get("components")).get("schemas")).get("Layout");
    Map<String, Object> props = (Map<String, Object>) layout.get("properties");
    List<String> keys = new ArrayList<>(topLevel(Facts.LAYOUT, true));
    keys.add("group");
    assertEquals(keys, new ArrayList<>(props.keySet()), "the layout schema's properties, in order");
    List<String> required = new ArrayList<>(topLevel(Facts.LAYOUT, false));
    required.add("group");
    assertEquals(required, layout.get("required"), "required: all but the analysed ones");
    for (Fact f : in(Facts.LAYOUT, Output.JSON)) {
      if (f.name().contains(".")) {
        Map<String, Object> object = (Map<String, Object>) props.get(f.name().substring(0, f.name().indexOf('.')));
        Map<String, Object> p = (Map<String, Object>) ((Map<String, Object>) object.get("properties"))
            .get(f.name().substring(f.name().indexOf('.') + 1));
        assertNotNull(p, f.name());
        assertEquals(f.nullable(), Boolean.TRUE.equals(object.get("nullable")), f.name() + ": its object's nullable");
        assertEquals(f.type().json, p.get("type"), f.name());
        continue;
      }
      Map<String, Object> p = (Map<String, Object>) props.get(f.name());
      assertEquals(f.type().json, p.get("type"), f.name());
      if (!f.analysed()) {
        assertEquals(f.nullable(), Boolean.TRUE.equals(p.get("nullable")), f.name() + " nullable");
      }
    }
    Map<String, Object> group = (Map<String, Object>) props.get("group");
    assertEquals(topLevel(in(Facts.GROUP, Output.SUMMARY), false), group.get("required"), "the layout's group summary");
    Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) api.get("components")).get("schemas");
    Map<String, Object> groupDoc = (Map<String, Object>) schemas.get("Group");
    Map<String, Object> find = (Map<String, Object>) schemas.get("FindResult");
    List<String> findKeys = new ArrayList<>();
    for (Fact f : in(Facts.LAYOUT, Output.FIND)) {
      String key = f.name().contains(".") ? f.name().substring(0, f.name().indexOf('.')) : f.name();
      if (!findKeys.contains(key)) { // a dotted name is a key of its object (difficulty.word: difficulty)
        findKeys.add(key);
      }
      if (f.name().equals("name")) {
        findKeys.add("class");
      }
    }
    assertEquals(findKeys, new ArrayList<>(((Map<String, Object>) find.get("properties")).keySet()), "find's answers");
    assertEquals(topLevel(Facts.GROUP, true), new ArrayList<>(((Map<String, Object>) groupDoc.get("properties")).keySet()),
        "the group document's properties, in order");
    assertEquals(topLevel(Facts.GROUP, false), groupDoc.get("required"));
  }

  /**
   * The documents made from the catalogue (the OpenAPI schemas, {@code /api/facts}) have their keys in
   * one order in every run: every object of two or more keys is an ordered map, never {@code Map.of},
   * whose order changes from one JVM to the next (openapi.json's bytes did, between two servers).
   */
  @Test
  void theCataloguesDocumentsKeepOneOrderFromRunToRun() {
    List<String> unordered = new ArrayList<>();
    for (String schema : List.of("Layout", "Group", "FindResult")) {
      unordered(Facts.openApi(schema), schema, unordered);
    }
    unordered(Facts.document(), "/api/facts", unordered);
    assertEquals(List.of(), unordered, "objects whose keys come in an order of the JVM's run");
  }

  private static void unordered(Object node, String where, List<String> found) {
    if (node instanceof Map<?, ?> m) {
      if (m.size() > 1 && !(m instanceof LinkedHashMap || m instanceof SortedMap)) {
        found.add(where + " " + m.keySet());
      }
      m.forEach((k, v) -> unordered(v, where + "." + k, found));
    } else if (node instanceof Collection<?> c) {
      c.forEach(v -> unordered(v, where + "[]", found));
    }
  }

  /** The difficulty words as the page shows them, in both languages, are Difficulty's (a sheet prints them too). */
  @Test
  void thePagesDifficultyWordsAreDifficultys() throws Exception {
    String page;
    try (var in = FactsTest.class.getResourceAsStream("/klotskidb/server/index.html")) {
      page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Matcher m = Pattern.compile("\"word\": \\{ ([^}]*) \\}").matcher(page);
    for (String lang : List.of("en", "zh")) {
      assertTrue(m.find(), "the page's words in " + lang);
      StringBuilder expected = new StringBuilder();
      for (String w : Difficulty.words()) {
        expected.append(expected.length() == 0 ? "" : ", ").append(w).append(": \"")
            .append(Difficulty.word(w, lang)).append('"');
      }
      assertEquals(expected.toString(), m.group(1), lang);
    }
  }
}
