package klotskidb.testing;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/** Runs a check over id ranges on all cores, with per-chunk state (a Mover, buffers). */
public final class Parallel {
  private Parallel() {}

  /** A check over ids [from, to) with its own state; returns a count to add up. */
  public interface Chunk<S> {
    long run(S state, int from, int to);
  }

  public static <S> long sum(int size, Supplier<S> state, Chunk<S> chunk) {
    int chunks = 256;
    LongAdder total = new LongAdder();
    IntStream.range(0, chunks).parallel().forEach(c -> {
      int from = (int) ((long) size * c / chunks);
      int to = (int) ((long) size * (c + 1) / chunks);
      total.add(chunk.run(state.get(), from, to));
    });
    return total.sum();
  }
}
