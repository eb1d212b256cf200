package klotskidb.bench;

import java.util.concurrent.TimeUnit;
import klotskidb.enumerator.AllLayouts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/** Enumeration as the first thing a fresh JVM does (target: 1 s); one shot per fork. */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 5, jvmArgsAppend = {"-Xmx2g"})
public class ColdEnumerateBench {
  @Benchmark
  public AllLayouts enumerateCold() {
    return AllLayouts.build();
  }
}
