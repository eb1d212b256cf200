package klotskidb.layerer;

import java.util.Arrays;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;

/**
 * The step graph of one group with local indices 0..size-1 (= group_index, code order), in two
 * forms: per symmetry orbit ({@link #loadOrbits}, what {@link OrbitBfs} walks) and, built from
 * that, per layout as compressed adjacency lists ({@link #load}): neighbours of local i are
 * {@code edges[edgeStart[i] .. edgeStart[i+1])}.
 *
 * <pre>
 *   GroupGraph graph = new GroupGraph();     // one per thread; buffers are reused and grow
 *   graph.load(groups, g);                   // moves of every member, mapped to local indices
 *   graph.size(), graph.id(i), graph.code(i), graph.isSolved(i)
 * </pre>
 *
 * Loading generates moves once per symmetry orbit ({@link Mover}) and maps every neighbour code to
 * its local index through a prefix index of the group's sorted codes, so no global id lookup
 * happens per edge.
 *
 * <p>Prefix index: the codes of a group, in code order, are cut by their top bits ({@code code >>>
 * shift}, the smallest shift giving fewer than 4 buckets per layout) and {@code first[k]} is the
 * first local index in bucket k; a look-up scans its bucket's few codes. Unlike a hash it keeps
 * order: a move of a piece near the end of the code changes only low bits, so the neighbour's
 * bucket and codes sit next to the layout's own, already in cache: faster to load than an
 * open-addressing hash of the same size (BENCHMARKS.md, row "a hash of the group for neighbour
 * look-ups").
 *
 * <p>Symmetry: the left-right mirror and the top-bottom flip map moves to moves. When a transform
 * maps the seed into the group it maps the whole group onto itself (nearly every large group is
 * closed under all of them), and the neighbours of t(v) are t of the neighbours of v. Transforms
 * compose like two bits (mirror 1, flip 2, both 3: XOR). The first layout of each orbit in code
 * order is its canonical layout, numbered r = 0, 1, ... in that order; every layout i is t(c) for
 * its canonical c, kept as {@code orbitOf(i) = r << 2 | t}. Only canonical layouts have their moves
 * generated, each neighbour stored as its orbitOf. If i = t(c) and c has the neighbour w = u(c'),
 * then i has the neighbour t(w) = (t ^ u)(c'), and with the canonical layouts' images in a table
 * at 4 * r + t, that is the entry at {@code orbitOf(w) ^ t}: expanding an edge is one read, and
 * s(i) = (s ^ t)(c) is another.
 */
public final class GroupGraph {
  /** Transforms, as used by {@link #image}: mirror, flip, and both. */
  public static final int MIRROR = 1;
  public static final int FLIP = 2;
  public static final int BOTH = 3;

  private final Mover mover = new Mover();
  private final long[] next = new long[Mover.MAX_NEIGHBOURS];
  private final long[] images = new long[4];

  private int size;
  private int[] ids = new int[16];
  private long[] codes = new long[16];
  /** Whether the full adjacency ({@link #edges}) was built by the last load. */
  private boolean expanded;
  private int[] edgeStart = new int[17];
  private int[] edges = new int[256];

  /** The prefix index: bucket k = (code >>> shift) - base holds local indices first[k] .. first[k + 1). */
  private int[] first = new int[17];
  private int shift;
  private long base;
  private int buckets;

  /** closed[t]: transform t maps the group onto itself (closed[0], the identity, always). */
  private final boolean[] closed = new boolean[4];
  /** Layout i is t(canonical r): orbit[i] = r << 2 | t; -1 while unknown. */
  private int[] orbit = new int[16];
  /** Number of orbits. */
  private int orbits;
  /**
   * Local index of t(canonical r) at 4 * r + t (-1 for a transform that leaves the group); the
   * entry for t = 0 is canonical r itself.
   */
  private int[] canonicalImage = new int[64];
  /** Transforms that map canonical r onto itself (bit t), always including the identity. */
  private byte[] stabilizer = new byte[16];
  /** Moves of canonical r: canonicalEdges[canonicalStart[r] ..), each neighbour as orbit[] gives it. */
  private int[] canonicalStart = new int[17];
  private int[] canonicalEdges = new int[256];

  /** Loads group g: its members, its orbits, and the moves between them ({@link #edges}). */
  public void load(Groups groups, int g) {
    loadOrbits(groups, g);
    expand();
  }

  /**
   * Loads group g as orbits only: members, {@link #orbitOf}, and the moves of each orbit's
   * canonical layout ({@link #orbitEdges}); {@link #edges} is not built.
   */
  public void loadOrbits(Groups groups, int g) {
    LayoutSpace all = groups.layouts();
    sized(groups.size(g));
    int[] members = groups.members();
    System.arraycopy(members, groups.start(g), ids, 0, size);
    for (int i = 0; i < size; i++) {
      codes[i] = all.code(ids[i]);
    }
    loadMoves();
  }

  /**
   * Loads a group given as its codes alone ({@code members[0 .. size)}, in code order: a group
   * flooded from one layout, {@link OneGroup}), as orbits; {@link #id} is the local index.
   */
  public void loadOrbits(long[] members, int size) {
    sized(size);
    System.arraycopy(members, 0, codes, 0, size);
    for (int i = 0; i < size; i++) {
      ids[i] = i;
    }
    loadMoves();
  }

