package klotskidb.query;

import java.util.LinkedHashMap;
import java.util.Map;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.LayoutClass;

/**
 * How hard a layout is, in a word and a rank a player reads:
 *
 * <pre>
 *   1A9BF0C00 (横刀立马, 81 steps) -> {"word":"very_hard","harder_than_percent":99.6,
 *                                      "harder_than_percent_in_class":98.7}   (figures of a full build)
 * </pre>
 *
 * The word is by min_solution_step, the same scale for every class: 0 solved, 1-20 easy, 21-45
 * medium, 46-80 hard, 81-110 very_hard, 111 and more extreme (the classic 横刀立马 is very hard,
 * the six 138-step layouts extreme). The rank: the share, in percent to one decimal, of the
 * solvable layouts of the database (all of them in a full build) that need fewer steps, and the
 * same within the layout's class. Exact: counted from the find rows' sizes per class and step
 * ({@link Finder#bucketSizes}, read once per database handle), no layout read. Unsolvable layouts
 * have none.
 */
public final class Difficulty {
  private Difficulty() {}

  /** The upper step of each word but the last: easy to 20, medium to 45, hard to 80, very_hard to 110. */
  private static final int[] UPTO = {0, 20, 45, 80, 110};
  private static final String[] WORDS = {"solved", "easy", "medium", "hard", "very_hard", "extreme"};

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
  public static Map<String, Object> of(KlotskiDb db, CaseRecord c) {
    if (!c.isSolvable()) {
      return null;
    }
    int s = c.minSolutionStep();
    int[][] sizes = Finder.bucketSizes(db);
    long fewer = 0;
    long all = 0;
    long fewerInClass = 0;
    long allInClass = 0;
    int own = LayoutClass.index(c.jiang(), c.bing(), c.style());
    for (int cls = 0; cls < sizes.length; cls++) {
      int[] b = sizes[cls];
      for (int at = 2; at < b.length; at++) { // index (steps + 1) * 2 + symmetric; 0 and 1: unsolvable
        int steps = at / 2 - 1;
        all += b[at];
        fewer += steps < s ? b[at] : 0;
        if (cls == own) {
          allInClass += b[at];
          fewerInClass += steps < s ? b[at] : 0;
        }
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("word", word(s));
    m.put("harder_than_percent", percent(fewer, all));
    m.put("harder_than_percent_in_class", percent(fewerInClass, allInClass));
    return m;
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? 0 : Math.floor(1000.0 * part / whole) / 10;
  }
}
