package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;

/**
 * One thread's bit-parallel BFS: up to 256 BFS at once over one group, each layout keeping W = 4
 * 64-bit words per state, one bit per BFS of the batch, so one look at an edge serves all 256.
 * {@link AllRootsBfs} gives each thread one of these and hands it batches of roots.
 *
 * <pre>
 *   farthestBatch   from up to 256 roots until each has ended: farthest_step (the level that
 *                   reached nothing new), farthest_num and the layouts of the last level
 *   solutionBatch   from up to 256 solved layouts over the whole group: for every layout w,
 *                   which of them are its solutions and nearest solutions
 * </pre>
 *
 * <p><b>Levels.</b> Both are level-synchronous and pull-based: the neighbours of the current
 * frontier are marked in a bitmap (set as each layout joins the frontier), then swept
 * in index order, each ORing its neighbours' frontier words: {@code next = OR front[u] & ~seen}.
 * Measured in 2-3-0-0 (128,040 layouts, 23 moves each): a layout is swept in 4.8 levels of a
 * batch on average, 99.9% of the sweeps find new bits, and an edge costs about 5 ns, as much in
 * 1-2-0-0 whose rows all fit L2: the batch is bound by the work per edge (the row's loads and
 * ORs, the touched bits each new frontier layout sets), not by levels wasted; BENCHMARKS.md.
 *
 * <p><b>Dense levels.</b> Marking costs one read-modify-write per neighbour of every layout that
 * joins the frontier, and in the middle levels of a dense group nearly every layout some root
 * has not reached is next to the frontier anyway. So when the frontier holds at least a quarter
 * ({@link #DENSE}) of the open layouts (those not yet reached by every root), the next level
 * marks nothing and sweeps every open layout instead; each such sweep drops the layouts it finds
 * done from the open list. The sweep's result is the same either way (a layout with no frontier
 * neighbour ORs zeros). One thread, the whole group: 2-3-0-0 8.1-8.9 s against 10.5-12.2 s,
 * 3-3-2-0 (381,600 layouts) 43.1 against 46.0 s; the classic group (long, sparse) the same.
 *
 * <p><b>Solutions.</b> The BFS from a solved layout s tells every layout r its distance to s. s
 * is one of r's solutions when no other solved layout lies on any shortest path between them:
 * each BFS carries a "passed another solved layout" bit ({@code mark}), set at every solved
 * layout it crosses after its own root and passed on to every layout one layer further that it
 * reaches. r's nearest solved layouts (min_solution_step, from a multi-source BFS the caller
 * runs) are those reaching it first. With the mirror, what source s tells layout w, mirror(s)
 * tells mirror(w).
 *
 * <p><b>Modes</b> of the farthest batch ({@link Mode}): the roots' own values; the same plus a
 * log of every join for the anchors of {@link FarthestCandidates}; or, for its candidates, no
 * values of the roots but, per target layout, the candidates farthest from it.
 *
 * <p>Example: root 1A9BF0C00 (group 5-4-1-1) ends at level 124 with 8 layouts in its last level;
 * the solution batch holding DAA7F3000 and DAAF4CC00 reaches it first at level 81, unmarked.
 */
final class BitParallelBfs {
  /** Words per layout and state: 64 * W BFS per batch. The kernels are written out for W = 4. */
  static final int W = 4;
  static final int ROOTS = 64 * W;
  /**
   * A level whose frontier holds at least 1/DENSE of the open layouts makes the next level sweep
   * them all. 2-3-0-0, one thread: 2 and 4 alike (8.1 s), 8 and 16 0.5 s slower.
   */
  static final int DENSE = 4;

  /** What a farthest batch does with what it reaches. */
  enum Mode {
    /** The roots' own values: farthest_step, farthest_num and their farthest layouts. */
    ROOTS,
    /** As ROOTS, and the joins of the last levels logged for the candidates. */
    ANCHORS,
    /** No values of the roots: each target layout keeps the roots farthest from it. */
    CANDIDATES
  }

