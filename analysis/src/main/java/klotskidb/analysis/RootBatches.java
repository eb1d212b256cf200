package klotskidb.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Cuts a set of roots into batches of up to {@link BitParallelBfs#roots} and runs them on the
 * engine's threads. A batch is a compact ball: the roots nearest to the first root not yet
 * taken (in index order), found by a BFS from it, so that the distances from the batch's roots
 * to any layout differ little and a layout is in some root's frontier for few levels of a batch.
 *
 * <p>Example: the 12,978 mirror-orbit roots of the classic group make 51 balls; a ball of 256
 * there has a radius of about 25 (the group grows slowly), in 2-3-0-0 about 2.
 */
final class RootBatches {
  private final GroupArrays g;
  /** The group's lanes, and the lease (of a pool) whose engine threads and memory they count as. */
  private BitParallelBfs[] lanes;
  private LanePool.Lease lease;
  private int[] ball = new int[0];
  private int[] ballMark = new int[0];

  RootBatches(GroupArrays g) {
    this.g = g;
  }

  /** Batches on these lanes of their own (one batch of one kernel: the bench, the warm-up). */
  RootBatches(GroupArrays g, BitParallelBfs[] lanes) {
    this(g);
    use(lanes, LanePool.unbounded(lanes.length).acquire(lanes.length, lanes.length, 0, 0));
  }

  /** The next group's batches run on {@code lanes}, one thread each, counted by {@code lease}. */
  void use(BitParallelBfs[] lanes, LanePool.Lease lease) {
    this.lanes = lanes;
    this.lease = lease;
  }

  /** The group's lanes. */
  BitParallelBfs[] lanes() {
    return lanes;
  }

  /** A scratch queue of the group's size (the caller's BFS may use it between calls). */
  int[] queue() {
    ensure(g.size);
    return ball;
  }

  private void ensure(int n) {
    if (ball.length < n) {
      ball = new int[Math.max(n, ball.length * 2)];
      ballMark = new int[ball.length];
    }
  }

  /**
   * Cuts the layouts with {@code eligible[i]} into balls, in index order of their first; the
   * search of a ball keeps at most {@code queue} layouts waiting. Empties {@code eligible}.
   */
  List<int[]> balls(boolean[] eligible, int queue) {
    int n = g.size;
    ensure(n);
    Arrays.fill(ballMark, 0, n, -1);
    int[] roots = new int[lanes[0].roots()];
    List<int[]> batches = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (eligible[i]) {
        int k = collectBall(eligible, i, roots, batches.size(), queue);
        batches.add(Arrays.copyOf(roots, k));
      }
    }
    return batches;
  }

  /** Runs every batch once; the pool's threads take them, one lane each at a time. */
  void run(List<int[]> batches, LanePool.Body body) {
    runWhile(batches, body, () -> true);
  }

  /**
   * Runs batches as {@link #run} until {@code go} says stop (asked before each batch is taken);
   * returns which were run.
   */
  boolean[] runWhile(List<int[]> batches, LanePool.Body body, BooleanSupplier go) {
    return lease.runPhase(lanes, batches, body, go, g.size);
  }

  /** The (up to) roots.length eligible layouts nearest to {@code first}; they stop being eligible. */
  private int collectBall(boolean[] eligible, int first, int[] roots, int stamp, int queue) {
    int[] start = g.start;
    int[] edges = g.adjacent;
    int head = 0;
    int tail = 0;
    int k = 0;
    ball[tail++] = first;
    ballMark[first] = stamp;
    while (head < tail && k < roots.length) {
      int v = ball[head++];
      if (eligible[v]) {
        eligible[v] = false;
        roots[k++] = v;
      }
      for (int e = start[v], end = start[v + 1]; e < end && tail - head < queue; e++) {
        int w = edges[e];
        if (ballMark[w] != stamp) {
          ballMark[w] = stamp;
          ball[tail++] = w;
        }
      }
    }
    return k;
  }
}