  private void sized(int n) {
    size = n;
    if (ids.length < size) {
      int cap = Math.max(size, ids.length * 2);
      ids = new int[cap];
      codes = new long[cap];
      orbit = new int[cap];
    }
  }

  /** Orbits and the moves of their canonical layouts, once {@link #codes} holds the group. */
  private void loadMoves() {
    expanded = false;
    index();
    orbits();
    // moves of the canonical layouts, each neighbour as (its orbit, the transform)
    if (canonicalStart.length < orbits + 1) {
      canonicalStart = new int[Math.max(orbits + 1, canonicalStart.length * 2)];
    }
    int e = 0;
    for (int r = 0; r < orbits; r++) {
      canonicalStart[r] = e;
      int n = mover.neighbours(codes[canonicalImage[4 * r]], next);
      if (e + n > canonicalEdges.length) {
        canonicalEdges = Arrays.copyOf(canonicalEdges, Math.max(e + n, canonicalEdges.length * 2));
      }
      for (int k = 0; k < n; k++) {
        canonicalEdges[e++] = orbit[localIndex(next[k])];
      }
    }
    canonicalStart[orbits] = e;
  }

  /**
   * Every layout's moves: those of its canonical layout, mapped by its transform. If i = t(c)
   * and c has neighbour w = u(c'), then i has neighbour t(w) = (t ^ u)(c').
   */
  private void expand() {
    if (edgeStart.length < size + 1) {
      edgeStart = new int[Math.max(size + 1, edgeStart.length * 2)];
    }
    int e = 0;
    for (int i = 0; i < size; i++) {
      edgeStart[i] = e;
      int r = orbit[i] >>> 2;
      int t = orbit[i] & 3;
      int from = canonicalStart[r];
      int n = canonicalStart[r + 1] - from;
      if (e + n > edges.length) {
        edges = Arrays.copyOf(edges, Math.max(e + n, edges.length * 2));
      }
      for (int x = from; x < from + n; x++) {
        edges[e++] = canonicalImage[canonicalEdges[x] ^ t];
      }
    }
    edgeStart[size] = e;
    expanded = true;
  }

  /** Finds which transforms map the group onto itself, and every layout's orbit. */
  private void orbits() {
    long[] img = images;
    mover.images(codes[0], img);
    for (int t = 0; t <= BOTH; t++) {
      closed[t] = find(img[t]) >= 0;
    }
    boolean anyClosed = closed[MIRROR] || closed[FLIP] || closed[BOTH];
    Arrays.fill(orbit, 0, size, -1);
    int r = 0;
    for (int i = 0; i < size; i++) {
      if (orbit[i] >= 0) {
        continue;
      }
      // the first of its orbit: every other member has a larger index
      if (stabilizer.length <= r) {
        int cap = Math.min(size, stabilizer.length * 2);
        canonicalImage = Arrays.copyOf(canonicalImage, 4 * cap);
        stabilizer = Arrays.copyOf(stabilizer, cap);
      }
      orbit[i] = r << 2;
      canonicalImage[4 * r] = i;
      int stable = 1;
      if (anyClosed) {
        mover.images(codes[i], img);
      }
      for (int t = MIRROR; t <= BOTH; t++) {
        int j = -1;
        if (closed[t]) {
          j = localIndex(img[t]);
          if (orbit[j] < 0) {
            orbit[j] = r << 2 | t;
          }
          stable |= j == i ? 1 << t : 0;
        }
        canonicalImage[4 * r + t] = j;
      }
      stabilizer[r] = (byte) stable;
      r++;
    }
    orbits = r;
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
    // i = s(c) for its canonical c, so t(i) = (t ^ s)(c)
    return canonicalImage[orbit[i] ^ t];
  }

  /** Number of orbits: the canonical layouts are numbered 0 .. orbitCount() - 1. */
  public int orbitCount() {
    return orbits;
  }

  /** Layout i is t(canonical r), with r = orbitOf(i) >>> 2 and t = orbitOf(i) & 3. */
  public int orbitOf(int i) {
    return orbit[i];
  }

  /** Local index of t(canonical r); -1 when t leaves the group. */
  public int canonicalImage(int r, int t) {
    return canonicalImage[4 * r + t];
  }

  /** Transforms mapping canonical r onto itself, as bits 1 << t (bit 0 always set). */
  public int stabilizer(int r) {
    return stabilizer[r];
  }

  /** The moves of canonical r are orbitEdges()[orbitEdgeStart(r) .. orbitEdgeStart(r + 1)), as orbitOf gives them. */
  public int orbitEdgeStart(int r) {
    return canonicalStart[r];
  }

  public int[] orbitEdges() {
    return canonicalEdges;
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
    return Code.isSolved(codes[i]);
  }

  public int edgeStart(int i) {
    return edgeStart[i];
  }

  /** Neighbours of local i are edges()[edgeStart(i) .. edgeStart(i + 1)); needs {@link #load}. */
  /** The adjacency offsets: neighbours of i are edges()[edgeStarts()[i] .. edgeStarts()[i + 1]). */
  public int[] edgeStarts() {
    return edgeStart;
  }

  public int[] edges() {
    if (!expanded) {
      throw new IllegalStateException("the group was loaded as orbits only");
    }
    return edges;
  }
}
