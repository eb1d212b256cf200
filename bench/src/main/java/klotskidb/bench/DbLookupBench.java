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
 * Point lookup of a layout record by code in a built database (target: median under 20 µs with
 * a warm cache). Needs the database of `make run` (param db); sample mode gives percentiles.
 * workingSet: how many distinct random layouts are looked up over and over. 4096 touch at most
 * 4096 16-KiB blocks per family, which the reader's 256 MiB block cache holds once warm;
 * 4194304 touch most blocks of the 29M-row family, so most lookups decompress a block.
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

  @Param({"4096", "4194304"})
  public int workingSet;

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
    codes = new long[workingSet];
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
