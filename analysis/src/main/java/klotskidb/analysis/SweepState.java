package klotskidb.analysis;

/**
 * What a {@link Kernel}'s level sweep reads and writes, and nothing else of the BFS: the group's
 * adjacency, the batch's rows (one row of {@code words} longs per layout and state: bit r is root
 * r of the batch), its roots, and where the sweep leaves the layouts that joined.
 *
 * <pre>
 *   group 5-4-1-1 (25,955 layouts), a batch of 256 roots holding 1A9BF0C00: words 4, seen[4 * w ..
 *   4 * w + 3] the roots that have reached layout w, front the ones that reached it at this level
 * </pre>
 *
 * {@link BitParallelBfs} owns one per thread, sizes the rows to its group and swaps the frontier
 * rows between levels; a kernel sweeps one level over it. Kept apart so that the kernels know the
 * state they sweep, not the BFS that drives them.
 */
final class SweepState {
  /**
   * The group's adjacency in local indices (the neighbours of w are g.adjacent[g.start[w],
   * g.start[w + 1])), read at each sweep: the arrays are reused and regrown group after group.
   */
  final GroupArrays g;
  /** Per layout: the roots that reached it, at this level, at the next. */
  long[] seen = new long[0];
  long[] front = new long[0];
  long[] nfront = new long[0];
  /** The solution pass: the roots whose way here crossed a solved layout, now and at the next level. */
  long[] mark = new long[0];
  long[] nmark = new long[0];
  /** The batch's roots (a bit each) and, after a sweep, the OR of the bits it joined. */
  final long[] full = new long[8];
  final long[] any = new long[8];
  /** The layouts that joined in the last sweep, in index order (the kernel fills it). */
  int[] nxt = new int[0];

  SweepState(GroupArrays g) {
    this.g = g;
  }
}
