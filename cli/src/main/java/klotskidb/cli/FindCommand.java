package klotskidb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;
import klotskidb.query.Catalogue;
import klotskidb.query.Difficulty;
import klotskidb.query.Documents;
import klotskidb.query.FindQuestion;
import klotskidb.query.FindFilter;
import klotskidb.query.Finder;
import klotskidb.query.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Layouts by their facts, a page at a time: the filters of {@code GET /api/find}, the same
 * answers ({@link Finder}). {@code klotski find --class 5-4-1 --min-steps 100 --limit 5}.
 */
@Command(name = "find", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/find.",
    description = {"Find layouts by class (or group), steps to solve, solvability, symmetry, minimal puzzles and "
        + "number of optimal solutions, one of each mirror pair or all, a page at a time. The same filters and answers as GET /api/find.",
        "Each line: code, class, min_solution_step and its difficulty word, whether it is symmetric, a minimal "
        + "puzzle, its number of optimal solutions, short code, name and its names in the catalogue (if any; the "
        + "JSON answers carry catalogue_names and difficulty too), in the order class, steps (unsolvable first), not symmetric "
        + "before symmetric, not minimal before minimal, fewest optimal solutions, code. The last line gives "
        + "how many layouts the filter finds in all (exact; with --group and another filter, or a farthest range over a class "
        + "analysed before find's farthest_step index, which the next 'klotski analyse' adds, at least the "
        + "layouts found so far, exact on the last page) and the --cursor of the next page when there is one "
        + "(with --codes-only, on standard error: standard output holds the codes alone). "
        + "A page holds --limit layouts while more match (a filter that matches nothing for a long way says "
        + "how far it scanned). A cursor belongs to its question: with other filters or another order it is "
        + "refused (exit 2)."})
final class FindCommand implements Callable<Integer> {
  @Mixin FindFilterOptions filter;

  @Option(names = "--limit", paramLabel = "N", description = "Layouts in the page, 1 to 1000 (default: ${DEFAULT-VALUE}).")
  int limit = 100;

  @Option(names = "--cursor", paramLabel = "C", description = "Start where the previous page said (its last line).")
  String cursor;

  @Option(names = "--offset", paramLabel = "N", description = "Instead of --cursor: start at the N-th layout found "
      + "(0 the first), in the filter's order (not with --group or a farthest range).")
  Long offset;

  @Mixin JsonOption json;

  @Mixin CodesOnlyOption codesOnly;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    codesOnly.checkNotWith(json);
    // every argument checked before the database is opened
    FindFilter f = filter.parse(spec);
    FindQuestion.checked(f, cursor, limit);
    if (offset != null && cursor != null) {
      throw new InputException("give --offset or --cursor, not both");
    }
    Finder.Page p;
    try (KlotskiDb kdb = db.open()) {
      FindFilter given = f;
      FindQuestion q = Database.naming(kdb, () -> FindQuestion.on(kdb, given));
      f = q.filter(); // a group given as a layout of it, named
      p = offset == null ? q.page(cursor, limit) : q.pageAt(offset, limit);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (codesOnly.on) {
      for (Finder.Hit h : p.hits()) {
        out.println(Code.format(h.code()));
      }
      if (p.next() != null) {
        spec.commandLine().getErr().println("klotski: next page: --cursor " + p.next());
      }
      return 0;
    }
    if (json.on) {
      out.println(Json.write(Documents.findPage(f, p)));
      return 0;
    }
    for (int i = 0; i < p.hits().size(); i++) {
      Finder.Hit h = p.hits().get(i);
      CaseRecord c = p.records().get(i);
      out.println(Code.format(h.code()) + "  " + h.className() + "  "
          + (h.minSolutionStep() < 0 ? "unsolvable" : UserText.count(h.minSolutionStep(), "step", "steps") + "  "
              + Difficulty.word(h.minSolutionStep()).replace('_', ' '))
          + (h.symmetric() ? "  symmetric" : "") + (Boolean.TRUE.equals(c.minimal()) ? "  minimal" : "")
          + (c.isSolvable() ? String.format(Locale.ROOT, "  %,d optimal", c.optimalSolutionNum()) : "")
          + (h.farthestStep() >= 0 ? "  farthest " + h.farthestStep() : "")
          + "  @" + ShortCode.of(c.id()) + "  " + c.name()
          + names(c.code()));
    }
    String total = p.total() == null ? "" : String.format(Locale.ROOT, " of %s%,d", p.total().exact() ? "" : "at least ",
        p.total().count());
    if (!p.notAnalysed().isEmpty()) {
      out.println("(not searched: " + UserText.count(p.notAnalysed().size(), "class", "classes")
          + " not analysed yet, " + String.join(", ", p.notAnalysed().subList(0, Math.min(8, p.notAnalysed().size())))
          + (p.notAnalysed().size() > 8 ? ", ..." : "") + "; klotski analyse)");
    }
    if (f.byFarthest() && f.groupNum() < 0 && p.total() != null && !p.total().exact()) {
      out.println("(not counted: classes analysed before find's farthest_step index are searched layout by layout; "
          + "'klotski analyse' indexes them from their stored values, no BFS)");
    }
    if (p.partial()) {
      out.println("(no layout found yet" + total.replace(" of ", "; the filter finds ") + "; scanned to "
          + p.following().scannedTo() + "; go on with --cursor " + p.next() + ")");
    } else if (p.next() == null) { // the total is exact on the last page
      long all = p.total() == null ? p.hits().size() : p.total().count();
      if (p.hits().isEmpty() && offset != null && all > 0) { // an offset past the end
        out.println(String.format(Locale.ROOT, "(no layout from --offset %d: the filter finds %,d)", offset, all));
      } else {
        out.println("(" + UserText.count(p.hits().size(), "layout", "layouts") + ", the last page"
            + (all == p.hits().size() ? "" : String.format(Locale.ROOT, " of %,d", all)) + ")");
      }
    } else if (p.total() != null && !p.total().exact()) {
      // a total the index does not count is the answers of the pages so far: said as that, not as
      // "3 of at least 3 layouts"
      out.println("(" + UserText.count(p.hits().size(), "layout", "layouts") + String.format(Locale.ROOT,
          "; %,d found so far, how many in all is known at the last page; next page: --cursor ", p.total().count())
          + p.next() + ")");
    } else {
      long counted = p.total() == null ? p.hits().size() : p.total().count(); // the noun follows the last number
      out.println("(" + p.hits().size() + total + " " + UserText.noun(counted, "layout", "layouts") + "; next page: --cursor "
          + p.next() + ")");
    }
    return 0;
  }

  /** A layout's names in the catalogue of named layouts, after two spaces; "" for most layouts. */
  private static String names(long code) {
    List<String> names = Catalogue.get().namesOf(code);
    return names.isEmpty() ? "" : "  " + String.join("、", names);
  }
}
