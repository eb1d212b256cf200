package klotskidb.analysis;

import java.util.Arrays;

/**
 * The plain BFS over a group's moves in local indices (compressed adjacency {@code start},
 * {@code adjacent}), from one layout or from many at once: each layout's distance to the nearest
 * source, for the seed's layers of {@link GroupArrays} and the min_solution_step of every layout
 * in {@link AllRootsBfs} (sources: the solved layouts). The bounded searches of {@link
 * FarthestCandidates} (to depth K, marks stamped per root) and {@link RootBatches} (a ball of at
 * most so many roots) stop early by their own rules and keep their loops.
 *
 * <p>Example: group 5-4-1-1 from its seed (local index 0): distances 0 to 127, 25,955 layouts
 * reached; from its solved layouts: 1A9BF0C00 at 81.
 */
final class Bfs {
  private Bfs() {}

  /**
   * Fills {@code dist[0, n)} with the distance of each layout from the nearest of the sources
   * {@code queue[0, sources)}, -1 where none reaches; {@code queue} (at least n long) ends holding
   * the reached layouts in visiting order. Returns the largest distance (-1 with no sources).
   */
  static int distances(int[] start, int[] adjacent, int n, int[] queue, int sources, int[] dist) {
    Arrays.fill(dist, 0, n, -1);
    for (int c = 0; c < sources; c++) {
      dist[queue[c]] = 0;
    }
    int tail = sources;
    for (int head = 0; head < tail; head++) {
      int v = queue[head];
      int d = dist[v] + 1;
      for (int e = start[v], end = start[v + 1]; e < end; e++) {
        int w = adjacent[e];
        if (dist[w] < 0) {
          dist[w] = d;
          queue[tail++] = w;
        }
      }
    }
    return tail == 0 ? -1 : dist[queue[tail - 1]];
  }
}
