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
 * Loading generates each member's moves once ({@link Mover}) and maps every neighbour code to its
 * local index through an open-addressing hash of the group's codes (at most 2M slots for the
 * largest group, 964,656 layouts), so no global id lookup happens per edge. BFS over the
 * result is plain int-array work.
 */
public final class GroupGraph {
  private final Mover mover = new Mover();
  private final long[] next = new long[Mover.MAX_NEIGHBOURS];

  private int size;
  private int[] ids = new int[16];
  private long[] codes = new long[16];
  private int[] edgeStart = new int[17];
  private int[] edges = new int[256];

  private long[] keys = new long[32];
  private int[] values = new int[32];
  private int mask = 31;

  /** Loads group g: its members, and the moves between them. */
  public void load(Groups groups, int g) {
    AllLayouts all = groups.layouts();
    size = groups.size(g);
    if (ids.length < size) {
      int cap = Math.max(size, ids.length * 2);
      ids = new int[cap];
      codes = new long[cap];
      edgeStart = new int[cap + 1];
    }
    int[] members = groups.members();
    System.arraycopy(members, groups.start(g), ids, 0, size);
    for (int i = 0; i < size; i++) {
      codes[i] = all.code(ids[i]);
    }
    index();
    int e = 0;
    for (int i = 0; i < size; i++) {
      edgeStart[i] = e;
      int n = mover.neighbours(codes[i], next);
      if (e + n > edges.length) {
        edges = Arrays.copyOf(edges, Math.max(e + n, edges.length * 2));
      }
      for (int k = 0; k < n; k++) {
        edges[e++] = localIndex(next[k]);
      }
    }
    edgeStart[size] = e;
  }

  private static int hash(long code) {
    long h = code * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  private void index() {
    int cap = Integer.highestOneBit(Math.max(16, size) * 2 - 1) * 2; // >= 2 * size, power of two
    if (keys.length < cap) {
      keys = new long[cap];
      values = new int[cap];
    }
    mask = cap - 1;
    Arrays.fill(keys, 0, cap, -1L);
    for (int i = 0; i < size; i++) {
      int h = hash(codes[i]) & mask;
      while (keys[h] != -1L) {
        h = (h + 1) & mask;
      }
      keys[h] = codes[i];
      values[h] = i;
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
    int h = hash(code) & mask;
    long k;
    while ((k = keys[h]) != code) {
      if (k == -1L) {
        return -1;
      }
      h = (h + 1) & mask;
    }
    return values[h];
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
