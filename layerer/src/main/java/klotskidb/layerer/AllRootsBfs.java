package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.enumerator.Workers;

/**
 * One BFS rooted at every layout of a group (SPEC 5), computed as two bit-parallel passes that
 * each run 256 BFS at once: every layout keeps W = 4 64-bit words per state, one bit per BFS of
 * the batch, so one look at an edge serves all 256.
 *
 * <pre>
 *   farthest pass   roots: one layout of each symmetry orbit (a quarter of the group)
 *                   gives farthest_step, farthest_num and the farthest layouts
 *   solution pass   roots: the solved layouts, one of each mirror pair (a few percent of the
 *                   group); by symmetry of distances it gives, for every layout,
 *                   min_solution_step/num, its minimum-step solutions and solution_num
 * </pre>
 *
 * <p><b>Symmetry.</b> The left-right mirror and the top-bottom flip map moves to moves, so the BFS
 * from a layout's image is the image of its BFS: same farthest_step and farthest_num, farthest
 * layouts mapped. Every transform that maps the group's seed into the group maps the whole group
 * onto itself (for practically all the work, all four of identity, mirror, flip and both do), so
 * only the first layout of each orbit in index order is a root. The mirror also keeps the
 * solved layouts (the 2x2 stays bottom middle), the flip does not: the solution pass uses the
 * mirror only.
 *
 * <p><b>Levels.</b> Both passes are level-synchronous and pull-based: the neighbours of the
 * current frontier are marked in a two-level bitmap (set as each layout joins the frontier), then
 * swept in index order, each ORing its neighbours' frontier words: {@code next = OR front[u] &
 * ~seen}. Layouts keep their local index (code order): a move changes one or two pieces, often
 * near the end of the code, so neighbours have nearby numbers and the rows a sweep reads stay in
 * cache. In 2-3-0-0 (128,040 layouts) 91% of the edges join layouts less than 8,192 apart in
 * code order against 58% in the seed's BFS order (used before); the farthest and solution
 * passes of the largest group, 2-6-1-0, run 30% faster in code order.
 *
 * <p><b>Farthest pass.</b> A batch's roots are a compact ball (the 256 nearest roots not yet
 * taken), so a layout is in some root's frontier for only a few levels per batch. A root ends at
 * the first level that reaches nothing new; the layouts of its last level are its farthest
 * layouts.
 *
 * <p><b>Long groups</b> (the seed at least 40 layers deep: 7% of the work) need far fewer BFS:
 * the farthest layouts of every root lie in a small candidate set found from a few anchors, and a
 * BFS from each candidate tells every root its farthest layouts (see {@link
 * #farthestThroughCandidates}). The classic group: 1,033 anchors and 661 candidates instead of
 * 12,978 orbit roots; its farthest pass takes half the time or less.
 *
 * <p><b>Solution pass.</b> The BFS from a solved layout s tells every layout r its distance to s.
 * s is one of r's solutions when no other solved layout lies on any shortest path between them:
 * each BFS carries a "passed another solved layout" bit, set at every solved layout it crosses
 * after its own root and passed on to every layout one layer further that it reaches. r's nearest
 * solved layouts (min_solution_step from a plain multi-source BFS) are those reaching it first;
 * they are always solutions. A solved layout is its own only solution.
 *
 * <p>Lists (farthest layouts, minimum-step solutions) come per layout as sorted local indices
 * (local index order is code order), from {@link Result#farthest} and {@link Result#minSolutions}.
 * One instance per thread; buffers are reused and grow with the largest group.
 *
 * <p>Example (group 5-4-1-1, root 1A9BF0C00): farthest_step 124, farthest_num 8,
 * min_solution_step 81, min_solution_num 2 (DAA7F3000, DAAF4CC00), solution_num 6.
 */
public final class AllRootsBfs {
  /** Words per layout and state: 64 * W BFS per batch. The passes are written out for W = 4. */
  static final int W = 4;
  static final int ROOTS = 64 * W;

  /** An engine running each group's batches on one thread (the caller's). */
  public AllRootsBfs() {
    this(1);
  }

