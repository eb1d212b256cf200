package klotskidb.layerer;

import java.util.Arrays;

/**
 * BFS over a group loaded as orbits ({@link GroupGraph#loadOrbits}): every layout's distance
 * from a set of source layouts, without building every layout's moves.
 *
 * <pre>
 *   OrbitBfs bfs = new OrbitBfs();           // one per thread; buffers are reused and grow
 *   int levels = bfs.run(graph, sources, n); // largest distance + 1
 *   int d = bfs.distance(graph, i);          // of local i; -1 when the sources do not reach it
 * </pre>
 *
 * <p>Layout i is t(c) for its orbit's canonical layout c and a transform t (identity, mirror,
 * flip, both; {@link GroupGraph}). The transforms map moves to moves, so if c has the neighbour
 * u(c'), then t(c) has the neighbour (t ^ u)(c'). The group's graph is therefore the graph of
 * its orbits with a lane per transform, lane t of c stepping to lane t ^ u of c'. This BFS keeps
 * a 4-bit mask of reached lanes per orbit and goes level by level; an orbit in the frontier is
 * expanded once for all its lanes of that level, each edge moving the whole mask through a table.
 * When c is its own image under s (a symmetric layout), lanes t and t ^ s are the same layout
 * and are always reached together.
 *
 * <p>Why: per edge it reads one int of the canonical layout's row and one byte of orbit state,
 * in arrays a quarter of the group's size for the closed groups (nearly all large ones), which
 * stay in cache where a plain BFS's per-layout distances and rows do not; and the full adjacency
 * is never built. A group closed under no transform runs as a plain BFS with one lane.
 */
public final class OrbitBfs {
  /** LANES_MOVED[f] holds f with every lane t moved to t ^ u, in bits 4u .. 4u + 3. */
  private static final int[] LANES_MOVED = new int[16];
  /** CLOSE[stabilizer << 4 | f]: the lanes naming the same layouts as those in f. */
  private static final byte[] CLOSE = new byte[256];

  static {
    for (int f = 0; f < 16; f++) {
      for (int u = 0; u < 4; u++) {
        for (int t = 0; t < 4; t++) {
          if ((f >>> t & 1) != 0) {
            LANES_MOVED[f] |= 1 << (4 * u + (t ^ u));
          }
        }
      }
      for (int stable = 0; stable < 16; stable++) {
        int closed = 0;
        for (int s = 0; s < 4; s++) {
          if ((stable >>> s & 1) != 0) {
            closed |= LANES_MOVED[f] >>> (4 * s) & 15;
          }
        }
        CLOSE[stable << 4 | f] = (byte) closed;
      }
    }
  }

  /** Per orbit: lanes reached (bits 0-3) and the canonical layout's stabilizer (bits 4-7). */
  private byte[] state = new byte[16];
  /** Per orbit: lanes reached in the level being built; its bit in pending is set when non-zero. */
  private byte[] nextLanes = new byte[16];
  /** Orbits with lanes in the level being built, as a bitset: the next frontier comes out sorted. */
  private long[] pending = new long[1];
  /** The level being expanded: orbit << 4 | its lanes of this level. */
  private int[] frontier = new int[16];
  /** Distance of lane t of orbit r at 4 * r + t (= {@link GroupGraph#orbitOf}); -1 unreached. */
  private int[] laneDist = new int[64];

  /**
   * Runs the BFS from the local indices {@code sources[0 .. sourceCount)} (distance 0) over the loaded
   * group and returns the number of levels (the largest distance + 1).
   */
  public int run(GroupGraph graph, int[] sources, int sourceCount) {
    int orbits = graph.orbitCount();
    if (state.length < orbits) {
      int cap = Math.max(orbits, state.length * 2);
      state = new byte[cap];
      nextLanes = new byte[cap];
      pending = new long[(cap + 63) >>> 6];
      frontier = new int[cap];
      laneDist = new int[4 * cap];
    }
    for (int r = 0; r < orbits; r++) {
      state[r] = (byte) (graph.stabilizer(r) << 4);
    }
    Arrays.fill(laneDist, 0, 4 * orbits, -1);
    int[] edges = graph.orbitEdges();
    long[] pending = this.pending;
    int words = (orbits + 63) >>> 6;
    int count = 0;
    for (int k = 0; k < sourceCount; k++) {
      int o = graph.orbitOf(sources[k]);
      count += reach(o >>> 2, 1 << (o & 3));
    }
    int level = 0;
    while (count > 0) {
      // the new lanes get this level's distance and become the frontier, in orbit order
      int size = 0;
      for (int w = 0; w < words; w++) {
        for (long bits = pending[w]; bits != 0; bits &= bits - 1) {
          int r = w << 6 | Long.numberOfTrailingZeros(bits);
          int lanes = nextLanes[r];
          nextLanes[r] = 0;
          frontier[size++] = r << 4 | lanes;
          for (int t = 0; t < 4; t++) {
            if ((lanes >>> t & 1) != 0) {
              laneDist[4 * r + t] = level;
            }
          }
        }
        pending[w] = 0;
      }
      count = 0;
      for (int k = 0; k < size; k++) {
        int r = frontier[k] >>> 4;
        int moved = LANES_MOVED[frontier[k] & 15];
        for (int x = graph.orbitEdgeStart(r), end = graph.orbitEdgeStart(r + 1); x < end; x++) {
          int e = edges[x];
          count += reach(e >>> 2, moved >>> ((e & 3) << 2) & 15);
        }
      }
      level++;
    }
    return level;
  }

  /**
   * Marks the lanes of orbit r that were not reached yet as reached in the next level, with the
   * lanes naming the same layouts; returns 1 if r was not pending yet.
   */
  private int reach(int r, int lanes) {
    int s = state[r] & 0xFF;
    lanes &= ~s;
    if (lanes == 0) {
      return 0;
    }
    // reached lanes are closed under the stabilizer, so the closure of new lanes is new too
    lanes = CLOSE[(s & 0xF0) | lanes];
    state[r] = (byte) (s | lanes);
    int added = nextLanes[r] == 0 ? 1 : 0;
    pending[r >>> 6] |= 1L << r;
    nextLanes[r] |= (byte) lanes;
    return added;
  }

  /** Distances of the last run by lane (4 * orbit + transform, as {@link GroupGraph#orbitOf} gives); -1 unreached. */
  int[] laneDistances() {
    return laneDist;
  }

  /** Distance of local i from the sources of the last run; -1 when they do not reach it. */
  public int distance(GroupGraph graph, int i) {
    return laneDist[graph.orbitOf(i)];
  }
}
