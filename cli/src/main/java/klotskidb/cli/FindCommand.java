package klotskidb.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import klotskidb.query.FindFilter;
import klotskidb.query.Finder;
import klotskidb.db.KlotskiDb;
import java.util.Locale;
import klotskidb.db.CaseRecord;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;
import klotskidb.query.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import klotskidb.enumerator.InputException;

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
        + "how many layouts the filter finds in all (exact; with --group, or a farthest range over a class "
        + "analysed before find's farthest_step index, which the next 'klotski analyse' adds, at least the "
        + "layouts found so far, exact on the last page) and the --cursor of the next page when there is one "
        + "(with --codes-only, on standard error: standard output holds the codes alone). "
        + "A page holds --limit layouts while more match (a filter that matches nothing for a long way says "
        + "how far it scanned). A cursor belongs to its question: with other filters or another order it is "
        + "refused (exit 2)."})
final class FindCommand implements Callable<Integer> {
  // the filters: each FindFilter.KEYS word dashed (min_steps: --min-steps), read by name in call()
  @Option(names = "--class", paramLabel = "J-B-S", description = "Class (jiang-bing-style).")
  String cls;

  @Option(names = "--group", paramLabel = "J-B-S-G", description = "Group (its layouts looked up one by one: "
      + "for small step ranges, such as its hardest).")
  String group;

  @Option(names = "--jiang", paramLabel = "J", description = "Number of two-cell pieces, horizontal and vertical (any class with it).")
  String jiang;

  @Option(names = "--bing", paramLabel = "B", description = "Number of 1x1 pieces.")
  String bing;

  @Option(names = "--style", paramLabel = "S", description = "Number of horizontal pieces among them.")
  String style;

  @Option(names = "--min-steps", paramLabel = "N", description = "At least N steps to solve.")
  String minSteps;

  @Option(names = "--max-steps", paramLabel = "N", description = "At most N steps to solve.")
  String maxSteps;

  @Option(names = "--min-farthest", paramLabel = "N", description = "farthest_step at least N (analysed classes "
      + "only; the others are named).")
  String minFarthest;

  @Option(names = "--max-farthest", paramLabel = "N", description = "farthest_step at most N (analysed classes only).")
  String maxFarthest;

  @Option(names = "--min-optimal", paramLabel = "N", description = "At least N optimal solutions "
      + "(optimal_solution_num: shortest move sequences).")
  String minOptimal;

  @Option(names = "--max-optimal", paramLabel = "N", description = "At most N optimal solutions (--max-optimal 1: "
      + "puzzles with one shortest solution).")
  String maxOptimal;

  @Option(names = "--solvable", paramLabel = "true|false", description = "Solvable or not.")
  String solvable;

  @Option(names = "--symmetric", paramLabel = "true|false", description = "Left-right symmetric or not.")
  String symmetric;

  @Option(names = "--minimal", paramLabel = "true|false", arity = "0..1", fallbackValue = "true",
      description = "Minimal puzzles only (--minimal): solvable, and taking off any piece but the 2x2 makes them "
      + "quicker to solve; --minimal false: the others.")
  String minimal;

  @Option(names = "--distinct-mirror", paramLabel = "true|false", arity = "0..1", fallbackValue = "true",
      description = "One layout of each mirror pair (--distinct-mirror): the one with the smaller code; the total "
      + "counts each pair once.")
  String distinctMirror;

  @Option(names = "--order", paramLabel = "ORDER", description = "class (default: by class, then steps) or "
      + "hardest (the most steps first, then class); among equals, fewest optimal solutions first.")
  String order;

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

  /** The command line's option for a word of the API: min_steps is --min-steps. */
  private static String option(String key) {
    return "--" + key.replace('_', '-');
  }

  @Override
  public Integer call() {
    codesOnly.checkNotWith(json);
    Map<String, String> q = new LinkedHashMap<>();
    for (String key : FindFilter.KEYS) {
      Object value = spec.findOption(option(key)).getValue();
      if (value != null) {
        q.put(key, value.toString());
      }
    }
    FindFilter f;
    Finder.Page p;
    try {
      // every argument checked before the database is opened
      f = FindFilter.parse(q);
      Finder.check(f, cursor, limit);
      if (offset != null && cursor != null) {
        throw new InputException("give --offset or --cursor, not both");
      }
      try (KlotskiDb kdb = db.open()) {
        p = offset == null ? Finder.find(kdb, f, cursor, limit) : Finder.findAt(kdb, f, offset, limit);
      }
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      for (String key : Stream.concat(FindFilter.KEYS.stream(), Stream.of("limit", "cursor", "offset")).toList()) {
        m = m.replace("'" + key + "'", option(key));
      }
      throw e instanceof InputException ? new InputException(m, e) : new IllegalArgumentException(m, e);
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
      out.println(Json.write(Finder.document(f, p)));
      return 0;
    }
    for (int i = 0; i < p.hits().size(); i++) {
      Finder.Hit h = p.hits().get(i);
      CaseRecord c = p.records().get(i);
      out.println(Code.format(h.code()) + "  " + h.className() + "  "
          + (h.minSolutionStep() < 0 ? "unsolvable" : h.minSolutionStep() + " steps  "
              + klotskidb.query.Difficulty.word(h.minSolutionStep()).replace('_', ' '))
          + (h.symmetric() ? "  symmetric" : "") + (Boolean.TRUE.equals(c.minimal()) ? "  minimal" : "")
          + (c.isSolvable() ? String.format(Locale.ROOT, "  %,d optimal", c.optimalSolutionNum()) : "")
          + (h.farthestStep() >= 0 ? "  farthest " + h.farthestStep() : "")
          + "  @" + ShortCode.of(c.id()) + "  " + c.name()
          + names(c.code()));
    }
    String total = p.total() == null ? "" : String.format(Locale.ROOT, " of %s%,d", p.total().exact() ? "" : "at least ",
        p.total().count());
    if (!p.notAnalysed().isEmpty()) {
      out.println("(not searched: " + p.notAnalysed().size() + (p.notAnalysed().size() == 1 ? " class" : " classes")
          + " not analysed yet, " + String.join(", ", p.notAnalysed().subList(0, Math.min(8, p.notAnalysed().size())))
          + (p.notAnalysed().size() > 8 ? ", ..." : "") + "; klotski analyse)");
    }
    if (f.byFarthest() && f.groupNum() < 0 && p.total() != null && !p.total().exact()) {
      out.println("(at least: classes analysed before find's farthest_step index are searched layout by layout; "
          + "'klotski analyse' indexes them from their stored values, no BFS)");
    }
    if (p.partial()) {
      out.println("(no layout found yet" + total.replace(" of ", "; the filter finds ") + "; scanned to "
          + Finder.scannedTo(p.next()) + "; go on with --cursor " + p.next() + ")");
    } else if (p.next() == null) {
      out.println("(" + p.hits().size() + (p.hits().size() == 1 ? " layout" : " layouts") + ", the last page)");
    } else {
      out.println("(" + p.hits().size() + total + " layouts; next page: --cursor " + p.next() + ")");
    }
    return 0;
  }

  /** A layout's names in the catalogue of named layouts, after two spaces; "" for most layouts. */
  private static String names(long code) {
    java.util.List<String> names = klotskidb.query.Catalogue.get().namesOf(code);
    return names.isEmpty() ? "" : "  " + String.join("、", names);
  }
}
