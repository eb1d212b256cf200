package klotskidb.cli;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.layerer.Solver;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Queries;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A shortest path between two layouts of one group, by BFS (no database needed). */
@Command(name = "path", mixinStandardHelpOptions = true,
    footer = {"--json: the document of GET /api/path?from=FROM&to=TO.",
        "--stdin: FROM and TO a line (separated by a tab, or by spaces when neither has one; LF-ended, a CR "
        + "before it dropped), one answer per line: the path's codes separated by spaces (text and --codes-only), "
        + "or its document (--json); a line that names no pair of layouts of one group gets the API's error as "
        + "one JSON object ({\"input\":...,\"status\":...,\"error\":...}) and the exit status is 1."},
    description = "Print a shortest path between two layouts of the same group (no database "
        + "needed); exit 1 when they are in different groups.")
final class PathCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "FROM", description = "Start layout: " + LayoutArgument.FORMS
      + ".")
  String from;

  @Parameters(index = "1", arity = "0..1", paramLabel = "TO", description = "Target layout, in the same forms.")
  String to;

  @CommandLine.Option(names = "--stdin", description = "A path for every pair FROM TO read from standard "
      + "input, one pair a line.")
  boolean stdin;

  @Mixin CodesOnlyOption codesOnly;

  @Mixin JsonOption json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    codesOnly.checkNotWith(json);
    if (stdin) {
      if (from != null) {
        throw new InputException("--stdin reads the pairs from standard input: give no FROM or TO");
      }
      return batch(new InputLines(System.in));
    }
    if (from == null || to == null) {
      throw new InputException("give two layouts FROM and TO, or --stdin");
    }
    long a = LayoutRef.codeWithoutDatabase(from);
    long b = LayoutRef.codeWithoutDatabase(to);
    if (json.on) {
      Map<String, Object> doc = Queries.path(a, b);
      if (doc == null) {
        throw new IllegalArgumentException(Queries.noPath(a, b));
      }
      spec.commandLine().getOut().println(Json.write(doc));
      return 0;
    }
    long[] path = Solver.path(a, b);
    if (path == null) {
      throw new IllegalArgumentException(Queries.noPath(a, b));
    }
    PathPrinter.print(spec.commandLine().getOut(), path, codesOnly.on);
    if (!codesOnly.on) {
      spec.commandLine().getOut().println("path of " + PathPrinter.steps(path.length - 1));
    }
    return 0;
  }

  /** One answer per line of pairs, as {@code solve --stdin} gives them: the codes on one line, or the document. */
  int batch(InputLines in) throws IOException {
    return in.answerEach(spec.commandLine().getOut(), line -> {
      String[] pair = pair(line);
      long a = LayoutRef.codeWithoutDatabase(pair[0]);
      long b = LayoutRef.codeWithoutDatabase(pair[1]);
      if (json.on) {
        Map<String, Object> doc = Queries.path(a, b);
        if (doc == null) {
          throw new IllegalArgumentException(Queries.noPath(a, b));
        }
        return Json.write(doc);
      }
      long[] path = Solver.path(a, b);
      if (path == null) {
        throw new IllegalArgumentException(Queries.noPath(a, b));
      }
      return PathPrinter.line(path);
    });
  }

  /** FROM and TO of a line: split at its tab, or at spaces when it has none (then each is one word). */
  static String[] pair(String line) {
    String[] p = line.indexOf('\t') >= 0 ? line.split("\t", -1) : line.trim().split(" +");
    if (p.length != 2 || p[0].isBlank() || p[1].isBlank()) {
      throw new InputException("a line of path --stdin is FROM and TO, separated by a tab or "
          + "by spaces, not " + UserText.quote(line));
    }
    return new String[] {p[0].trim(), p[1].trim()};
  }
}
