package klotskidb.bench;

import java.util.concurrent.TimeUnit;
import klotskidb.layerer.Solver;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A solution from scratch, no database ({@code klotski solve X}): 横刀立马 (1A9BF0C00, 81 steps, a
 * group of 25,955 layouts) and one of the six 138-step layouts (4FEA13400, of class 5-4-2, a
 * group of 81,340 layouts). The peer engine dnomd343/klotski takes 4.7 ms for 横刀立马 on the
 * project's VM (issue 67).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx3g"})
public class SolverBench {
  @Param({"1A9BF0C00", "4FEA13400"})
  public String start;

  @Benchmark
  public long[] solve() {
    return Solver.solve(Long.parseLong(start, 16));
  }
}
