package klotskidb.query;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import klotskidb.db.CaseRecord;

/**
 * How hard a layout is, in a word and a rank a player reads:
 *
 * <pre>
 *   1A9BF0C00 (横刀立马, 81 steps) -> {"word":"very_hard","harder_than_percent":99.91,
 *                                      "harder_than_percent_in_class":99.64}   (figures of a full build)
 * </pre>
 *
 * The word is by min_solution_step, the same scale for every class: 0 solved, 1-20 easy, 21-45
 * medium, 46-80 hard, 81-110 very_hard, 111 and more extreme (the classic 横刀立马 is very hard,
 * the six 138-step layouts extreme). The rank is stored with the layout ({@code klotskidb.layerer.HarderThan}):
 * the share of the solvable layouts of the database (all of them in a full build) that need fewer
 * steps, and the same within the layout's class, in percent to two decimals, rounded down.
 * Unsolvable layouts have none.
 */
public final class Difficulty {
  private Difficulty() {}

  /** The upper step of each word but the last: easy to 20, medium to 45, hard to 80, very_hard to 110. */
  private static final int[] UPTO = {0, 20, 45, 80, 110};
  private static final String[] WORDS = {"solved", "easy", "medium", "hard", "very_hard", "extreme"};

  /** The words in Chinese, as the page shows them (FactsTest holds the page's list equal to this one). */
  private static final String[] CHINESE = {"已解开", "简单", "中等", "困难", "很难", "极难"};

  /** A word as a reader of {@code lang} reads it: "zh" the Chinese, otherwise the word with a space for "_". */
  public static String word(String word, String lang) {
    int i = List.of(WORDS).indexOf(word);
    if (i < 0) {
      throw new IllegalArgumentException("no difficulty word " + word);
    }
    return "zh".equals(lang) ? CHINESE[i] : word.replace('_', ' ');
  }

  /** Every word, easiest first. */
  public static List<String> words() {
    return List.of(WORDS);
  }

  /** The word of a number of steps to solve. */
  public static String word(int steps) {
    for (int i = 0; i < UPTO.length; i++) {
      if (steps <= UPTO[i]) {
        return WORDS[i];
      }
    }
    return WORDS[WORDS.length - 1];
  }

  /** The difficulty document of a layout; null when it has no solution. */
  public static Map<String, Object> of(CaseRecord c) {
    if (!c.isSolvable()) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("word", word(c.minSolutionStep()));
    m.put("harder_than_percent", percent(c.harderThan()));
    m.put("harder_than_percent_in_class", percent(c.harderThanInClass()));
    return m;
  }

  /** Hundredths of a percent as a percent: 9991 -> 99.91. */
  static double percent(int hundredths) {
    return hundredths / 100.0;
  }
}
