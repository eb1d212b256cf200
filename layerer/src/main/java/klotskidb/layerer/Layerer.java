package klotskidb.layerer;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Progress;
import klotskidb.enumerator.Workers;
import klotskidb.grouper.Groups;

/**
 * Two BFS passes and a count over every group (SPEC 5), on the group's {@link GroupGraph}:
 *
 * <ol>
 *   <li><b>layers</b>: from the seed (group_index 0): each layout's {@code layer} and the size of
 *       every layer;
 *   <li><b>solutions</b>: one multi-source BFS from all solved layouts of the group (2x2 at
 *       address 13): each layout's {@code min_solution_step}; groups without a solved layout
 *       are unsolvable and their layouts get {@link Layers#NONE};
 *   <li><b>optimal solutions</b>: no BFS, a count over the distances of pass 2: the number of shortest paths from
 *       each layout to the solved layouts ({@link OptimalSolutions}).
 * </ol>
 *
 * Then, over every layout's steps, which layouts are minimal puzzles ({@link Minimal}).
 *
 * All three run on the group's symmetry orbits ({@link GroupGraph#loadOrbits}, {@link OrbitBfs}):
 * moves are generated for one layout per orbit and the BFS state is a quarter of the group's
 * size for the closed groups. Groups are handed to threads largest first from a shared cursor;
 * each thread keeps one graph and one BFS, reused for every group, so nothing is allocated per
 * layout. Throws when a group is not connected or a distance overflows its short.
 */
public final class Layerer {
  private final Groups groups;
  private final int threads;
  private final Progress progress;

  public Layerer(Groups groups, int threads, Progress progress) {
    this.groups = groups;
    this.threads = Math.max(1, threads);
    this.progress = progress;
  }

  public Layers run() {
    long t0 = System.nanoTime();
    int n = groups.layouts().size();
    int count = groups.count();
    short[] layer = new short[n];
    short[] minSolution = new short[n];
    int[][] sizes = new int[count][];
    int[] solved = new int[count];
    int[] hardest = new int[count];
    int[] hardestCount = new int[count];
    int[] optimal = new int[n];

    Integer[] order = new Integer[count];
    for (int g = 0; g < count; g++) {
      order[g] = g;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(groups.size(b), groups.size(a)));
    AtomicInteger cursor = new AtomicInteger();
    AtomicLong done = new AtomicLong();
    progress.begin("layers", groups.layoutCount());

    Workers.run("layerer", threads, me -> {
      GroupGraph graph = new GroupGraph();
      OrbitBfs bfs = new OrbitBfs();
      OptimalSolutions counts = new OptimalSolutions();
      int[] sources = new int[16];
      for (int k; (k = cursor.getAndIncrement()) < count; ) {
        int g = order[k];
        graph.loadOrbits(groups, g);
        int size = graph.size();
        if (sources.length < size) {
          sources = new int[Math.max(size, sources.length * 2)];
        }
        // pass 1: layers from the seed
        sources[0] = 0;
        int layers = bfs.run(graph, sources, 1);
        checkedShort(layers - 1);
        int[] layerSize = new int[layers];
        for (int i = 0; i < size; i++) {
          int d = bfs.distance(graph, i);
          if (d < 0) {
            throw new IllegalStateException("group " + groups.groupName(g) + ": the seed does not reach "
                + Code.format(graph.code(i)));
          }
          layerSize[d]++;
          layer[graph.id(i)] = (short) d;
        }
        sizes[g] = layerSize;
        // pass 2: distance to the nearest solved layout
        int solvedCount = 0;
        for (int i = 0; i < size; i++) {
          if (graph.isSolved(i)) {
            sources[solvedCount++] = i;
          }
        }
        solved[g] = solvedCount;
        if (solvedCount == 0) {
          hardest[g] = Layers.NONE;
          for (int i = 0; i < size; i++) {
            minSolution[graph.id(i)] = Layers.NONE;
          }
        } else {
          int levels = bfs.run(graph, sources, solvedCount);
          int far = checkedShort(levels - 1);
          // pass 3: the number of optimal solutions, over the same orbit lanes
          counts.run(graph, bfs, levels);
          int atFar = 0;
          for (int i = 0; i < size; i++) {
            int d = bfs.distance(graph, i);
            int id = graph.id(i);
            minSolution[id] = (short) d;
            atFar += d == far ? 1 : 0;
            optimal[id] = (int) counts.count(graph, i); // unsigned: at most OptimalSolutions.MAX
          }
          hardest[g] = far;
          hardestCount[g] = atFar;
        }
        progress.advance(done.addAndGet(size));
      }
    });
    int[] layerStart = new int[count + 1];
    for (int g = 0; g < count; g++) {
      layerStart[g + 1] = layerStart[g] + sizes[g].length;
    }
    int[] layerSizes = new int[layerStart[count]];
    for (int g = 0; g < count; g++) {
      System.arraycopy(sizes[g], 0, layerSizes, layerStart[g], sizes[g].length);
    }
    progress.end("layers", System.nanoTime() - t0, count + " groups, " + layerSizes.length + " layers");
    long t1 = System.nanoTime();
    byte[] minimal = Minimal.compute(groups, minSolution, threads);
    progress.end("minimal", System.nanoTime() - t1, "minimal puzzles flagged");
    Layers result = new Layers(groups, layer, minSolution, layerStart, layerSizes, solved, hardest,
        hardestCount, optimal, minimal);
    return result;
  }

  private static int checkedShort(int value) {
    if (value > Short.MAX_VALUE) {
      throw new IllegalStateException("distance " + value + " does not fit in a short");
    }
    return value;
  }
}
