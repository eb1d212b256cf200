package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.GroupTable;

/**
 * One group without its class: flooded from one of its layouts, named from the shipped
 * {@link GroupTable}, and layered by the build's own passes ({@link GroupPasses}), so its numbers
 * are the database's. What {@code group X} and {@code info X} answer with no database there.
 *
 * <pre>
 *   OneGroup g = OneGroup.of(0x1A9BF0C00L);      5-4-1-1: 25,955 layouts, not the class's 65,880
 *   int i = g.index(0x1A9BF0C00L);               7472, its group_index
 *   g.minSolutionStep(i)                         81
 *   g.optimalSolutionNum(i)                      its optimal solutions, as the database stores them
 *   OneGroup.named(LayoutClass.index(5, 4, 1), 1)   the same group, from its name
 * </pre>
 *
 * How: a BFS over codes from the layout ({@link Mover}) gathers the members; sorted, they are the
 * group in group_index order, the first its seed; the seed's row in the table gives group_num.
 * The largest group (964,656 layouts) floods in a fraction of the time its class takes to group.
 */
public final class OneGroup {
  private final int cls;
  private final int groupNum;
  private final long[] codes;
  private final short[] layer;
  private final short[] minSolution;
  private final int[] optimal;
  private final int[] layerSizes;
  private final int solved;
  private final int hardest;
  private final int hardestCount;

  private OneGroup(int cls, int groupNum, long[] codes) {
    this.cls = cls;
    this.groupNum = groupNum;
    this.codes = codes;
    int n = codes.length;
    layer = new short[n];
    minSolution = new short[n];
    optimal = new int[n];
    GroupPasses passes = new GroupPasses();
    passes.graph.loadOrbits(codes, n);
    passes.run(LayoutClass.name(cls) + "-" + groupNum, layer, minSolution, optimal);
    layerSizes = passes.layerSizes;
    solved = passes.solved;
    hardest = passes.hardest;
    hardestCount = passes.hardestCount;
  }

  /** The group of {@code code} (a legal layout). */
  public static OneGroup of(long code) {
    Code.check(code);
    long[] members = flood(code);
    int cls = LayoutClass.of(code);
    int num = GroupTable.groupNum(cls, members[0]);
    if (num < 0) {
      throw new IllegalStateException("groups.tsv has no group of " + LayoutClass.name(cls) + " with seed "
          + Code.format(members[0]));
    }
    return new OneGroup(cls, num, members);
  }

  /** Group {@code groupNum} of class {@code cls}, or an input error naming what does not exist. */
  public static OneGroup named(int cls, int groupNum) {
    int count = GroupTable.count(cls);
    if (groupNum < 0 || groupNum >= count) {
      throw InputException.because("no_group_num", "class " + LayoutClass.name(cls) + " has " + UserText.count(count, "group", "groups") + ", no group_num " + groupNum,
          "class", LayoutClass.name(cls), "groups", count, "group_num", groupNum);
    }
    return new OneGroup(cls, groupNum, flood(GroupTable.seed(cls, groupNum)));
  }

  /** Every layout reachable from {@code code}, in code order. */
  static long[] flood(long code) {
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    LongOpenHashSet seen = new LongOpenHashSet();
    LongArrayList queue = new LongArrayList();
    seen.add(code);
    queue.add(code);
    for (int k = 0; k < queue.size(); k++) {
      int n = mover.neighbours(queue.getLong(k), next);
      for (int j = 0; j < n; j++) {
        if (seen.add(next[j])) {
          queue.add(next[j]);
        }
      }
    }
    long[] members = queue.toLongArray();
    Arrays.sort(members);
    return members;
  }

  public int classIndex() {
    return cls;
  }

  public int groupNum() {
    return groupNum;
  }

  public int size() {
    return codes.length;
  }

  /** The group_index of {@code code}, or a negative number when it is not in this group. */
  public int index(long code) {
    return Arrays.binarySearch(codes, code);
  }

  public long code(int index) {
    return codes[index];
  }

  public int layer(int index) {
    return layer[index];
  }

  /** Steps to the nearest solved layout; {@link Layers#NONE} in an unsolvable group. */
  public int minSolutionStep(int index) {
    return minSolution[index];
  }

  public long optimalSolutionNum(int index) {
    return Integer.toUnsignedLong(optimal[index]);
  }

  /** Layer k's size, rooted at the seed: [k]. */
  public int[] layerSizes() {
    return layerSizes.clone();
  }

  public int solvedCount() {
    return solved;
  }

  /** The largest min_solution_step in the group; {@link Layers#NONE} when unsolvable. */
  public int maxMinSolutionStep() {
    return hardest;
  }

  /** How many layouts need {@link #maxMinSolutionStep()} steps. */
  public int hardestCount() {
    return hardestCount;
  }
}