  /** An engine sharing each group's batches among {@code threads} threads. */
  public AllRootsBfs(int threads) {
    this(threads, LONG_DEPTH);
  }

  /** As above; groups whose seed has at least {@code longDepth} layers try the shortcut. */
  AllRootsBfs(int threads, int longDepth) {
    this.longDepth = longDepth;
    lanes = new Lane[Math.max(1, threads)];
    for (int t = 0; t < lanes.length; t++) {
      lanes[t] = new Lane();
    }
  }

  // the group renumbered in the seed's BFS order: local index order[i] becomes i
  private int[] order = new int[0];
  private int[] position = new int[0];
  private int[] dist = new int[0];
  private int[] start = new int[0];
  private int[] adjacent = new int[0];
  private boolean[] solved = new boolean[0];
  /**
   * Images of i (renumbered) under the symmetries that map the group onto itself: {@code
   * image[t][i]} for t = MIRROR, FLIP, BOTH; null when that transform leaves the group.
   */
  private final int[][] image = new int[3][];
  private final int[][] images = {new int[0], new int[0], new int[0]};
  private static final int MIRROR = 0;
  private static final int FLIP = 1;
  private static final int BOTH = 2;

  private final Lane[] lanes;

  // batch selection
  private int[] ball = new int[0];
  private int[] ballMark = new int[0];
  private boolean[] eligible = new boolean[0];
  // the candidate shortcut of long groups
  private boolean[] anchor = new boolean[0];
  private boolean[] candidate = new boolean[0];
  private boolean[] target = new boolean[0];
  private int seedDepth;
  private final int longDepth;
  /** The last group's candidate count, -1 when it did not try the shortcut (for tests). */
  int candidateCount;
  /** Whether the last group's farthest pass went through the candidates (for tests). */
  boolean usedCandidates;

  /** Per-root results for one group, indexed by local index (= group_index). */
  public static final class Result {
    public final int size;
    public final int[] farthestStep;
    public final int[] farthestNum;
    /** NONE (-1) when the group has no solved layout. */
    public final int[] minSolutionStep;
    public final int[] minSolutionNum;
    public final int[] solutionNum;
    /**
     * The lists, when asked for. Farthest layouts are kept for the orbit roots only (a quarter
     * of the layouts in most groups); layout i's list is its root's list mapped by the transform
     * that takes the root to i. The largest class's lists would take 1.3 GB as pairs of longs.
     */
    private final Lists lists;

    Result(int size, Lists lists) {
      this.size = size;
      this.farthestStep = new int[size];
      this.farthestNum = new int[size];
      this.minSolutionStep = new int[size];
      this.minSolutionNum = new int[size];
      this.solutionNum = new int[size];
      this.lists = lists;
    }

    /** Layout i's farthest layouts (local indices, ascending: code order). */
    public int[] farthest(int i) {
      Lists l = lists();
      int root = l.listRoot[i];
      int[] out = l.farthest.of(root);
      int t = l.listTransform[i];
      if (t >= 0) {
        int[] img = l.localImage[t];
        for (int k = 0; k < out.length; k++) {
          out[k] = img[out[k]];
        }
        Arrays.sort(out);
      }
      return out;
    }

    /** Layout i's minimum-step solutions (local indices, ascending; empty if unsolvable). */
    public int[] minSolutions(int i) {
      Lists l = lists();
      return l.minSolutions.of(i);
    }

    private Lists lists() {
      if (lists == null) {
        throw new IllegalStateException("the lists were not asked for");
      }
      return lists;
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
    if (order.length < n) {
      int cap = Math.max(n, order.length * 2);
      order = new int[cap];
      position = new int[cap];
      dist = new int[cap];
      start = new int[cap + 1];
      solved = new boolean[cap];
      for (int t = 0; t < 3; t++) {
        images[t] = new int[cap];
      }
      ball = new int[cap];
      ballMark = new int[cap];
      eligible = new boolean[cap];
      anchor = new boolean[cap];
      candidate = new boolean[cap];
      target = new boolean[cap];
    }
  }

