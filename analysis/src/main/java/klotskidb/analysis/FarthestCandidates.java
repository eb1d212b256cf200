package klotskidb.analysis;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The farthest pass of a long group through few BFS. For layouts r and a at distance k,
 * ecc(r) >= ecc(a) - k and d(r, u) <= d(a, u) + k, so r's farthest layouts u have
 * d(a, u) >= ecc(a) - 2k: they lie in the last 2k + 1 layers of a's BFS.
 *
 * <pre>
 *   anchors     roots chosen in index order so that every root lies within K = 4 of one; their
 *               BFS run as roots (their own values) and log the joins of their last levels
 *   candidates  C: every layout u with d(a, u) >= ecc(a) - 2K for some anchor a
 *   targets     the other roots: a BFS from each candidate c tells every target r the distance
 *               d(c, r) = d(r, c); r's farthest_step is the largest, its farthest layouts the
 *               candidates at that distance
 * </pre>
 *
 * Exact because C holds every farthest layout of every root. Worth it only where the last layers
 * are thin: the pass tries it when the seed is at least 40 layers deep (7% of the work; short,
 * dense groups hold 93% and their last layers are the whole group) and falls back to the roots
 * left (the other roots and the anchors not run) when C is not smaller than them. The anchors
 * stop as soon as C holds half as many as the other roots: in 3-7-1-0 (403,056 layouts, 51
 * layers) all anchors made 246,941 candidates for 90,000 other roots, work for nothing; stopping
 * at half pays in 4-5-1-0 while 4-5-3-0 (30,414 candidates) still takes the shortcut
 * (BENCHMARKS.md, row "anchors stopping at half").
 *
 * <p>Example, the classic group 5-4-1-1 (25,955 layouts, 12,978 mirror-orbit roots): 1,033
 * anchors, 726 candidates, the farthest pass faster than a BFS per root; K = 4 was the best of
 * 2..6 there (K = 3: 1,559 anchors and 419 candidates). In 4-6-1-0 (136,040 layouts, 142
 * layers): 2,412 anchors, 793 candidates (BENCHMARKS.md, row "farthest candidates"). The anchors
 * cost most: spread at least K + 1 apart, a batch of them has a large radius.
 */
final class FarthestCandidates {
  /** Anchors cover every root within this distance. */
  static final int K = 4;
  /** The anchors' logs take a few times the size at 40 bytes a join: a bound on memory. */
  static final int MAX_SIZE = 500_000;

  private final GroupArrays g;
  private final RootBatches batches;
  private boolean[] anchor = new boolean[0];
  /** How many candidates the last group had (-1: not tried) and whether they were used. */
  int candidateCount;
  boolean used;
  /** Anchors of the last group left unrun by the early stop (for tests). */
  int anchorsNotRun;
  /** Tests: stop the anchors at this many candidates instead of the other roots' count (-1). */
  int anchorLimit = -1;

  FarthestCandidates(GroupArrays g, RootBatches batches) {
    this.g = g;
    this.batches = batches;
  }

