package klotskidb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs the command in-process and captures what it prints. */
final class Cli {
  final int exit;
  final String out;
  final String err;

  private Cli(int exit, String out, String err) {
    this.exit = exit;
    this.out = out;
    this.err = err;
  }

  static Cli run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Klotski.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Cli(exit, out.toString(), err.toString());
  }

  /**
   * JVM options of a klotski process of its own that runs for a second or two (a small build,
   * an export, a run killed early) or mostly waits (a test's server): the launcher's collector, transparent huge pages for the
   * arrays of all 29M layouts, and the first compiler only (the second would spend more time
   * compiling than it saves here: BENCHMARKS.md, row "a test's own klotski process").
   */
  static final List<String> SHORT_RUN = List.of("-Xmx3g", "-XX:+UseParallelGC", "-XX:+UseTransparentHugePages",
      "-XX:TieredStopAtLevel=1");
  /** The options of one that computes for longer (an analysis, a release): both compilers. */
  static final List<String> LONG_RUN = List.of("-Xmx3g", "-XX:+UseParallelGC", "-XX:+UseTransparentHugePages");

  /** The command line of {@code klotski args} in a JVM of its own, with this JVM's java and class path. */
  static List<String> command(List<String> options, String... args) {
    List<String> line = new ArrayList<>();
    line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // what the jar's manifest says (Enable-Native-Access), for a run from the class path: Java 24
    // and newer warn on standard error at RocksDB's loadLibrary otherwise; Java 17 takes it too
    line.add("--enable-native-access=ALL-UNNAMED");
    // where this JVM loads RocksDB's library from (the folder the build unpacked it to: the pom's
    // test.jvm.options): a process that extracts it writes 15 MB to the temporary folder first,
    // and one killed leaves that copy behind
    line.add("-Djava.library.path=" + System.getProperty("java.library.path"));
    line.addAll(options);
    line.addAll(List.of("-cp", System.getProperty("java.class.path"), Klotski.class.getName()));
    line.addAll(List.of(args));
    return line;
  }

  /** The classes of {@link #analysedDatabase}. */
  static final String ANALYSED_CLASSES = "5-4-1,0-3-0,1-2-1";
  private static Path analysed;

  /**
   * A database of 5-4-1, 0-3-0 and 1-2-1 with 5-4-1 analysed, built once per test JVM and shared by
   * the test classes that only read it (a build and an analyse of the classic's class each cost
   * seconds); removed when the JVM exits. Writers build their own.
   */
  static synchronized Path analysedDatabase() throws IOException {
    if (analysed == null) {
      Path dir = Files.createTempDirectory("klotski-analysed-");
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
      Path db = dir.resolve("db");
      Cli build = run("build", "--db", db.toString(), "--no-progress", "--classes", ANALYSED_CLASSES);
      if (build.exit != 0) {
        throw new AssertionError(build.toString());
      }
      Cli analyse = run("analyse", "--db", db.toString(), "--no-progress", "--class", "5-4-1");
      if (analyse.exit != 0) {
        throw new AssertionError(analyse.toString());
      }
      analysed = db;
    }
    return analysed;
  }

  private static void delete(Path dir) {
    try (var all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind
    }
  }

  /** Copies the files of a database directory into {@code to} (created); returns {@code to}. */
  static Path copyDatabase(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }

  @Override
  public String toString() {
    return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
  }
}
