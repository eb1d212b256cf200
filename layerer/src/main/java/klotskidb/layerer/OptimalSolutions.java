package klotskidb.layerer;

import klotskidb.enumerator.Code;
import java.util.Arrays;

/**
 * The number of optimal solutions of every layout of a group: how many distinct sequences of
 * layouts, each one step from the one before, lead from it to a solved layout in
 * min_solution_step steps (such a sequence meets its first solved layout at its end). A solved
 * layout has one (itself); an unsolvable one none.
 *
 * <pre>
 *   1A9BF0C00 (横刀立马, 81 steps): paths[v] = sum of paths[u] over the neighbours u one step closer
 *   OptimalSolutions counts = new OptimalSolutions();    // one per thread, buffers reused
 *   counts.run(graph, bfs);           // after bfs.run from the group's solved layouts
 *   counts.count(graph, i)            // of local i: 256 for 1A9BF0C00
 * </pre>
 *
 * How: the BFS from the solved layouts left each orbit lane's distance ({@link OrbitBfs}); the
 * lanes are sorted by distance (a counting sort) and, nearest first, each lane's count is the
 * sum of its neighbours' counts one level closer. Lane t of canonical c has the neighbour lane
 * (c', t ^ u) for each move of c to u(c') (as {@link GroupGraph} stores them), so the counting
 * reads the same small orbit arrays as the BFS. A symmetric layout's lanes name one layout and
 * get the same count.
 *
 * <p>Counts are unbounded in principle (they can grow exponentially with the distance); over all
 * 29,334,498 layouts the largest is 829,440,000 (03FB59000, 122 steps), so the database stores
 * 32 bits unsigned and a count beyond them stops the build with a message, as a distance beyond
 * a short does: never a wrapped value.
 */
public final class OptimalSolutions {
  /** The largest count stored (unsigned 32 bits); a larger one stops the build rather than wrap. */
  public static final long MAX = 0xFFFF_FFFFL;

  private long[] laneCount = new long[64];
  private int[] order = new int[64];
  private int[] levelStart = new int[16];

  /** Counts every lane of the group loaded in {@code graph}, from the distances {@code bfs} left. */
  public void run(GroupGraph graph, OrbitBfs bfs, int levels) {
    int lanes = 4 * graph.orbitCount();
    if (laneCount.length < lanes) {
      int cap = Math.max(lanes, laneCount.length * 2);
      laneCount = new long[cap];
      order = new int[cap];
    }
    if (levelStart.length < levels + 2) {
      levelStart = new int[Math.max(levels + 2, levelStart.length * 2)];
    }
    int[] dist = bfs.laneDistances();
    // lanes by distance (unreached lanes, transforms that leave the group, left out)
    Arrays.fill(levelStart, 0, levels + 2, 0);
    for (int x = 0; x < lanes; x++) {
      if (dist[x] >= 0) {
        levelStart[dist[x] + 2]++;
      }
    }
    for (int d = 0; d < levels; d++) {
      levelStart[d + 2] += levelStart[d + 1];
    }
    for (int x = 0; x < lanes; x++) {
      if (dist[x] >= 0) {
        order[levelStart[dist[x] + 1]++] = x;
      }
    }
    // now level d's lanes are order[levelStart[d] .. levelStart[d + 1])
    int[] edges = graph.orbitEdges();
    for (int k = levelStart[0]; k < levelStart[1]; k++) {
      laneCount[order[k]] = 1;
    }
    // a group closed under the mirror keeps its solved layouts (the exit is in the middle), so a
    // layout and its mirror have the same count: lanes t and t ^ 1 are counted once
    boolean mirrored = graph.closedUnder(GroupGraph.MIRROR);
    for (int k = levelStart[1], end = levelStart[levels]; k < end; k++) {
      int x = order[k];
      if (mirrored && (x & 1) == 1) {
        continue;
      }
      int r = x >>> 2;
      int t = x & 3;
      int closer = dist[x] - 1;
      long sum = 0;
      for (int e = graph.orbitEdgeStart(r), stop = graph.orbitEdgeStart(r + 1); e < stop; e++) {
        int y = (edges[e] >>> 2 << 2) | ((edges[e] & 3) ^ t);
        if (dist[y] == closer) {
          sum += laneCount[y];
          if (sum > MAX) {
            throw new IllegalStateException("the number of optimal solutions of " + Code.format(graph.code(
                graph.canonicalImage(r, t))) + " passes " + MAX + ": it does not fit the database's 32 bits");
          }
        }
      }
      laneCount[x] = sum;
      if (mirrored) {
        laneCount[x | 1] = sum;
      }
    }
  }

  /** The count of local i after {@link #run}: at least 1. */
  public long count(GroupGraph graph, int i) {
    return laneCount[graph.orbitOf(i)];
  }
}