  private final GroupArrays g;

  BitParallelBfs(GroupArrays g) {
    this.g = g;
  }

  long[] seen = new long[0];
  long[] front = new long[0];
  long[] nfront = new long[0];
  long[] mark = new long[0];
  long[] nmark = new long[0];
  /**
   * Layouts next to the frontier, one bit each; the second collects the neighbours of the next
   * frontier while the first is swept. The sweep reads every word (n / 64 a level: 15,073 in the
   * largest group, nothing beside the level's work). A second level of one bit per non-zero word
   * cost more than it saved: every neighbour marked updated it too, and in a small group those
   * updates all hit one word, a chain of stores and reloads (1-2-0-0: 20% slower with it).
   */
  long[] touched = new long[0];
  long[] touchedNext = new long[0];
  int[] cur = new int[0];
  int[] nxt = new int[0];
  /** This level's layouts to sweep, in index order: the touched ones, listed. */
  int[] sweep = new int[0];
  /**
   * Layouts that some root of the batch has not reached yet (a superset, dropped as a sweep
   * finds them done), in index order: what a dense level sweeps instead of the touched ones.
   */
  int[] open = new int[0];
  /** The open list's length in this batch, -1 until its first dense level. */
  int openSize;
  /** Levels swept over the touched layouts and over the open ones, over this lane's life (for tests). */
  long touchedLevels;
  long openLevels;
  /** This lane's list pairs and solution-pass counts (summed over lanes afterwards). */
  final LongArrayList pairs = new LongArrayList();
  int[] minNum = new int[0];
  int[] solutionNum = new int[0];
  /** ANCHORS: every join of the batch, (layout << 16 | level) then its W words. */
  long[] log = new long[1024];
  int logSize;
  /**
   * CANDIDATES: per target layout, the level and bits of its last join in the batch (its
   * farthest candidates of the batch), its largest distance over this lane's batches, and the
   * entries level << 40 | layout << 20 | candidate that reached it at its largest so far.
   */
  int[] lastLevel = new int[0];
  long[] lastBits = new long[0];
  int[] best = new int[0];
  final LongArrayList reached = new LongArrayList();

  void prepare(int n) {
    if (cur.length < n) {
      int cap = Math.max(n, cur.length * 2);
      seen = new long[cap * W];
      front = new long[cap * W];
      nfront = new long[cap * W];
      mark = new long[cap * W];
      nmark = new long[cap * W];
      touched = new long[(cap >>> 6) + 1];
      touchedNext = new long[(cap >>> 6) + 1];
      cur = new int[cap];
      nxt = new int[cap];
      sweep = new int[cap];
      open = new int[cap];
      minNum = new int[cap];
      solutionNum = new int[cap];
    }
    pairs.clear();
    logSize = 0;
    Arrays.fill(minNum, 0, n, 0);
    Arrays.fill(solutionNum, 0, n, 0);
  }

  void prepareTargets(int n) {
    if (lastLevel.length < n) {
      lastLevel = new int[n];
      lastBits = new long[n * W];
      best = new int[n];
    }
    Arrays.fill(best, 0, n, -1);
    Arrays.fill(lastLevel, 0, n, -1);
    reached.clear();
  }

