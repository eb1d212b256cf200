package klotskidb.db;

import java.util.Arrays;
import java.util.HexFormat;
import klotskidb.enumerator.LayoutClass;

/**
 * The rows of {@code ranks} ({@link RanksCodec}) of one database, read once when it is opened (a
 * row per class and step its solvable layouts have: 4,312 in a full build, a few tens of KB in
 * memory): a layout's rank by its class and min_solution_step.
 *
 * <pre>
 *   ranks.harderThan(5, 4, 1, 81)          9991: harder than 99.91% of all solvable layouts
 *   ranks.harderThanInClass(5, 4, 1, 81)   9964: of 5-4-1's
 * </pre>
 */
public final class Ranks {
  /** [class][steps]: harder_than << 16 | harder_than_in_class; -1 where no layout is. */
  private final int[][] byClass = new int[LayoutClass.COUNT][];

  Ranks() {}

  void put(byte[] key, byte[] value) {
    int cls = RanksCodec.classOf(key);
    int steps = RanksCodec.stepsOf(key);
    if (cls < 0) {
      throw new DatabaseException("a ranks row names no class: " + HexFormat.of().formatHex(key));
    }
    int[] row = byClass[cls];
    if (row == null || row.length <= steps) {
      int[] grown = new int[Math.max(steps + 1, row == null ? 64 : row.length * 2)];
      Arrays.fill(grown, -1);
      if (row != null) {
        System.arraycopy(row, 0, grown, 0, row.length);
      }
      byClass[cls] = row = grown;
    }
    row[steps] = RanksCodec.harderThanOf(value) << 16 | RanksCodec.harderThanInClassOf(value);
  }

  private int at(int jiang, int bing, int style, int steps) {
    if (steps < 0) {
      return -1;
    }
    int cls = LayoutClass.index(jiang, bing, style);
    int[] row = cls < 0 ? null : byClass[cls];
    return row == null || steps >= row.length ? -1 : row[steps];
  }

  /** Hundredths of a percent of all solvable layouts (whatever was built) needing fewer steps; -1 when unsolvable. */
  public int harderThan(int jiang, int bing, int style, int steps) {
    int v = at(jiang, bing, style, steps);
    return v < 0 ? -1 : v >>> 16;
  }

  /** The same among the class's solvable layouts. */
  public int harderThanInClass(int jiang, int bing, int style, int steps) {
    int v = at(jiang, bing, style, steps);
    return v < 0 ? -1 : v & 0xFFFF;
  }
}
