package klotskidb.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.query.LayoutRef;
import klotskidb.query.Json;
import klotskidb.query.Lookup;
import klotskidb.query.Queries;
import klotskidb.enumerator.Code;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Every move from a layout with the distance to a solution after it; optimal moves marked. */
@Command(name = "next", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/layout/X/next.",
    description = "List every layout one step away with its min_solution_step; optimal moves are marked *.")
final class NextCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP)
  String layout;

  @Mixin JsonOption json;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    LayoutRef.parse(layout); // what was typed, before the database
    try (KlotskiDb kdb = db.open()) {
      CaseRecord c = Database.lookup(kdb, layout);
      PrintWriter out = spec.commandLine().getOut();
      if (json.on) {
        out.println(Json.write(Queries.next(kdb, c)));
        return 0;
      }
      out.println(Code.format(c.code()) + "  min_solution_step " + step(c));
      for (CaseRecord m : Lookup.neighbours(kdb, c)) {
        out.println((Lookup.optimal(c, m) ? "* " : "  ") + Code.format(m.code()) + "  " + step(m));
      }
    }
    return 0;
  }

  private static String step(CaseRecord c) {
    return c.isSolvable() ? Integer.toString(c.minSolutionStep()) : "none";
  }
}