  /** Farthest and minimum-solution lists of one group, in local indices (see {@link Result}). */
  private static final class Lists {
    /** The orbit root whose farthest list layout i uses, and the transform (-1: none). */
    final int[] listRoot;
    final byte[] listTransform;
    /** Local images under MIRROR, FLIP, BOTH (null where the transform leaves the group). */
    final int[][] localImage = new int[3][];
    /** Per layout (orbit roots only for farthest), a sorted segment of local indices. */
    Segments farthest;
    Segments minSolutions;

    Lists(int n) {
      listRoot = new int[n];
      listTransform = new byte[n];
    }
  }

  /** Runs a BFS from every layout of the loaded group; with {@code lists}, also the lists. */
  public Result run(GroupGraph graph, boolean lists) {
    int n = graph.size();
    ensure(n);
    order[0] = 0;
    bfs(graph, order, 1, dist);
    seedDepth = dist[order[n - 1]];
    for (int i = 0; i < n; i++) {
      order[i] = i; // code order: see the class comment
    }
    renumber(graph);
    symmetries(graph);
    // work in the renumbered graph; results go back to local indices at the end
    int[] fs = new int[n];
    int[] fn = new int[n];
    int[] ms = new int[n];
    int[] mn = new int[n];
    int[] sn = new int[n];
    Lists l = lists ? new Lists(n) : null;
    candidateCount = -1;
    usedCandidates = false;
    farthestPass(n, fs, fn, l);
    solutionPass(n, ms, mn, sn, l);
    if (l != null) {
      int[] transforms = {GroupGraph.MIRROR, GroupGraph.FLIP, GroupGraph.BOTH};
      for (int t = 0; t < 3; t++) {
        if (image[t] != null) {
          l.localImage[t] = new int[n];
          for (int i = 0; i < n; i++) {
            l.localImage[t][i] = graph.image(transforms[t], i);
          }
        }
      }
    }

    Result result = new Result(n, l);
    for (int i = 0; i < n; i++) {
      int local = order[i];
      result.farthestStep[local] = fs[i];
      result.farthestNum[local] = fn[i];
      result.minSolutionStep[local] = ms[i];
      result.minSolutionNum[local] = mn[i];
      result.solutionNum[local] = sn[i];
    }
    return result;
  }

  /** Local key k's values are {@code values[start[k] .. start[k + 1])}, ascending. */
  private record Segments(int[] start, int[] values) {
    int[] of(int k) {
      return Arrays.copyOfRange(values, start[k], start[k + 1]);
    }
  }

