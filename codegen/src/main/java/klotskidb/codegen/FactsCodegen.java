package klotskidb.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The code that follows from the declaration of a layout's facts ({@code codegen/layout-facts.txt}),
 * made at build time: {@code FactsCodegen.main("codegen/layout-facts.txt", "db-schema",
 * "db-schema/target/generated-sources/facts")} writes db-schema's {@code CaseField}, {@code
 * CaseRecord}, {@code CaseRows}, {@code AnalysisRecord}, {@code GroupRecord}, {@code GroupRows} and
 * {@code StoredRows}; {@code query} writes {@code LayoutFacts}, {@code Layout}, {@code
 * GroupFacts} and {@code RootAnalysis}; {@code datasets} writes {@code LayoutColumns} and {@code
 * ParquetEncodings}; {@code jobs} writes {@code AnalysedColumns}. Each module's pom runs it before
 * compiling, in Maven's own JVM (the root pom's note on the codegen module); a wrong declaration
 * fails the build with its file, line and reason.
 *
 * <p>Worked example: {@code fact layer}, {@code type int}, {@code stored 16 unsigned} and {@code
 * built layers.layer(index)} give the enum constant {@code LAYER(16, false, Long.MIN_VALUE, 13, 0)}
 * (bytes 13 and 14 of the row, after id, the class and group_num, group_index), the record
 * component {@code int layer}, the writer's {@code b.putShort((short) (layers.layer(index)))}, the
 * reader's {@code b.getShort(base + 13) & 0xFFFF}, Parquet's {@code int32(c.layer())} and the
 * catalogue's entry with its meanings, whose width (16) Parquet's column annotation takes.
 *
 * <p>Why generated: the build writes 29 million rows, {@code info --stdin} and the exports read
 * them, and a loop over the declarations was measured slower a row than straight code
 * (BENCHMARKS.md, rows "cases rows from their declarations" and "Parquet rows from the
 * catalogue"); written by hand, the straight code was a second copy of every declaration held
 * equal by tests. Generated, it is the declaration's only copy, and the byte-for-byte tests
 * (CodecsTest, DatabaseTest, ParquetRowsTest) still hold it to the declared encoding. A file is
 * rewritten only when its text changes, so an unchanged declaration compiles nothing again.
 */
public final class FactsCodegen {
  /** One declared fact or record component: its name and its keys, as the declaration gives them. */
  record Decl(String name, String componentType, Map<String, String> keys, int line) {
    String get(String key) {
      return keys.get(key);
    }

    boolean has(String key) {
      return keys.containsKey(key);
    }

    boolean stored() {
      return has("stored");
    }

    boolean analysed() {
      return has("analysed");
    }

    /** Whether an analysed fact is 16 bits: a short in its row and in memory (else 32, an int). */
    boolean analysedShort() {
      return get("analysed").equals("16");
    }

    /** Whether its {@code in} names {@code output} (json, parquet, sqlite, find; a group's summary). */
    boolean in(String output) {
      return List.of(get("in").split(" ")).contains(output);
    }

    String type() {
      return componentType != null ? componentType : get("type");
    }

    int bits() {
      return Integer.parseInt(get("stored").split(" ")[0]);
    }

    boolean signed() {
      return get("stored").split(" ")[1].equals("signed");
    }

    /** The stored value that stands for null; null when none does. */
    Long nullValue() {
      String[] w = get("stored").split(" ");
      return w.length > 2 ? Long.valueOf(w[3]) : null;
    }

    /** The record component's Java type. */
    String javaType() {
      return switch (type()) {
        case "int" -> "int";
        case "long" -> "long";
        case "boolean" -> nullValue() != null ? "Boolean" : "boolean";
        default -> throw new IllegalStateException(name + ": a stored fact is int, long or boolean");
      };
    }

    String camel() {
      return FactsCodegen.camel(name);
    }

    String constant() {
      return name.toUpperCase(Locale.ROOT);
    }
  }

  private static final Set<String> FACT_KEYS = Set.of("type", "null", "en", "zh", "label", "in", "stored", "built",
      "flooded", "read", "parquet", "analysed", "bits", "encoded");
  private static final Set<String> COMPONENT_KEYS = Set.of("en", "flooded", "decoded");
  private static final Set<String> GROUP_KEYS = Set.of("type", "null", "en", "zh", "in", "key", "stored", "built",
      "flooded", "read", "analysed", "encoded");
  private static final Set<String> ENCODINGS = Set.of("dictionary", "statistics");
  private static final Set<String> GROUP_OUTPUTS = Set.of("json", "summary", "parquet");
  private static final Set<String> TYPES = Set.of("string", "int", "long", "boolean", "percent", "names", "ints");
  private static final Set<String> OUTPUTS = Set.of("json", "parquet", "sqlite", "find");

  private final List<Decl> facts = new ArrayList<>();
  private final List<Decl> components = new ArrayList<>();
  private final List<Decl> groupFacts = new ArrayList<>();
  private final Map<String, List<String>> imports = new TreeMap<>();
  private final Path source;

  // the row's layout, worked out from the stored facts in order
  private final Map<String, Integer> offset = new LinkedHashMap<>();
  private final Map<String, Integer> bit = new LinkedHashMap<>();
  private final List<Integer> flagBytes = new ArrayList<>();
  private int valueBytes;

  private FactsCodegen(Path source) throws IOException {
    this.source = source;
    parse(Files.readAllLines(source, StandardCharsets.UTF_8));
    check();
    checkEncodings();
    layOut();
  }

  /**
   * Writes {@code args[1]}'s part of the code into the folder {@code args[2]}; a wrong declaration
   * ({@code args[0]}) is an {@link IllegalStateException} whose message names its file and line, and
   * nothing is written.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      throw new IllegalArgumentException("FactsCodegen: usage: FactsCodegen DECLARATION MODULE OUTPUT_FOLDER "
          + "(MODULE: db-schema, query, datasets or jobs)");
    }
    FactsCodegen g;
    try {
      g = new FactsCodegen(Path.of(args[0]));
    } catch (IllegalStateException e) {
      throw new IllegalStateException("FactsCodegen: " + e.getMessage(), e);
    }
    Map<String, String> files = switch (args[1]) {
      case "db-schema" -> Map.of("klotskidb/db/CaseField.java", g.caseField(), "klotskidb/db/CaseRecord.java",
          g.caseRecord(), "klotskidb/db/CaseRows.java", g.caseRows(), "klotskidb/db/AnalysisRecord.java",
          g.analysisRecord(), "klotskidb/db/GroupRecord.java", g.groupRecord(), "klotskidb/db/GroupRows.java",
          g.groupRows(), "klotskidb/db/StoredRows.java", g.storedRows());
      case "query" -> Map.of("klotskidb/query/LayoutFacts.java", g.layoutFacts(), "klotskidb/query/Layout.java",
          g.layout(), "klotskidb/query/GroupFacts.java", g.groupFactsList(), "klotskidb/query/RootAnalysis.java",
          g.rootAnalysis());
      case "datasets" -> Map.of("klotskidb/datasets/LayoutColumns.java", g.layoutColumns(),
          "klotskidb/datasets/ParquetEncodings.java", g.parquetEncodings());
      case "jobs" -> Map.of("klotskidb/jobs/AnalysedColumns.java", g.analysedColumns());
      default -> throw new IllegalArgumentException("FactsCodegen: no module " + args[1]
          + " (db-schema, query, datasets or jobs)");
    };
    Path out = Path.of(args[2]);
    for (Map.Entry<String, String> f : files.entrySet()) {
      GeneratedFile.write(out.resolve(f.getKey()), f.getValue());
    }
    try (Stream<Path> old = Files.exists(out) ? Files.walk(out) : Stream.empty()) { // a file no longer made
      for (Path p : old.filter(p -> p.toString().endsWith(".java")).toList()) {
        if (!files.containsKey(out.relativize(p).toString().replace('\\', '/'))) {
          Files.delete(p);
        }
      }
    }
  }

  // ---- the declaration ----

  private void parse(List<String> lines) {
    Decl current = null;
    for (int n = 1; n <= lines.size(); n++) {
      String line = lines.get(n - 1).stripTrailing();
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] w = line.strip().split(" +", 2);
      if (!line.startsWith(" ")) {
        switch (w[0]) {
          case "imports" -> {
            String[] names = w[1].split(" +");
            imports.put(names[0], List.of(names).subList(1, names.length));
            current = null;
          }
          case "fact" -> facts.add(current = new Decl(w[1], null, new LinkedHashMap<>(), n));
          case "group" -> groupFacts.add(current = new Decl(w[1], null, new LinkedHashMap<>(), n));
          case "component" -> {
            String[] nt = w[1].split(" +");
            components.add(current = new Decl(nt[0], nt[1], new LinkedHashMap<>(), n));
          }
          default -> throw fail(n, "a line is fact, component, group, imports or an indented key, not " + w[0]);
        }
      } else {
        if (current == null) {
          throw fail(n, "a key outside a fact or component");
        }
        boolean group = !groupFacts.isEmpty() && groupFacts.get(groupFacts.size() - 1) == current;
        Set<String> allowed = group ? GROUP_KEYS
            : current.componentType() == null ? FACT_KEYS : COMPONENT_KEYS;
        if (!allowed.contains(w[0]) || w.length < 2) {
          throw fail(n, current.name() + ": no key " + w[0] + " (" + new TreeSet<>(allowed) + ")");
        }
        if (current.keys().put(w[0], w[1]) != null) {
          throw fail(n, current.name() + ": " + w[0] + " twice");
        }
      }
    }
  }

  private IllegalStateException fail(int line, String message) {
    return new IllegalStateException(source + ":" + line + ": " + message);
  }

  private void check() {
    for (Decl f : facts) {
      for (String key : List.of("type", "en", "zh", "in")) {
        if (!f.has(key)) {
          throw fail(f.line(), f.name() + " says no " + key);
        }
      }
      if (!TYPES.contains(f.type())) {
        throw fail(f.line(), f.name() + ": no type " + f.type() + " " + TYPES);
      }
      for (String o : f.get("in").split(" ")) {
        if (!OUTPUTS.contains(o)) {
          throw fail(f.line(), f.name() + ": no output " + o + " " + OUTPUTS);
        }
      }
      if (f.stored()) {
        String[] w = f.get("stored").split(" ");
        if (!(w.length == 2 || w.length == 4 && w[2].equals("null")) || !w[1].matches("signed|unsigned")) {
          throw fail(f.line(), f.name() + ": stored BITS signed|unsigned [null V]");
        }
        int bits = f.bits();
        if (bits < 1 || bits > 7 && bits % 8 != 0 || bits > 32) {
          throw fail(f.line(), f.name() + ": a stored field is 1 to 7, 8, 16 or 32 bits");
        }
        if (bits < 8 && f.signed()) {
          throw fail(f.line(), f.name() + ": a field of a few bits is unsigned");
        }
        if (!f.has("built") || !f.has("flooded")) {
          throw fail(f.line(), f.name() + ": a stored fact says how it is built and flooded");
        }
        if ((f.nullValue() != null) != f.has("null")) {
          throw fail(f.line(), f.name() + ": a stored null value goes with the words of when it is null");
        }
        if (f.type().equals("boolean") && bits >= 8 || f.type().equals("long") && f.nullValue() != null) {
          throw fail(f.line(), f.name() + ": a yes or no is a few bits; a long has no stored null");
        }
        f.javaType();
      } else if (f.has("built") || f.has("flooded")) {
        throw fail(f.line(), f.name() + ": built and flooded are for a stored fact");
      } else if (f.analysed()) {
        if (f.has("read") || !f.type().equals("int") || !f.get("analysed").matches("16|32")) {
          throw fail(f.line(), f.name() + ": an analysed fact is an int of 16 or 32 bits, read from its "
              + "AnalysisRecord (no read)");
        }
      } else if (f.in("parquet") && !f.has("parquet")) {
        throw fail(f.line(), f.name() + ": a Parquet column not stored says how it is written (parquet)");
      }
    }
    for (Decl c : components) {
      if (!c.has("flooded") || !c.has("decoded") || !c.has("en") || !c.type().matches("int|long")) {
        throw fail(c.line(), c.name() + ": a component is an int or long with en, flooded and decoded");
      }
    }
    for (Decl g : groupFacts) {
      for (String key : List.of("type", "en", "zh", "in")) {
        if (!g.has(key)) {
          throw fail(g.line(), "group " + g.name() + " says no " + key);
        }
      }
      for (String o : g.get("in").split(" ")) {
        if (!GROUP_OUTPUTS.contains(o)) {
          throw fail(g.line(), "group " + g.name() + ": no output " + o + " " + GROUP_OUTPUTS);
        }
      }
      boolean held = g.has("key") || g.stored();
      if (held != (g.has("built") && g.has("flooded"))) {
        throw fail(g.line(), "group " + g.name() + ": a fact of the key or the value says how it is built and "
            + "flooded, and only such a fact");
      }
      if (!held && !g.has("read")) {
        throw fail(g.line(), "group " + g.name() + ": a fact neither in the key nor in the value is read (read)");
      }
      if (g.has("key") && !g.get("key").matches("8|16")) {
        throw fail(g.line(), "group " + g.name() + ": a part of the key is 8 or 16 bits");
      }
      if (g.stored() && !g.get("stored").matches("(16|32)( signed)?( null -?\\d+)?|code|list \\w+")) {
        throw fail(g.line(), "group " + g.name() + ": stored 16|32 [signed] [null V], code or list COUNT");
      }
      if (!g.type().matches("int|string|boolean|ints")) {
        throw fail(g.line(), "group " + g.name() + ": no type " + g.type() + " [int, string, boolean, ints]");
      }
      if (g.stored() && g.get("stored").startsWith("list ")
          && groupFacts.stream().filter(c -> groupStored(c).startsWith("list ")).count() > 1) {
        throw fail(g.line(), "group " + g.name() + ": a group's value ends with one list at most");
      }
      if (g.stored() && g.get("stored").startsWith("list ")) {
        String count = g.get("stored").substring(5);
        if (groupFacts.stream().noneMatch(c -> c.name().equals(count) && c.stored()
            && groupFacts.indexOf(c) < groupFacts.indexOf(g))) {
          throw fail(g.line(), "group " + g.name() + ": a list's count is a stored fact before it, not " + count);
        }
      }
    }
  }

  /** The Parquet encodings a fact declares: its column dictionary-encoded, with statistics, or both. */
  private void checkEncodings() {
    for (Decl f : Stream.concat(facts.stream(), groupFacts.stream()).toList()) {
      if (!f.has("encoded")) {
        continue;
      }
      if (!f.in("parquet")) {
        throw fail(f.line(), f.name() + ": encoded is for a Parquet column (in parquet)");
      }
      for (String e : f.get("encoded").split(" ")) {
        if (!ENCODINGS.contains(e)) {
          throw fail(f.line(), f.name() + ": no encoding " + e + " " + new TreeSet<>(ENCODINGS));
        }
      }
    }
  }

  /** A group fact's record component: its Java type. */
  private static String groupJavaType(Decl g) {
    String stored = groupStored(g);
    return stored.equals("code") ? "long" : stored.startsWith("list ") ? "int[]" : "int";
  }

  /** The group facts the record holds, in its order: the key's, then the value's. */
  private List<Decl> groupHeld() {
    return Stream.concat(groupFacts.stream().filter(g -> g.has("key")), groupFacts.stream().filter(Decl::stored))
        .toList();
  }

  private List<Decl> stored() {
    return facts.stream().filter(Decl::stored).toList();
  }

  /** Offsets in order; fields of a few bits share a flag byte, which a whole field closes. */
  private void layOut() {
    int at = 0;
    int flagByte = -1;
    int nextBit = 8;
    for (Decl f : stored()) {
      if (f.bits() % 8 == 0) {
        offset.put(f.name(), at);
        bit.put(f.name(), 0);
        at += f.bits() / 8;
        nextBit = 8;
      } else {
        if (nextBit + f.bits() > 8) {
          flagByte = at++;
          nextBit = 0;
          flagBytes.add(flagByte);
        }
        offset.put(f.name(), flagByte);
        bit.put(f.name(), nextBit);
        nextBit += f.bits();
      }
    }
    valueBytes = at;
  }

  // ---- the generated files ----

  /**
   * The file: the generated-file line, the package, the imports of the module its body names (by
   * their simple names: the expressions decide which), then the body.
   */
  private String file(String pkg, String module, String body, String... more) {
    StringBuilder b = new StringBuilder("// GENERATED by klotskidb.codegen.FactsCodegen (the codegen module) from codegen/layout-facts.txt: "
        + "edit the\n// declaration, never this file (it is made again at every build).\n");
    b.append("package ").append(pkg).append(";\n\n");
    Stream.concat(imports.getOrDefault(module, List.of()).stream(), Stream.of(more)).distinct()
        .sorted(Comparator.comparing((String i) -> !i.startsWith("static ")).thenComparing(i -> i))
        .filter(i -> Pattern.compile("\\b" + i.substring(i.lastIndexOf('.') + 1) + "\\b").matcher(body).find())
        .forEach(i -> b.append("import ").append(i).append(";\n"));
    return b.append('\n').append(body).toString();
  }

  private static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        default -> b.append(c);
      }
    }
    return b.append('"').toString();
  }

  /** Words for a Javadoc comment: its HTML characters escaped. */
  private static String doc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("*/", "*&#47;");
  }

  String caseField() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * The stored facts of a layout: the fields of its row of {@code cases}, in the row's order, each
         * its width in bits, whether it is signed, the value that stands for its null (none for most) and
         * its place in the row: a byte offset, and for a field of a few bits its lowest bit in the flag
         * byte it shares. {@link CasesCodec} encodes and decodes the row through them.
         */
        public enum CaseField {
        """);
    List<Decl> stored = stored();
    for (int i = 0; i < stored.size(); i++) {
      Decl f = stored.get(i);
      b.append("  /** ").append(doc(f.get("en"))).append(f.has("null") ? "; " + f.nullValue() + " when "
          + doc(f.get("null")) : "").append(". */\n");
      b.append("  ").append(f.constant()).append('(').append(f.bits()).append(", ").append(f.signed()).append(", ")
          .append(f.nullValue() == null ? "Long.MIN_VALUE" : f.nullValue() + "L").append(", ")
          .append(offset.get(f.name())).append(", ").append(bit.get(f.name()))
          .append(i + 1 < stored.size() ? "),\n" : ");\n\n");
    }
    b.append("  /** The row's length in bytes. */\n");
    b.append("  public static final int VALUE_BYTES = ").append(valueBytes).append(";\n\n");
    b.append("  /** The bytes that fields of a few bits share (zeroed before they are filled). */\n");
    b.append("  static final int[] FLAG_BYTES = {").append(flagBytes.stream().map(String::valueOf)
        .collect(Collectors.joining(", "))).append("};\n\n");
    b.append("""
          /** A field that is never null. */
          private static final long NEVER = Long.MIN_VALUE;

          final int bits;
          final boolean signed;
          /** The values it holds: min .. max. */
          final long min;
          final long max;
          /** The value that stands for null, {@link #NEVER} when none does. */
          final long nullValue;
          /** Byte offset in the row; for a field of fewer than 8 bits, also its lowest bit there. */
          final int offset;
          final int bit;

          CaseField(int bits, boolean signed, long nullValue, int offset, int bit) {
            this.bits = bits;
            this.signed = signed;
            this.min = signed ? -(1L << (bits - 1)) : 0;
            this.max = signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
            this.nullValue = nullValue;
            this.offset = offset;
            this.bit = bit;
          }

          /** Its width in bits. */
          public int bits() {
            return bits;
          }

          /** The largest value it holds. */
          public long max() {
            return max;
          }

          /** Whether {@code v} stands for null (not known, or not applicable). */
          public boolean isNull(long v) {
            return v == nullValue;
          }

          /** Whether some value of it stands for null. */
          public boolean nullable() {
            return nullValue != NEVER;
          }
        }
        """);
    return file("klotskidb.db", "db-schema", b.toString());
  }

  String caseRecord() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("/**\n * One row of {@code cases}: everything the database stores about a layout, a component each\n"
        + " * stored fact (its row's fields, {@link CaseField}) and the ranks that follow from its class and steps.\n"
        + " *\n * @param code the layout's code, the row's key\n");
    for (Decl f : stored()) {
      b.append(" * @param ").append(f.camel()).append(' ').append(doc(f.get("en")));
      if (f.has("null")) {
        b.append("; ").append(f.javaType().equals("Boolean") ? "null" : String.valueOf(f.nullValue()))
            .append(" when ").append(doc(f.get("null")));
      }
      b.append('\n');
    }
    for (Decl c : components) {
      b.append(" * @param ").append(c.camel()).append(' ').append(doc(c.get("en"))).append('\n');
    }
    b.append(" */\npublic record CaseRecord(long code");
    for (Decl f : stored()) {
      b.append(", ").append(f.javaType()).append(' ').append(f.camel());
    }
    for (Decl c : components) {
      b.append(", ").append(c.type()).append(' ').append(c.camel());
    }
    b.append(") implements CaseRecordMethods {\n\n");
    b.append("""
          /**
           * The record of layout {@code index} of a group flooded alone ({@code info X} with no database),
           * as a build would store it: the same passes, its ranks from the shipped tables.
           */
          public static CaseRecord of(OneGroup group, int index, Boolean minimal) {
            long code = group.code(index);
            int cls = group.classIndex();
            int steps = group.minSolutionStep(index);
            HarderThan rank = HarderThan.shipped();
            return new CaseRecord(code""".indent(2).stripTrailing()); // a member: two spaces in
    b.append(recordArguments(f -> f.get("flooded"), c -> c.get("flooded"))).append(");\n  }\n}\n");
    return file("klotskidb.db", "db-schema", b.toString());
  }

  /** The record's arguments after its code: each stored fact's, then each component's, a line each. */
  private String recordArguments(Function<Decl, String> field, Function<Decl, String> component) {
    return Stream.concat(stored().stream().map(field), components.stream().map(component))
        .map(e -> ",\n        " + e).collect(Collectors.joining());
  }

  String caseRows() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * A row of {@code cases} as straight code, from the declaration: a field's value from a record
         * (the declared encoding, {@link CasesCodec#putValue}, writes through it), the build's writer
         * ({@link CasesCodec.Built}) and the reader ({@link CasesCodec#decode}).
         */
        final class CaseRows {
          private CaseRows() {}

          /** Field {@code f} of a record, as stored (its null as {@link CaseField#isNull} tells). */
          static long ofRecord(CaseField f, CaseRecord c) {
            return switch (f) {
        """);
    for (Decl f : stored()) {
      String get = "c." + f.camel() + "()";
      b.append("      case ").append(f.constant()).append(" -> ").append(switch (f.javaType()) {
        case "boolean" -> get + " ? 1 : 0";
        case "Boolean" -> get + " == null ? " + f.nullValue() + " : " + get + " ? 1 : 0";
        default -> get;
      }).append(";\n");
    }
    b.append("    };\n  }\n\n");
    b.append("""
          /** A yes, no or not known in its few bits. */
          private static int flag(Boolean v, int nullValue) {
            return v == null ? nullValue : v ? 1 : 0;
          }

          /** The value of layout {@code index} (code {@code code}) of a build, written at {@code b}'s position. */
          static void put(ByteBuffer b, Layers layers, Mover mover, int index, long code) {
            var groups = layers.groups();
            int g = groups.groupOf(index);
            int cls = groups.classOf(g);
        """);
    for (Decl f : stored()) { // a long may not fit: said before anything is written
      if (f.javaType().equals("long")) {
        b.append("    long ").append(f.camel()).append(" = ").append(f.get("built")).append(";\n");
        b.append("    if (").append(f.camel()).append(" < CaseField.").append(f.constant()).append(".min || ")
            .append(f.camel()).append(" > CaseField.").append(f.constant()).append(".max) {\n");
        b.append("      CasesCodec.put(b, b.position(), CaseField.").append(f.constant()).append(", ")
            .append(f.camel()).append("); // says what does not fit\n    }\n");
      }
    }
    int flagDone = -1;
    for (Decl f : stored()) {
      String v = f.javaType().equals("long") ? f.camel() : f.get("built");
      switch (f.bits()) {
        case 8 -> b.append("    b.put((byte) (").append(v).append("));\n");
        case 16 -> b.append("    b.putShort((short) (").append(v).append("));\n");
        case 32 -> b.append("    b.putInt((int) (").append(v).append("));\n");
        default -> {
          int at = offset.get(f.name());
          if (at == flagDone) {
            continue;
          }
          flagDone = at;
          List<String> parts = new ArrayList<>();
          for (Decl s : stored()) {
            if (s.bits() < 8 && offset.get(s.name()) == at) {
              String e = switch (s.javaType()) {
                case "boolean" -> "(" + s.get("built") + " ? 1 : 0)";
                case "Boolean" -> "flag(" + s.get("built") + ", " + s.nullValue() + ")";
                default -> "(" + s.get("built") + ")";
              };
              parts.add(e + " << " + bit.get(s.name()));
            }
          }
          b.append("    b.put((byte) (").append(String.join("\n        | ", parts)).append("));\n");
        }
      }
    }
    b.append("  }\n\n");
    b.append("""
          /**
           * The record of the row of {@code code} whose value {@code b} holds (from its position, which
           * moves past it), with its ranks from {@code ranks}: each field where the declaration puts it,
           * read as wide as it says.
           */
          static CaseRecord decode(long code, ByteBuffer b, Ranks ranks) {
            int base = b.position();
        """);
    for (Decl f : stored()) {
      String at = "base + " + offset.get(f.name());
      String name = f.camel();
      if (f.bits() < 8) {
        String bits = "b.get(" + at + ") >>> " + bit.get(f.name()) + " & " + ((1 << f.bits()) - 1);
        switch (f.javaType()) {
          case "boolean" -> b.append("    boolean ").append(name).append(" = (").append(bits).append(") != 0;\n");
          case "Boolean" -> {
            b.append("    int ").append(name).append("Bits = ").append(bits).append(";\n");
            b.append("    Boolean ").append(name).append(" = ").append(name).append("Bits == ").append(f.nullValue())
                .append(" ? null : ").append(name).append("Bits == 1;\n");
          }
          default -> b.append("    ").append(f.javaType()).append(' ').append(name).append(" = ").append(bits)
              .append(";\n");
        }
        continue;
      }
      String read = switch (f.bits()) {
        case 8 -> f.signed() ? "b.get(" + at + ")" : "b.get(" + at + ") & 0xFF";
        case 16 -> f.signed() ? "b.getShort(" + at + ")" : "b.getShort(" + at + ") & 0xFFFF";
        default -> f.javaType().equals("long") && !f.signed() ? "b.getInt(" + at + ") & 0xFFFF_FFFFL"
            : "b.getInt(" + at + ")";
      };
      b.append("    ").append(f.javaType()).append(' ').append(name).append(" = ").append(read).append(";\n");
    }
    b.append("    b.position(base + CaseField.VALUE_BYTES);\n");
    b.append("    return new CaseRecord(code").append(recordArguments(Decl::camel, c -> c.get("decoded")))
        .append(");\n  }\n}\n");
    return file("klotskidb.db", "db-schema", b.toString());
  }

  /**
   * The rows the declaration lays out, as text, one line a family: each field's name and its
   * declared width (a fact of {@code cases} also its place, byte offset and, in a flag byte, its
   * lowest bit). A database stores them under its {@code Schema.VERSION}, and a reader of another
   * layout misreads every row (a field more: an IndexOutOfBoundsException on every look-up, while
   * verify still passes), so StoredRowsTest holds each version to its text: a row changed is a new
   * version, which readers of the old one refuse with a message.
   */
  String storedRows() {
    String cases = stored().stream().map(f -> f.name() + " " + f.get("stored") + " @" + offset.get(f.name())
        + (f.bits() % 8 == 0 ? "" : "." + bit.get(f.name()))).collect(Collectors.joining(", "));
    String key = groupFacts.stream().filter(g -> g.has("key")).map(g -> g.name() + " " + g.get("key"))
        .collect(Collectors.joining(", "));
    String value = groupFacts.stream().filter(Decl::stored).map(g -> g.name() + " " + groupStored(g))
        .collect(Collectors.joining(", "));
    String analysis = analysed().stream().map(f -> f.name() + " " + f.get("analysed"))
        .collect(Collectors.joining(", "));
    String groupAnalysis = groupFacts.stream().filter(Decl::analysed).map(g -> g.name() + " " + g.get("analysed"))
        .collect(Collectors.joining(", "));
    String text = "cases (" + valueBytes + " bytes): " + cases + "\n"
        + "groups: key " + key + "; value " + value + "\n"
        + "analysis: " + analysis + "\n"
        + "group_analysis: " + groupAnalysis + "\n";
    return file("klotskidb.db", "db-schema", """
        /**
         * The rows {@code codegen/layout-facts.txt} lays out, one line a family: each field's name and
         * declared width (in {@code cases} also its byte offset and, in a flag byte, its lowest bit).
         * {@link Schema#VERSION} names one such layout: StoredRowsTest holds each version to its text,
         * so a declaration that changes a row fails until the version is new.
         */
        final class StoredRows {
          private StoredRows() {}

          /** The layout, line by line. */
          static final String TEXT = %s;
        }
        """.formatted(quote(text)));
  }

  /**
   * A class's analysed facts while the analysis holds them, a column each in its declared width:
   * filled from the engine's results (each fact the array of its name in {@code AllRootsBfs.Result})
   * and handed to the writer's sink, so that the analysis job names no fact.
   */
  String analysedColumns() {
    List<Decl> analysed = analysed();
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * A class's analysed facts while {@link ClassAnalysis} holds them, a column each in its declared
         * width (a 16-bit fact a short, a 32-bit one an int): each group's results copied in at the
         * class's place of its layouts, then each layout's values handed to the writer's sink in id
         * order. Layout 7472 of 5-4-1-1 (1A9BF0C00), say, holds 124, 8, 2 and 6.
         */
        final class AnalysedColumns {
        """);
    b.append("  /** What the columns hold a layout, in bytes: a row's value. */\n");
    b.append("  static final int BYTES_PER_LAYOUT = AnalysisRecord.VALUE_BYTES;\n\n");
    for (Decl f : analysed) {
      b.append("  private final ").append(f.analysedShort() ? "short" : "int").append("[] ")
          .append(f.camel()).append(";\n");
    }
    b.append("\n  /** Columns for a class of {@code size} layouts. */\n  AnalysedColumns(int size) {\n");
    for (Decl f : analysed) {
      b.append("    ").append(f.camel()).append(" = new ").append(f.analysedShort() ? "short" : "int")
          .append("[size];\n");
    }
    b.append("  }\n\n  /** Sets layout {@code at} of the class from layout {@code i} of a group's results. */\n");
    b.append("  void set(int at, AllRootsBfs.Result r, int i) {\n");
    for (Decl f : analysed) {
      b.append("    ").append(f.camel()).append("[at] = ").append(f.analysedShort() ? "(short) " : "")
          .append("r.").append(f.camel()).append("[i];\n");
    }
    b.append("  }\n\n  /** Hands layout {@code at}'s values, with its code, to the writer's sink. */\n");
    b.append("  void row(AnalysisRecord.Sink sink, long code, int at) throws RocksDBException {\n");
    b.append("    sink.row(code, ").append(analysed.stream().map(f -> f.camel() + "[at]")
        .collect(Collectors.joining(", "))).append(");\n  }\n}\n");
    return file("klotskidb.jobs", "jobs", b.toString(), "klotskidb.analysis.AllRootsBfs", "klotskidb.db.AnalysisRecord",
        "org.rocksdb.RocksDBException");
  }

  /**
   * One layout's analysed facts from its own search ({@code RootFacts}, without a database), as the
   * record its row of analysis would be: each fact the accessor of its name.
   */
  String rootAnalysis() {
    String args = analysed().stream().map(f -> "f." + f.camel() + "()").collect(Collectors.joining(", "));
    return file("klotskidb.query", "query", """
        /**
         * One layout's analysed facts from its own search ({@link RootFacts}: {@code info X --farthest}
         * without a database), as its row of {@code analysis} would hold them: each fact read through
         * the accessor of its name. 1A9BF0C00's: 124, 8, 2, 6.
         */
        final class RootAnalysis {
          private RootAnalysis() {}

          /** The analysed facts of the layout {@code f} searched from. */
          static AnalysisRecord of(RootFacts f) {
            return new AnalysisRecord(%s);
          }
        }
        """.formatted(args), "klotskidb.analysis.RootFacts");
  }

  /** The analysed facts, in the declaration's order: the order of their values in a row of {@code analysis}. */
  private List<Decl> analysed() {
    return facts.stream().filter(Decl::analysed).toList();
  }

  /** How a fact not stored is read from the record {@code c} and the analysis {@code a}. */
  private static String read(Decl f) {
    return f.analysed() ? "a." + f.camel() + "()" : f.get("read");
  }

  /**
   * The analysed facts' record and their value in a row of {@code analysis}: a 16-bit fact a short,
   * a 32-bit one an int, in the declaration's order, the writer and the reader side by side.
   */
  String analysisRecord() {
    List<Decl> analysed = analysed();
    String params = analysed.stream().map(f -> "int " + f.camel()).collect(Collectors.joining(", "));
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("/**\n * One row of {@code analysis} ({@code klotski analyse}, class by class, keyed by code as {@link\n"
        + " * AnalysisCodec} says): a layout's analysed facts, a component each, in the order of the row.\n *\n");
    for (Decl f : analysed) {
      b.append(" * @param ").append(f.camel()).append(' ').append(doc(f.get("en"))).append('\n');
    }
    b.append(" */\npublic record AnalysisRecord(").append(params).append(") {\n");
    int bytes = analysed.stream().mapToInt(f -> Integer.parseInt(f.get("analysed")) / 8).sum();
    b.append("  /** The value's length in bytes: ").append(analysed.stream()
        .map(f -> f.name() + " " + Integer.parseInt(f.get("analysed")) / 8).collect(Collectors.joining(", ")))
        .append(". */\n");
    b.append("  public static final int VALUE_BYTES = ").append(bytes).append(";\n\n");
    b.append("""
          /** Receives a class's rows in code order ({@link AnalysisWriter}): each layout's code and analysed facts. */
          public interface Sink {
        """);
    // the facts in find: those the find index holds (find_farthest), the only ones its writer reads
    List<Decl> inFind = analysed.stream().filter(f -> f.in("find")).toList();
    String findParams = inFind.stream().map(f -> "int " + f.camel()).collect(Collectors.joining(", "));
    String findArgs = inFind.stream().map(Decl::camel).collect(Collectors.joining(", "));
    String allArgs = analysed.stream().map(Decl::camel).collect(Collectors.joining(", "));
    String others = analysed.stream().map(f -> inFind.contains(f) ? f.camel() : "-1").collect(Collectors.joining(", "));
    String findNames = inFind.stream().map(Decl::name).collect(Collectors.joining(", "));
    b.append("    void row(long code, ").append(params).append(") throws RocksDBException;\n\n");
    b.append("    /**\n     * A row of which only the facts in find are known (").append(findNames)
        .append("),\n     * a class's stored values for its find index; the others -1.\n     */\n");
    b.append("    default void rowInFind(long code, ").append(findParams).append(") throws RocksDBException {\n");
    b.append("      row(code, ").append(others).append(");\n    }\n  }\n\n");
    b.append("  /** Receives a row's code and its facts in find (").append(findNames)
        .append("), what the find index is made of. */\n");
    b.append("  public interface FindSink {\n");
    b.append("    void row(long code, ").append(findParams).append(") throws RocksDBException;\n  }\n\n");
    b.append("  /** The sink that hands each row's code and facts in find to {@code then}. */\n");
    b.append("  public static Sink inFind(FindSink then) {\n");
    b.append("    return (code, ").append(allArgs).append(") -> then.row(code, ").append(findArgs).append(");\n  }\n\n");
    b.append("  /**\n   * The sink that puts each row's value in {@code value} (from its start, flipped: ready to be\n"
        + "   * read) and then hands the row's code and facts in find to {@code then}.\n   */\n");
    b.append("  public static Sink putting(ByteBuffer value, FindSink then) {\n");
    b.append("    return (code, ").append(allArgs).append(") -> {\n");
    b.append("      value.clear();\n");
    b.append("      put(value, ").append(allArgs).append(");\n");
    b.append("      value.flip();\n");
    b.append("      then.row(code, ").append(findArgs).append(");\n    };\n  }\n\n");
    b.append("  /** Writes a row's value at {@code b}'s position. */\n");
    b.append("  public static void put(ByteBuffer b, ").append(params).append(") {\n");
    for (Decl f : analysed) {
      b.append(f.analysedShort() ? "    b.putShort((short) " : "    b.putInt(").append(f.camel())
          .append(");\n");
    }
    b.append("  }\n\n");
    // a find answer's analysed facts: the find index's; the others are not read there, -1. A fact
    // added to find changes this factory's arguments, and so its callers
    b.append("  /**\n   * A find answer's analysed facts, as the find index holds them (").append(findNames)
        .append(");\n   * the others -1: a find answer does not show them.\n   */\n");
    b.append("  public static AnalysisRecord ofFind(").append(findParams).append(") {\n");
    b.append("    return new AnalysisRecord(").append(others).append(");\n  }\n\n");
    b.append("  /** The record of a row's value, as {@link #put} wrote it. */\n");
    b.append("  public static AnalysisRecord decode(byte[] value) {\n");
    b.append("    ByteBuffer b = ByteBuffer.wrap(value);\n");
    b.append("    return new AnalysisRecord(").append(analysed.stream()
        .map(f -> f.analysedShort() ? "b.getShort()" : "b.getInt()").collect(Collectors.joining(", ")))
        .append(");\n  }\n}\n");
    return file("klotskidb.db", "db-schema", b.toString(), "org.rocksdb.RocksDBException");
  }

  // ---- a group's facts ----

  /** A group fact's {@code stored} words; empty where it is not in the value. */
  private static String groupStored(Decl g) {
    return g.has("stored") ? g.get("stored") : "";
  }

  /** The stored value that stands for a group fact's null ({@code stored 16 signed null -1}: -1); null when none. */
  private static String groupNullValue(Decl g) {
    String[] w = groupStored(g).split(" ");
    return w.length > 2 && w[w.length - 2].equals("null") ? w[w.length - 1] : null;
  }

  /** A group fact's stored width in bytes: 2 or 4, 5 for a code, 0 for a list (4 each) or one not stored. */
  private static int groupBytes(Decl g) {
    String w = groupStored(g);
    return w.equals("code") ? 5 : w.matches("(16|32).*") ? Integer.parseInt(w.split(" ")[0]) / 8 : 0;
  }

  /**
   * A row of {@code groups} as a record: the key's facts, then the value's, a component each, in
   * the declaration's order; how a build and a group flooded alone make it.
   */
  String groupRecord() {
    List<Decl> held = groupHeld();
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("/**\n * One row of {@code groups} ({@link GroupsCodec}): a group's key and the stored facts of its\n"
        + " * value, a component each, in the declaration's order.\n *\n");
    for (Decl g : held) {
      b.append(" * @param ").append(g.camel()).append(' ').append(doc(g.get("en")));
      if (g.has("null") && groupNullValue(g) != null) {
        b.append("; ").append(groupNullValue(g)).append(" when ").append(doc(g.get("null")));
      }
      b.append('\n');
    }
    b.append(" */\npublic record GroupRecord(").append(held.stream()
        .map(g -> "\n    " + groupJavaType(g) + " " + g.camel()).collect(Collectors.joining(",")))
        .append(") implements GroupRecordMethods {\n");
    b.append("""
          /** The record of group {@code g} of an in-memory build, as the writer stores it. */
          public static GroupRecord of(Layers layers, int g) {
            Groups groups = layers.groups();
            int cls = groups.classOf(g);
            return new GroupRecord(""".indent(2).stripTrailing()); // a member: two spaces in
    b.append(held.stream().map(g -> "\n        " + g.get("built")).collect(Collectors.joining(",")))
        .append(");\n  }\n\n");
    b.append("""
          /** The record of a group flooded alone, as a build would store it. */
          public static GroupRecord of(OneGroup group) {
            int cls = group.classIndex();
            return new GroupRecord(""".indent(2).stripTrailing());
    b.append(held.stream().map(g -> "\n        " + g.get("flooded")).collect(Collectors.joining(",")))
        .append(");\n  }\n}\n");
    return file("klotskidb.db", "db-schema", b.toString(), "klotskidb.grouper.Groups");
  }

  /** The value of a row of {@code groups} as straight code: its writer and its reader side by side. */
  String groupRows() {
    List<Decl> value = groupFacts.stream().filter(Decl::stored).toList();
    List<Decl> key = groupFacts.stream().filter(g -> g.has("key")).toList();
    int fixed = 0;
    List<String> widths = new ArrayList<>();
    for (Decl g : value) {
      fixed += groupBytes(g);
      widths.add(g.name() + (groupBytes(g) > 0 ? " " + groupBytes(g) : " 4 each"));
    }
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * The value of a row of {@code groups} as straight code, from the declaration: each stored fact of
         * a group in its order and width, written ({@link GroupsCodec#putValue}) and read ({@link
         * GroupsCodec#decode}) side by side.
         */
        final class GroupRows {
          private GroupRows() {}

        """);
    b.append("  /** The value's bytes but its list's: ").append(String.join(", ", widths)).append(". */\n");
    b.append("  static final int FIXED_BYTES = ").append(fixed).append(";\n\n");
    b.append("""
          /** Bytes of the value of a group whose list holds {@code count} values. */
          static int valueBytes(int count) {
            return FIXED_BYTES + 4 * count;
          }

          /** Writes the value of {@code g} at {@code b}'s position. */
          static void put(ByteBuffer b, GroupRecord g) {
        """);
    for (Decl g : value) {
      String w = groupStored(g);
      String get = "g." + g.camel() + "()";
      if (w.equals("code")) {
        b.append("    Schema.putCode(b, ").append(get).append(");\n");
      } else if (w.startsWith("list ")) {
        b.append("    for (int v : ").append(get).append(") {\n      b.putInt(v);\n    }\n");
      } else if (w.startsWith("16")) {
        b.append("    b.putShort((short) ").append(get).append(");\n");
      } else {
        b.append("    b.putInt(").append(get).append(");\n");
      }
    }
    b.append("  }\n\n");
    b.append("  /** The record of the group of that key whose value {@code b} holds, from its position. */\n");
    b.append("  static GroupRecord decode(").append(key.stream().map(g -> "int " + g.camel())
        .collect(Collectors.joining(", "))).append(", ByteBuffer b) {\n");
    for (Decl g : value) {
      String w = groupStored(g);
      String name = g.camel();
      if (w.equals("code")) {
        b.append("    long ").append(name).append(" = Schema.getCode(b);\n");
      } else if (w.startsWith("list ")) {
        b.append("    int[] ").append(name).append(" = new int[").append(camel(w.substring(5))).append("];\n");
        b.append("    for (int k = 0; k < ").append(name).append(".length; k++) {\n      ").append(name)
            .append("[k] = b.getInt();\n    }\n");
      } else if (w.startsWith("16")) {
        b.append("    int ").append(name).append(" = b.getShort()").append(w.contains("signed") ? "" : " & 0xFFFF")
            .append(";\n");
      } else {
        b.append("    int ").append(name).append(" = b.getInt();\n");
      }
    }
    b.append("    return new GroupRecord(").append(groupHeld().stream().map(g -> "\n        " + g.camel())
        .collect(Collectors.joining(","))).append(");\n  }\n}\n");
    return file("klotskidb.db", "db-schema", b.toString());
  }

  /** A group fact's value from its record {@code g} and its class's diameter {@code d}. */
  private static String groupRead(Decl g) {
    if (g.has("read")) {
      return g.get("read");
    }
    String get = "g." + g.camel() + "()";
    return groupNullValue(g) != null ? get + " == " + groupNullValue(g) + " ? null : " + get : get;
  }

  /**
   * A fact's entry in a catalogue's list ({@code new Fact(...)}): a layout's or a group's, {@code
   * field} its stored field's constant or {@code null}, {@code bits} its width; the list closed after
   * the last.
   */
  private static void catalogueEntry(StringBuilder b, Decl f, boolean group, String field, int bits, boolean last) {
    String outputs = Stream.of(f.get("in").split(" ")).map(o -> "Output." + o.toUpperCase(Locale.ROOT))
        .collect(Collectors.joining(", "));
    String nullWhen = f.analysed() ? "Facts.NOT_ANALYSED" : quote(f.get("null"));
    b.append("      new Fact(").append(quote(f.name())).append(", Type.").append(f.type().toUpperCase(Locale.ROOT))
        .append(", ").append(nullWhen).append(",\n          ").append(quote(f.get("en"))).append(",\n          ")
        .append(quote(f.get("zh"))).append(", ").append(quote(f.get("label"))).append(", Facts.outputs(")
        .append(outputs).append("), ").append(f.analysed()).append(", ").append(group).append(", ").append(field)
        .append(", ").append(bits).append(last ? "));\n\n" : "),\n");
  }

  /** A catalogue's class up to its list's first entry: its comment ({@code doc}'s lines), name and constructor. */
  private static String catalogueClass(String name, String doc) {
    return "/**\n" + doc.lines().map(l -> " * " + l + "\n").collect(Collectors.joining()) + " */\nfinal class " + name
        + " {\n  private " + name + "() {}\n\n  static final List<Fact> LIST = List.of(\n";
  }

  /** The catalogue's group facts, in order, and how each is read from a group's record. */
  String groupFactsList() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append(catalogueClass("GroupFacts", """
        The catalogue's group facts in the order of Parquet's groups table and of the JSON documents
        ({@link Facts#GROUP}), each with its meanings and outputs; and how each is read from a group's
        record and its diameter (-1 until its class is analysed)."""));
    for (int i = 0; i < groupFacts.size(); i++) {
      Decl g = groupFacts.get(i);
      int bits = g.has("key") ? Integer.parseInt(g.get("key")) : g.analysed() ? Integer.parseInt(g.get("analysed"))
          : groupBytes(g) == 2 || groupBytes(g) == 4 ? 8 * groupBytes(g) : 32;
      catalogueEntry(b, g, true, "null", bits, i + 1 == groupFacts.size());
    }
    b.append("""
          /** A group fact's value: one switch rather than a lambda per fact. */
          static Object read(String name, GroupRecord g, int d) {
            return switch (name) {
        """);
    for (Decl g : groupFacts) {
      b.append("      case ").append(quote(g.name())).append(" -> ").append(groupRead(g)).append(";\n");
    }
    b.append("      default -> throw new IllegalArgumentException(name + \" is not a group fact\");\n");
    b.append("    };\n  }\n}\n");
    return file("klotskidb.query", "query", b.toString(), "klotskidb.query.Facts.Fact",
        "klotskidb.query.Facts.Output", "klotskidb.query.Facts.Type", "klotskidb.db.GroupRecord");
  }

  String layoutFacts() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append(catalogueClass("LayoutFacts", """
        The catalogue's layout facts in the order of a layout's JSON document ({@link Facts#LAYOUT}), each
        with its meanings and outputs, a stored fact with its field; and how each fact not stored is read."""));
    for (int i = 0; i < facts.size(); i++) {
      Decl f = facts.get(i);
      int bits = f.stored() ? f.bits() : f.analysed() ? Integer.parseInt(f.get("analysed"))
          : f.has("bits") ? Integer.parseInt(f.get("bits")) : 32;
      catalogueEntry(b, f, false, f.stored() ? "CaseField." + f.constant() : "null", bits, i + 1 == facts.size());
    }
    b.append("""
          /**
           * A layout fact not held in a field of its row, read from the record and the analysis (null until
           * the class is analysed; a stored fact is read through its field, {@link Fact#value}): one switch
           * rather than a lambda per fact, which the JVM would make at every start.
           */
          static Object read(String name, CaseRecord c, AnalysisRecord a) {
            return switch (name) {
        """);
    for (Decl f : facts) {
      if (f.has("read") || f.analysed()) {
        b.append("      case ").append(quote(f.name())).append(" -> ").append(read(f)).append(";\n");
      }
    }
    b.append("      default -> throw new IllegalArgumentException(name + \" is not read from the stored records\");\n");
    b.append("    };\n  }\n}\n");
    return file("klotskidb.query", "query", b.toString(), "klotskidb.query.Facts.Fact",
        "klotskidb.query.Facts.Output", "klotskidb.query.Facts.Type");
  }

  /**
   * The library's record of a layout ({@code KlotskiDatabase.layout}): a component each fact of the
   * JSON document, in its order, typed by its declaration, each read as the document reads it.
   */
  String layout() {
    List<Decl> json = facts.stream().filter(f -> f.in("json")).toList();
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * A layout as the database answers it: every fact of its JSON document ({@code info X --json},
         * {@code GET /api/layout/X}), in the document's order and with its values, typed; null where the
         * document says null. {@link KlotskiDatabase#layout} and {@link KlotskiDatabase#find} answer it.
         *
        """);
    for (Decl f : json) {
      b.append(" * @param ").append(libraryName(f)).append(' ').append(doc(f.get("en")));
      if (f.analysed()) {
        b.append("; null until its class is analysed ({@code klotski analyse})");
      } else if (f.has("null")) {
        b.append("; null when ").append(doc(f.get("null")));
      }
      b.append('\n');
    }
    b.append(" */\npublic record Layout(");
    for (int i = 0; i < json.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(libraryType(json.get(i))).append(' ').append(libraryName(json.get(i)));
    }
    b.append(") implements LayoutMethods {\n");
    b.append("""
          /** The layout of record {@code c} and its class's analysis {@code a} (null: not analysed yet). */
          @SuppressWarnings("unchecked")
          static Layout of(CaseRecord c, AnalysisRecord a) {
            List<Fact> f = Facts.LAYOUT; // through Facts, which makes LayoutFacts.LIST in its turn
            return new Layout(
        """);
    for (int i = 0; i < json.size(); i++) {
      Decl d = json.get(i);
      String value = "(" + libraryType(d) + ") f.get(" + facts.indexOf(d) + ").value(c, a)";
      b.append("        ").append(d.analysed() ? "a == null ? null : " + value : value)
          .append(i + 1 < json.size() ? ", // " : "); // ").append(d.name()).append('\n');
    }
    b.append("  }\n}\n");
    return file("klotskidb.query", "query", b.toString(), "klotskidb.query.Facts.Fact");
  }

  /** {@code min_solution_step} as {@code minSolutionStep}; a dot as an underscore ({@code difficulty.word}: {@code difficultyWord}). */
  static String camel(String name) {
    StringBuilder b = new StringBuilder();
    for (String part : name.split("[_.]")) {
      b.append(b.length() == 0 ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
    }
    return b.toString();
  }

  /** A fact's component in the library's record: its name in camelCase. */
  private static String libraryName(Decl f) {
    return camel(f.name());
  }

  /** Its type there: boxed where the document can say null. */
  private static String libraryType(Decl f) {
    boolean nullable = f.analysed() || f.has("null");
    return switch (f.type()) {
      case "string" -> "String";
      case "int" -> nullable ? "Integer" : "int";
      case "long" -> nullable ? "Long" : "long";
      case "boolean" -> nullable ? "Boolean" : "boolean";
      case "percent" -> "Double";
      case "names" -> "List<String>";
      case "ints" -> "List<Integer>";
      default -> throw new IllegalStateException(f.name() + ": no type " + f.type());
    };
  }

  /**
   * The Parquet columns each encoding is turned on for, from the facts that declare it ({@code
   * encoded}), layouts' then groups', each column once: the writer takes them by column name.
   */
  String parquetEncodings() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * The columns of Parquet's tables each encoding is turned on for ({@link ParquetFiles#writer}), by
         * name, as the facts declare them ({@code encoded}); the others go without (ParquetSchemas says why).
         */
        final class ParquetEncodings {
          private ParquetEncodings() {}

        """);
    for (String e : List.of("dictionary", "statistics")) {
      List<String> columns = Stream.concat(facts.stream(), groupFacts.stream())
          .filter(f -> f.has("encoded") && List.of(f.get("encoded").split(" ")).contains(e))
          .map(f -> quote(f.name().substring(f.name().lastIndexOf('.') + 1))).distinct().toList();
      b.append("  /** The columns declared {@code encoded ").append(e).append("}. */\n");
      b.append("  static final List<String> ").append(e.toUpperCase(Locale.ROOT)).append(" = List.of(");
      int width = 100; // a line's length at most, about
      StringBuilder line = new StringBuilder();
      for (String c : columns) {
        if (line.length() + c.length() > width) {
          b.append(line.toString().stripTrailing());
          line.setLength(0);
        }
        line.append(line.length() == 0 ? "\n      " : " ").append(c).append(',');
      }
      b.append(line, 0, line.length() - 1).append(");\n").append(e.equals("dictionary") ? "\n" : "");
    }
    b.append("}\n");
    return file("klotskidb.datasets", "datasets", b.toString(), "java.util.List");
  }

  String layoutColumns() {
    StringBuilder b = new StringBuilder(); // the body: file() puts the package and imports before it
    b.append("""
        /**
         * The Parquet layouts table's row as straight code: each column of the catalogue's Parquet output
         * in its order, the text columns as bytes made directly, no object a value. {@link
         * ParquetRows.LayoutWrite} writes through it, and through the catalogue's declared readers in the
         * tests, which hold the two equal.
         */
        abstract class LayoutColumns extends ParquetRows.Write {
          /** The row of {@code {c, a}} ({@code a} null until its class is analysed). */
          final void straight(CaseRecord c, AnalysisRecord a) {
        """);
    for (Decl f : facts) {
      if (!f.in("parquet")) {
        continue;
      }
      String get = "c." + f.camel() + "()";
      if (f.has("parquet")) {
        b.append("    ").append(f.get("parquet")).append('\n');
      } else if (f.analysed()) {
        b.append("    int32OrNull(a != null, a == null ? 0 : ").append(read(f)).append(");\n");
      } else {
        b.append("    ").append(switch (f.javaType()) {
          case "int" -> f.nullValue() == null ? "int32(" + get + ");"
              : "int32OrNull(" + get + " != " + f.nullValue() + ", " + get + ");";
          case "long" -> "int64(" + get + ");";
          case "boolean" -> "bool(" + get + ");";
          default -> "if (" + get + " != null) {\n      bool(" + get + ");\n    } else {\n      skip();\n    }";
        }).append('\n');
      }
    }
    b.append("  }\n}\n");
    return file("klotskidb.datasets", "datasets", b.toString(), "static klotskidb.datasets.ParquetRows.hex",
        "static klotskidb.datasets.ParquetRows.name", "static klotskidb.datasets.ParquetRows.shortCode");
  }
}
