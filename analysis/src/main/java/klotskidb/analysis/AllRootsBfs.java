package klotskidb.analysis;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import klotskidb.layerer.GroupGraph;
import klotskidb.layerer.Layers;

/**
 * One BFS rooted at every layout of a group (SPEC 5): farthest_step, farthest_num and the
 * farthest layouts of every layout, min_solution_step, min_solution_num, its minimum-step
 * solutions and solution_num. It runs two passes of bit-parallel BFS ({@link BitParallelBfs},
 * 256 or 512 at once, one per thread, the sweeps by the chosen {@link Kernels}) over batches of
 * roots ({@link RootBatches}):
 *
 * <pre>
 *   farthest pass   roots: one layout of each symmetry orbit (a quarter of the group); long
 *                   groups go through anchors and candidates instead ({@link FarthestCandidates})
 *   solution pass   roots: the solved layouts whose 2x2 can move, one of each mirror pair (a few
 *                   percent of the group); by symmetry of distances it gives every layout
 *                   its solutions
 * </pre>
 *
 * <p><b>Symmetry.</b> The left-right mirror and the top-bottom flip map moves to moves, so the BFS
 * from a layout's image is the image of its BFS: same farthest_step and farthest_num, farthest
 * layouts mapped. Every transform that maps the group's seed into the group maps the whole group
 * onto itself (for practically all the work, all four of identity, mirror, flip and both do), so
 * only the first layout of each orbit in index order is a root. The mirror also keeps the solved
 * layouts (the 2x2 stays bottom middle), the flip does not: the solution pass uses the mirror
 * only. Transforms are numbered as {@link GroupGraph} numbers them (mirror 1, flip 2, both 3).
 *
 * <p>Lists (farthest layouts, minimum-step solutions) come per layout as sorted local indices
 * (local index order is code order), from {@link Result#farthest} and {@link Result#minSolutions}.
 * One instance per thread; buffers are reused and grow with the largest group.
 *
 * <p>Example (group 5-4-1-1, root 1A9BF0C00): farthest_step 124, farthest_num 8,
 * min_solution_step 81, min_solution_num 2 (DAA7F3000, DAAF4CC00), solution_num 6.
 */
public final class AllRootsBfs {
  /**
   * Groups whose seed has fewer layers (93% of the work: dense and short) skip the candidates:
   * their last layers are the whole group.
   */
  static final int LONG_DEPTH = 40;

  /**
   * Batches of 512 roots (8 words) where the kernels have them and a pass has at least this many
   * roots per lane: fewer roots would leave a lane idle or a batch half empty.
   */
  static final int WIDE_ROOTS_PER_LANE = 2 * 512;

  /**
   * Bytes a group takes beside its lanes, per layout of the largest group its arrays have held
   * (they grow by doubling): the step graph ({@code GroupGraph}: codes, ids, edges, orbits),
   * {@link GroupArrays}, the batches' and candidates' scratch, the results and their lists. An
   * estimate for {@link LanePool}'s budget, which keeps a share of the heap for what it misses.
   */
  public static final long GROUP_BYTES_PER_LAYOUT = 640;

  private final GroupArrays g = new GroupArrays();
  private final Kernels kernels;
  /** The engine's own lanes when it is run without a pool's lease ({@link #run(GroupGraph, boolean)}). */
  private final LanePool own;
  /** The lanes kept between groups (reused while they fit), and the group's: the first of them. */
  private BitParallelBfs[] kept = new BitParallelBfs[0];
  private BitParallelBfs[] lanes = new BitParallelBfs[0];
  private final RootBatches batches;
  private final FarthestCandidates candidates;
  /** Levels swept by lanes dropped since (for tests). */
  private final long[] droppedLevels = new long[2];
  private final int longDepth;
  private final int wideRootsPerLane;
  private boolean[] eligible = new boolean[0];
  /** The last group's candidate count, -1 when it did not try them (for tests). */
  int candidateCount;
  /** Whether the last group's farthest pass went through the candidates (for tests). */
  boolean usedCandidates;
  /** Words per layout of the last group's farthest and solution batches (for tests and benchmarks). */
  int farthestWords;
  int solutionWords;

  /** An engine running each group's batches on one thread, or on the lanes of a lease ({@link #run(GroupGraph, boolean, LanePool.Lease)}). */
  public AllRootsBfs(Kernels kernels) {
    this(1, kernels);
  }

