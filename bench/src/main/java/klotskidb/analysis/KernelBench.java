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
 * largest group, 2-6-1-0 (964,656 layouts, 15,499,516 adjacency entries), from the first ball of
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
   * processor has them) and vector256-8 (two 256-bit vectors, what other processors run).
   */
  @Param({"scalar-4", "vector-4", "vector-8", "vector256-8"})
  String kernel;

  private GroupArrays g;
  private BitParallelBfs lane;
  private int[] roots;
  private int[] fs;
  private int[] fn;

  @Setup(Level.Trial)
  public void setUp() {
    AllLayouts all = AllLayouts.build();
    int cls = LayoutClass.index(2, 6, 1);
    boolean[] only = new boolean[LayoutClass.COUNT];
    only[cls] = true;
    Groups groups = new Grouper(all, only, 2, Progress.NONE).run();
    GroupGraph graph = new GroupGraph();
    graph.load(groups, groups.group(cls, 0));
    g = new GroupArrays();
    g.load(graph);
    String[] p = kernel.split("-");
    Kernels kernels = switch (p[0]) {
      case "scalar" -> Kernels.scalar();
      case "vector256" -> Kernels.vector256();
      default -> Kernels.vector();
    };
    lane = new BitParallelBfs(g);
    lane.use(kernels.forWords(Integer.parseInt(p[1])));
    lane.prepare(g.size);
    boolean[] eligible = new boolean[g.size];
    java.util.Arrays.fill(eligible, true);
    roots = new RootBatches(g, new BitParallelBfs[] {lane}).balls(eligible, lane.roots() * 8).get(0);
    fs = new int[g.size];
    fn = new int[g.size];
  }

  @Benchmark
  @Warmup(iterations = 2)
  @Measurement(iterations = 5)
  public int oneBatch() {
    lane.farthestBatch(g.size, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
    return fs[roots[0]];
  }
}
