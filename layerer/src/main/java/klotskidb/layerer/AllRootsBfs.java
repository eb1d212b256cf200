package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;

/**
 * One BFS rooted at every layout of a group (SPEC 5), 256 roots at a time: each layout keeps
 * W = 4 64-bit words per state, one bit per root of the batch, so one pass over an edge serves
 * all 256 roots.
 *
 * <pre>
 *   seen[v]      roots that reached v
 *   front[v]     roots with v in their current layer        next[v]  ... in their next layer
 *   marked[v]    roots for which v lies one layer past a solved layout on some shortest path
 * </pre>
 *
 * A batch's roots are a compact ball: the 256 unassigned layouts nearest to a starting layout
 * (taken in the seed's BFS order). Close roots have overlapping layers, so a layout is in some
 * root's frontier for only a few levels per batch. Per root:
 *
 * <ul>
 *   <li>farthest_step: the last level that reached anything new; the layouts of that level are
 *       its farthest layouts ({@code farthest_num} of them);
 *   <li>solutions: solved layouts reached with the root's bit not marked; the first level that
 *       reaches any gives min_solution_step, how many at that level min_solution_num. A solved
 *       root is its own only solution: its bit is marked from the start.
 * </ul>
 *
 * Lists (farthest layouts, minimum-step solutions) come as sorted {@code root << 32 | layout}
 * pairs of local indices (local index order is code order). One instance per thread; buffers
 * are reused and grow with the largest group.
 *
 * <p>Example (group 5-4-1-1, root 1A9BF0C00): farthest_step 124, farthest_num 8,
 * min_solution_step 81, min_solution_num 2 (DAA7F3000, DAAF4CC00), solution_num 6.
 */
public final class AllRootsBfs {
  /** Words per layout and state: 64 * W roots per batch. */
  static final int W = 4;
  static final int ROOTS = 64 * W;
  /**
   * Offsets inside a layout's block of the states an edge writes (seen, next, marked-next), side
   * by side so that visiting a neighbour touches 96 contiguous bytes; the states only read for
   * the layout being expanded (front, marked) live in a second array with the same layout.
   */
  private static final int SEEN = 0;
  private static final int NEXT = W;
  private static final int MARK_NEXT = 2 * W;
  private static final int BLOCK = 3 * W;
  private static final int FRONT = 0;
  private static final int MARK = W;
  private static final int SIDE = 2 * W;

  private long[] st = new long[0];
  private long[] side = new long[0];
  /** The group renumbered in the seed's BFS order: neighbours get nearby numbers (locality). */
  private int[] position = new int[0];
  private int[] start = new int[0];
  private int[] adjacent = new int[0];
  private boolean[] solved = new boolean[0];
  private int[] queued = new int[0];
  private int[] cur = new int[0];
  private int[] nxt = new int[0];
  private int[] order = new int[0];
  private int[] dist = new int[0];
  private int[] ball = new int[0];
  private int[] ballMark = new int[0];
  private boolean[] assigned = new boolean[0];

  /** Per-root results for one group, indexed by local index (= group_index). */
  public static final class Result {
    public final int size;
    public final int[] farthestStep;
    public final int[] farthestNum;
    /** NONE (-1) when the group has no solved layout. */
    public final int[] minSolutionStep;
    public final int[] minSolutionNum;
    public final int[] solutionNum;
    /** Sorted pairs root << 32 | farthest layout (empty unless lists were asked for). */
    public final long[] farthest;
    /** Sorted pairs root << 32 | minimum-step solution (empty unless lists were asked for). */
    public final long[] minSolutions;

    Result(int size, int[] farthestStep, int[] farthestNum, int[] minSolutionStep, int[] minSolutionNum,
        int[] solutionNum, long[] farthest, long[] minSolutions) {
      this.size = size;
      this.farthestStep = farthestStep;
      this.farthestNum = farthestNum;
      this.minSolutionStep = minSolutionStep;
      this.minSolutionNum = minSolutionNum;
      this.solutionNum = solutionNum;
      this.farthest = farthest;
      this.minSolutions = minSolutions;
    }

    /** The group's diameter: the largest farthest_step. */
    public int diameter() {
      int d = 0;
      for (int s : farthestStep) {
        d = Math.max(d, s);
      }
      return d;
    }
  }

  private void ensure(int n) {
    if (cur.length < n) {
      int cap = Math.max(n, cur.length * 2);
      st = new long[cap * BLOCK];
      side = new long[cap * SIDE];
      position = new int[cap];
      start = new int[cap + 1];
      solved = new boolean[cap];
      queued = new int[cap];
      cur = new int[cap];
      nxt = new int[cap];
      order = new int[cap];
      dist = new int[cap];
      ball = new int[cap];
      ballMark = new int[cap];
      assigned = new boolean[cap];
    }
  }

