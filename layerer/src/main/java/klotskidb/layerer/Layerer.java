package klotskidb.layerer;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.base.Workers;
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
      GroupPasses passes = new GroupPasses();
      for (int k; (k = cursor.getAndIncrement()) < count; ) {
        int g = order[k];
        passes.graph.loadOrbits(groups, g);
        passes.run(groups.groupName(g), layer, minSolution, optimal);
        sizes[g] = passes.layerSizes;
        solved[g] = passes.solved;
        hardest[g] = passes.hardest;
        hardestCount[g] = passes.hardestCount;
        progress.advance(done.addAndGet(passes.graph.size()));
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
    progress.end("layers", System.nanoTime() - t0, UserText.count(count, "group", "groups") + ", "
        + UserText.count(layerSizes.length, "layer", "layers"));
    long t1 = System.nanoTime();
    byte[] minimal = Minimal.compute(groups, minSolution, threads);
    progress.end("minimal", System.nanoTime() - t1, "minimal puzzles flagged");
    Layers result = new Layers(groups, layer, minSolution, layerStart, layerSizes, solved, hardest,
        hardestCount, optimal, minimal);
    return result;
  }
}