  /**
   * Runs the farthest pass of the roots {@code eligible} through the candidates when the group is
   * at least {@code longDepth} layers deep; returns false when it did not (the anchors, if run,
   * have their values, and {@code eligible} then holds the roots left).
   */
  boolean run(boolean[] eligible, int longDepth, int[] fs, int[] fn, boolean lists) {
    int n = g.size;
    BitParallelBfs[] lanes = batches.lanes(); // the group's
    candidateCount = -1;
    used = false;
    if (n > MAX_SIZE || n < lanes[0].roots() * 4 || g.seedDepth < longDepth) {
      return false;
    }
    boolean[] root = Arrays.copyOf(eligible, n);
    chooseAnchors(n, root, eligible);
    boolean[] candidate = g.candidate;
    boolean[] target = g.target;
    Arrays.fill(candidate, 0, n, false);
    int rest = 0;
    for (int i = 0; i < n; i++) {
      target[i] = root[i] && !anchor[i];
      rest += target[i] ? 1 : 0;
    }
    // the anchors stop once they have made half as many candidates as there are other roots:
    // a candidate's BFS runs at 4 words and tracks targets, the other roots' at 8 words cost
    // about 0.6 of it, so C no longer pays (3-7-1-0: 246,941 candidates for 90,000 roots)
    int limit = anchorLimit >= 0 ? anchorLimit : rest / 2;
    AtomicInteger made = new AtomicInteger();
    List<int[]> anchorBatches = batches.balls(eligible, lanes[0].roots() * 8);
    boolean[] ran = batches.runWhile(anchorBatches, (lane, roots) -> {
      lane.farthestBatch(n, roots, fs, fn, lists, BitParallelBfs.Mode.ANCHORS, 2 * K);
      made.addAndGet(lane.newCandidates);
    }, () -> made.get() < limit);
    int candidates = 0;
    for (int i = 0; i < n; i++) {
      candidates += candidate[i] ? 1 : 0;
    }
    candidateCount = candidates;
    anchorsNotRun = 0;
    for (int b = 0; b < ran.length; b++) {
      anchorsNotRun += ran[b] ? 0 : anchorBatches.get(b).length;
    }
    boolean allRan = anchorsNotRun == 0;
    // C holds every root's farthest layouts only when every anchor has run
    if (!allRan || candidates >= rest) {
      // the roots left: the other roots and the anchors not run
      System.arraycopy(target, 0, eligible, 0, n);
      for (int b = 0; b < ran.length; b++) {
        if (!ran[b]) {
          for (int r : anchorBatches.get(b)) {
            eligible[r] = true;
          }
        }
      }
      return false;
    }
    used = true;
    for (BitParallelBfs lane : lanes) {
      lane.prepareTargets(n);
    }
    List<int[]> fromCandidates = batches.balls(candidate, lanes[0].roots() * 8);
    batches.run(fromCandidates,
        (lane, roots) -> lane.farthestBatch(n, roots, fs, fn, lists, BitParallelBfs.Mode.CANDIDATES, 0));
    // each target's farthest_step is its largest distance to a candidate over every lane
    int[] best = lanes[0].best;
    for (int t = 1; t < lanes.length; t++) {
      for (int i = 0; i < n; i++) {
        best[i] = Math.max(best[i], lanes[t].best[i]);
      }
    }
    for (int i = 0; i < n; i++) {
      if (target[i]) {
        fs[i] = best[i];
      }
    }
    for (BitParallelBfs lane : lanes) {
      LongArrayList reached = lane.reached;
      for (int p = 0, size = reached.size(); p < size; p++) {
        long e = reached.getLong(p);
        int w = (int) (e >>> 20) & 0xFFFFF;
        if ((int) (e >>> 40) == best[w]) {
          fn[w]++;
          if (lists) {
            lane.pairs.add(((long) w << 32) | (int) (e & 0xFFFFF));
          }
        }
      }
      reached.clear();
      reached.trim();
    }
    return true;
  }

  /**
   * Marks as anchors, in index order, each root not within K of an anchor yet; they become the
   * only eligible layouts.
   */
  private void chooseAnchors(int n, boolean[] root, boolean[] eligible) {
    if (anchor.length < n) {
      anchor = new boolean[Math.max(n, anchor.length * 2)];
    }
    Arrays.fill(anchor, 0, n, false);
    int[] start = g.start;
    int[] adjacent = g.adjacent;
    boolean[] covered = new boolean[n];
    int[] depth = new int[n];
    int[] mark = new int[n];
    int[] queue = new int[n];
    Arrays.fill(mark, -1);
    for (int r = 0; r < n; r++) {
      eligible[r] = false;
      if (!root[r] || covered[r]) {
        continue;
      }
      anchor[r] = true;
      eligible[r] = true;
      int head = 0;
      int tail = 0;
      queue[tail++] = r;
      mark[r] = r;
      depth[r] = 0;
      while (head < tail) {
        int v = queue[head++];
        covered[v] = true;
        if (depth[v] == K) {
          continue;
        }
        for (int e = start[v], end = start[v + 1]; e < end; e++) {
          int w = adjacent[e];
          if (mark[w] != r) {
            mark[w] = r;
            depth[w] = depth[v] + 1;
            queue[tail++] = w;
          }
        }
      }
    }
  }
}