  /** Runs a BFS from every layout of the loaded group; with {@code lists}, also the lists. */
  public Result run(GroupGraph graph, boolean lists) {
    int n = graph.size();
    ensure(n);
    order[0] = 0;
    Layerer.bfs(graph, order, 1, dist);
    renumber(graph);
    int[] farthestStep = new int[n];
    int[] farthestNum = new int[n];
    int[] minStep = new int[n];
    int[] minNum = new int[n];
    int[] solutionNum = new int[n];
    Arrays.fill(minStep, Layers.NONE);
    LongArrayList farthest = new LongArrayList();
    LongArrayList minSolutions = new LongArrayList();
    boolean solvable = false;
    for (int i = 0; i < n; i++) {
      solvable |= solved[i];
    }
    int[] roots = new int[ROOTS];
    Arrays.fill(assigned, 0, n, false);
    Arrays.fill(ballMark, 0, n, -1);
    int balls = 0;
    // work in the renumbered graph (number i = order[i]); results go back to local indices
    int[] fs = new int[n];
    int[] fn = new int[n];
    int[] ms = new int[n];
    int[] mn = new int[n];
    int[] sn = new int[n];
    Arrays.fill(ms, Layers.NONE);
    for (int i = 0; i < n; i++) {
      if (assigned[i]) {
        continue;
      }
      int k = collectBall(i, roots, balls++);
      batch(n, roots, k, solvable, fs, fn, ms, mn, sn, lists ? farthest : null, lists ? minSolutions : null);
    }
    for (int i = 0; i < n; i++) {
      int local = order[i];
      farthestStep[local] = fs[i];
      farthestNum[local] = fn[i];
      minStep[local] = ms[i];
      minNum[local] = mn[i];
      solutionNum[local] = sn[i];
    }
    long[] f = farthest.toLongArray();
    long[] m = minSolutions.toLongArray();
    for (int i = 0; i < f.length; i++) {
      f[i] = ((long) order[(int) (f[i] >>> 32)] << 32) | order[(int) f[i]];
    }
    for (int i = 0; i < m.length; i++) {
      m[i] = ((long) order[(int) (m[i] >>> 32)] << 32) | order[(int) m[i]];
    }
    Arrays.sort(f);
    Arrays.sort(m);
    return new Result(n, farthestStep, farthestNum, minStep, minNum, solutionNum, f, m);
  }

  /** Builds the renumbered adjacency: layout order[i] becomes i. */
  private void renumber(GroupGraph graph) {
    int n = graph.size();
    for (int i = 0; i < n; i++) {
      position[order[i]] = i;
    }
    if (adjacent.length < graph.edgeCount()) {
      adjacent = new int[Math.max(graph.edgeCount(), adjacent.length * 2)];
    }
    int[] edges = graph.edges();
    int e = 0;
    for (int i = 0; i < n; i++) {
      int v = order[i];
      start[i] = e;
      solved[i] = graph.isSolved(v);
      for (int x = graph.edgeStart(v), end = graph.edgeStart(v + 1); x < end; x++) {
        adjacent[e++] = position[edges[x]];
      }
    }
    start[n] = e;
  }

  /** The (up to) ROOTS unassigned layouts nearest to {@code first}, by a BFS from it; marks them assigned. */
  private int collectBall(int first, int[] roots, int stamp) {
    int[] edges = adjacent;
    int head = 0;
    int tail = 0;
    int k = 0;
    ball[tail++] = first;
    ballMark[first] = stamp;
    while (head < tail && k < ROOTS) {
      int v = ball[head++];
      if (!assigned[v]) {
        assigned[v] = true;
        roots[k++] = v;
      }
      for (int e = start[v], end = start[v + 1]; e < end && k + (tail - head) < ROOTS * 4; e++) {
        int w = edges[e];
        if (ballMark[w] != stamp) {
          ballMark[w] = stamp;
          ball[tail++] = w;
        }
      }
    }
    return k;
  }

