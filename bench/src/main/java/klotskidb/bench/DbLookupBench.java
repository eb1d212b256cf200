package klotskidb.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.AllLayouts;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Point lookup of a layout record by code in a built database, warm cache (target: median
 * under 20 µs). Needs the database of `make run` (param db); sample mode reports percentiles.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class DbLookupBench {
  @Param("data/klotski-db")
  public String db;

  private KlotskiDb kdb;
  private long[] codes;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    if (!Files.isDirectory(Path.of(db))) {
      throw new IllegalStateException("no database at " + db + ": run `make run` first");
    }
    kdb = KlotskiDb.open(Path.of(db));
    AllLayouts all = AllLayouts.build();
    Random random = new Random(2);
    codes = new long[1 << 16]; // 64K layouts: their blocks fit the block cache once warm
    for (int i = 0; i < codes.length; i++) {
      codes[i] = all.code(random.nextInt(all.size()));
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    kdb.close();
  }

  @Benchmark
  public Object caseByCode() {
    long code = codes[next++ & (codes.length - 1)];
    return kdb.caseOf(code).orElseThrow();
  }
}
