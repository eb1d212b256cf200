package klotskidb.cli;

import java.util.concurrent.Callable;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Queries;
import klotskidb.query.Lookup;
import klotskidb.enumerator.Code;
import klotskidb.layerer.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A shortest solution: by BFS from the layout, or read from the database with --db. */
@Command(name = "solve", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/layout/X/solution (an unsolvable layout: \"solvable\": false, exit 0).",
    description = {"Print a shortest solution: every step as a code and a drawing, and its length; "
        + "exit 1 for unsolvable layouts.",
        "Without --db it searches from the layout (BFS, no database needed); with --db it walks the "
        + "stored distances. Either way the same solution: each step to the smallest code among the "
        + "moves one step closer (as the API and 'klotski path' choose)."})
final class SolveCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP)
  String layout;

  @Mixin DbOption db;

  @Mixin CodesOnlyOption codesOnly;

  @Mixin JsonOption json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    codesOnly.checkNotWith(json);
    long[] path = db.given() ? fromDatabase() : search();
    if (json.on) {
      spec.commandLine().getOut().println(Json.write(Queries.solution(code, path)));
      return 0;
    }
    if (path == null) {
      throw unsolvable(code);
    }
    PathPrinter.print(spec.commandLine().getOut(), path, codesOnly.on);
    if (!codesOnly.on) {
      spec.commandLine().getOut().println("solved in " + PathPrinter.steps(path.length - 1));
    }
    return 0;
  }

  private static IllegalArgumentException unsolvable(long code) {
    return new IllegalArgumentException("layout " + Code.format(code)
        + " is unsolvable: no layout of its group has the 2x2 at the bottom middle");
  }

  /** The layout's code, once looked up. */
  private long code;

  /** The optimal solution ({@link Solver}'s rule), null when unsolvable. */
  private long[] search() {
    code = LayoutRef.codeWithoutDatabase(layout);
    return Solver.solve(code);
  }

  /** The same from the stored distances ({@link Lookup#solution}: the same rule, the same codes). */
  private long[] fromDatabase() {
    LayoutRef.parse(layout); // what was typed, before the database
    try (KlotskiDb kdb = db.open()) {
      CaseRecord c = Database.lookup(kdb, layout);
      code = c.code();
      return Lookup.solution(kdb, c);
    }
  }
}
