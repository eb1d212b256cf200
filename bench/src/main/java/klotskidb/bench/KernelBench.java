package klotskidb.bench;

import java.util.concurrent.TimeUnit;
import klotskidb.analysis.OneBatch;
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
 * group}), from the first ball of orbit roots as the engine cuts it, 256 or 512 roots ({@link
 * OneBatch}). Divide by roots x 964,656 for the time per (root, layout). The kernels tried and not
 * kept (segmented sweeps, a clustering order, the sweep floor) are in BENCHMARKS.md with the commit
 * that holds their code.
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

  /** The group: the largest (2-6-1-0, rows beyond L3 at 8 words) or 2-3-0-0 (128,040 layouts). */
  @Param({"2-6-1-0"})
  String group;

  private OneBatch batch;

  @Setup(Level.Trial)
  public void setUp() {
    batch = OneBatch.load(group, kernel);
  }

  @Benchmark
  @Warmup(iterations = 2)
  @Measurement(iterations = 5)
  public int oneBatch() {
    return batch.run();
  }
}
