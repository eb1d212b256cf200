package klotskidb.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * How far one farthest batch is from its floors, for issue 46 (BENCHMARKS.md, the all-roots
 * analysis): run as {@code java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar
 * klotskidb.analysis.SweepFloor 2-6-1-0}.
 *
 * <pre>
 *   2-6-1-0, the first ball of 512 roots: 6.86 sweeps per layout, 6.14 joins; a layout must be
 *   swept once for every distinct distance from the ball's roots: 6.14
 * </pre>
 *
 * <p>Sweeps: the engine's 512-bit kernel, counted, against the floor of any pull sweep over these
 * roots (each layout's distinct distances from them, from one plain BFS per root). Memory: the
 * batch's sweep lists recorded, then replayed with the kernel's loads and stores, once on the real
 * rows and once each with the own rows (seen, next frontier) or the neighbours' frontier rows
 * folded into 8,192 rows (512 KB, inside L2): wrong values, the same instructions, so the time
 * each fold saves is what its misses cost, and what a perfect layout order could save at most.
 */
public final class SweepFloor {
  private static final VectorSpecies<Long> W = LongVector.SPECIES_512;

  private SweepFloor() {}

  /** The engine's kernel, counting what it sweeps and recording each level's list. */
  private static final class Recording extends Kernel {
    final Kernel inner;
    final List<int[]> lists = new ArrayList<>();
    long sweeps;
    long joins;

    Recording(Kernel inner) {
      super(inner.words);
      this.inner = inner;
    }

    @Override
    public String name() {
      return "recording";
    }

    @Override
    long sweep(SweepState lane, int[] list, int m) {
      return tally(inner.sweep(lane, list, m), list);
    }

    @Override
    long sweepMarked(SweepState lane, int[] list, int m) {
      return tally(inner.sweepMarked(lane, list, m), list);
    }

    private long tally(long r, int[] list) {
      int kept = (int) (r >>> 32);
      sweeps += kept;
      joins += (int) r;
      lists.add(Arrays.copyOf(list, kept));
      return r;
    }
  }

  public static void main(String[] args) {
    String group = args.length > 0 ? args[0] : "2-6-1-0";
    GroupArrays g = KernelBench.load(group);
    int n = g.size;
    BitParallelBfs lane = new BitParallelBfs(g);
    Recording rec = new Recording(Kernels.vector().forWords(8));
    lane.use(rec);
    lane.prepare(n);
    boolean[] eligible = new boolean[n];
    Arrays.fill(eligible, true);
    int[] roots = new RootBatches(g, new BitParallelBfs[] {lane}).balls(eligible, lane.roots() * 8).get(0);
    lane.farthestBatch(n, roots, new int[n], new int[n], false, BitParallelBfs.Mode.ROOTS, 0);

    long[] distances = new long[n]; // bit d: some root is d steps away
    int[] dist = new int[n];
    int[] queue = new int[n];
    for (int r : roots) {
      queue[0] = r;
      Bfs.distances(g.start, g.adjacent, n, queue, 1, dist);
      for (int v = 0; v < n; v++) {
        distances[v] |= 1L << Math.min(dist[v], 63);
      }
    }
    long distinct = 0;
    for (long d : distances) {
      distinct += Long.bitCount(d);
    }
    long edges = 0;
    for (int[] list : rec.lists) {
      for (int w : list) {
        edges += g.start[w + 1] - g.start[w];
      }
    }
    System.out.printf("%s, %,d layouts, first ball of %d roots: per layout %.2f sweeps, %.2f joins, "
        + "floor (distinct distances) %.2f; %,d neighbour rows read%n", group, n, roots.length,
        rec.sweeps / (double) n, rec.joins / (double) n, distinct / (double) n, edges);

    long[] seen = new long[n * 8];
    long[] front = new long[n * 8];
    long[] nfront = new long[n * 8];
    java.util.Random random = new java.util.Random(1);
    for (int i = 0; i < front.length; i++) {
      front[i] = random.nextLong() & random.nextLong() & random.nextLong();
    }
    int small = (1 << 13) - 1;
    String[] names = {"real rows", "own rows folded", "frontier rows folded", "both folded"};
    int[][] masks = {{-1, -1}, {small, -1}, {-1, small}, {small, small}};
    for (int round = 0; round < 5; round++) {
      StringBuilder line = new StringBuilder(round == 0 ? "replay (warm-up):" : "replay:");
      for (int v = 0; v < names.length; v++) {
        long t = System.nanoTime();
        long joins = replay(rec.lists, g.start, g.adjacent, seen, front, nfront, masks[v][0], masks[v][1]);
        line.append(String.format(" %s %.0f ms%s", names[v], (System.nanoTime() - t) / 1e6, joins < 0 ? "!" : ""));
      }
      System.out.println(line);
    }
  }

  /** The 512-bit kernel's accesses over the recorded lists, own rows at w & ownMask, neighbours' at u & frontMask. */
  private static long replay(List<int[]> lists, int[] start, int[] adjacent, long[] seen, long[] front, long[] nfront,
      int ownMask, int frontMask) {
    long joins = 0;
    for (int[] list : lists) {
      joins += replayLevel(list, start, adjacent, seen, front, nfront, ownMask, frontMask);
    }
    return joins;
  }

  /** One level: a method of its own so that C2 compiles it whole (no on-stack loop with boxed vectors). */
  private static int replayLevel(int[] list, int[] start, int[] adjacent, long[] seen, long[] front, long[] nfront,
      int ownMask, int frontMask) {
    int joins = 0;
    for (int w : list) {
      int bw = (w & ownMask) << 3;
      LongVector s = LongVector.fromArray(W, seen, bw);
      LongVector a = LongVector.zero(W);
      for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
        a = a.or(LongVector.fromArray(W, front, (adjacent[e] & frontMask) << 3));
      }
      LongVector t = s.or(a);
      a = t.lanewise(VectorOperators.XOR, s);
      t.intoArray(seen, bw);
      a.intoArray(nfront, bw);
      joins += a.eq(0L).allTrue() ? 0 : 1;
    }
    return joins;
  }
}
