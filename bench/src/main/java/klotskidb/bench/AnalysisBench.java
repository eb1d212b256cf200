package klotskidb.bench;

import java.util.concurrent.TimeUnit;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.AllRootsBfs;
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
 * A BFS from every layout of the classic group 5-4-1-1 (25,955 layouts), with the lists the
 * per-class files need (issue target: 0.8 s; the original C++ engine takes 15.6 s here).
 * Group loading (moves, local indices) is outside the measurement.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-XX:+UseParallelGC"})
public class AnalysisBench {
  @Param({"1", "2"})
  int threads;

  private GroupGraph graph;
  private AllRootsBfs engine;

  @Setup(Level.Trial)
  public void setUp() {
    AllLayouts all = AllLayouts.build();
    long classic = 0x1A9BF0C00L;
    boolean[] only = new boolean[LayoutClass.COUNT];
    only[LayoutClass.of(classic)] = true;
    Groups groups = new Grouper(all, only, 2, Progress.NONE).run();
    graph = new GroupGraph();
    graph.load(groups, groups.groupOf(all.id(classic)));
    engine = new AllRootsBfs(threads);
  }

  @Benchmark
  @Warmup(iterations = 5)
  @Measurement(iterations = 10)
  public AllRootsBfs.Result classicGroup() {
    AllRootsBfs.Result r = engine.run(graph, true);
    if (r.diameter() != 145) {
      throw new IllegalStateException("diameter " + r.diameter());
    }
    return r;
  }
}
