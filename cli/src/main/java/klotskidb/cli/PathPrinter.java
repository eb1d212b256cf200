package klotskidb.cli;

import java.io.PrintWriter;
import klotskidb.base.UserText;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;

/** Prints a path of layouts: step number, code and drawing. */
final class PathPrinter {
  private PathPrinter() {}

  /** "1 step", "81 steps". */
  static String steps(int n) {
    return UserText.count(n, "step", "steps");
  }

  /** The codes of a path on one line, separated by spaces: an answer of {@code solve --stdin} and {@code path --stdin}. */
  static String line(long[] path) {
    StringBuilder s = new StringBuilder(path.length * 10);
    for (long code : path) {
      s.append(s.length() == 0 ? "" : " ").append(Code.format(code));
    }
    return s.toString();
  }

  static void print(PrintWriter out, long[] path, boolean codesOnly) {
    for (int i = 0; i < path.length; i++) {
      if (codesOnly) {
        out.println(Code.format(path[i]));
      } else {
        out.println("step " + i + ": " + Code.format(path[i]));
        out.print(Board.of(path[i]).draw());
      }
    }
  }
}
