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
 * code -> id and id -> code at random (targets: 60 ns and 10 ns), over 1M ids spread over all
 * layouts, so the code list is not in cache.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
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
  public long idToCode() {
    long sum = 0;
    for (int id : ids) {
      sum += all.code(id);
    }
    return sum;
  }
}