  /** An engine sharing each group's batches among {@code threads} threads of its own. */
  public AllRootsBfs(int threads, Kernels kernels) {
    this(threads, kernels, LONG_DEPTH);
  }

  /** As above; groups whose seed has at least {@code longDepth} layers try the candidates. */
  AllRootsBfs(int threads, Kernels kernels, int longDepth) {
    this(threads, kernels, longDepth, WIDE_ROOTS_PER_LANE);
  }

  /** As above; 0 {@code wideRootsPerLane} takes 8 words for every short group (tests). */
  AllRootsBfs(int threads, Kernels kernels, int longDepth, int wideRootsPerLane) {
    this.kernels = kernels;
    this.longDepth = longDepth;
    this.wideRootsPerLane = wideRootsPerLane;
    own = LanePool.unbounded(threads);
    batches = new RootBatches(g);
    candidates = new FarthestCandidates(g, batches);
  }

  /** The lanes a group of n is worth: {@code ideal} with a wide batch for each, {@code useful} with one batch each. */
  public static int idealLanes(int n) {
    return Math.max(1, n / 4 / WIDE_ROOTS_PER_LANE); // about a quarter of a group's layouts are roots
  }

  public static int usefulLanes(int n) {
    return Math.max(1, n / 4 / 256);
  }

  /** The bytes one lane takes for a group of n with these kernels ({@link BitParallelBfs#bytes}). */
  public static long laneBytes(int n, Kernels kernels) {
    return BitParallelBfs.bytes(BitParallelBfs.capacityFor(n), kernels.hasEight() ? 8 : 4);
  }

  /**
   * The group's lanes: the kept ones first (resized by {@link BitParallelBfs#fit} when they hold
   * far more or less than n), new ones after; lanes beyond {@code k} are dropped with their
   * arrays, so the engine holds no more than its lease.
   */
  private void useLanes(int k, int n) {
    useLanes(k, n, true);
  }

  private void useLanes(int k, int n, boolean fit) {
    if (kept.length != k) {
      BitParallelBfs[] next = Arrays.copyOf(kept, k);
      for (int t = k; t < kept.length; t++) {
        droppedLevels[0] += kept[t].touchedLevels;
        droppedLevels[1] += kept[t].openLevels;
      }
      for (int t = kept.length; t < k; t++) {
        next[t] = new BitParallelBfs(g);
      }
      kept = next;
    }
    if (fit) {
      int maxWords = kernels.hasEight() ? 8 : 4;
      for (BitParallelBfs lane : kept) {
        lane.fit(n, maxWords);
      }
    }
    lanes = kept;
  }

  /**
   * Between groups of a pool's run: drops every lane but a first one of at most
   * {@link #KEPT_LANE_BYTES} (what a class's next small group reuses), so that what the engine
   * holds outside a lease is small.
   */
  public void dropLanes() {
    int keep = kept.length > 0 && kept[0].allocatedBytes() <= KEPT_LANE_BYTES ? 1 : 0;
    useLanes(keep, 0, false);
    if (keep == 1) {
      kept[0].trimGrowing();
    }
  }

  /** A lane kept between groups holds at most this (a group of about 20,000 layouts at 512 roots). */
  static final long KEPT_LANE_BYTES = 8L << 20;

  /** The bytes of the lanes' arrays now, each lane's against what its lease allowed (for tests). */
  long[] laneBytesNow() {
    long[] b = new long[lanes.length];
    for (int t = 0; t < lanes.length; t++) {
      b[t] = lanes[t].allocatedBytes();
    }
    return b;
  }

  /** Tests: the anchors stop once they have made this many candidates (the candidates then fall back). */
  AllRootsBfs stopAnchorsAt(int candidates) {
    this.candidates.anchorLimit = candidates;
    return this;
  }

  /** Anchors of the last group the early stop left unrun (for tests). */
  int anchorsNotRun() {
    return candidates.anchorsNotRun;
  }

  /** The kernels this engine runs. */
  public Kernels kernels() {
    return kernels;
  }

