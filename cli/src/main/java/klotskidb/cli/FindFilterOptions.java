package klotskidb.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import klotskidb.query.FindFilter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The filters of {@code find}, declared once for {@code find} and {@code sheet}: each word of
 * {@link FindFilter#KEYS} an option, dashed ({@code min_steps}: {@code --min-steps}), read by
 * name, so a new word of the filter is a new option here and nothing else.
 */
final class FindFilterOptions {
  @Option(names = "--class", paramLabel = "J-B-S", description = "Class (jiang-bing-style).")
  String cls;

  @Option(names = "--group", paramLabel = "J-B-S-G", description = "Group, by its name or a layout of it, as klotski "
      + "group takes it (its layouts looked up one by one: for small step ranges, such as its hardest).")
  String group;

  @Option(names = "--jiang", paramLabel = "J", description = "Number of two-cell pieces, horizontal and vertical (any class with it).")
  String jiang;

  @Option(names = "--bing", paramLabel = "B", description = "Number of 1x1 pieces.")
  String bing;

  @Option(names = "--style", paramLabel = "S", description = "Number of horizontal pieces among them.")
  String style;

  @Option(names = "--min-steps", paramLabel = "N", description = "At least N steps to solve.")
  String minSteps;

  @Option(names = "--max-steps", paramLabel = "N", description = "At most N steps to solve (solvable layouts only).")
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
      + "puzzles with one shortest solution); N of 1 or more finds puzzles to solve (at least 1 step) unless "
      + "--solvable or a step range is given.")
  String maxOptimal;

  @Option(names = "--solvable", paramLabel = "true|false", description = "Solvable or not (a sheet: puzzles to solve, at least 1 step, unless "
      + "--solvable or a step range is given).")
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

  /** The command line's option for a word of the API: min_steps is --min-steps. */
  static String option(String key) {
    return "--" + key.replace('_', '-');
  }

  /** The words given, as {@link FindFilter#parse} takes them. */
  Map<String, String> words(CommandSpec spec) {
    Map<String, String> q = new LinkedHashMap<>();
    for (String key : FindFilter.KEYS) {
      Object value = spec.findOption(option(key)).getValue();
      if (value != null) {
        q.put(key, value.toString());
      }
    }
    return q;
  }

  /** Whether any filter was given. */
  boolean any(CommandSpec spec) {
    return !words(spec).isEmpty();
  }

  /**
   * The filter given, parsed by the API's one parser; a refusal names the option as typed here
   * ({@code --min-steps}, and {@code --limit}, {@code --cursor}, {@code --offset} of its pages).
   */
  FindFilter parse(CommandSpec spec) {
    return FindFilter.parse(words(spec), FindFilterOptions::option);
  }

  /** As {@link #parse}, for a sheet: of solvable layouts unless --solvable is given ({@link FindFilter#parseSheet}). */
  FindFilter parseSheet(CommandSpec spec) {
    return FindFilter.parseSheet(words(spec), FindFilterOptions::option);
  }
}
