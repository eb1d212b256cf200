package klotskidb.layerer;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import klotskidb.enumerator.Progress;
import klotskidb.enumerator.Workers;
import klotskidb.grouper.Groups;

/**
 * Two BFS passes over every group (SPEC 5), on the group's {@link GroupGraph}:
 *
 * <ol>
 *   <li><b>layers</b>: from the seed (group_index 0): each layout's {@code layer} and the size of
 *       every layer;
 *   <li><b>solutions</b>: one multi-source BFS from all solved layouts of the group (2x2 at
 *       address 13): each layout's {@code min_solution_step}; groups without a solved layout
 *       are unsolvable and their layouts get {@link Layers#NONE}.
 * </ol>
 *
 * Groups are handed to threads largest first from a shared cursor; each thread keeps one graph
 * and one queue, reused for every group, so nothing is allocated per layout. Throws when a group
 * is not connected or a distance overflows its short.
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

  public static Layers layerAll(Groups groups) {
    return new Layerer(groups, Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
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
      int[] queue = new int[16];
      int[] dist = new int[16];
      for (int k; (k = cursor.getAndIncrement()) < count; ) {
        int g = order[k];
        graph.load(groups, g);
        int size = graph.size();
        if (queue.length < size) {
          queue = new int[Math.max(size, queue.length * 2)];
          dist = new int[queue.length];
        }
        // pass 1: layers from the seed
        queue[0] = 0;
        int reached = bfs(graph, queue, 1, dist);
        if (reached != size) {
          throw new IllegalStateException("group " + groups.groupName(g) + ": the seed reaches "
              + reached + " of " + size + " layouts");
        }
        int layers = dist[queue[size - 1]] + 1;
        int[] layerSize = new int[layers];
        for (int i = 0; i < size; i++) {
          layerSize[dist[i]]++;
          layer[graph.id(i)] = checkedShort(dist[i]);
        }
        sizes[g] = layerSize;
        // pass 2: distance to the nearest solved layout
        int sources = 0;
        for (int i = 0; i < size; i++) {
          if (graph.isSolved(i)) {
            queue[sources++] = i;
          }
        }
        solved[g] = sources;
        if (sources == 0) {
          hardest[g] = Layers.NONE;
          for (int i = 0; i < size; i++) {
            minSolution[graph.id(i)] = Layers.NONE;
          }
        } else {
          bfs(graph, queue, sources, dist);
          int far = dist[queue[size - 1]];
          int atFar = 0;
          for (int i = 0; i < size; i++) {
            minSolution[graph.id(i)] = checkedShort(dist[i]);
            atFar += dist[i] == far ? 1 : 0;
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
    Layers result = new Layers(groups, layer, minSolution, layerStart, layerSizes, solved, hardest,
        hardestCount);
    progress.end("layers", System.nanoTime() - t0, count + " groups, " + layerSizes.length + " layers");
    return result;
  }

  /**
   * BFS from queue[0..sources) (distance 0) over the graph; fills dist for every local index it
   * reaches and leaves them in queue in BFS order. Returns how many it reached.
   */
  static int bfs(GroupGraph graph, int[] queue, int sources, int[] dist) {
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

  private static short checkedShort(int value) {
    if (value > Short.MAX_VALUE) {
      throw new IllegalStateException("distance " + value + " does not fit in a short");
    }
    return (short) value;
  }
}
