package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md's rules, held here rather than in prose: modules import one way (enumerator →
 * grouper → layerer → analysis → db-schema → query → datasets / server → jobs → cli; the two
 * siblings not each other), one package per module, and the readers (query, server) never write a
 * database. Read from the main sources as text, comments left out: every {@code klotskidb.X} a
 * file names in code, imported or written out in full.
 */
class ArchitectureTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Each module, its package, and the packages it may name (its own and those before it). */
  private static final List<String[]> ORDER = List.of(
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

  /** The code of a source file, its comments left out (a comment may name what comes later). */
  private static String code(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*//.*$", " ").replaceAll("(?m) // [^\"\\n]*$", " ");
  }

  private static List<Path> sources(String module) throws Exception {
    Path main = ROOT.resolve(module).resolve("src/main/java");
    try (Stream<Path> files = Files.walk(main)) {
      return files.filter(f -> f.toString().endsWith(".java")).toList();
    }
  }

  @Test
  void modulesImportOneWayAndEachHoldsOnePackage() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (int m = 0; m < ORDER.size(); m++) {
      String module = ORDER.get(m)[0];
      List<String> allowed = new ArrayList<>();
      for (int k = 0; k <= m; k++) {
        String pkg = ORDER.get(k)[1];
        // datasets and server are siblings: neither names the other
        if (!(module.equals("server") && pkg.equals("datasets"))) {
          allowed.add(pkg);
        }
      }
      for (Path f : sources(module)) {
        String text = code(Files.readString(f));
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
