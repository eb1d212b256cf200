package klotskidb.layerer;

import java.util.Arrays;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;

/**
 * The step graph of one group with local indices 0..size-1 (= group_index, code order), as
 * compressed adjacency lists: neighbours of local i are {@code edges[edgeStart[i] .. edgeStart[i+1])}.
 *
 * <pre>
 *   GroupGraph graph = new GroupGraph();     // one per thread; buffers are reused and grow
 *   graph.load(groups, g);                   // moves of every member, mapped to local indices
 *   graph.size(), graph.id(i), graph.code(i), graph.isSolved(i)
 * </pre>
 *
 * Loading generates moves once per symmetry orbit ({@link Mover}) and maps every neighbour code to
 * its local index through a prefix index of the group's sorted codes, so no global id lookup
 * happens per edge. BFS over the result is plain int-array work.
 *
 * <p>Prefix index: the codes of a group, in code order, are cut by their top bits ({@code code >>>
 * shift}, the smallest shift giving fewer than 4 buckets per layout) and {@code first[k]} is the
 * first local index in bucket k; a look-up scans its bucket's few codes. Unlike a hash it keeps
 * order: a move of a piece near the end of the code changes only low bits, so the neighbour's
 * bucket and codes sit next to the layout's own, already in cache. Loading the 60 largest groups
 * took 20% less time than with an open-addressing hash of the same size (16 bytes per layout).
 *
 * <p>Symmetry: the left-right mirror and the top-bottom flip map moves to moves. When a transform
 * maps the seed into the group it maps the whole group onto itself (nearly every large group is
 * closed under all of them), and the neighbours of t(v) are t of the neighbours of v. So only the
 * first layout of each orbit (its "canonical" layout) has its moves generated; every other
 * layout's list is its canonical layout's list mapped through the transforms, which costs one
 * array read per edge instead of a move and a look-up. Transforms compose like two bits
 * (mirror 1, flip 2, both 3: XOR), so when the canonical layout's images are known the images of
 * every member of its orbit are too: if j = t(c), then s(j) = (t ^ s)(c). A table of every
 * layout's four images, {@code imageOf[4u + t]}, is filled an orbit at a time, and mapping an
 * edge is one read.
 *
 * <p>Memory: mapping reads images at random in an array larger than the caches for the big
 * groups, so a layout's four images sit together in one cache line.
 */
public final class GroupGraph {
  /** Transforms, as used by {@link #image}: mirror, flip, and both. */
  public static final int MIRROR = 1;
  public static final int FLIP = 2;
  public static final int BOTH = 3;

  private final Mover mover = new Mover();
  private final long[] next = new long[Mover.MAX_NEIGHBOURS];

  private int size;
  private int[] ids = new int[16];
  private long[] codes = new long[16];
  private int[] edgeStart = new int[17];
  private int[] edges = new int[256];

  /** The prefix index: bucket k = (code >>> shift) - base holds local indices first[k] .. first[k + 1). */
  private int[] first = new int[17];
  private int shift;
  private long base;
  private int buckets;

  /** closed[t]: transform t maps the group onto itself (closed[0], the identity, always). */
  private final boolean[] closed = new boolean[4];
  /** The first layout of i's orbit << 2 | the transform taking it to i; -1 while unknown. */
  private int[] orbit = new int[16];
  /** For every layout u: its image under t at 4 * u + t (for the transforms in closed). */
  private int[] imageOf = new int[64];
  /** Moves of the canonical layouts only (others have empty ranges). */
  private int[] canonicalStart = new int[17];
  private int[] canonicalEdges = new int[256];

  /** Loads group g: its members, and the moves between them. */
  public void load(Groups groups, int g) {
    AllLayouts all = groups.layouts();
    size = groups.size(g);
    if (ids.length < size) {
      int cap = Math.max(size, ids.length * 2);
      ids = new int[cap];
      codes = new long[cap];
      edgeStart = new int[cap + 1];
      orbit = new int[cap];
      imageOf = new int[4 * cap];
      canonicalStart = new int[cap + 1];
    }
    int[] members = groups.members();
    System.arraycopy(members, groups.start(g), ids, 0, size);
    for (int i = 0; i < size; i++) {
      codes[i] = all.code(ids[i]);
    }
    index();
    orbits();
    // moves of the canonical layouts
    int e = 0;
    for (int i = 0; i < size; i++) {
      canonicalStart[i] = e;
      if (orbit[i] != i << 2) {
        continue;
      }
      int n = mover.neighbours(codes[i], next);
      if (e + n > canonicalEdges.length) {
        canonicalEdges = Arrays.copyOf(canonicalEdges, Math.max(e + n, canonicalEdges.length * 2));
      }
      for (int k = 0; k < n; k++) {
        canonicalEdges[e++] = localIndex(next[k]);
      }
    }
    canonicalStart[size] = e;
    // every layout's moves: its canonical layout's, mapped by its transform
    e = 0;
    for (int i = 0; i < size; i++) {
      edgeStart[i] = e;
      int c = orbit[i] >>> 2;
      int t = orbit[i] & 3;
      int from = canonicalStart[c];
      int n = canonicalStart[c + 1] - from;
      if (e + n > edges.length) {
        edges = Arrays.copyOf(edges, Math.max(e + n, edges.length * 2));
      }
      if (t == 0) {
        System.arraycopy(canonicalEdges, from, edges, e, n);
        e += n;
      } else {
        for (int x = from; x < from + n; x++) {
          edges[e++] = imageOf[canonicalEdges[x] << 2 | t];
        }
      }
    }
    edgeStart[size] = e;
  }

