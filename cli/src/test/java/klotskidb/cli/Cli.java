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
