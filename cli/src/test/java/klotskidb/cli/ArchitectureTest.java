package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ARCHITECTURE.md's rules, held here rather than in prose: modules import one way (base → enumerator →
 * grouper → layerer → analysis → db-schema → query → datasets / server → jobs → cli; the two
 * siblings not each other; codegen, the build's generators, named by no main code), one package per
 * module, and the readers (query, server) never write a database. Read from the main sources as
 * text, comments left out: every {@code klotskidb.X} a file names in code, imported or written out
 * in full.
 */
class ArchitectureTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Each module, its package, and the packages it may name (its own and those before it). */
  private static final List<String[]> ORDER = List.of(
      new String[] {"codegen", "codegen"},
      new String[] {"base", "base"},
      new String[] {"enumerator", "enumerator"},
      new String[] {"grouper", "grouper"},
      new String[] {"layerer", "layerer"},
      new String[] {"analysis", "analysis"},
      new String[] {"db-schema", "db"},
      new String[] {"query", "query"},
      new String[] {"datasets", "datasets"},
      new String[] {"server", "server"},
      new String[] {"jobs", "jobs"},
      new String[] {"cli", "cli"});

  private static final Pattern NAMED = Pattern.compile("\\bklotskidb\\.([a-z]+)\\.");

  /** A source's text with its string literals and text blocks emptied. */
  private static String withoutStrings(String text) {
    return text.replaceAll("(?s)\"\"\".*?\"\"\"", "\"\"").replaceAll("\"(?:[^\"\\\\\\n]|\\\\.)*\"", "\"\"");
  }

  /** The code of a source file, its comments left out (a comment may name what comes later). */
  private static String code(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*//.*$", " ").replaceAll("(?m) // [^\"\\n]*$", " ");
  }

  /**
   * A module's main code: its own files and those the build generates for it ({@code
   * target/generated-sources/facts} from the declaration of a layout's facts, {@code
   * target/generated-sources/kernels} from the table of the vector kernels' widths; made before the
   * module compiles, so before these tests), held to the same rules.
   */
  private static List<Path> sources(String module) throws Exception {
    List<Path> all = new ArrayList<>();
    for (String dir : List.of("src/main/java", "target/generated-sources/facts", "target/generated-sources/kernels")) {
      Path main = ROOT.resolve(module).resolve(dir);
      if (dir.startsWith("target") && !Files.isDirectory(main)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(main)) {
        files.filter(f -> f.toString().endsWith(".java")).forEach(all::add);
      }
    }
    return all;
  }

  /** The generated code is there to be held: each module that declares the generator has its files. */
  @Test
  void theGeneratedCodeIsHeldToo() throws Exception {
    for (String module : List.of("db-schema", "query", "datasets", "jobs")) {
      assertTrue(Files.readString(ROOT.resolve(module).resolve("pom.xml")).contains("<facts.module>" + module),
          module + " makes its part of the facts' code");
      assertTrue(sources(module).stream().anyMatch(f -> f.toString().contains("generated-sources")),
          module + "'s generated code is in its target folder (built before the cli's tests)");
    }
    assertTrue(Files.readString(ROOT.resolve("analysis/pom.xml")).contains("klotskidb.codegen.KernelsCodegen"),
        "analysis makes its vector kernels");
    assertTrue(sources("analysis").stream()
        .anyMatch(f -> f.toString().endsWith("kernels/klotskidb/analysis/VectorKernels.java")),
        "analysis's generated kernels are in its target folder");
  }

  @Test
  void modulesImportOneWayAndEachHoldsOnePackage() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (int m = 0; m < ORDER.size(); m++) {
      String module = ORDER.get(m)[0];
      List<String> allowed = new ArrayList<>();
      for (int k = 0; k <= m; k++) {
        String pkg = ORDER.get(k)[1];
        // datasets and server are siblings: neither names the other; codegen runs at build time only
        if (!(module.equals("server") && pkg.equals("datasets")) && !(pkg.equals("codegen") && !module.equals("codegen"))) {
          allowed.add(pkg);
        }
      }
      for (Path f : sources(module)) {
        String text = code(Files.readString(f));
        if (module.equals("codegen")) {
          text = withoutStrings(text); // the generators' strings are the code they make, held in its modules
        }
        Matcher pkg = Pattern.compile("^package klotskidb\\.([a-z]+);", Pattern.MULTILINE).matcher(text);
        if (!pkg.find() || !pkg.group(1).equals(ORDER.get(m)[1])) {
          wrong.add(ROOT.relativize(f) + ": not in package klotskidb." + ORDER.get(m)[1]);
        }
        Matcher named = NAMED.matcher(text);
        while (named.find()) {
          if (!allowed.contains(named.group(1))) {
            wrong.add(ROOT.relativize(f) + " names klotskidb." + named.group(1) + ", a module after " + module);
          }
        }
      }
    }
    assertEquals(List.of(), wrong.stream().distinct().toList());
  }

  /**
   * A file's dependencies show in its imports: no class is named by its package in the body of
   * main or test code (comments and string literals aside), where {@code java.util.TreeSet} or
   * {@code klotskidb.db.Scratch} written inline once hid what a file used. A name that clashes
   * with one of the file's own is renamed there.
   */
  @Test
  void classesFromElsewhereAreImportedNotNamedInline() throws Exception {
    Pattern qualified = Pattern.compile("(?<![\\w.])(?:java|javax|jdk|org|com|it|picocli|klotskidb|sun)\\."
        + "(?:[a-z_][a-z0-9_]*\\.)+[A-Z]\\w*");
    List<String> inline = new ArrayList<>();
    for (String[] m : ORDER) {
      List<Path> files = new ArrayList<>(sources(m[0]));
      Path tests = ROOT.resolve(m[0]).resolve("src/test/java");
      if (Files.isDirectory(tests)) {
        try (Stream<Path> all = Files.walk(tests)) {
          all.filter(f -> f.toString().endsWith(".java")).forEach(files::add);
        }
      }
      for (Path f : files) {
        String body = withoutStrings(code(Files.readString(f)));
        for (String line : body.split("\n")) {
          if (line.startsWith("import ") || line.startsWith("package ")) {
            continue;
          }
          Matcher q = qualified.matcher(line);
          while (q.find()) {
            inline.add(ROOT.relativize(f) + ": " + q.group());
          }
        }
      }
    }
    assertEquals(List.of(), inline, "classes named inline: import them");
  }

  /**
   * The generators (the codegen module's classes, as the build ran them), run on the declaration and
   * the table as committed, make the very files the modules compiled (no stale generated code); the
   * facts' refuses a wrong declaration with its file and line, writing nothing.
   */
  @Test
  void theGeneratedCodeIsTheDeclarationsAndAWrongOneIsRefused(@TempDir Path temp) throws Exception {
    Path classes = ROOT.resolve("codegen/target/classes");
    assertTrue(Files.isRegularFile(classes.resolve("klotskidb/codegen/FactsCodegen.class")),
        "the codegen module is built before the cli's tests");
    Path declaration = ROOT.resolve("codegen/layout-facts.txt");
    Path wrong = temp.resolve("wrong.txt");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()})) {
      Method main = loader.loadClass("klotskidb.codegen.FactsCodegen").getMethod("main", String[].class);
      for (String module : List.of("db-schema", "query", "datasets", "jobs")) {
        main.invoke(null, (Object) new String[] {declaration.toString(), module, temp.resolve(module).toString()});
      }
      // the kernels, from the generator's own table
      loader.loadClass("klotskidb.codegen.KernelsCodegen").getMethod("main", String[].class)
          .invoke(null, (Object) new String[] {temp.resolve("analysis").toString()});
      // each wrong declaration refused with its file, line and reason, nothing written
      Map<String, String> refusals = new LinkedHashMap<>();
      refusals.put(Files.readString(declaration).replace("stored 1 unsigned\n  built Code.isSolved",
          "stored 8 unsigned\n  built Code.isSolved"), "solved: a yes or no is a few bits; a long has no stored null");
      // an analysed fact is as wide as a short or an int of its row of analysis
      refusals.put(Files.readString(declaration).replace("analysed 16", "analysed 24"),
          "farthest_step: an analysed fact is an int of 16 or 32 bits, read from its AnalysisRecord (no read)");
      // a group's stored fact is a short, an int, a code or a list
      refusals.put(Files.readString(declaration).replace("stored 16 signed null -1", "stored 24 signed null -1"),
          "group max_min_solution_step: stored 16|32 [signed] [null V], code or list COUNT");
      // a Parquet column's encodings are dictionary and statistics
      refusals.put(Files.readString(declaration).replaceFirst("encoded statistics\n", "encoded sorted\n"),
          "code: no encoding sorted [dictionary, statistics]");
      for (Map.Entry<String, String> r : refusals.entrySet()) {
        Files.writeString(wrong, r.getKey());
        for (String module : List.of("db-schema", "query", "datasets", "jobs")) {
          InvocationTargetException refused = assertThrows(InvocationTargetException.class,
              () -> main.invoke(null, (Object) new String[] {wrong.toString(), module, temp.resolve("w").toString()}));
          String said = refused.getCause().getMessage();
          assertTrue(refused.getCause() instanceof IllegalStateException
              && said.matches("FactsCodegen: .*wrong\\.txt:\\d+: " + Pattern.quote(r.getValue())), module + ": " + said);
          assertTrue(!Files.exists(temp.resolve("w")), "nothing written");
        }
      }
    }
    for (String module : List.of("db-schema", "query", "datasets", "jobs")) {
      Path out = temp.resolve(module);
      Path built = ROOT.resolve(module).resolve("target/generated-sources/facts");
      try (Stream<Path> made = Files.walk(out)) {
        for (Path f : made.filter(Files::isRegularFile).toList()) {
          assertEquals(Files.readString(f), Files.readString(built.resolve(out.relativize(f))), f.toString());
        }
      }
    }
    String kernels = "klotskidb/analysis/VectorKernels.java";
    assertEquals(Files.readString(ROOT.resolve("analysis/target/generated-sources/kernels").resolve(kernels)),
        Files.readString(temp.resolve("analysis").resolve(kernels)), kernels);
  }

  /** The readers never write a database: no writer, lock or publish in query's and server's main code. */
  @Test
  void queryAndServerNeverWriteADatabase() throws Exception {
    Pattern writes = Pattern.compile("\\b(DatabaseWriter|AnalysisWriter|DatabaseLock|SstFileWriter|WriteBatch)\\b"
        + "|\\.publish\\(|RocksDB\\.open\\(");
    List<String> found = new ArrayList<>();
    for (String module : List.of("query", "server")) {
      for (Path f : sources(module)) {
        Matcher m = writes.matcher(code(Files.readString(f)));
        while (m.find()) {
          found.add(ROOT.relativize(f) + ": " + m.group());
        }
      }
    }
    assertEquals(List.of(), found);
    assertTrue(sources("query").size() > 10 && sources("server").size() > 5, "the sources were read");
  }

  /**
   * Every class the codemap's module table names (a backticked {@code Name} or {@code
   * Name.member} in a module's row) is declared in the main code (a row may name a class of a
   * module before it), and every {@code module/Class} its other tables name is a file there: a renamed or removed class cannot stay in the map.
   */
  @Test
  void everyClassTheCodemapNamesExists() throws Exception {
    List<String> map = Files.readAllLines(ROOT.resolve("ARCHITECTURE.md"));
    List<String> missing = new ArrayList<>();
    int checked = 0;
    Pattern row = Pattern.compile("^\\| `([a-z-]+)` \\| `klotskidb\\.([a-z]+)` \\|(.*)$");
    Pattern name = Pattern.compile("`([A-Z][A-Za-z0-9]*)(\\.[A-Za-z_]+(\\(\\))?)?`");
    for (String line : map) {
      Matcher r = row.matcher(line);
      if (!r.matches()) {
        continue;
      }
      Matcher n = name.matcher(r.group(3));
      while (n.find()) {
        if (".md".equals(n.group(2))) {
          continue; // a document (SCHEMA.md)
        }
        checked++;
        if (!declared(n.group(1))) {
          missing.add(r.group(1) + ": " + n.group(1));
        }
      }
    }
    Matcher where = Pattern.compile("`([a-z-]+)/([A-Z][A-Za-z0-9]*)`").matcher(String.join("\n", map));
    while (where.find()) {
      try (Stream<Path> files = Files.walk(ROOT.resolve(where.group(1)).resolve("src/main/java"))) {
        checked++;
        if (files.noneMatch(f -> f.getFileName().toString().equals(where.group(2) + ".java"))) {
          missing.add(where.group(1) + "/" + where.group(2));
        }
      }
    }
    assertEquals(List.of(), missing);
    assertTrue(checked > 80, "the codemap's names were read: " + checked);
  }

  private static String allMain;

  /** Whether a class, record, interface or enum of that name is declared in a module's main code (nested too). */
  private static boolean declared(String name) throws Exception {
    if (allMain == null) {
      StringBuilder b = new StringBuilder();
      for (String[] module : ORDER) {
        for (Path f : sources(module[0])) {
          b.append(code(Files.readString(f))).append('\n');
        }
      }
      allMain = b.toString();
    }
    return Pattern.compile("\\b(class|record|interface|enum) " + name + "\\b").matcher(allMain).find();
  }

  /**
   * The whole space is enumerated only where the codemap says ("The whole space is enumerated
   * ... in one place of the main code: `X`"): a small question never pays for all 29,334,498
   * layouts by a call nobody meant.
   */
  @Test
  void theWholeSpaceIsEnumeratedOnlyWhereTheCodemapSays() throws Exception {
    String map = Files.readString(ROOT.resolve("ARCHITECTURE.md"));
    Matcher said = Pattern.compile("The whole space is enumerated \\(`AllLayouts.build\\(\\)`\\) in one place of the main\\s+code: `([A-Za-z]+)`").matcher(map);
    assertTrue(said.find(), "ARCHITECTURE.md says where the whole space is enumerated");
    List<String> callers = new ArrayList<>();
    for (String[] module : ORDER) {
      for (Path f : sources(module[0])) {
        if (code(Files.readString(f)).contains("AllLayouts.build(") && !f.endsWith("AllLayouts.java")) {
          callers.add(f.getFileName().toString().replace(".java", ""));
        }
      }
    }
    assertEquals(List.of(said.group(1)), callers);
  }

  /** Every module of the pom is in the order above (bench aside), so a new one cannot escape the rule. */
  @Test
  void everyModuleIsInTheOrder() throws Exception {
    String pom = Files.readString(ROOT.resolve("pom.xml"));
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
    List<String> modules = new ArrayList<>();
    while (m.find()) {
      modules.add(m.group(1));
    }
    modules.remove("bench");
    assertEquals(ORDER.stream().map(o -> o[0]).sorted().toList(), modules.stream().sorted().toList());
  }
}
