package klotskidb.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Queries;
import klotskidb.layerer.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A shortest path between two layouts of one group, by BFS (no database needed). */
@Command(name = "path", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/path?from=FROM&to=TO.",
    description = "Print a shortest path between two layouts of the same group (no database "
        + "needed); exit 1 when they are in different groups.")
final class PathCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FROM", description = "Start layout: " + LayoutArgument.FORMS + ".")
  String from;

  @Parameters(index = "1", paramLabel = "TO", description = "Target layout, in the same forms.")
  String to;

  @Mixin CodesOnlyOption codesOnly;

  @Mixin JsonOption json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    codesOnly.checkNotWith(json);
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
}
