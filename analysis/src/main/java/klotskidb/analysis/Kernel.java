package klotskidb.analysis;

/**
 * The inner loop of the bit-parallel BFS ({@link BitParallelBfs}): one level's sweep over a list
 * of layouts, each ORing the frontier words of its neighbours. Everything else a level does
 * (marking the next level's layouts, logs, counts, lists) is the lane's, done over the layouts
 * that joined, so a kernel is only this loop and its implementations can be checked against
 * each other for identical state.
 *
 * <pre>
 *   for w in list:                       (in index order)
 *     if seen[w] covers every root: drop w from the list
 *     a = OR front[u] over the neighbours u of w, minus seen[w]
 *     seen[w] |= a, nfront[w] = a, any |= a      (stored whether a is 0 or not)
 *     if a != 0: w joins (appended to nxt)
 *   sweepMarked also: nmark[w] = OR mark[u] over the same neighbours, AND a
 * </pre>
 *
 * <p><b>No branch on the join.</b> Whether w joins is known only once all its neighbours' rows
 * have arrived, and in a dense level about 8% of the layouts swept do not join: a branch there
 * mispredicted often enough to throw away the loads already under way for the layouts after w.
 * So the stores are made either way (nfront[w] is zero before the sweep, so storing a zero a
 * changes nothing) and nxt is appended to without a branch (BENCHMARKS.md, row "no branch on
 * the join": values and lists the same, about a quarter faster).
 *
 * <p>Example: in the classic group 5-4-1-1 the batch holding root 1A9BF0C00 sweeps at its level
 * 123 the layouts next to its frontier; 1A9BF0C00's bit reaches 8 layouts there, its farthest.
 *
 * <p>Implementations, chosen once per process by {@link Kernels}: {@link ScalarKernel} (4 words,
 * plain Java: the reference and the fallback) and the Vector API's {@link VectorKernels} (4 and 8
 * words, 256-bit vectors). Measured on one dense batch of the largest group, 2-6-1-0, one thread:
 * BENCHMARKS.md, "Kernels".
 */
public abstract class Kernel {
  /** Words per layout and state: 64 * words roots per batch. */
  final int words;

  Kernel(int words) {
    this.words = words;
  }

  /** The kernel's name as the run summary and {@code --kernel} give it, with its width. */
  public abstract String name();

  /**
   * One level of a farthest batch over {@code list[0, m)}: drops the layouts every root has
   * reached (the list is compacted in place), joins the others that a frontier neighbour
   * reaches. Fills {@code lane.nxt} with the joins in list order and {@code lane.any} with the
   * OR of their new bits. Returns {@code kept << 32 | joins}.
   */
  abstract long sweep(SweepState lane, int[] list, int m);

  /** As {@link #sweep}, and {@code nmark[w] = (OR mark[u]) & a} for every join. */
  abstract long sweepMarked(SweepState lane, int[] list, int m);

  /**
   * Zeroes the rows of {@code layouts[0, count)} in {@code state} (a level's frontier after its
   * sweep), the stores written out. Not on the Vector API: a loop this long, called a few hundred
   * times a group, is compiled on-stack first, and there C2 boxed the vectors (slower than
   * Arrays.fill, which it replaces).
   */
  final void clear(long[] state, int[] layouts, int count) {
    if (words == 8) {
      for (int c = 0; c < count; c++) {
        int b = layouts[c] << 3;
        state[b] = 0L;
        state[b + 1] = 0L;
        state[b + 2] = 0L;
        state[b + 3] = 0L;
        state[b + 4] = 0L;
        state[b + 5] = 0L;
        state[b + 6] = 0L;
        state[b + 7] = 0L;
      }
    } else {
      for (int c = 0; c < count; c++) {
        int b = layouts[c] * words;
        for (int q = 0; q < words; q++) {
          state[b + q] = 0L;
        }
      }
    }
  }
}
