package klotskidb.layerer;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import klotskidb.grouper.Groups;

/**
 * BFS results for every layout and group (SPEC 5), in flat primitive arrays.
 *
 * <pre>
 *   layer(id)               distance from the group's seed (group_index 0)
 *   minSolutionStep(id)     steps to the nearest solved layout; NONE (-1) in an unsolvable group,
 *                           never a distance
 *   layerCount(g)           layers from the seed (its farthest layer + 1)
 *   layerSize(g, k)         layouts in layer k; they add up to the group's size
 *   solvedCount(g)          solved layouts in g; 0 means unsolvable
 *   maxMinSolutionStep(g)   the group's hardest start: largest min_solution_step (NONE if unsolvable)
 *   hardestCount(g)         how many layouts need that many steps
 *   optimalSolutionNum(id)  how many shortest move sequences lead to a solved layout
 *   minimal(id)             whether every piece but the 2x2 matters ({@link Minimal})
 *
 *   1A9BF0C00: minSolutionStep 81, in 5-4-1-1 (25,955 layouts)
 * </pre>
 */
public final class Layers {
  /** min_solution_step of a layout in an unsolvable group. */
  public static final int NONE = -1;

  private final Groups groups;
  private final short[] layer;
  private final short[] minSolution;
  private final int[] layerStart;
  private final int[] layerSizes;
  private final int[] solved;
  private final int[] hardest;
  private final int[] hardestCount;
  /** Unsigned. */
  private final int[] optimal;
  private final byte[] minimal;

  Layers(Groups groups, short[] layer, short[] minSolution, int[] layerStart, int[] layerSizes,
      int[] solved, int[] hardest, int[] hardestCount, int[] optimal, byte[] minimal) {
    this.groups = groups;
    this.layer = layer;
    this.minSolution = minSolution;
    this.layerStart = layerStart;
    this.layerSizes = layerSizes;
    this.solved = solved;
    this.hardest = hardest;
    this.hardestCount = hardestCount;
    this.optimal = optimal;
    this.minimal = minimal;
  }

  public Groups groups() {
    return groups;
  }

  public int layer(int id) {
    return layer[id];
  }

  /** Steps to the nearest solved layout, or {@link #NONE} when the group has none. */
  public int minSolutionStep(int id) {
    return minSolution[id];
  }

  /**
   * The number of optimal solutions ({@link OptimalSolutions}): 0 in an unsolvable group, 1 for a
   * solved layout.
   */
  public long optimalSolutionNum(int id) {
    return Integer.toUnsignedLong(optimal[id]);
  }

  /** {@link Minimal#YES}, {@link Minimal#NO} or {@link Minimal#UNKNOWN}: whether every piece but the 2x2 matters. */
  public byte minimal(int id) {
    return minimal[id];
  }

  /** The same as the database stores it: true, false, or null when not known. */
  public Boolean isMinimal(int id) {
    return minimal[id] == Minimal.UNKNOWN ? null : minimal[id] == Minimal.YES;
  }

  public int layerCount(int g) {
    return layerStart[g + 1] - layerStart[g];
  }

  public int layerSize(int g, int k) {
    return layerSizes[layerStart[g] + k];
  }

  /** The sizes of group {@code g}'s layers from its seed, a copy. */
  public int[] layerSizes(int g) {
    return Arrays.copyOfRange(layerSizes, layerStart[g], layerStart[g + 1]);
  }

  public boolean isSolvable(int g) {
    return solved[g] > 0;
  }

  public int solvedCount(int g) {
    return solved[g];
  }

  public int maxMinSolutionStep(int g) {
    return hardest[g];
  }

  public int hardestCount(int g) {
    return hardestCount[g];
  }

  /** Ids of the group's layouts whose min_solution_step is the group's largest, in code order. */
  public int[] hardestLayouts(int g) {
    IntArrayList out = new IntArrayList();
    if (!isSolvable(g)) {
      return out.toIntArray();
    }
    for (int i = 0; i < groups.size(g); i++) {
      int id = groups.member(g, i);
      if (minSolution[id] == hardest[g]) {
        out.add(id);
      }
    }
    return out.toIntArray();
  }
}