  /** One batch of the farthest pass: BFS from up to 256 roots until every one has ended. */
  void farthestBatch(int n, int[] roots, int[] fs, int[] fn, boolean lists, Mode mode) {
    boolean logging = mode == Mode.ANCHORS;
    // ecc(j) >= max(d(j, seed), ecc(seed) - d(j, seed)): joins below every root's bound - 2K
    // cannot make candidates and are not logged
    int logFrom = Integer.MAX_VALUE;
    for (int r : roots) {
      logFrom = Math.min(logFrom, Math.max(g.seedDist[r], g.seedDepth - g.seedDist[r]) - 2 * FarthestCandidates.K);
    }
    boolean targets = mode == Mode.CANDIDATES;
    boolean[] target = g.target;
    long[] last = lastBits;
    logSize = 0;
    int k = roots.length;
    long[] seen = this.seen;
    long[] front = this.front;
    long[] nfront = this.nfront;
    int[] start = g.start;
    int[] edges = g.adjacent;
    Arrays.fill(seen, 0, n * W, 0L);
    long[] full = begin(roots);
    int curSize = k;
    long f0 = full[0];
    long f1 = full[1];
    long f2 = full[2];
    long f3 = full[3];
    long active0 = f0;
    long active1 = f1;
    long active2 = f2;
    long active3 = f3;
    openSize = -1; // built at the first dense level
    boolean dense = false;
    for (int level = 0; ; level++) {
      long[] touchedNext = this.touchedNext;
      boolean nextDense = (long) curSize * DENSE >= (openSize < 0 ? n : openSize);
      int[] list = dense ? open : sweep;
      int m = levelList(dense, n);
      int keep = 0;
      int nextSize = 0;
      long r0 = 0;
      long r1 = 0;
      long r2 = 0;
      long r3 = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w * W;
        long s0 = seen[bw];
        long s1 = seen[bw + 1];
        long s2 = seen[bw + 2];
        long s3 = seen[bw + 3];
        if ((s0 & f0) == f0 && (s1 & f1) == f1 && (s2 & f2) == f2 && (s3 & f3) == f3) {
          continue; // every root of the batch has been here
        }
        list[keep++] = w;
        long a0 = 0;
        long a1 = 0;
        long a2 = 0;
        long a3 = 0;
        int es = start[w];
        int ee = start[w + 1];
        for (int e = es; e < ee; e++) {
          int bu = edges[e] * W;
          a0 |= front[bu];
          a1 |= front[bu + 1];
          a2 |= front[bu + 2];
          a3 |= front[bu + 3];
        }
        a0 &= ~s0;
        a1 &= ~s1;
        a2 &= ~s2;
        a3 &= ~s3;
        if ((a0 | a1 | a2 | a3) != 0) {
          seen[bw] = s0 | a0;
          seen[bw + 1] = s1 | a1;
          seen[bw + 2] = s2 | a2;
          seen[bw + 3] = s3 | a3;
          nfront[bw] = a0;
          nfront[bw + 1] = a1;
          nfront[bw + 2] = a2;
          nfront[bw + 3] = a3;
          r0 |= a0;
          r1 |= a1;
          r2 |= a2;
          r3 |= a3;
          nxt[nextSize++] = w;
          if (!nextDense) {
            markNeighbours(w, touchedNext);
          }
          if (logging && level + 1 >= logFrom) {
            log(w, level + 1, a0, a1, a2, a3);
          } else if (targets && target[w]) {
            lastLevel[w] = level + 1;
            last[bw] = a0;
            last[bw + 1] = a1;
            last[bw + 2] = a2;
            last[bw + 3] = a3;
          }
        }
      }
      if (dense) {
        openSize = keep; // the layouts found done are dropped
      }
      dense = nextDense;
      // roots that reached nothing new have ended: this level was their last
      long e0 = active0 & ~r0;
      long e1 = active1 & ~r1;
      long e2 = active2 & ~r2;
      long e3 = active3 & ~r3;
      if ((e0 | e1 | e2 | e3) != 0 && !targets) {
        long[] ended = {e0, e1, e2, e3};
        for (int q = 0; q < W; q++) {
          for (long e = ended[q]; e != 0; e &= e - 1) {
            fs[roots[(q << 6) + Long.numberOfTrailingZeros(e)]] = level;
          }
        }
        for (int c = 0; c < curSize; c++) {
          int v = cur[c];
          for (int q = 0; q < W; q++) {
            for (long e = front[v * W + q] & ended[q]; e != 0; e &= e - 1) {
              int r = roots[(q << 6) + Long.numberOfTrailingZeros(e)];
              fn[r]++;
              if (lists) {
                pairs.add(((long) r << 32) | v);
              }
            }
          }
        }
      }
      active0 &= r0;
      active1 &= r1;
      active2 &= r2;
      active3 &= r3;
      clear(front, cur, curSize);
      nextLevel();
      long[] t = front;
      front = nfront;
      nfront = t;
      curSize = nextSize;
      if ((active0 | active1 | active2 | active3) == 0) {
        // nothing was reached, so nothing is in the new frontier or marked for the next level
        this.front = front;
        this.nfront = nfront;
        if (logging) {
          markCandidates(roots, fs);
        } else if (targets) {
          keepFarthest(n, roots);
        }
        return;
      }
    }
  }

  /**
   * One batch of the solution pass: BFS from up to 256 solved layouts over the whole group. {@code
   * mark} holds, for the frontier, the BFS that pass on "crossed another solved layout": a solved
   * layout passes its whole frontier on marked, any other layout the bits that reached it marked.
   * With the mirror, what source s tells layout w, mirror(s) tells mirror(w).
   */
  void solutionBatch(int n, int[] roots, int[] ms, boolean lists) {
    int k = roots.length;
    int[] mn = minNum;
    int[] sn = solutionNum;
    long[] seen = this.seen;
    long[] front = this.front;
    long[] nfront = this.nfront;
    long[] mark = this.mark;
    long[] nmark = this.nmark;
    boolean[] solved = g.solved;
    int[] start = g.start;
    int[] edges = g.adjacent;
    int[] mirror = g.image[GroupGraph.MIRROR];
    Arrays.fill(seen, 0, n * W, 0L);
    long[] full = begin(roots);
    long[] paired = new long[W]; // sources whose mirror image is another layout
    for (int j = 0; j < k; j++) {
      if (mirror != null && mirror[roots[j]] != roots[j]) {
        paired[j >>> 6] |= 1L << j;
      }
    }
    int curSize = k;
    long f0 = full[0];
    long f1 = full[1];
    long f2 = full[2];
    long f3 = full[3];
    long p0 = paired[0];
    long p1 = paired[1];
    long p2 = paired[2];
    long p3 = paired[3];
    openSize = -1;
    boolean dense = false;
    for (int level = 0; curSize > 0; level++) {
      long[] touchedNext = this.touchedNext;
      int depth = level + 1;
      boolean nextDense = (long) curSize * DENSE >= (openSize < 0 ? n : openSize);
      int[] list = dense ? open : sweep;
      int m = levelList(dense, n);
      int keep = 0;
      int nextSize = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w * W;
        long s0 = seen[bw];
        long s1 = seen[bw + 1];
        long s2 = seen[bw + 2];
        long s3 = seen[bw + 3];
        if ((s0 & f0) == f0 && (s1 & f1) == f1 && (s2 & f2) == f2 && (s3 & f3) == f3) {
          continue;
        }
        list[keep++] = w;
        long a0 = 0;
        long a1 = 0;
        long a2 = 0;
        long a3 = 0;
        long m0 = 0;
        long m1 = 0;
        long m2 = 0;
        long m3 = 0;
        int es = start[w];
        int ee = start[w + 1];
        for (int e = es; e < ee; e++) {
          int bu = edges[e] * W;
          a0 |= front[bu];
          a1 |= front[bu + 1];
          a2 |= front[bu + 2];
          a3 |= front[bu + 3];
          m0 |= mark[bu];
          m1 |= mark[bu + 1];
          m2 |= mark[bu + 2];
          m3 |= mark[bu + 3];
        }
        a0 &= ~s0;
        a1 &= ~s1;
        a2 &= ~s2;
        a3 &= ~s3;
        if ((a0 | a1 | a2 | a3) == 0) {
          continue;
        }
        seen[bw] = s0 | a0;
        seen[bw + 1] = s1 | a1;
        seen[bw + 2] = s2 | a2;
        seen[bw + 3] = s3 | a3;
        nfront[bw] = a0;
        nfront[bw + 1] = a1;
        nfront[bw + 2] = a2;
        nfront[bw + 3] = a3;
        nxt[nextSize++] = w;
        if (!nextDense) {
          markNeighbours(w, touchedNext);
        }
        if (solved[w]) {
          // a solved layout marks everything it passes on (it is their other solved layout)
          nmark[bw] = a0;
          nmark[bw + 1] = a1;
          nmark[bw + 2] = a2;
          nmark[bw + 3] = a3;
          continue;
        }
        m0 &= a0;
        m1 &= a1;
        m2 &= a2;
        m3 &= a3;
        nmark[bw] = m0;
        nmark[bw + 1] = m1;
        nmark[bw + 2] = m2;
        nmark[bw + 3] = m3;
        long c0 = a0 & ~m0;
        long c1 = a1 & ~m1;
        long c2 = a2 & ~m2;
        long c3 = a3 & ~m3;
        sn[w] += Long.bitCount(c0) + Long.bitCount(c1) + Long.bitCount(c2) + Long.bitCount(c3);
        boolean nearest = depth == ms[w];
        if (nearest) {
          mn[w] += Long.bitCount(a0) + Long.bitCount(a1) + Long.bitCount(a2) + Long.bitCount(a3);
        }
        if (mirror != null) {
          int v = mirror[w];
          sn[v] += Long.bitCount(c0 & p0) + Long.bitCount(c1 & p1) + Long.bitCount(c2 & p2)
              + Long.bitCount(c3 & p3);
          if (nearest) {
            mn[v] += Long.bitCount(a0 & p0) + Long.bitCount(a1 & p1) + Long.bitCount(a2 & p2)
                + Long.bitCount(a3 & p3);
          }
        }
        if (nearest && lists) {
          long[] a = {a0, a1, a2, a3};
          for (int q = 0; q < W; q++) {
            for (long b = a[q]; b != 0; b &= b - 1) {
              int s = roots[(q << 6) + Long.numberOfTrailingZeros(b)];
              pairs.add(((long) w << 32) | s);
              if (mirror != null && mirror[s] != s) {
                pairs.add(((long) mirror[w] << 32) | mirror[s]);
              }
            }
          }
        }
      }
      if (dense) {
        openSize = keep; // the layouts found done are dropped
      }
      dense = nextDense;
      clear(front, cur, curSize);
      clear(mark, cur, curSize);
      nextLevel();
      long[] t = front;
      front = nfront;
      nfront = t;
      t = mark;
      mark = nmark;
      nmark = t;
      curSize = nextSize;
    }
    this.front = front;
    this.nfront = nfront;
    this.mark = mark;
    this.nmark = nmark;
  }

  private void log(int w, int level, long a0, long a1, long a2, long a3) {
    if (logSize + 1 + W > log.length) {
      log = Arrays.copyOf(log, log.length * 2);
    }
    log[logSize] = ((long) w << 16) | level;
    log[logSize + 1] = a0;
    log[logSize + 2] = a1;
    log[logSize + 3] = a2;
    log[logSize + 4] = a3;
    logSize += 1 + W;
  }

  /**
   * After an ANCHORS batch: layout w reached by anchor j at level d is a candidate when d >=
   * ecc(j) - 2K, tested for all anchors of a join at once with a mask per level.
   */
  private void markCandidates(int[] roots, int[] fs) {
    int levels = 0;
    for (int r : roots) {
      levels = Math.max(levels, fs[r] + 1);
    }
    long[] far = new long[levels * W]; // far[d]: anchors j with d >= fs[j] - 2K
    for (int j = 0; j < roots.length; j++) {
      for (int d = Math.max(0, fs[roots[j]] - 2 * FarthestCandidates.K); d < levels; d++) {
        far[d * W + (j >>> 6)] |= 1L << j;
      }
    }
    boolean[] candidate = g.candidate;
    for (int p = 0; p < logSize; p += 1 + W) {
      int d = (int) (log[p] & 0xFFFF);
      int b = d * W;
      if ((log[p + 1] & far[b]) != 0 || (log[p + 2] & far[b + 1]) != 0
          || (log[p + 3] & far[b + 2]) != 0 || (log[p + 4] & far[b + 3]) != 0) {
        candidate[(int) (log[p] >>> 16)] = true;
      }
    }
    // a root is at distance 0 of itself: is it its own candidate? only if its ecc <= 2K
    for (int j = 0; j < roots.length; j++) {
      if (fs[roots[j]] <= 2 * FarthestCandidates.K) {
        candidate[roots[j]] = true;
      }
    }
    logSize = 0;
  }

  /** After a CANDIDATES batch: each target keeps the candidates of its last join if not nearer. */
  private void keepFarthest(int n, int[] roots) {
    boolean[] target = g.target;
    long[] last = lastBits;
    for (int w = 0; w < n; w++) {
      int level = lastLevel[w];
      lastLevel[w] = -1; // a target that is this batch's only root is not reached in it
      if (!target[w] || level < 0 || level < best[w]) {
        continue;
      }
      best[w] = level;
      for (int q = 0; q < W; q++) {
        for (long b = last[w * W + q]; b != 0; b &= b - 1) {
          int c = roots[(q << 6) + Long.numberOfTrailingZeros(b)];
          reached.add(((long) level << 40) | ((long) w << 20) | c);
        }
      }
    }
  }

  /**
   * Starts a batch: root j gets bit j in its seen and front words, the roots become the
   * frontier and their neighbours are marked. Returns the batch's bits (per word).
   */
  private long[] begin(int[] roots) {
    long[] full = new long[W];
    for (int j = 0; j < roots.length; j++) {
      int r = roots[j];
      long bit = 1L << j;
      full[j >>> 6] |= bit;
      seen[r * W + (j >>> 6)] |= bit;
      front[r * W + (j >>> 6)] |= bit;
      cur[j] = r;
      markNeighbours(r, touched);
    }
    return full;
  }

  /** Lists the touched layouts in index order into {@code sweep}, clearing their bits; returns how many. */
  private int listTouched(int n) {
    long[] touched = this.touched;
    int[] sweep = this.sweep;
    int m = 0;
    for (int x = 0, xs = (n >>> 6) + 1; x < xs; x++) {
      long bits = touched[x];
      if (bits != 0) {
        touched[x] = 0;
        int base = x << 6;
        for (; bits != 0; bits &= bits - 1) {
          sweep[m++] = base + Long.numberOfTrailingZeros(bits);
        }
      }
    }
    return m;
  }

  /**
   * This level's layouts to sweep, how many: on a dense level the open list (every layout of the
   * group at the batch's first), else the touched layouts listed into {@code sweep}.
   */
  private int levelList(boolean dense, int n) {
    if (!dense) {
      touchedLevels++;
      return listTouched(n);
    }
    openLevels++;
    if (openSize < 0) {
      for (int i = 0; i < n; i++) {
        open[i] = i;
      }
      openSize = n;
    }
    return openSize;
  }

  /** Sets the touched bit of every neighbour of v. */
  private void markNeighbours(int v, long[] touched) {
    int[] start = g.start;
    int[] adjacent = g.adjacent;
    for (int e = start[v], end = start[v + 1]; e < end; e++) {
      int w = adjacent[e];
      touched[w >>> 6] |= 1L << w;
    }
  }

  /** The next frontier becomes the current one, with the layouts marked next to it. */
  private void nextLevel() {
    long[] t = touched;
    touched = touchedNext;
    touchedNext = t;
    int[] l = cur;
    cur = nxt;
    nxt = l;
  }

  private static void clear(long[] words, int[] layouts, int count) {
    for (int c = 0; c < count; c++) {
      int b = layouts[c] * W;
      words[b] = 0;
      words[b + 1] = 0;
      words[b + 2] = 0;
      words[b + 3] = 0;
    }
  }

}
