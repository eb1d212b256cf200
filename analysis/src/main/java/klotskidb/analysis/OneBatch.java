package klotskidb.analysis;

import java.util.Arrays;
import java.util.List;
import klotskidb.base.Progress;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.GroupGraph;

/**
 * One farthest batch of one group with one kernel, as the engine cuts it: what the kernel
 * benchmark times ({@code klotskidb.bench.KernelBench}), outside this package.
 *
 * <pre>
 *   OneBatch b = OneBatch.load("2-6-1-0", "vector-8");   // the largest group, 512 roots, 512-bit vectors
 *   b.run();                                            // one batch: the roots' farthest step and count
 *   b.farthestOf(0)                                     // the first root's farthest step
 * </pre>
 *
 * The group is loaded as the analysis loads it ({@link GroupArrays}), the roots are the first
 * ball of orbit roots as {@link RootBatches} cuts it, and only the roots' own values are kept (no
 * lists), so the batch is the kernel's sweeps and little else. Kernels are named kernel-words:
 * {@code scalar-4}, {@code vector-4}, {@code vector-8} (one 512-bit vector per layout and state
 * where the processor has them) and {@code vector256-8} (two 256-bit vectors).
 */
public final class OneBatch {
  private final GroupArrays g;
  private final BitParallelBfs lane;
  private final int[] roots;
  private final int[] fs;
  private final int[] fn;

  private OneBatch(GroupArrays g, Kernel kernel) {
    this.g = g;
    lane = new BitParallelBfs(g);
    lane.use(kernel);
    lane.prepare(g.size);
    boolean[] eligible = new boolean[g.size];
    Arrays.fill(eligible, true);
    roots = new RootBatches(g, new BitParallelBfs[] {lane}).balls(eligible, lane.roots() * 8).get(0);
    fs = new int[g.size];
    fn = new int[g.size];
  }

  /** The batch of group J-B-S-N (e.g. 2-6-1-0) with kernel-words ({@code vector-8}). */
  public static OneBatch load(String group, String kernel) {
    String[] p = kernel.split("-");
    if (p.length != 2 || !p[1].equals("4") && !p[1].equals("8")) {
      throw new IllegalArgumentException("a kernel is scalar-4, vector-4, vector-8 or vector256-8, not " + kernel);
    }
    Kernels kernels = switch (p[0]) {
      case "scalar" -> Kernels.scalar();
      case "vector" -> Kernels.vector();
      case "vector256" -> Kernels.vector256();
      default -> throw new IllegalArgumentException("a kernel is scalar-4, vector-4, vector-8 or vector256-8, not "
          + kernel);
    };
    int dash = group.lastIndexOf('-');
    int cls = LayoutClass.parse(group.substring(0, dash));
    Groups groups = Grouper.of(ClassSet.ofIndexes(List.of(cls)), 2, Progress.NONE);
    GroupGraph graph = new GroupGraph();
    graph.load(groups, groups.group(cls, Integer.parseInt(group.substring(dash + 1))));
    GroupArrays g = new GroupArrays();
    g.load(graph);
    return new OneBatch(g, kernels.forWords(Integer.parseInt(p[1])));
  }

  /** Runs the batch once; returns the first root's farthest step (for the benchmark to consume). */
  public int run() {
    lane.farthestBatch(g.size, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
    return fs[roots[0]];
  }

  /** The group's layouts. */
  public int layouts() {
    return g.size;
  }

  /** The batch's roots. */
  public int roots() {
    return roots.length;
  }

  /** Root {@code i}'s farthest step after {@link #run}. */
  public int farthestOf(int i) {
    return fs[roots[i]];
  }
}