  private void batch(int n, int[] roots, int k, boolean solvable, int[] farthestStep,
      int[] farthestNum, int[] minStep, int[] minNum, int[] solutionNum, LongArrayList farthest,
      LongArrayList minSolutions) {
    long[] st = this.st;
    long[] side = this.side;
    boolean[] solved = this.solved;
    int[] start = this.start;
    Arrays.fill(st, 0, n * BLOCK, 0L);
    Arrays.fill(queued, 0, n, -1);
    int[] edges = adjacent;
    long[] active = new long[W];
    long[] found = new long[W]; // roots whose minimum-step solutions are known
    long[] reached = new long[W];
    long[] foundHere = new long[W];
    int curSize = 0;
    for (int j = 0; j < k; j++) {
      int r = roots[j];
      int q = j >>> 6;
      long bit = 1L << j;
      active[q] |= bit;
      st[r * BLOCK + SEEN + q] |= bit;
      side[r * SIDE + FRONT + q] |= bit;
      cur[curSize++] = r;
      if (solved[r]) {
        found[q] |= bit; // a solved root is its own only solution; all past it passes through it
        minStep[r] = 0;
        minNum[r] = 1;
        solutionNum[r] = 1;
        if (minSolutions != null) {
          minSolutions.add(((long) r << 32) | r);
        }
      }
    }
    for (int level = 0; ; level++) {
      int nextSize = 0;
      for (int c = 0; c < curSize; c++) {
        int v = cur[c];
        int sv = v * SIDE;
        boolean solvedV = solved[v];
        for (int e = start[v], end = start[v + 1]; e < end; e++) {
          int w = edges[e];
          int bw = w * BLOCK;
          long any = 0;
          for (int q = 0; q < W; q++) {
            long f = side[sv + FRONT + q];
            long add = f & ~st[bw + SEEN + q];
            st[bw + NEXT + q] |= add;
            st[bw + MARK_NEXT + q] |= (solvedV ? f : side[sv + MARK + q]) & add;
            any |= add;
          }
          if (any != 0 && queued[w] != level) {
            queued[w] = level;
            nxt[nextSize++] = w;
          }
        }
      }
      Arrays.fill(reached, 0L);
      for (int c = 0; c < nextSize; c++) {
        int bw = nxt[c] * BLOCK;
        for (int q = 0; q < W; q++) {
          st[bw + SEEN + q] |= st[bw + NEXT + q];
          reached[q] |= st[bw + NEXT + q];
        }
      }
      boolean anyEnded = false;
      boolean anyActive = false;
      for (int q = 0; q < W; q++) {
        long ended = active[q] & ~reached[q];
        anyEnded |= ended != 0;
        for (long e = ended; e != 0; e &= e - 1) {
          farthestStep[roots[(q << 6) + Long.numberOfTrailingZeros(e)]] = level;
        }
      }
      if (anyEnded) {
        for (int c = 0; c < curSize; c++) {
          int v = cur[c];
          for (int q = 0; q < W; q++) {
            for (long e = side[v * SIDE + FRONT + q] & active[q] & ~reached[q]; e != 0; e &= e - 1) {
              int r = roots[(q << 6) + Long.numberOfTrailingZeros(e)];
              farthestNum[r]++;
              if (farthest != null) {
                farthest.add(((long) r << 32) | v);
              }
            }
          }
        }
      }
      for (int q = 0; q < W; q++) {
        active[q] &= reached[q];
        anyActive |= active[q] != 0;
      }
      int depth = level + 1;
      if (solvable) {
        Arrays.fill(foundHere, 0L);
        for (int c = 0; c < nextSize; c++) {
          int w = nxt[c];
          if (!solved[w]) {
            continue;
          }
          int bw = w * BLOCK;
          for (int q = 0; q < W; q++) {
            for (long s = st[bw + NEXT + q] & ~st[bw + MARK_NEXT + q]; s != 0; s &= s - 1) {
              int j = Long.numberOfTrailingZeros(s);
              int r = roots[(q << 6) + j];
              solutionNum[r]++;
              if ((found[q] >>> j & 1) == 0) {
                foundHere[q] |= 1L << j;
                minStep[r] = depth;
                minNum[r]++;
                if (minSolutions != null) {
                  minSolutions.add(((long) r << 32) | w);
                }
              }
            }
          }
        }
        for (int q = 0; q < W; q++) {
          found[q] |= foundHere[q];
        }
      }
      for (int c = 0; c < curSize; c++) {
        int sv = cur[c] * SIDE;
        for (int q = 0; q < W; q++) {
          side[sv + FRONT + q] = 0;
          side[sv + MARK + q] = 0;
        }
      }
      for (int c = 0; c < nextSize; c++) {
        int w = nxt[c];
        int bw = w * BLOCK;
        int sw = w * SIDE;
        for (int q = 0; q < W; q++) {
          side[sw + FRONT + q] = st[bw + NEXT + q];
          side[sw + MARK + q] = st[bw + MARK_NEXT + q];
          st[bw + NEXT + q] = 0;
          st[bw + MARK_NEXT + q] = 0;
        }
      }
      int[] t = cur;
      cur = nxt;
      nxt = t;
      curSize = nextSize;
      if (!anyActive) {
        return;
      }
    }
  }
}
