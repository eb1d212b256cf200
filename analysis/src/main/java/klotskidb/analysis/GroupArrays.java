package klotskidb.analysis;

import klotskidb.layerer.GroupGraph;

/**
 * One loaded group as the all-roots analysis reads it, shared by its classes: the moves as
 * compressed adjacency in local indices (code order), the solved layouts, the images of every
 * layout under the symmetries that map the group onto itself, and the distances from the seed.
 *
 * <p>Example: group 5-4-1-1 (the classic group, 25,955 layouts): {@code image[MIRROR]} is set
 * and {@code image[FLIP]} is null (the flip of its seed lies in 5-4-1-0); the seed is 127 layers
 * deep ({@code seedDepth}), so {@link FarthestCandidates} applies.
 *
 * <p>Layouts keep their local index: a move changes one or two pieces, often near the end of the
 * code, so neighbours have nearby numbers and a sweep's rows stay in cache. In 2-3-0-0 (128,040
 * layouts) 91% of the edges join layouts less than 8,192 apart in code order against 58% in the
 * seed's BFS order (which the analysis used before); the largest group runs faster in code order
 * (BENCHMARKS.md, row "layouts in code order").
 */
final class GroupArrays {
  int size;
  int[] start = new int[1];
  int[] adjacent = new int[0];
  boolean[] solved = new boolean[0];
  /**
   * {@code image[t][i]}: the local index of t(i), t numbered as {@link GroupGraph} numbers the
   * transforms (MIRROR 1, FLIP 2, BOTH 3; entry 0 unused); null when t leaves the group.
   */
  final int[][] image = new int[4][];
  private final int[][] images = {null, new int[0], new int[0], new int[0]};
  /** Distances from the seed (local index 0), and the largest. */
  int[] seedDist = new int[0];
  int seedDepth;
  /** The candidate shortcut's sets ({@link FarthestCandidates}); the kernels read them. */
  boolean[] target = new boolean[0];
  boolean[] candidate = new boolean[0];

  /** Takes the group that {@code graph} holds. */
  void load(GroupGraph graph) {
    int n = graph.size();
    size = n;
    if (solved.length < n) {
      int cap = Math.max(n, solved.length * 2);
      solved = new boolean[cap];
      seedDist = new int[cap];
      target = new boolean[cap];
      candidate = new boolean[cap];
      for (int t = GroupGraph.MIRROR; t <= GroupGraph.BOTH; t++) {
        images[t] = new int[cap];
      }
    }
    start = graph.edgeStarts();
    adjacent = graph.edges();
    for (int i = 0; i < n; i++) {
      solved[i] = graph.isSolved(i);
    }
    for (int t = GroupGraph.MIRROR; t <= GroupGraph.BOTH; t++) {
      image[t] = graph.closedUnder(t) ? images[t] : null;
      if (image[t] != null) {
        for (int i = 0; i < n; i++) {
          image[t][i] = graph.image(t, i);
        }
      }
    }
    seedDepth = seedDistances();
  }

  /**
   * A ring of {@code n} layouts, each next to the two on either side, the first solved: a group
   * of no real class, for warming up the kernels ({@link Kernels}).
   */
  static GroupArrays ring(int n) {
    GroupArrays g = new GroupArrays();
    g.size = n;
    g.start = new int[n + 1];
    g.adjacent = new int[4 * n];
    for (int i = 0; i < n; i++) {
      g.start[i + 1] = 4 * (i + 1);
      g.adjacent[4 * i] = (i + n - 2) % n;
      g.adjacent[4 * i + 1] = (i + n - 1) % n;
      g.adjacent[4 * i + 2] = (i + 1) % n;
      g.adjacent[4 * i + 3] = (i + 2) % n;
    }
    g.solved = new boolean[n];
    g.solved[0] = true;
    g.seedDist = new int[n];
    g.target = new boolean[n];
    g.candidate = new boolean[n];
    g.seedDepth = g.seedDistances();
    return g;
  }

  /** BFS from the seed: fills seedDist, returns the seed's eccentricity. */
  private int seedDistances() {
    int[] queue = new int[size];
    queue[0] = 0;
    return Bfs.distances(start, adjacent, size, queue, 1, seedDist);
  }
}
