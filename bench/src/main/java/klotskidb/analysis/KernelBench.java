package klotskidb.analysis;

import java.util.concurrent.TimeUnit;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.GroupGraph;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The kernels alone, side by side: one farthest batch (the roots' own values, no lists) over the
 * largest group, 2-6-1-0 (964,656 layouts, 15,499,516 adjacency entries; or another, {@code
 * group}), from the first ball of
 * orbit roots as the engine cuts it, 256 or 512 roots. Divide by roots x 964,656 for the time per
 * (root, layout). In package {@code klotskidb.analysis} to reach the package's lane and kernels.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-XX:+UseParallelGC", "--add-modules", "jdk.incubator.vector"})
public class KernelBench {
  /**
   * kernel-words: scalar-4, vector-4, vector-8 (one 512-bit vector per layout and state where the
   * processor has them) and vector256-8 (two 256-bit vectors, what other processors run). Not in
   * the engine, given by -p only: segmented-4-B-P and segmentedwide-8-B-P, the sweeps cut into
   * segments of 2^B rows at levels with P% of the group open ({@link SegmentedScalarKernel},
   * {@link SegmentedWideKernel}; BENCHMARKS.md, the all-roots analysis, tried and not kept).
   */
  @Param({"scalar-4", "vector-4", "vector-8", "vector256-8"})
  String kernel;

  /** The group: the largest (2-6-1-0, rows beyond L3 at 8 words) or 2-3-0-0 (128,040 layouts). */
  @Param({"2-6-1-0"})
  String group;

  /**
   * The layouts' order: code (the engine's) or clusters, clusters-B ({@link ClusterOrder}, not in
   * the engine; inside blocks of 2^B layouts in code order); the same roots either way.
   */
  @Param({"code"})
  String order;

  private GroupArrays g;
  private BitParallelBfs lane;
  private int[] roots;
  private int[] fs;
  private int[] fn;
  /** Under order=clusters: the group and the roots in code order, for the check. */
  private GroupArrays inCode;
  private Kernels kernels;
  private int[] codeRoots;

  // segmented-4-B-P: the scalar sweep in segments of 2^B rows where P% of the group is open (SegmentedScalarKernel)
  // segmentedwide-8-B-P: the 512-bit 8-word sweep so (SegmentedWideKernel)
  private static Kernel kernel(Kernels kernels, String[] p) {
    return p[0].equals("segmented") ? new SegmentedScalarKernel(Integer.parseInt(p[2]), Integer.parseInt(p[3]))
        : p[0].equals("segmentedwide") ? new SegmentedWideKernel(Integer.parseInt(p[2]), Integer.parseInt(p[3]))
        : kernels.forWords(Integer.parseInt(p[1]));
  }

  private static boolean[] all(int n) {
    boolean[] eligible = new boolean[n];
    java.util.Arrays.fill(eligible, true);
    return eligible;
  }

  /** One group, J-B-S-N (2-6-1-0), as the analysis loads it. */
  static GroupArrays load(String group) {
    AllLayouts all = AllLayouts.build();
    int cls = LayoutClass.parse(group.substring(0, group.lastIndexOf('-')));
    boolean[] only = new boolean[LayoutClass.COUNT];
    only[cls] = true;
    Groups groups = new Grouper(all, only, 2, Progress.NONE).run();
    GroupGraph graph = new GroupGraph();
    graph.load(groups, groups.group(cls, Integer.parseInt(group.substring(group.lastIndexOf('-') + 1))));
    GroupArrays g = new GroupArrays();
    g.load(graph);
    return g;
  }

  @Setup(Level.Trial)
  public void setUp() {
    g = load(group);
    String[] p = kernel.split("-");
    kernels = switch (p[0]) {
      case "scalar" -> Kernels.scalar();
      case "vector256" -> Kernels.vector256();
      default -> Kernels.vector();
    };
    lane = new BitParallelBfs(g);
    lane.use(kernel(kernels, p));
    lane.prepare(g.size);
    roots = new RootBatches(g, new BitParallelBfs[] {lane}).balls(all(g.size), lane.roots() * 8).get(0);
    if (order.startsWith("clusters")) {
      long t0 = System.nanoTime();
      int[] o = ClusterOrder.of(g.size, g.start, g.adjacent, order.equals("clusters") ? 31 : Integer.parseInt(order.substring(9)));
      double[] before = {ClusterOrder.within(g, 256), ClusterOrder.within(g, 4096), ClusterOrder.within(g, 65536)};
      inCode = g;
      g = ClusterOrder.relabel(g, o);
      int[] rank = new int[g.size];
      for (int k = 0; k < g.size; k++) {
        rank[o[k]] = k;
      }
      codeRoots = roots;
      roots = new int[codeRoots.length];
      for (int i = 0; i < roots.length; i++) {
        roots[i] = rank[codeRoots[i]];
      }
      System.out.printf("%nclusters: %.1f s; edges within 256/4,096/65,536: code %.3f %.3f %.3f, clusters %.3f %.3f %.3f%n",
          (System.nanoTime() - t0) / 1e9, before[0], before[1], before[2], ClusterOrder.within(g, 256),
          ClusterOrder.within(g, 4096), ClusterOrder.within(g, 65536));
      lane = new BitParallelBfs(g);
      lane.use(kernel(kernels, p));
      lane.prepare(g.size);
    }
    fs = new int[g.size];
    fn = new int[g.size];
  }

  /** The batch's values against the engine's kernel's, for the variants that are not in the engine. */
  @org.openjdk.jmh.annotations.TearDown(Level.Trial)
  public void check() {
    if (inCode != null) {
      checkOrder();
      return;
    }
    if (!kernel.startsWith("segmented")) { // segmented and segmentedwide
      return;
    }
    BitParallelBfs reference = new BitParallelBfs(g);
    // the engine's kernel of the same width (KernelsTest holds it to the scalar one)
    reference.use(kernel.startsWith("segmentedwide") ? Kernels.vector().forWords(8) : Kernels.scalar().forWords(4));
    reference.prepare(g.size);
    int[] rs = new int[g.size];
    int[] rn = new int[g.size];
    java.util.Arrays.fill(fs, 0); // the batch adds to them: only one batch's values compare
    java.util.Arrays.fill(fn, 0);
    reference.farthestBatch(g.size, roots, rs, rn, false, BitParallelBfs.Mode.ROOTS, 0);
    lane.farthestBatch(g.size, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
    for (int r : roots) {
      if (rs[r] != fs[r] || rn[r] != fn[r]) {
        throw new IllegalStateException(kernel + ": root " + r + " farthest " + fs[r] + " x " + fn[r] + ", scalar "
            + rs[r] + " x " + rn[r]);
      }
    }
  }

  /** Under order=clusters: each root's values the same as in code order with the same kernel. */
  private void checkOrder() {
    BitParallelBfs reference = new BitParallelBfs(inCode);
    reference.use(kernel(kernels, kernel.split("-")));
    reference.prepare(inCode.size);
    int[] rs = new int[inCode.size];
    int[] rn = new int[inCode.size];
    java.util.Arrays.fill(fs, 0);
    java.util.Arrays.fill(fn, 0);
    reference.farthestBatch(inCode.size, codeRoots, rs, rn, false, BitParallelBfs.Mode.ROOTS, 0);
    lane.farthestBatch(g.size, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
    for (int i = 0; i < roots.length; i++) {
      if (rs[codeRoots[i]] != fs[roots[i]] || rn[codeRoots[i]] != fn[roots[i]]) {
        throw new IllegalStateException("clusters: root " + codeRoots[i] + " farthest " + fs[roots[i]] + " x "
            + fn[roots[i]] + ", in code order " + rs[codeRoots[i]] + " x " + rn[codeRoots[i]]);
      }
    }
    System.out.println("clusters: the values of all " + roots.length + " roots equal code order's");
  }

  @Benchmark
  @Warmup(iterations = 2)
  @Measurement(iterations = 5)
  public int oneBatch() {
    lane.farthestBatch(g.size, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
    return fs[roots[0]];
  }
}
