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
 * ({@link Finder#bucketSizes}, read once per database handle) into running sums, so a layout's
 * rank is two array reads; no layout read. Unsolvable layouts have none.
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

  /**
   * Per database handle: for each class, the solvable layouts needing fewer than s steps at index
   * s (the last entry: all of the class's solvable layouts), and the same over all classes. From
   * {@link Finder#bucketSizes}, once per handle: a layout's rank is then two look-ups.
   */
  private record Below(long[][] inClass, long[] all) {}

  private static final Map<KlotskiDb, Below> BELOW =
      java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

  private static Below below(KlotskiDb db) {
    Below known = BELOW.get(db);
    if (known != null) {
      return known;
    }
    int[][] sizes = Finder.bucketSizes(db);
    long[][] inClass = new long[sizes.length][];
    int most = 0;
    for (int cls = 0; cls < sizes.length; cls++) {
      int[] b = sizes[cls];
      long[] c = new long[Math.max(1, b.length / 2)]; // index (steps + 1) * 2 + symmetric; 0 and 1: unsolvable
      for (int at = 2; at < b.length; at++) {
        c[at / 2 - 1] += b[at];
      }
      long run = 0; // counts at s to counts below s, the total after them
      for (int s = 0; s < c.length; s++) {
        long here = c[s];
        c[s] = run;
        run += here;
      }
      inClass[cls] = java.util.Arrays.copyOf(c, c.length + 1);
      inClass[cls][c.length] = run;
      most = Math.max(most, c.length);
    }
    long[] all = new long[most + 1];
    for (long[] c : inClass) {
      for (int s = 0; s <= most; s++) {
        all[s] += c[Math.min(s, c.length - 1)];
      }
    }
    Below b = new Below(inClass, all);
    BELOW.put(db, b);
    return b;
  }

  /** The difficulty document of a layout; null when it has no solution. */
  public static Map<String, Object> of(KlotskiDb db, CaseRecord c) {
    if (!c.isSolvable()) {
      return null;
    }
    int s = c.minSolutionStep();
    Below b = below(db);
    long[] own = b.inClass()[LayoutClass.index(c.jiang(), c.bing(), c.style())];
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("word", word(s));
    m.put("harder_than_percent", percent(b.all()[Math.min(s, b.all().length - 1)], b.all()[b.all().length - 1]));
    m.put("harder_than_percent_in_class", percent(own[Math.min(s, own.length - 1)], own[own.length - 1]));
    return m;
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? 0 : Math.floor(1000.0 * part / whole) / 10;
  }
}
