package klotskidb.cli;

import java.util.concurrent.Callable;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.LayoutRef;
import klotskidb.db.Lookup;
import klotskidb.enumerator.Code;
import klotskidb.layerer.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A shortest solution: by BFS from the layout, or read from the database with --db. */
@Command(name = "solve", mixinStandardHelpOptions = true,
    description = {"Print a shortest solution: every step as a code and a drawing, and its length; "
        + "exit 1 for unsolvable layouts.",
        "Without --db it searches from the layout (BFS, no database needed); with --db it walks the "
        + "stored distances (each step to a neighbour one step closer; ties: smallest code)."})
final class SolveCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = "Layout: code, #id or @short code; with --db also a name.")
  String layout;

  @Mixin DbOption db;

  @Option(names = "--codes-only", description = "One code per line, no drawings.")
  boolean codesOnly;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    long[] path = db.given() ? fromDatabase() : search();
    PathPrinter.print(spec.commandLine().getOut(), path, codesOnly);
    spec.commandLine().getOut().println("solved in " + PathPrinter.steps(path.length - 1));
    return 0;
  }

  private static IllegalArgumentException unsolvable(long code) {
    return new IllegalArgumentException("layout " + Code.format(code)
        + " is unsolvable: no layout of its group has the 2x2 at the bottom middle");
  }

  private long[] search() {
    long start = LayoutRef.codeWithoutDatabase(layout);
    long[] path = Solver.solve(start);
    if (path == null) {
      throw unsolvable(start);
    }
    return path;
  }

  private long[] fromDatabase() {
    try (KlotskiDb kdb = db.open()) {
      CaseRecord c = Database.lookup(kdb, layout);
      long[] path = Lookup.solution(kdb, c);
      if (path == null) {
        throw unsolvable(c.code());
      }
      return path;
    }
  }
}
