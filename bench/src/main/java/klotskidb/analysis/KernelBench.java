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

  private GroupArrays g;
  private BitParallelBfs lane;
  private int[] roots;
  private int[] fs;
  private int[] fn;

  @Setup(Level.Trial)
  public void setUp() {
    AllLayouts all = AllLayouts.build();
    int cls = LayoutClass.parse(group.substring(0, group.lastIndexOf('-')));
    boolean[] only = new boolean[LayoutClass.COUNT];
    only[cls] = true;
    Groups groups = new Grouper(all, only, 2, Progress.NONE).run();
    GroupGraph graph = new GroupGraph();
    graph.load(groups, groups.group(cls, Integer.parseInt(group.substring(group.lastIndexOf('-') + 1))));
    g = new GroupArrays();
    g.load(graph);
    String[] p = kernel.split("-");
    Kernels kernels = switch (p[0]) {
      case "scalar" -> Kernels.scalar();
      case "vector256" -> Kernels.vector256();
      default -> Kernels.vector();
    };
    lane = new BitParallelBfs(g);
    // segmented-4-B-P: the scalar sweep in segments of 2^B rows where P% of the group is open (SegmentedScalarKernel)
    // segmentedwide-8-B-P: the 512-bit 8-word sweep so (SegmentedWideKernel)
    lane.use(p[0].equals("segmented") ? new SegmentedScalarKernel(Integer.parseInt(p[2]), Integer.parseInt(p[3]))
        : p[0].equals("segmentedwide") ? new SegmentedWideKernel(Integer.parseInt(p[2]), Integer.parseInt(p[3]))
        : kernels.forWords(Integer.parseInt(p[1])));
    lane.prepare(g.size);
    boolean[] eligible = new boolean[g.size];
    java.util.Arrays.fill(eligible, true);
    roots = new RootBatches(g, new BitParallelBfs[] {lane}).balls(eligible, lane.roots() * 8).get(0);
    fs = new int[g.size];
    fn = new int[g.size];
  }

  /** The batch's values against the engine's kernel's, for the variants that are not in the engine. */
  @org.openjdk.jmh.annotations.TearDown(Level.Trial)
  public void check() {
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

  @Benchmark
  @Warmup(iterations = 2)
  @Measurement(iterations = 5)
  public int oneBatch() {
    lane.farthestBatch(g.size, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
    return fs[roots[0]];
  }
}