  /**
   * Sets every lane to the width for a pass over {@code roots} roots (and prepares it for a
   * group of n): 8 words when the kernels have them, the roots fill wide batches on every lane
   * and the group is short: a long group's anchors and candidates run at 4 words (their balls are
   * wide). With {@code rootsLeft} (a long group's roots left when the candidates do not pay) the
   * depth does not matter, and the lanes keep what the pass has found (the anchors' values and
   * lists).
   */
  private int useWidth(int n, int roots, boolean rootsLeft) {
    boolean wide = kernels.hasEight() && (rootsLeft || g.seedDepth < longDepth)
        && roots >= wideRootsPerLane * lanes.length;
    Kernel k = kernels.forWords(wide ? 8 : 4);
    for (BitParallelBfs lane : lanes) {
      lane.use(k);
      if (rootsLeft) {
        lane.grow(n);
      } else {
        lane.prepare(n);
      }
    }
    return k.words;
  }

  private static int count(boolean[] set, int n) {
    int c = 0;
    for (int i = 0; i < n; i++) {
      c += set[i] ? 1 : 0;
    }
    return c;
  }

  /** Levels of every lane swept over touched layouts [0] and over all open ones [1], so far (for tests). */
  long[] sweptLevels() {
    long[] levels = droppedLevels.clone();
    for (BitParallelBfs lane : kept) {
      levels[0] += lane.touchedLevels;
      levels[1] += lane.openLevels;
    }
    return levels;
  }

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
      if (t != 0) {
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

  /** Farthest and minimum-solution lists of one group, in local indices (see {@link Result}). */
  private static final class Lists {
    /** The orbit root whose farthest list layout i uses, and the transform (0: the identity). */
    final int[] listRoot;
    final byte[] listTransform;
    /** Local images under transform t (GroupGraph's numbering; null where t leaves the group). */
    final int[][] localImage = new int[4][];
    /** Per layout (orbit roots only for farthest), a sorted segment of local indices. */
    Segments farthest;
    Segments minSolutions;

    Lists(int n) {
      listRoot = new int[n];
      listTransform = new byte[n];
    }
  }

  /** Local key k's values are {@code values[start[k] .. start[k + 1])}, ascending. */
  private record Segments(int[] start, int[] values) {
    int[] of(int k) {
      return Arrays.copyOfRange(values, start[k], start[k + 1]);
    }
  }

  /** Runs a BFS from every layout of the loaded group on the engine's own threads; with {@code lists}, also the lists. */
  public Result run(GroupGraph graph, boolean lists) {
    try (LanePool.Lease lease = own.acquire(own.threads(), own.threads(), 0, 0)) {
      return run(graph, lists, lease);
    }
  }

  /**
   * As above, on the lanes of {@code lease} (a run's {@link LanePool}): its threads are the only
   * ones running the group's batches, its lanes' arrays within the bytes it was granted.
   */
  public Result run(GroupGraph graph, boolean lists, LanePool.Lease lease) {
    g.load(graph);
    int n = g.size;
    useLanes(lease.lanes(), n);
    for (BitParallelBfs lane : lanes) {
      lane.charged = 0; // a new lease: what the lane's lists and logs hold is charged to it
    }
    batches.use(lanes, lease);
    if (eligible.length < n) {
      eligible = new boolean[Math.max(n, eligible.length * 2)];
    }
    Result result = new Result(n, lists ? new Lists(n) : null);
    farthestPass(n, result);
    solutionPass(n, result);
    if (lists) {
      for (int t = GroupGraph.MIRROR; t <= GroupGraph.BOTH; t++) {
        if (g.image[t] != null) {
          result.lists.localImage[t] = Arrays.copyOf(g.image[t], n);
        }
      }
    }
    return result;
  }

  private void farthestPass(int n, Result result) {
    int[] fs = result.farthestStep;
    int[] fn = result.farthestNum;
    Lists lists = result.lists;
    int[][] image = g.image;
    for (int i = 0; i < n; i++) {
      // the first of its orbit in index order
      boolean first = true;
      for (int t = GroupGraph.MIRROR; t <= GroupGraph.BOTH; t++) {
        first &= image[t] == null || image[t][i] >= i;
      }
      eligible[i] = first;
    }
    farthestWords = useWidth(n, count(eligible, n), false);
    boolean byCandidates = candidates.run(eligible, longDepth, fs, fn, lists != null);
    candidateCount = candidates.candidateCount;
    usedCandidates = candidates.used;
    if (!byCandidates) {
      if (candidateCount >= 0) {
        // the candidates did not pay: the roots left at 8 words (BENCHMARKS.md, row "roots
        // left at 8 words": 3-7-1-0, values and lists the same)
        farthestWords = useWidth(n, count(eligible, n), true);
      }
      batches.run(batches.balls(eligible, lanes[0].roots() * 8),
          (lane, roots) -> lane.farthestBatch(n, roots, fs, fn, lists != null, BitParallelBfs.Mode.ROOTS, 0));
    }
    if (lists != null) {
      lists.farthest = segments(n, null);
      for (int r = 0; r < n; r++) {
        lists.listRoot[r] = r;
      }
    }
    // every other layout is the image of a root: t(root) gets the root's values, mapped by t
    for (int t = GroupGraph.MIRROR; t <= GroupGraph.BOTH; t++) {
      int[] img = image[t];
      if (img == null) {
        continue;
      }
      for (int r = 0; r < n; r++) {
        if (isNewImage(r, t)) {
          fs[img[r]] = fs[r];
          fn[img[r]] = fn[r];
          if (lists != null) {
            lists.listRoot[img[r]] = r;
            lists.listTransform[img[r]] = (byte) t;
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
    int[][] image = g.image;
    int target = image[t][r];
    if (target == r) {
      return false;
    }
    for (int u = GroupGraph.MIRROR; u < t; u++) {
      if (image[u] != null && image[u][r] == target) {
        return false;
      }
    }
    // only the orbit's first layout is a root
    for (int u = GroupGraph.MIRROR; u <= GroupGraph.BOTH; u++) {
      if (image[u] != null && image[u][r] < r) {
        return false;
      }
    }
    return true;
  }

  private void solutionPass(int n, Result result) {
    int[] ms = result.minSolutionStep;
    int[] mn = result.minSolutionNum;
    int[] sn = result.solutionNum;
    Lists lists = result.lists;
    boolean[] solved = g.solved;
    int[] mirror = g.image[GroupGraph.MIRROR];
    int[] queue = batches.queue();
    int sources = 0;
    for (int i = 0; i < n; i++) {
      // one of each mirror pair of solved layouts: the BFS of the other is its mirror image
      eligible[i] = solved[i] && (mirror == null || mirror[i] >= i) && opensOut(i);
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
    Bfs.distances(g.start, g.adjacent, n, queue, sources, ms);
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
    solutionWords = useWidth(n, count(eligible, n), false);
    List<int[]> fromSolved = batches.balls(eligible, n);
    batches.run(fromSolved, (lane, roots) -> lane.solutionBatch(n, roots, ms, lists != null));
    for (BitParallelBfs lane : lanes) {
      for (int i = 0; i < n; i++) {
        mn[i] += lane.minNum[i];
        sn[i] += lane.solutionNum[i];
      }
    }
    if (lists != null) {
      lists.minSolutions = segments(n, ownSolution);
    }
  }

  /**
   * Whether solved layout s has a neighbour that is not solved (its 2x2 can move). Only such a
   * layout can be another layout's solution or nearest solution: the step into s along a
   * shortest path from w comes from a neighbour of s, which would otherwise be another solved
   * layout on that path (and nearer to w). So the solution pass runs no BFS from the others:
   * 2-3-0-0 keeps 5,134 of its 6,380 sources, 3-3-2-0 8,600 of 12,360 (whole group 0.91-0.96 of
   * the time, values and lists the same).
   */
  private boolean opensOut(int s) {
    boolean[] solved = g.solved;
    int[] adjacent = g.adjacent;
    for (int e = g.start[s], end = g.start[s + 1]; e < end; e++) {
      if (!solved[adjacent[e]]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Turns pairs {@code key << 32 | value} (spread over the lanes' lists and {@code extra}) into
   * sorted segments of values per key; empties the lists.
   */
  private Segments segments(int n, LongArrayList extra) {
    int[] begin = new int[n + 1];
    List<LongArrayList> all = new ArrayList<>();
    for (BitParallelBfs lane : lanes) {
      all.add(lane.pairs);
    }
    if (extra != null) {
      all.add(extra);
    }
    for (LongArrayList pairs : all) {
      for (int p = 0, size = pairs.size(); p < size; p++) {
        begin[(int) (pairs.getLong(p) >>> 32) + 1]++;
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
        values[fill[(int) (pair >>> 32)]++] = (int) pair;
      }
      pairs.clear();
      pairs.trim();
    }
    for (int i = 0; i < n; i++) {
      Arrays.sort(values, begin[i], begin[i + 1]);
    }
    return new Segments(begin, values);
  }
}
