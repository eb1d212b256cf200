package klotskidb.bench;

import java.util.concurrent.TimeUnit;
import klotskidb.base.Progress;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whole-stage timings over all 29,334,498 layouts, in seconds per run (issues' targets:
 * enumerate 0.3 s warm, moves 5 s on one core, groups 6 s, layers 8 s on 2 cores).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-XX:+UseParallelGC"})
public class PipelineBench {
  private AllLayouts all;
  private Groups groups;
  private final int threads = Runtime.getRuntime().availableProcessors();

  @Setup(Level.Trial)
  public void setUp() {
    all = AllLayouts.build();
    groups = new Grouper(all, null, threads, Progress.NONE).run();
  }

  /** Enumeration in a warm JVM. */
  @Benchmark
  @Warmup(iterations = 3)
  @Measurement(iterations = 5)
  public AllLayouts enumerate() {
    return AllLayouts.build();
  }

  /** All moves of all layouts on one core (402,258,220 of them). */
  @Benchmark
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public long movesOneCore() {
    Mover mover = new Mover();
    long[] out = new long[Mover.MAX_NEIGHBOURS];
    long total = 0;
    for (int id = 0; id < all.size(); id++) {
      total += mover.neighbours(all.code(id), out);
    }
    if (total != 402_258_220L) {
      throw new IllegalStateException("moves: " + total);
    }
    return total;
  }

  /** Moves, union-find and ranking (enumeration excluded), all cores. */
  @Benchmark
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public Groups group() {
    return new Grouper(all, null, threads, Progress.NONE).run();
  }

  /** Both BFS passes over all groups, all cores. */
  @Benchmark
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public Layers layer() {
    return new Layerer(groups, threads, Progress.NONE).run();
  }
}
