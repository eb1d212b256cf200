package klotskidb.analysis;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import klotskidb.layerer.GroupGraph;

/**
 * One thread's bit-parallel BFS: up to 256 or 512 BFS at once over one group, each layout keeping
 * 4 or 8 64-bit words per state ({@link #words}), one bit per BFS of the batch, so one look at an
 * edge serves them all. {@link AllRootsBfs} gives each thread one of these and hands it batches
 * of roots; the level's sweep is the {@link Kernel}'s, the rest of a level is here.
 *
 * <pre>
 *   farthestBatch   from up to 256 roots until each has ended: farthest_step (the level that
 *                   reached nothing new), farthest_num and the layouts of the last level
 *   solutionBatch   from up to 256 solved layouts over the whole group: for every layout w,
 *                   which of them are its solutions and nearest solutions
 * </pre>
 *
 * <p><b>Levels.</b> Both are level-synchronous and pull-based: the neighbours of the current
 * frontier are marked in a bitmap (set for each layout that joined the frontier), then swept
 * in index order by the kernel, each ORing its neighbours' frontier words: {@code next = OR
 * front[u] & ~seen}.
 * In 2-3-0-0 (128,040 layouts, 23 moves each) a layout is swept in 4.8 levels of a batch on
 * average and 99.9% of the sweeps find new bits: the batch is bound by the work per edge (the
 * row's loads and ORs, the touched bits each new frontier layout sets), not by levels wasted
 * (BENCHMARKS.md, row "cost of an edge").
 *
 * <p><b>Dense levels.</b> Marking costs one read-modify-write per neighbour of every layout that
 * joins the frontier, and in the middle levels of a dense group nearly every layout some root
 * has not reached is next to the frontier anyway. So when the frontier holds at least a quarter
 * ({@link #DENSE}) of the open layouts (those not yet reached by every root), the next level
 * marks nothing and sweeps every open layout instead; each such sweep drops the layouts it finds
 * done from the open list. The sweep's result is the same either way (a layout with no frontier
 * neighbour ORs zeros). It pays in dense groups and costs nothing in the classic group (long,
 * sparse): BENCHMARKS.md, row "dense levels".
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
  /**
   * A level whose frontier holds at least 1/DENSE of the open layouts makes the next level sweep
   * them all (2 and 4 alike, 8 and 16 slower: BENCHMARKS.md, row "dense levels").
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

  final GroupArrays g;
  /** The kernel of the current width, and the width: words per layout and state, and log2 of it. */
  private Kernel kernel;
  int words;
  private int shift;

  BitParallelBfs(GroupArrays g) {
    this.g = g;
    this.state = new SweepState(g);
  }

  /** What the kernel reads and writes in a sweep: the rows of the batch's states, its roots, the joins. */
  final SweepState state;
  /**
   * Layouts next to the frontier, one bit each; the second collects the neighbours of the next
   * frontier while the first is swept. The sweep reads every word (n / 64 a level: 15,073 in the
   * largest group, nothing beside the level's work). A second level of one bit per non-zero word
   * cost more than it saved: every neighbour marked updated it too, and in a small group those
   * updates all hit one word, a chain of stores and reloads (BENCHMARKS.md, row "a summary level
   * over the touched bitmap").
   */
  long[] touched = new long[0];
  long[] touchedNext = new long[0];
  int[] cur = new int[0];
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
  /** ANCHORS: every join of the batch, (layout << 16 | level) then its words. */
  long[] log = new long[1024];
  int logSize;
  /** ANCHORS: the first entry of the log still wanted (those before it are too shallow for any root still running). */
  int logStart;
  /**
   * CANDIDATES: per target layout, the level and bits of its last join in the batch (its
   * farthest candidates of the batch), its largest distance over this lane's batches, and the
   * entries level << 40 | layout << 20 | candidate that reached it at its largest so far.
   */
  int[] lastLevel = new int[0];
  /**
   * ANCHORS: how many layouts the last batch made candidates that were not yet (as this lane saw
   * them: the other lane's marks race with these, so a count, not an exact one).
   */
  int newCandidates;
  long[] lastBits = new long[0];
  int[] best = new int[0];
  final LongArrayList reached = new LongArrayList();

  /**
   * Runs the next batches with kernel {@code k} (4 or 8 words); call {@link #prepare} after. The
   * state arrays are reused across widths: between batches every word but {@code seen} is zero.
   */
  void use(Kernel k) {
    kernel = k;
    words = k.words;
    shift = Integer.numberOfTrailingZeros(words);
  }

  /** The roots of a batch at this width. */
  int roots() {
    return 64 * words;
  }

  void prepare(int n) {
    grow(n);
    pairs.clear();
    logSize = 0;
    Arrays.fill(minNum, 0, n, 0);
    Arrays.fill(solutionNum, 0, n, 0);
  }

  /** Layouts the arrays hold now (0: none allocated yet). */
  int capacity;
  /** Words per layout the state arrays hold at {@link #capacity}: the widest kernel's. */
  private int capacityWords = 4;

  /** The capacity a lane takes for a group of n: a little more, so that a next group a little larger reuses it. */
  static int capacityFor(int n) {
    return n + n / 8 + 64;
  }

  /**
   * The bytes of a lane's arrays at {@code capacity} layouts and {@code maxWords} words a layout
   * (what {@link #fit} allocates, the candidates' arrays included): what a group leases a lane
   * for ({@link LanePool}), held against the arrays by AllRootsBfsTest.
   */
  static long bytes(int capacity, int maxWords) {
    long c = capacity;
    long state = 5 * c * maxWords * 8; // seen, front, nfront, mark, nmark
    long ints = 6 * c * 4; // cur, nxt, sweep, open, minNum, solutionNum
    long touchedBits = 2 * ((c >>> 6) + 1) * 8;
    long targets = c * 4 * 2 + c * maxWords * 8; // lastLevel, best, lastBits
    return state + ints + touchedBits + targets;
  }

  /**
   * The bytes of this lane's lists and logs (the pairs of the lists, the anchors' log of joins,
   * the candidates' entries): grown by the data, not sized by the group, so not in {@link #bytes};
   * charged to the group's lease as they grow ({@link LanePool}).
   */
  long growingBytes() {
    return 8L * (pairs.elements().length + log.length + reached.elements().length);
  }

  /** What of {@link #growingBytes} the lane's present lease has been charged. */
  long charged;

  /** Gives the growing arrays' room back (a lane kept for small groups after a large one). */
  void trimGrowing() {
    pairs.clear();
    pairs.trim();
    reached.clear();
    reached.trim();
    if (log.length > 1024) {
      log = new long[1024];
    }
  }

  /** The bytes this lane's arrays take now (for tests: never more than {@link #bytes} of its capacity). */
  long allocatedBytes() {
    return 8L * (state.seen.length + state.front.length + state.nfront.length + state.mark.length
        + state.nmark.length + touched.length + touchedNext.length + lastBits.length)
        + 4L * (cur.length + state.nxt.length + sweep.length + open.length + minNum.length + solutionNum.length
        + lastLevel.length + best.length);
  }

  /**
   * Sizes the arrays for a group of n at up to {@code maxWords} words: kept when they hold it
   * without holding much more (a lane leased for a small group does not keep a large group's
   * arrays), else allocated anew at {@link #capacityFor}(n).
   */
  void fit(int n, int maxWords) {
    if (capacity >= n && capacity <= capacityFor(n) && capacityWords >= maxWords) {
      return;
    }
    int cap = capacityFor(n);
    capacity = cap;
    capacityWords = maxWords;
    state.seen = new long[cap * maxWords];
    state.front = new long[cap * maxWords];
    state.nfront = new long[cap * maxWords];
    state.mark = new long[cap * maxWords];
    state.nmark = new long[cap * maxWords];
    touched = new long[(cap >>> 6) + 1];
    touchedNext = new long[(cap >>> 6) + 1];
    cur = new int[cap];
    state.nxt = new int[cap];
    sweep = new int[cap];
    open = new int[cap];
    minNum = new int[cap];
    solutionNum = new int[cap];
    lastLevel = new int[0]; // the candidates' arrays, allocated by the groups that use them
    lastBits = new long[0];
    best = new int[0];
  }

  /** Grows the state for a group of n at this width; keeps what the pass has found so far. */
  void grow(int n) {
    if (capacity < n || state.seen.length < n * words) {
      fit(n, Math.max(words, capacityWords));
    }
  }

  void prepareTargets(int n) {
    if (lastLevel.length < n || lastBits.length < n * words) {
      int cap = Math.max(n, capacity);
      lastLevel = new int[cap];
      lastBits = new long[cap * Math.max(words, capacityWords)];
      best = new int[cap];
    }
    Arrays.fill(best, 0, n, -1);
    Arrays.fill(lastLevel, 0, n, -1);
    reached.clear();
  }

  /**
   * One batch of the farthest pass: BFS from up to {@link #roots} roots until every one has ended.
   * ANCHORS: a layout reached by root j at level d >= ecc(j) - {@code window} is a candidate.
   */
  void farthestBatch(int n, int[] roots, int[] fs, int[] fn, boolean lists, Mode mode, int window) {
    boolean logging = mode == Mode.ANCHORS;
    // ecc(j) >= max(d(j, seed), ecc(seed) - d(j, seed)): joins below every root's bound - window
    // cannot make candidates and are not logged
    int logFrom = Integer.MAX_VALUE;
    for (int r : roots) {
      logFrom = Math.min(logFrom, Math.max(g.seedDist[r], g.seedDepth - g.seedDist[r]) - window);
    }
    boolean targets = mode == Mode.CANDIDATES;
    int words = this.words;
    logSize = 0;
    logStart = 0;
    newCandidates = 0;
    Arrays.fill(state.seen, 0, n * words, 0L);
    begin(roots);
    long[] active = Arrays.copyOf(state.full, words);
    long[] ended = new long[words];
    int curSize = roots.length;
    openSize = -1; // built at the first dense level
    boolean dense = false;
    for (int level = 0; ; level++) {
      boolean nextDense = (long) curSize * DENSE >= (openSize < 0 ? n : openSize);
      int[] list = dense ? open : sweep;
      long swept = kernel.sweep(state, list, levelList(dense, n));
      int nextSize = (int) swept;
      if (dense) {
        openSize = (int) (swept >>> 32); // the layouts found done are dropped
      }
      boolean logNow = logging && level + 1 >= logFrom;
      if (!nextDense || logNow || targets) {
        afterFarthestJoins(nextSize, level + 1, !nextDense, logNow, targets);
      }
      dense = nextDense;
      // roots that reached nothing new have ended: this level was their last
      boolean anyEnded = false;
      boolean anyActive = false;
      for (int q = 0; q < words; q++) {
        ended[q] = active[q] & ~state.any[q];
        active[q] &= state.any[q];
        anyEnded |= ended[q] != 0;
        anyActive |= active[q] != 0;
      }
      if (anyEnded && !targets) {
        endRoots(roots, ended, level, curSize, fs, fn, lists);
        if (logging) {
          markCandidates(ended, level - window);
        }
      }
      if (logging) {
        dropLogBelow(level + 1 - window);
      }
      kernel.clear(state.front, cur, curSize);
      nextLevel();
      curSize = nextSize;
      if (!anyActive) {
        // nothing was reached, so nothing is in the new frontier or marked for the next level
        if (logging) {
          markOwnCandidates(roots, fs, window);
        } else if (targets) {
          keepFarthest(n, roots);
        }
        return;
      }
    }
  }

  /**
   * A farthest level's work on the layouts that joined (at {@code level}): marks their
   * neighbours for the next level, logs them for the anchors, keeps their bits for a target.
   */
  private void afterFarthestJoins(int joins, int level, boolean markNext, boolean logNow, boolean targets) {
    boolean[] target = g.target;
    int words = this.words;
    for (int c = 0; c < joins; c++) {
      int w = state.nxt[c];
      if (markNext) {
        markNeighbours(w, touchedNext);
      }
      if (logNow) {
        log(w, level);
      } else if (targets && target[w]) {
        lastLevel[w] = level;
        System.arraycopy(state.nfront, w << shift, lastBits, w << shift, words);
      }
    }
  }

  /** The roots {@code ended} at this level: their farthest_step, and their frontier's count and list. */
  private void endRoots(int[] roots, long[] ended, int level, int curSize, int[] fs, int[] fn, boolean lists) {
    int words = this.words;
    for (int q = 0; q < words; q++) {
      for (long e = ended[q]; e != 0; e &= e - 1) {
        fs[roots[(q << 6) + Long.numberOfTrailingZeros(e)]] = level;
      }
    }
    for (int c = 0; c < curSize; c++) {
      int v = cur[c];
      for (int q = 0; q < words; q++) {
        for (long e = state.front[(v << shift) + q] & ended[q]; e != 0; e &= e - 1) {
          int r = roots[(q << 6) + Long.numberOfTrailingZeros(e)];
          fn[r]++;
          if (lists) {
            pairs.add(((long) r << 32) | v);
          }
        }
      }
    }
  }

  /**
   * One batch of the solution pass: BFS from up to {@link #roots} solved layouts over the whole
   * group. {@code mark} holds, for the frontier, the BFS that pass on "crossed another solved
   * layout": a solved layout passes its whole frontier on marked, any other layout the bits that
   * reached it marked. With the mirror, what source s tells layout w, mirror(s) tells mirror(w).
   */
  void solutionBatch(int n, int[] roots, int[] ms, boolean lists) {
    int words = this.words;
    int[] mirror = g.image[GroupGraph.MIRROR];
    Arrays.fill(state.seen, 0, n * words, 0L);
    begin(roots);
    long[] paired = new long[words]; // sources whose mirror image is another layout
    for (int j = 0; j < roots.length; j++) {
      if (mirror != null && mirror[roots[j]] != roots[j]) {
        paired[j >>> 6] |= 1L << j;
      }
    }
    int curSize = roots.length;
    openSize = -1;
    boolean dense = false;
    for (int level = 0; curSize > 0; level++) {
      boolean nextDense = (long) curSize * DENSE >= (openSize < 0 ? n : openSize);
      int[] list = dense ? open : sweep;
      long swept = kernel.sweepMarked(state, list, levelList(dense, n));
      int nextSize = (int) swept;
      if (dense) {
        openSize = (int) (swept >>> 32); // the layouts found done are dropped
      }
      afterSolutionJoins(nextSize, level + 1, !nextDense, roots, ms, paired, lists);
      dense = nextDense;
      kernel.clear(state.front, cur, curSize);
      kernel.clear(state.mark, cur, curSize);
      nextLevel();
      long[] t = state.mark;
      state.mark = state.nmark;
      state.nmark = t;
      curSize = nextSize;
    }
  }

  /**
   * A solution level's work on the layouts that joined at {@code depth}: a solved layout marks
   * all it passes on; any other counts its solutions (bits not marked) and, at its
   * min_solution_step, its nearest solutions, for itself and its mirror image.
   */
  private void afterSolutionJoins(int joins, int depth, boolean markNext, int[] roots, int[] ms,
      long[] paired, boolean lists) {
    int words = this.words;
    int shift = this.shift;
    boolean[] solved = g.solved;
    int[] mirror = g.image[GroupGraph.MIRROR];
    int[] mn = minNum;
    int[] sn = solutionNum;
    long[] nfront = state.nfront;
    long[] nmark = state.nmark;
    for (int c = 0; c < joins; c++) {
      int w = state.nxt[c];
      int bw = w << shift;
      if (markNext) {
        markNeighbours(w, touchedNext);
      }
      if (solved[w]) {
        // a solved layout marks everything it passes on (it is their other solved layout)
        System.arraycopy(nfront, bw, nmark, bw, words);
        continue;
      }
      boolean nearest = depth == ms[w];
      int v = mirror == null ? -1 : mirror[w];
      for (int q = 0; q < words; q++) {
        long a = nfront[bw + q];
        long fresh = a & ~nmark[bw + q]; // reached without crossing another solved layout
        sn[w] += Long.bitCount(fresh);
        if (nearest) {
          mn[w] += Long.bitCount(a);
        }
        if (v >= 0) {
          sn[v] += Long.bitCount(fresh & paired[q]);
          if (nearest) {
            mn[v] += Long.bitCount(a & paired[q]);
          }
        }
        if (nearest && lists) {
          for (long b = a; b != 0; b &= b - 1) {
            int s = roots[(q << 6) + Long.numberOfTrailingZeros(b)];
            pairs.add(((long) w << 32) | s);
            if (mirror != null && mirror[s] != s) {
              pairs.add(((long) mirror[w] << 32) | mirror[s]);
            }
          }
        }
      }
    }
  }

  /** Logs the join of w at {@code level} with its new bits. */
  private void log(int w, int level) {
    int words = this.words;
    if (logSize + 1 + words > log.length) {
      log = Arrays.copyOf(log, log.length * 2);
    }
    log[logSize] = ((long) w << 16) | level;
    System.arraycopy(state.nfront, w << shift, log, logSize + 1, words);
    logSize += 1 + words;
  }

  /**
   * ANCHORS, when the anchors of {@code ended} end (their ecc is this level): a layout they
   * reached at level {@code from} or deeper is a candidate (d >= ecc(j) - window). The log then
   * holds only the joins deep enough for an anchor still running ({@link #dropLogBelow}): about
   * window + 1 levels of joins, not every level of the batch (a log of every join held 10 GB at
   * once over 16 lanes of 3-6-1's large group).
   */
  private void markCandidates(long[] ended, int from) {
    int words = this.words;
    boolean[] candidate = g.candidate;
    for (int p = logStart; p < logSize; p += 1 + words) {
      if ((int) (log[p] & 0xFFFF) < from) {
        continue;
      }
      for (int q = 0; q < words; q++) {
        if ((log[p + 1 + q] & ended[q]) != 0) {
          int w = (int) (log[p] >>> 16);
          newCandidates += candidate[w] ? 0 : 1;
          candidate[w] = true;
          break;
        }
      }
    }
  }

  /**
   * Forgets the joins logged below {@code level}: every anchor still running ends at this level or
   * deeper, so only its joins from level - window on can make it a candidate; the log is in level
   * order, so they are a prefix, compacted away once it is half the log.
   */
  private void dropLogBelow(int level) {
    int words = this.words;
    while (logStart < logSize && (int) (log[logStart] & 0xFFFF) < level) {
      logStart += 1 + words;
    }
    if (logStart > 0 && logStart >= logSize / 2) {
      System.arraycopy(log, logStart, log, 0, logSize - logStart);
      logSize -= logStart;
      logStart = 0;
    }
  }

  /**
   * After an ANCHORS batch (its joins marked as its anchors ended): a root is at distance 0 of
   * itself, so it is its own candidate only if its ecc <= window.
   */
  private void markOwnCandidates(int[] roots, int[] fs, int window) {
    boolean[] candidate = g.candidate;
    for (int j = 0; j < roots.length; j++) {
      if (fs[roots[j]] <= window) {
        newCandidates += candidate[roots[j]] ? 0 : 1;
        candidate[roots[j]] = true;
      }
    }
    logSize = 0;
    logStart = 0;
  }

  /** After a CANDIDATES batch: each target keeps the candidates of its last join if not nearer. */
  private void keepFarthest(int n, int[] roots) {
    int words = this.words;
    boolean[] target = g.target;
    long[] last = lastBits;
    for (int w = 0; w < n; w++) {
      int level = lastLevel[w];
      lastLevel[w] = -1; // a target that is this batch's only root is not reached in it
      if (!target[w] || level < 0 || level < best[w]) {
        continue;
      }
      best[w] = level;
      for (int q = 0; q < words; q++) {
        for (long b = last[(w << shift) + q]; b != 0; b &= b - 1) {
          int c = roots[(q << 6) + Long.numberOfTrailingZeros(b)];
          reached.add(((long) level << 40) | ((long) w << 20) | c);
        }
      }
    }
  }

  /**
   * Starts a batch: root j gets bit j in its seen and front words, the roots become the
   * frontier and their neighbours are marked; {@link #full} gets the batch's bits.
   */
  private void begin(int[] roots) {
    Arrays.fill(state.full, 0L);
    for (int j = 0; j < roots.length; j++) {
      int r = roots[j];
      long bit = 1L << j;
      int b = (r << shift) + (j >>> 6);
      state.full[j >>> 6] |= bit;
      state.seen[b] |= bit;
      state.front[b] |= bit;
      cur[j] = r;
      markNeighbours(r, touched);
    }
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
    cur = state.nxt;
    state.nxt = l;
    long[] f = state.front;
    state.front = state.nfront;
    state.nfront = f;
  }
}
