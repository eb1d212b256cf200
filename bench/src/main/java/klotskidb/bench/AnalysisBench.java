package klotskidb.bench;

import java.util.concurrent.TimeUnit;
import klotskidb.analysis.AllRootsBfs;
import klotskidb.analysis.Kernels;
import klotskidb.base.Progress;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
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
 * A BFS from every layout of one group, with the lists the per-class files need, per kernel:
 * the classic group 5-4-1-1 (25,955 layouts, long: anchors and candidates; the original C++
 * engine's time: BENCHMARKS.md) and the dense 2-3-0-0 (128,040 layouts, 512 roots a batch with the
 * vector kernels). Group loading (moves, local indices) is outside the measurement. Ten
 * warm-up runs: the first runs of a JVM are the JIT at work and settle only after about seven;
 * five left single slow runs in the measurement (BENCHMARKS.md, row "a BFS from every layout of
 * one group").
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-XX:+UseParallelGC", "--add-modules", "jdk.incubator.vector"})
public class AnalysisBench {
  @Param({"1", "2"})
  int threads;

  @Param({"vector", "scalar"})
  String kernel;

  /** J-B-S-G: the group's class and group_num. */
  @Param({"5-4-1-1", "2-3-0-0"})
  String group;

  private int diameter = -1;

  private GroupGraph graph;
  private AllRootsBfs engine;

  @Setup(Level.Trial)
  public void setUp() {
    AllLayouts all = AllLayouts.build();
    int cls = LayoutClass.parse(group.substring(0, group.lastIndexOf('-')));
    boolean[] only = new boolean[LayoutClass.COUNT];
    only[cls] = true;
    Groups groups = new Grouper(all, only, 2, Progress.NONE).run();
    graph = new GroupGraph();
    graph.load(groups, groups.group(cls, Integer.parseInt(group.substring(group.lastIndexOf('-') + 1))));
    engine = new AllRootsBfs(threads, Kernels.choose(kernel, line -> {
      throw new IllegalStateException(line);
    }));
  }

  @Benchmark
  @Warmup(iterations = 10)
  @Measurement(iterations = 10)
  public AllRootsBfs.Result wholeGroup() {
    AllRootsBfs.Result r = engine.run(graph, true);
    if (diameter >= 0 && r.diameter() != diameter) {
      throw new IllegalStateException("diameter " + r.diameter() + ", before " + diameter);
    }
    diameter = r.diameter();
    return r;
  }
}
