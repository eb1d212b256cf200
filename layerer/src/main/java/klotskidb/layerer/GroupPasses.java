package klotskidb.layerer;

import klotskidb.enumerator.Code;

/**
 * The three passes of SPEC 5 over one group loaded in {@link #graph}: the {@link Layerer}'s for
 * every group of a build, {@link OneGroup}'s for a group flooded from one layout, so both give
 * the same numbers by the same code.
 *
 * <pre>
 *   GroupPasses p = new GroupPasses();          // one per thread: buffers reused
 *   p.graph.loadOrbits(groups, g);              // or loadOrbits(codes, size)
 *   p.run("5-4-1-1", layer, minSolution, optimal);   (the group of 1A9BF0C00)
 *   p.layerSizes   [1, 2, 4, 11, ...]  128 layers from its seed, 00A6BFC00
 *   p.solved 964, p.hardest 93 (steps), p.hardestCount 2
 * </pre>
 *
 * <ol>
 *   <li><b>layers</b> from the seed (local 0): each layout's {@code layer}, each layer's size;
 *   <li><b>solutions</b>: a multi-source BFS from every solved layout: each layout's {@code
 *       min_solution_step} ({@link Layers#NONE} in a group without a solved layout);
 *   <li><b>optimal solutions</b>: a count over the distances of pass 2 ({@link OptimalSolutions}).
 * </ol>
 *
 * Each layout's values go to index {@code graph.id(i)} of the arrays given. Throws when the seed
 * does not reach a member (the group is not connected) or a distance overflows its short.
 */
final class GroupPasses {
  final GroupGraph graph = new GroupGraph();
  private final OrbitBfs bfs = new OrbitBfs();
  private final OptimalSolutions counts = new OptimalSolutions();
  private int[] sources = new int[16];

  /** The last group's layer sizes, solved layouts, largest min_solution_step and layouts at it. */
  int[] layerSizes;
  int solved;
  int hardest;
  int hardestCount;

  /** Runs the passes over the group in {@link #graph} ({@code name}: for a message only). */
  void run(String name, short[] layer, short[] minSolution, int[] optimal) {
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
        throw new IllegalStateException("group " + name + ": the seed does not reach " + Code.format(graph.code(i)));
      }
      layerSize[d]++;
      layer[graph.id(i)] = (short) d;
    }
    layerSizes = layerSize;
    // pass 2: distance to the nearest solved layout
    int solvedCount = 0;
    for (int i = 0; i < size; i++) {
      if (graph.isSolved(i)) {
        sources[solvedCount++] = i;
      }
    }
    solved = solvedCount;
    hardestCount = 0;
    if (solvedCount == 0) {
      hardest = Layers.NONE;
      for (int i = 0; i < size; i++) {
        minSolution[graph.id(i)] = Layers.NONE;
      }
      return;
    }
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
    hardest = far;
    hardestCount = atFar;
  }

  private static int checkedShort(int value) {
    if (value > Short.MAX_VALUE) {
      throw new IllegalStateException("distance " + value + " does not fit in a short");
    }
    return value;
  }
}