  /**
   * Turns pairs {@code key << 32 | value} (renumbered indices, spread over the lanes' lists and
   * {@code extra}) into sorted segments of local values per local key; empties the lists.
   */
  private Segments segments(int n, LongArrayList extra) {
    int[] begin = new int[n + 1];
    List<LongArrayList> all = new ArrayList<>();
    for (Lane lane : lanes) {
      all.add(lane.pairs);
    }
    if (extra != null) {
      all.add(extra);
    }
    for (LongArrayList pairs : all) {
      for (int p = 0, size = pairs.size(); p < size; p++) {
        begin[order[(int) (pairs.getLong(p) >>> 32)] + 1]++;
      }
    }
    for (int i = 0; i < n; i++) {
      begin[i + 1] += begin[i];
    }
    int[] values = new int[begin[n]];
    int[] fill = Arrays.copyOf(begin, n);
    for (LongArrayList pairs : all) {
      for (int p = 0, size = pairs.size(); p < size; p++) {
        long pair = pairs.getLong(p);
        values[fill[order[(int) (pair >>> 32)]]++] = order[(int) pair];
      }
      pairs.clear();
      pairs.trim();
    }
    for (int i = 0; i < n; i++) {
      Arrays.sort(values, begin[i], begin[i + 1]);
    }
    return new Segments(begin, values);
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

  /** Fills {@link #image} for the transforms that map the group onto itself. */
  private void symmetries(GroupGraph graph) {
    int n = graph.size();
    int[] transforms = {GroupGraph.MIRROR, GroupGraph.FLIP, GroupGraph.BOTH};
    for (int k = 0; k < 3; k++) {
      int t = transforms[k];
      image[k] = graph.closedUnder(t) ? images[k] : null;
      if (image[k] != null) {
        for (int i = 0; i < n; i++) {
          image[k][i] = position[graph.image(t, order[i])];
        }
      }
    }
  }

  // ---------------------------------------------------------------- farthest pass

  /** What a farthest-pass batch does with what it reaches. */
  enum Mode {
    /** The roots' own values: farthest_step, farthest_num and their farthest layouts. */
    ROOTS,
    /** As ROOTS, and every layout's join (level, bits) logged for {@link #markCandidates}. */
    ANCHORS,
    /** No values of the roots: each target layout keeps the farthest of them (see below). */
    CANDIDATES
  }

  /** Anchors cover every root within this distance. */
  static final int K = 4;
  /**
   * Groups whose seed has fewer layers (93% of the work: dense and short) skip the shortcut:
   * their last layers are the whole group.
   */
  static final int LONG_DEPTH = 40;
  /**
   * The anchors' logs hold the joins of the last levels, a few times the size at 40 bytes: a
   * bound on memory (the largest long group has 403,056 layouts).
   */
  static final int CANDIDATES_MAX_SIZE = 500_000;

  /**
   * The farthest pass of a long group through few BFS: anchors, roots chosen so that every root
   * lies within K of one, run as roots (ANCHORS) and tell which layouts can be anybody's
   * farthest: for a root r at distance k <= K of anchor a, ecc(r) >= ecc(a) - k and d(r, u) <=
   * d(a, u) + k, so r's farthest layouts u have d(a, u) >= ecc(a) - 2K. Those candidates C then
   * run as roots (CANDIDATES), and by symmetry of distances every other root r learns d(c, r)
   * for every c in C: its farthest_step is the largest, its farthest layouts the c that reach it
   * there. Returns false (nothing done but the anchors' own values) when C is not smaller than
   * the roots left, or the group is not long: the caller then runs the roots left.
   */
  private boolean farthestThroughCandidates(int n, int[] fs, int[] fn, boolean lists) {
    if (n > CANDIDATES_MAX_SIZE || n < ROOTS * 4 || seedDepth < longDepth) {
      return false;
    }
    boolean[] root = Arrays.copyOf(eligible, n);
    chooseAnchors(n, root);
    List<int[]> batches = balls(n, ROOTS * 8); // the anchors (eligible now)
    Arrays.fill(candidate, 0, n, false);
    runBatches(batches, (lane, roots) -> lane.farthestBatch(n, roots, fs, fn, lists, Mode.ANCHORS));
    int rest = 0;
    int candidates = 0;
    for (int i = 0; i < n; i++) {
      target[i] = root[i] && !anchor[i];
      rest += target[i] ? 1 : 0;
      candidates += candidate[i] ? 1 : 0;
    }
    candidateCount = candidates;
    if (candidates >= rest) {
      System.arraycopy(target, 0, eligible, 0, n);
      return false;
    }
    System.arraycopy(candidate, 0, eligible, 0, n);
    usedCandidates = true;
    for (Lane lane : lanes) {
      lane.prepareTargets(n);
    }
    runBatches(balls(n, ROOTS * 8),
        (lane, roots) -> lane.farthestBatch(n, roots, fs, fn, lists, Mode.CANDIDATES));
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
    for (Lane lane : lanes) {
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
   * eligible layouts. Returns how many.
   */
  private int chooseAnchors(int n, boolean[] root) {
    Arrays.fill(anchor, 0, n, false);
    Arrays.fill(ballMark, 0, n, -1);
    boolean[] covered = new boolean[n];
    int[] depth = new int[n];
    int anchors = 0;
    for (int r = 0; r < n; r++) {
      eligible[r] = false;
      if (!root[r] || covered[r]) {
        continue;
      }
      anchor[r] = true;
      eligible[r] = true;
      anchors++;
      int head = 0;
      int tail = 0;
      ball[tail++] = r;
      ballMark[r] = r;
      depth[r] = 0;
      while (head < tail) {
        int v = ball[head++];
        covered[v] = true;
        if (depth[v] == K) {
          continue;
        }
        for (int e = start[v], end = start[v + 1]; e < end; e++) {
          int w = adjacent[e];
          if (ballMark[w] != r) {
            ballMark[w] = r;
            depth[w] = depth[v] + 1;
            ball[tail++] = w;
          }
        }
      }
    }
    return anchors;
  }

  private void farthestPass(int n, int[] fs, int[] fn, Lists lists) {
    for (int i = 0; i < n; i++) {
      // the first of its orbit in index order
      boolean first = true;
      for (int[] img : image) {
        first &= img == null || img[i] >= i;
      }
      eligible[i] = first;
    }
    for (Lane lane : lanes) {
      lane.prepare(n);
    }
    if (!farthestThroughCandidates(n, fs, fn, lists != null)) {
      List<int[]> batches = balls(n, ROOTS * 8);
      runBatches(batches, (lane, roots) -> lane.farthestBatch(n, roots, fs, fn, lists != null, Mode.ROOTS));
    }
    if (lists != null) {
      lists.farthest = segments(n, null);
      for (int r = 0; r < n; r++) {
        lists.listRoot[order[r]] = order[r];
        lists.listTransform[order[r]] = -1;
      }
    }
    // every other layout is the image of a root: t(root) gets the root's values, mapped by t
    for (int t = 0; t < 3; t++) {
      int[] img = image[t];
      if (img == null) {
        continue;
      }
      for (int r = 0; r < n; r++) {
        if (isNewImage(r, t)) {
          fs[img[r]] = fs[r];
          fn[img[r]] = fn[r];
          if (lists != null) {
            lists.listRoot[order[img[r]]] = order[r];
            lists.listTransform[order[img[r]]] = (byte) t;
          }
        }
      }
    }
  }

  /**
   * Whether transform t takes root r (the first of its orbit) to a layout that no transform
   * before t (identity included) reached: each layout of the orbit is filled exactly once.
   */
  private boolean isNewImage(int r, int t) {
    int target = image[t][r];
    if (target == r) {
      return false;
    }
    for (int u = 0; u < t; u++) {
      if (image[u] != null && image[u][r] == target) {
        return false;
      }
    }
    // only the orbit's first layout is a root
    for (int[] img : image) {
      if (img != null && img[r] < r) {
        return false;
      }
    }
    return true;
  }

  private void solutionPass(int n, int[] ms, int[] mn, int[] sn, Lists lists) {
    int sources = 0;
    int[] mirror = image[MIRROR];
    int[] queue = ball;
    for (int i = 0; i < n; i++) {
      // one of each mirror pair of solved layouts: the BFS of the other is its mirror image
      eligible[i] = solved[i] && (mirror == null || mirror[i] >= i);
      if (solved[i]) {
        queue[sources++] = i;
      }
    }
    if (sources == 0) {
      Arrays.fill(ms, 0, n, Layers.NONE);
      if (lists != null) {
        lists.minSolutions = segments(n, null);
      }
      return;
    }
    // min_solution_step of every layout: one multi-source BFS from the solved layouts
    Arrays.fill(ms, 0, n, -1);
    for (int c = 0; c < sources; c++) {
      ms[queue[c]] = 0;
    }
    for (int head = 0, tail = sources; head < tail; head++) {
      int v = queue[head];
      for (int e = start[v], end = start[v + 1]; e < end; e++) {
        int w = adjacent[e];
        if (ms[w] < 0) {
          ms[w] = ms[v] + 1;
          queue[tail++] = w;
        }
      }
    }
    LongArrayList ownSolution = lists == null ? null : new LongArrayList(); // a solved layout's
    for (int i = 0; i < n; i++) {
      if (solved[i]) {
        mn[i] = 1;
        sn[i] = 1;
        if (ownSolution != null) {
          ownSolution.add(((long) i << 32) | i);
        }
      }
    }
    List<int[]> batches = balls(n, n);
    for (Lane lane : lanes) {
      lane.prepare(n);
    }
    runBatches(batches, (lane, roots) -> lane.solutionBatch(n, roots, ms, lists != null));
    for (Lane lane : lanes) {
      for (int i = 0; i < n; i++) {
        mn[i] += lane.minNum[i];
        sn[i] += lane.solutionNum[i];
      }
    }
    if (lists != null) {
      lists.minSolutions = segments(n, ownSolution);
    }
  }

  /** Cuts the eligible layouts into balls (see {@link #collectBall}), in index order of their first. */
  private List<int[]> balls(int n, int queue) {
    Arrays.fill(ballMark, 0, n, -1);
    int[] roots = new int[ROOTS];
    List<int[]> batches = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (eligible[i]) {
        int k = collectBall(i, roots, batches.size(), queue);
        batches.add(Arrays.copyOf(roots, k));
      }
    }
    return batches;
  }

  private interface BatchBody {
    void run(Lane lane, int[] roots);
  }

  /** Runs every batch once; each lane (thread) takes the next batch not yet taken. */
  private void runBatches(List<int[]> batches, BatchBody body) {
    int threads = Math.min(lanes.length, batches.size());
    if (threads <= 1) {
      for (int[] roots : batches) {
        body.run(lanes[0], roots);
      }
      return;
    }
    AtomicInteger next = new AtomicInteger();
    Workers.run("bfs", threads, t -> {
      for (int b; (b = next.getAndIncrement()) < batches.size(); ) {
        body.run(lanes[t], batches.get(b));
      }
    });
  }

  /** One thread's BFS state (W words per layout and state) and its share of the results. */
  private final class Lane {
    long[] seen = new long[0];
    long[] front = new long[0];
    long[] nfront = new long[0];
    long[] mark = new long[0];
    long[] nmark = new long[0];
    /**
     * Layouts next to the frontier: one bit each, and one summary bit per non-zero word; the
     * second pair collects the neighbours of the next frontier while the first is swept.
     */
    long[] touched = new long[0];
    long[] summary = new long[0];
    long[] touchedNext = new long[0];
    long[] summaryNext = new long[0];
    int[] cur = new int[0];
    int[] nxt = new int[0];
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
        summary = new long[(cap >>> 12) + 1];
        touchedNext = new long[(cap >>> 6) + 1];
        summaryNext = new long[(cap >>> 12) + 1];
        cur = new int[cap];
        nxt = new int[cap];
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
        logFrom = Math.min(logFrom, Math.max(dist[order[r]], seedDepth - dist[order[r]]) - 2 * K);
      }
      boolean targets = mode == Mode.CANDIDATES;
      boolean[] target = AllRootsBfs.this.target;
      long[] last = lastBits;
      logSize = 0;
      int k = roots.length;
      long[] seen = this.seen;
      long[] front = this.front;
      long[] nfront = this.nfront;
      int[] start = AllRootsBfs.this.start;
      int[] edges = AllRootsBfs.this.adjacent;
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
      for (int level = 0; ; level++) {
        long[] touched = this.touched;
        long[] summary = this.summary;
        long[] touchedNext = this.touchedNext;
        long[] summaryNext = this.summaryNext;
        int nextSize = 0;
        long r0 = 0;
        long r1 = 0;
        long r2 = 0;
        long r3 = 0;
        for (int y = 0, ys = (n >>> 12) + 1; y < ys; y++) {
          long sw = summary[y];
          summary[y] = 0;
          for (; sw != 0; sw &= sw - 1) {
            int x = (y << 6) + Long.numberOfTrailingZeros(sw);
            long bits = touched[x];
            touched[x] = 0;
            for (; bits != 0; bits &= bits - 1) {
              int w = (x << 6) + Long.numberOfTrailingZeros(bits);
              int bw = w * W;
              long s0 = seen[bw];
              long s1 = seen[bw + 1];
              long s2 = seen[bw + 2];
              long s3 = seen[bw + 3];
              if ((s0 & f0) == f0 && (s1 & f1) == f1 && (s2 & f2) == f2 && (s3 & f3) == f3) {
                continue; // every root of the batch has been here
              }
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
                markNeighbours(w, touchedNext, summaryNext);
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
          }
        }
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
      boolean[] solved = AllRootsBfs.this.solved;
      int[] start = AllRootsBfs.this.start;
      int[] edges = AllRootsBfs.this.adjacent;
      int[] mirror = image[MIRROR];
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
      for (int level = 0; curSize > 0; level++) {
        long[] touched = this.touched;
        long[] summary = this.summary;
        long[] touchedNext = this.touchedNext;
        long[] summaryNext = this.summaryNext;
        int depth = level + 1;
        int nextSize = 0;
        for (int y = 0, ys = (n >>> 12) + 1; y < ys; y++) {
          long sw = summary[y];
          summary[y] = 0;
          for (; sw != 0; sw &= sw - 1) {
            int x = (y << 6) + Long.numberOfTrailingZeros(sw);
            long bits = touched[x];
            touched[x] = 0;
            for (; bits != 0; bits &= bits - 1) {
              int w = (x << 6) + Long.numberOfTrailingZeros(bits);
              int bw = w * W;
              long s0 = seen[bw];
              long s1 = seen[bw + 1];
              long s2 = seen[bw + 2];
              long s3 = seen[bw + 3];
              if ((s0 & f0) == f0 && (s1 & f1) == f1 && (s2 & f2) == f2 && (s3 & f3) == f3) {
                continue;
              }
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
              markNeighbours(w, touchedNext, summaryNext);
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
          }
        }
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
        for (int d = Math.max(0, fs[roots[j]] - 2 * K); d < levels; d++) {
          far[d * W + (j >>> 6)] |= 1L << j;
        }
      }
      boolean[] candidate = AllRootsBfs.this.candidate;
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
        if (fs[roots[j]] <= 2 * K) {
          candidate[roots[j]] = true;
        }
      }
      logSize = 0;
    }

    /** After a CANDIDATES batch: each target keeps the candidates of its last join if not nearer. */
    private void keepFarthest(int n, int[] roots) {
      boolean[] target = AllRootsBfs.this.target;
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
        markNeighbours(r, touched, summary);
      }
      return full;
    }

    /** Sets the touched bit of every neighbour of v. */
    private void markNeighbours(int v, long[] touched, long[] summary) {
      int[] start = AllRootsBfs.this.start;
      for (int e = start[v], end = start[v + 1]; e < end; e++) {
        int w = adjacent[e];
        touched[w >>> 6] |= 1L << w;
        summary[w >>> 12] |= 1L << (w >>> 6);
      }
    }

    /** The next frontier becomes the current one, with the layouts marked next to it. */
    private void nextLevel() {
      long[] t = touched;
      touched = touchedNext;
      touchedNext = t;
      t = summary;
      summary = summaryNext;
      summaryNext = t;
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

  /**
   * The (up to) ROOTS eligible layouts nearest to {@code first}, by a BFS from it; they stop
   * being eligible. The search keeps at most {@code queue} layouts waiting.
   */
  private int collectBall(int first, int[] roots, int stamp, int queue) {
    int[] edges = adjacent;
    int head = 0;
    int tail = 0;
    int k = 0;
    ball[tail++] = first;
    ballMark[first] = stamp;
    while (head < tail && k < ROOTS) {
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

  /**
   * BFS from queue[0..sources) (distance 0) over the graph; fills dist for every local index it
   * reaches and leaves them in queue in BFS order. Returns how many it reached.
   */
  private static int bfs(GroupGraph graph, int[] queue, int sources, int[] dist) {
    Arrays.fill(dist, 0, graph.size(), -1);
    for (int i = 0; i < sources; i++) {
      dist[queue[i]] = 0;
    }
    int[] edges = graph.edges();
    int head = 0;
    int tail = sources;
    while (head < tail) {
      int u = queue[head++];
      int du = dist[u] + 1;
      for (int e = graph.edgeStart(u), end = graph.edgeStart(u + 1); e < end; e++) {
        int v = edges[e];
        if (dist[v] < 0) {
          dist[v] = du;
          queue[tail++] = v;
        }
      }
    }
    return tail;
  }
}
