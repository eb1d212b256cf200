package klotskidb.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.layerer.OneGroup;
import klotskidb.query.Computed;
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
    description = {"List every layout one step away with its min_solution_step; optimal moves are marked *.",
        "Answers come from the database (--db, default " + Database.DEFAULT_TEXT + "). With no database there (and "
            + "no --db nor $KLOTSKI_DB), the layout's group alone is computed and gives the same answer; standard "
            + "error says so."})
final class NextCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP)
  String layout;

  @Mixin JsonOption json;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    LayoutRef ref = LayoutRef.parse(layout); // what was typed, before the database
    if (db.noneThere()) {
      // no database: the layout's group alone, computed, as info does (the same records, the same answer)
      Computed k = Computed.group(ref);
      OneGroup g = k.members();
      spec.commandLine().getErr().println("klotski: no database at " + db.dir() + ": computed for its group alone");
      answer(k.layout(), Lookup.neighbours(k.layout(), code -> CaseRecord.of(g, g.index(code), null)));
      return 0;
    }
    try (KlotskiDb kdb = db.open()) {
      CaseRecord c = Database.lookup(kdb, ref);
      answer(c, Lookup.neighbours(kdb, c));
    }
    return 0;
  }

  private void answer(CaseRecord c, CaseRecord[] neighbours) {
    PrintWriter out = spec.commandLine().getOut();
    if (json.on) {
      out.println(Json.write(Queries.next(c, neighbours)));
      return;
    }
    out.println(Code.format(c.code()) + "  min_solution_step " + step(c));
    for (CaseRecord m : neighbours) {
      out.println((Lookup.optimal(c, m) ? "* " : "  ") + Code.format(m.code()) + "  " + step(m));
    }
  }

  private static String step(CaseRecord c) {
    return c.isSolvable() ? Integer.toString(c.minSolutionStep()) : "none";
  }
}
