package klotskidb.testing;

import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

/**
 * Fast code against a plain reference on seeded random inputs, through one helper: every test
 * that holds an optimised path equal to the obvious one says only what an input is and the two
 * ways to answer it; a difference names the input, the seed and its index, so it is made again.
 *
 * <pre>
 *   SameAsReference.check("isLegal", 300_000, r -> r.nextLong() &amp; (Code.LIMIT - 1),
 *       Code::isLegal, v -> Code.problem(v) == null, Code::format);
 *   // isLegal differs from the reference on 0123456789 (seed 20261121, input 17): true, reference false
 *   // (the run's seed for "isLegal", then each seed once-failing.tsv keeps for it: TestSeed)
 * </pre>
 *
 * Results are compared with {@code equals}: give lists or sets, not arrays.
 */
public final class SameAsReference {
  private SameAsReference() {}

  /**
   * The same on this run's seed for {@code what} and every seed once-failing.tsv keeps for it
   * ({@link TestSeed#seeds}): new inputs each run, the ones that once found a difference always.
   */
  public static <I, R> int check(String what, int count, Function<Random, I> input, Function<I, R> fast,
      Function<I, R> reference, Function<I, String> show) {
    int checked = 0;
    for (long seed : TestSeed.seeds(what)) {
      checked += check(what, seed, count, input, fast, reference, show);
    }
    return checked;
  }

  /**
   * Checks {@code fast} against {@code reference} on {@code count} inputs drawn by {@code input}
   * from one {@link Random} of {@code seed}; returns the number of inputs checked.
   */
  public static <I, R> int check(String what, long seed, int count, Function<Random, I> input, Function<I, R> fast,
      Function<I, R> reference, Function<I, String> show) {
    Random random = new Random(seed);
    for (int i = 0; i < count; i++) {
      I in = input.apply(random);
      R a = fast.apply(in);
      R b = reference.apply(in);
      if (!Objects.equals(a, b)) {
        throw new AssertionError(what + " differs from the reference on " + show.apply(in) + " (seed " + seed
            + ", input " + i + "): " + a + ", reference " + b);
      }
    }
    return count;
  }
}
