package klotskidb.analysis;

/**
 * A group's edges regrouped by the segment of the row they read, for the segmented sweeps of
 * {@link KernelBench} ({@link SegmentedScalarKernel}, {@link SegmentedWideKernel}): segment k
 * holds the edges (w, u) with u in [k * 2^bits, (k + 1) * 2^bits), in order of w, at
 * {@code entryW/entryU[start[k] .. start[k + 1])}.
 *
 * <pre>
 *   2-6-1-0, bits 14: 59 segments of 16,384 rows (1 MB at 8 words); 15,499,516 entries in all
 * </pre>
 */
final class EdgeSegments {
  final int[] start;
  final int[] entryW;
  final int[] entryU;

  EdgeSegments(GroupArrays g, int bits) {
    int n = g.size;
    int segments = (n + (1 << bits) - 1) >>> bits;
    int[] edgeStart = g.start;
    int[] adjacent = g.adjacent;
    int edges = edgeStart[n];
    start = new int[segments + 1];
    for (int e = 0; e < edges; e++) {
      start[(adjacent[e] >>> bits) + 1]++;
    }
    for (int k = 0; k < segments; k++) {
      start[k + 1] += start[k];
    }
    int[] at = java.util.Arrays.copyOf(start, segments);
    entryW = new int[edges];
    entryU = new int[edges];
    for (int w = 0; w < n; w++) {
      for (int e = edgeStart[w]; e < edgeStart[w + 1]; e++) {
        int k = adjacent[e] >>> bits;
        entryW[at[k]] = w;
        entryU[at[k]++] = adjacent[e];
      }
    }
  }

  int segments() {
    return start.length - 1;
  }
}
