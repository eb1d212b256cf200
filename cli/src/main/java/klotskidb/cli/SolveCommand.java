package klotskidb.cli;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.base.InputException;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.layerer.Solver;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;
import klotskidb.query.Queries;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A shortest solution: by BFS from the layout, or read from the database with --db. */
@Command(name = "solve", mixinStandardHelpOptions = true,
    footer = {"--json: the document of GET /api/layout/X/solution (an unsolvable layout: \"solvable\": false, exit 0).",
        "--stdin: one layout per input line (LF-ended; a CR before it dropped), one answer per line: the "
        + "solution's codes separated by spaces (text and --codes-only), or its document (--json); a line that "
        + "names no layout, or an unsolvable one without --json, gets the API's error as one JSON object "
        + "({\"input\":...,\"status\":...,\"error\":...}) and the exit status is 1."},
    description = {"Print a shortest solution: every step as a code and a drawing, and its length; "
        + "exit 1 for unsolvable layouts.",
        "Without --db it searches from the layout (BFS, no database needed); with --db it walks the "
        + "stored distances. Either way the same solution: each step to the smallest code among the "
        + "moves one step closer (as the API and 'klotski path' choose)."})
final class SolveCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", arity = "0..1", description = LayoutArgument.HELP)
  String layout;

  @CommandLine.Option(names = "--stdin", description = "Solve every layout read from standard input, one per line.")
  boolean stdin;

  @Mixin DbOption db;

  @Mixin CodesOnlyOption codesOnly;

  @Mixin JsonOption json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    codesOnly.checkNotWith(json);
    if (stdin) {
      if (layout != null) {
        throw new InputException("--stdin reads the layouts from standard input: give no X");
      }
      return batch(new InputLines(System.in));
    }
    if (layout == null) {
      throw new InputException("give a layout X, or --stdin");
    }
    Solved s;
    if (db.given()) {
      LayoutRef.parse(layout); // what was typed, before the database
      try (KlotskiDb kdb = db.open()) {
        s = solve(kdb, layout, true);
      }
    } else {
      s = solve(null, layout, false);
    }
    long[] path = s.path();
    if (json.on) {
      spec.commandLine().getOut().println(Json.write(Queries.solution(s.code(), path)));
      return 0;
    }
    if (path == null) {
      throw unsolvable(s.code());
    }
    PathPrinter.print(spec.commandLine().getOut(), path, codesOnly.on);
    if (!codesOnly.on) {
      spec.commandLine().getOut().println("solved in " + PathPrinter.steps(path.length - 1));
    }
    return 0;
  }

  /**
   * One answer per line: the solution's codes on one line (text and --codes-only alike, so lines
   * pair with {@code paste}), or the document with --json; from the database when --db is given
   * (opened once), else by {@link Solver}.
   */
  int batch(InputLines in) throws IOException {
    try (KlotskiDb kdb = db.given() ? db.open() : null) {
      return in.answerEach(spec.commandLine().getOut(), line -> {
        Solved s = solve(kdb, line, false); // the API's errors, as info --stdin gives them
        if (json.on) {
          return Json.write(Queries.solution(s.code(), s.path()));
        }
        if (s.path() == null) {
          throw unsolvable(s.code());
        }
        return PathPrinter.line(s.path());
      }, kdb == null ? Runtime.getRuntime().availableProcessors() : 1); // without a database, a BFS a line: on every core
    }
  }

  /** An unsolvable layout: no solution to give (exit 1; in --stdin's lines a 404, as a solution that is not there). */
  private static IllegalArgumentException unsolvable(long code) {
    return new Lookup.NotFoundException("layout " + Code.format(code)
        + " is unsolvable: no layout of its group has the 2x2 at the bottom middle", "unsolvable",
        Map.of("code", Code.format(code)));
  }

  /** A layout's code and its optimal solution, null when unsolvable. */
  private record Solved(long code, long[] path) {}

  /**
   * The solution of the layout {@code text} names: by {@link Solver} without a database ({@code kdb}
   * null), else from the stored distances ({@link Lookup#solution}); the same rule, the same codes.
   * A layout not in the database is refused naming it ({@link Database#lookup}) or as the API does.
   */
  private static Solved solve(KlotskiDb kdb, String text, boolean namingTheDatabase) {
    if (kdb == null) {
      long code = LayoutRef.codeWithoutDatabase(text);
      return new Solved(code, Solver.solve(code));
    }
    CaseRecord c = namingTheDatabase ? Database.lookup(kdb, text) : Lookup.layout(kdb, text);
    return new Solved(c.code(), Lookup.solution(kdb, c));
  }
}
