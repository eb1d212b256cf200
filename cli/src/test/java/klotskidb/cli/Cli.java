package klotskidb.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

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

  /** The classes of {@link #analysedDatabase}. */
  static final String ANALYSED_CLASSES = "5-4-1,0-3-0,1-2-1";
  private static java.nio.file.Path analysed;

  /**
   * A database of 5-4-1, 0-3-0 and 1-2-1 with 5-4-1 analysed, built once per test JVM and shared by
   * the test classes that only read it (a build and an analyse of the classic's class each cost
   * seconds); removed when the JVM exits. Writers build their own.
   */
  static synchronized java.nio.file.Path analysedDatabase() throws java.io.IOException {
    if (analysed == null) {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("klotski-analysed-");
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
      java.nio.file.Path db = dir.resolve("db");
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

  private static void delete(java.nio.file.Path dir) {
    try (var all = java.nio.file.Files.walk(dir)) {
      all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (java.io.IOException e) {
      // a temporary folder left behind
    }
  }

  /** Copies the files of a database directory into {@code to} (created); returns {@code to}. */
  static java.nio.file.Path copyDatabase(java.nio.file.Path from, java.nio.file.Path to) throws java.io.IOException {
    java.nio.file.Files.createDirectories(to);
    try (var files = java.nio.file.Files.list(from)) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        java.nio.file.Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }

  @Override
  public String toString() {
    return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
  }
}
