package klotskidb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import klotskidb.analysis.RootFacts;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.query.Computed;
import klotskidb.query.Documents;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;
import klotskidb.query.Queries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Everything the database stores about one layout, with its group summary and board. */
@Command(name = "info", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/layout/X.",
    description = {"Print every stored field of a layout, its group summary and its board.",
        "X is a " + LayoutArgument.FORMS + ".",
        "Answers come from the database (--db, default " + Database.DEFAULT_TEXT + "); --farthest and --solutions "
            + "come from one BFS in the layout's group and need no analysis. With no database there (and no "
            + "--db nor $KLOTSKI_DB), the layout's class alone is computed and gives the same answer, but for its group's "
            + "diameter (which needs 'klotski analyse'); standard error says so.",
        "--stdin: one layout per input line, one line of JSON per answer (the document of --json, or "
            + "{\"input\": ..., \"status\": 400 or 404, \"error\": ...}), all from one process; exit 1 "
            + "if any line could not be answered."})
final class InfoCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", arity = "0..1",
      description = LayoutArgument.HELP)
  String layout;

  @Option(names = "--stdin", description = "Answer every layout read from standard input, one per line, in JSON.")
  boolean stdin;

  @Mixin JsonOption json;

  @Mixin DbOption db;

  @Option(names = "--farthest", description = "Also list the layout's farthest layouts (ascending).")
  boolean farthest;

  @Option(names = "--solutions",
      description = "Also list its solutions by step; the minimum-step ones are marked.")
  boolean solutions;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (stdin) {
      if (layout != null || farthest || solutions) {
        throw new InputException("--stdin reads the layouts from standard input: give no X, --farthest or --solutions");
      }
      return batch(new InputLines(System.in));
    }
    if (layout == null) {
      throw new InputException("give a layout X, or --stdin");
    }
    // given a code, the BFS needs no database: it starts while the database opens (about a
    // quarter of the command's time in the largest group), or before picocli ran (startAhead)
    LayoutRef ref = LayoutRef.parse(layout); // what was typed, parsed once, before the database
    FutureTask<RootFacts> early = farthest || solutions ? early(ref) : null;
    if (db.noneThere()) {
      // no database: the layout's class alone, computed (the same records, so the same answer)
      Computed k = Computed.layout(ref, early != null ? join(early) : null);
      spec.commandLine().getErr().println("klotski: no database at " + db.dir() + ": computed for its group alone, class "
          + LayoutClass.name(LayoutClass.of(k.layout().code())) + " (the group's diameter needs a database "
          + "and 'klotski analyse')");
      answer(k.layout(), k.group(), k.analysis(), -1, k.facts());
      return 0;
    }
    try (KlotskiDb kdb = db.open()) {
      CaseRecord c = Database.lookup(kdb, ref);
      GroupRecord g = Database.groupOf(kdb, c);
      AnalysisRecord a = kdb.analysisOf(c.code()).orElse(null);
      int diameter = kdb.diameter(g.jiang(), g.bing(), g.style(), g.groupNum());
      RootFacts facts = !(farthest || solutions) ? null
          : early != null ? join(early) : RootFacts.of(c.code(), (int) g.size());
      answer(c, g, a, diameter, facts);
    }
    return 0;
  }

  /** The answer from the records, whether read or computed: the JSON document or the table, and the lists asked for. */
  private void answer(CaseRecord c, GroupRecord g, AnalysisRecord a, int diameter, RootFacts facts) {
    PrintWriter out = spec.commandLine().getOut();
    if (json.on) {
      Map<String, Object> doc = Documents.layout(c, g, a, diameter);
      if (farthest) {
        doc.put("farthest_layouts", Queries.farthestItems(facts, 0, Integer.MAX_VALUE));
      }
      if (solutions) {
        doc.put("solutions", Queries.solutionItems(facts, 0, Integer.MAX_VALUE));
      }
      out.println(Json.write(doc));
    } else {
      LayoutTable.print(out, c, g, a, diameter);
      if (farthest) {
        long[] far = facts.farthest();
        out.println("farthest layouts   " + far.length + " at " + UserText.count(facts.farthestStep(), "step", "steps"));
        for (long code : far) {
          out.println("  " + Code.format(code));
        }
      }
      if (solutions) {
        long[] sol = facts.solutions();
        int[] steps = facts.steps();
        out.println("solutions          " + sol.length
            + (sol.length == 0 ? " (unsolvable group)" : ", " + facts.minSolutionNum() + " at the minimum step (*)"));
        for (int k = 0; k < sol.length; k++) {
          out.println("  " + Code.format(sol[k]) + "  " + UserText.count(steps[k], "step", "steps") + (k < facts.minSolutionNum() ? "  *" : ""));
        }
      }
    }
  }

  /**
   * One JSON line per input line: the layout's document (as {@code GET /api/layout/X}), or the
   * error the API would answer with its status; a blank line gets an error too, so that answers
   * pair with questions line by line ({@code paste}; lines as {@link InputLines} reads them). 1 if
   * any line failed; standard output closed by its reader ends the loop ({@code | head}).
   */
  int batch(InputLines in) throws IOException {
    try (KlotskiDb kdb = db.open()) {
      return in.answerEach(spec.commandLine().getOut(), line -> Json.write(Documents.layout(kdb, Lookup.layout(kdb, line))));
    }
  }

  /** A BFS started before the command knew its options: for {@code code}. */
  private record Ahead(long code, FutureTask<RootFacts> task) {}

  private static volatile Ahead ahead;

  /**
   * Starts the BFS of {@code klotski info CODE --farthest|--solutions} from {@link Klotski#main},
   * before picocli has built the commands and read the options (BENCHMARKS.md, row "info's
   * BFS started ahead"): a
   * guess from the raw arguments, used by {@link #call} only when its layout is the same code.
   * Returns the code whose BFS it started, -1 when none.
   */
  static long startAhead(String[] args) {
    if (args.length < 2 || !args[0].equals("info")) {
      return -1;
    }
    boolean lists = false;
    String layout = null;
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--farthest") || a.equals("--solutions")) {
        lists = true;
      } else if (a.equals("--db")) {
        i++; // its value
      } else if (!a.startsWith("-") && layout == null) {
        layout = a;
      }
    }
    long code = lists && layout != null ? codeOf(layout) : -1;
    ahead = code < 0 ? null : new Ahead(code, start(code));
    return code;
  }

  /** The BFS of the layout, if it is given as a legal code: the one started ahead, else a new one. */
  private static FutureTask<RootFacts> early(LayoutRef ref) {
    Ahead a = ahead;
    ahead = null;
    long code = codeOf(ref);
    return code < 0 ? null : a != null && a.code() == code ? a.task() : start(code);
  }

  /** The legal code the text gives, -1 for any other text (the database lookup reports it). */
  private static long codeOf(String text) {
    try {
      return codeOf(LayoutRef.parse(text));
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }

  /** The layout's code if it was given as a legal code, else -1. */
  private static long codeOf(LayoutRef ref) {
    if (ref.kind != LayoutRef.Kind.CODE) {
      return -1;
    }
    try {
      Code.check(ref.value);
      return ref.value;
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }

  /** The BFS of a legal code, started on its own thread. */
  private static FutureTask<RootFacts> start(long code) {
    FutureTask<RootFacts> task = new FutureTask<>(() -> RootFacts.of(code, 0));
    Thread t = new Thread(task, "facts");
    t.setDaemon(true);
    t.start();
    return task;
  }

  private static RootFacts join(FutureTask<RootFacts> task) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