  /** Finds which transforms map the group onto itself, and every layout's orbit. */
  private void orbits() {
    long seed = codes[0];
    closed[0] = true;
    closed[MIRROR] = find(mover.mirror(seed)) >= 0;
    closed[FLIP] = find(mover.flip(seed)) >= 0;
    closed[BOTH] = find(mover.flip(mover.mirror(seed))) >= 0;
    Arrays.fill(orbit, 0, size, -1);
    int[] img = new int[4];
    for (int i = 0; i < size; i++) {
      if (orbit[i] >= 0) {
        continue;
      }
      // the first of its orbit: every other member has a larger index and gets i as canonical
      orbit[i] = i << 2;
      img[0] = i;
      long mirrored = closed[MIRROR] || closed[BOTH] ? mover.mirror(codes[i]) : 0;
      for (int t = MIRROR; t <= BOTH; t++) {
        if (!closed[t]) {
          continue;
        }
        long code = t == MIRROR ? mirrored : t == FLIP ? mover.flip(codes[i]) : mover.flip(mirrored);
        int j = localIndex(code);
        img[t] = j;
        if (orbit[j] < 0) {
          orbit[j] = i << 2 | t;
        }
      }
      // j = t(i) has s(j) = (t ^ s)(i); the closed transforms form a group, so t ^ s is closed
      for (int t = 0; t <= BOTH; t++) {
        if (closed[t]) {
          int j = img[t];
          for (int s = 0; s <= BOTH; s++) {
            imageOf[4 * j + s] = closed[s] ? img[t ^ s] : -1;
          }
        }
      }
    }
  }

  /** Whether transform t ({@link #MIRROR}, {@link #FLIP}, {@link #BOTH}) maps the group onto itself. */
  public boolean closedUnder(int t) {
    return closed[t];
  }

  /** The local index of t(i); t must map the group onto itself ({@link #closedUnder}). */
  public int image(int t, int i) {
    if (!closed[t]) {
      throw new IllegalArgumentException("transform " + t + " leaves the group");
    }
    return imageOf[4 * i + t];
  }

  /** Builds the prefix index over the sorted codes. */
  private void index() {
    long lo = codes[0];
    long hi = codes[size - 1];
    int sh = 0;
    while ((hi >>> sh) - (lo >>> sh) >= 4L * size) {
      sh++;
    }
    shift = sh;
    base = lo >>> sh;
    buckets = (int) ((hi >>> sh) - base) + 1;
    if (first.length < buckets + 1) {
      first = new int[Math.max(buckets + 1, first.length * 2)];
    }
    int k = 0;
    for (int i = 0; i < size; i++) {
      int bucket = (int) ((codes[i] >>> sh) - base);
      while (k <= bucket) {
        first[k++] = i;
      }
    }
    while (k <= buckets) {
      first[k++] = size;
    }
  }

  /** The local index of a member's code. */
  public int localIndex(long code) {
    int i = find(code);
    if (i < 0) {
      throw new IllegalStateException("move to " + Code.format(code) + " leaves the group");
    }
    return i;
  }

  /** The local index of {@code code}, or -1 when it is not a member. */
  public int find(long code) {
    long bucket = (code >>> shift) - base;
    if (bucket < 0 || bucket >= buckets) {
      return -1;
    }
    for (int i = first[(int) bucket], end = first[(int) bucket + 1]; i < end; i++) {
      if (codes[i] == code) {
        return i;
      }
    }
    return -1;
  }

  public int size() {
    return size;
  }

  /** Global id of local i. */
  public int id(int i) {
    return ids[i];
  }

  public long code(int i) {
    return codes[i];
  }

  /** Whether local i is solved: the 2x2 at the bottom middle (address 13, code digit D). */
  public boolean isSolved(int i) {
    return (codes[i] >>> 32) == 0xD;
  }

  public int edgeStart(int i) {
    return edgeStart[i];
  }

  /** Neighbours of local i are edges()[edgeStart(i) .. edgeStart(i + 1)). */
  public int[] edges() {
    return edges;
  }

  public int edgeCount() {
    return edgeStart[size];
  }
}
