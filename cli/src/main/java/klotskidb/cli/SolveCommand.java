package klotskidb.cli;

import java.util.concurrent.Callable;
import klotskidb.enumerator.Code;
import klotskidb.layerer.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A shortest solution of a layout, found by BFS from it (no database needed). */
@Command(name = "solve", mixinStandardHelpOptions = true,
    description = "Print a shortest solution: every step as a code and a drawing, and its length. "
        + "Searches from the layout itself (no database needed); exit 1 for unsolvable layouts.")
final class SolveCommand implements Callable<Integer> {
  @Parameters(paramLabel = "CODE", description = "Layout code, e.g. 1A9BF0C.")
  String code;

  @Option(names = "--codes-only", description = "One code per line, no drawings.")
  boolean codesOnly;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    long start = Code.parse(code);
    long[] path = Solver.solve(start);
    if (path == null) {
      throw new IllegalArgumentException("layout " + Code.format(start)
          + " is unsolvable: no layout of its group has the 2x2 at the bottom middle");
    }
    PathPrinter.print(spec.commandLine().getOut(), path, codesOnly);
    spec.commandLine().getOut().println("solved in " + PathPrinter.steps(path.length - 1));
    return 0;
  }
}
