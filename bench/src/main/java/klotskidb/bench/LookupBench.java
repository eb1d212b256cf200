package klotskidb.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import klotskidb.enumerator.AllLayouts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * code -> id and id -> code (targets: 60 ns and 10 ns), over 1M ids spread at random over all
 * layouts, so the 117 MB code list is not in cache, and in id order as the pipeline reads them.
 * Random id -> code is one main-memory miss; transparent huge pages spare the TLB miss on top.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx3g", "-XX:+UseTransparentHugePages"})
public class LookupBench {
  private static final int N = 1 << 20;
  private AllLayouts all;
  private int[] ids;
  private long[] codes;

  @Setup
  public void setUp() {
    all = AllLayouts.build();
    Random random = new Random(1);
    ids = new int[N];
    codes = new long[N];
    for (int i = 0; i < N; i++) {
      ids[i] = random.nextInt(all.size());
      codes[i] = all.code(ids[i]);
    }
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long codeToId() {
    long sum = 0;
    for (long c : codes) {
      sum += all.id(c);
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long idToCodeInOrder() {
    long sum = 0;
    for (int id = 0; id < N; id++) {
      sum += all.code(id * 27);
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long idToCode() {
    long sum = 0;
    for (int id : ids) {
      sum += all.code(id);
    }
    return sum;
  }
}
