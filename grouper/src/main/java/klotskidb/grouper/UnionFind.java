package klotskidb.grouper;

import java.util.Arrays;

/**
 * Disjoint sets over ids 0..n-1 in one int array: a root holds {@code -size}, any other element
 * its parent. Union by size, path halving. Not synchronised: concurrent callers must work on
 * disjoint sets of elements (the grouper gives each thread whole classes, and moves never leave a
 * class).
 */
final class UnionFind {
  private final int[] parent;

  UnionFind(int n) {
    parent = new int[n];
    Arrays.fill(parent, -1);
  }

  int find(int x) {
    int[] p = parent;
    while (p[x] >= 0) {
      int up = p[x];
      if (p[up] >= 0) {
        p[x] = p[up];
      }
      x = up;
    }
    return x;
  }

  /** Joins the sets of a and b; returns false when they were already one. */
  boolean union(int a, int b) {
    int ra = find(a);
    int rb = find(b);
    if (ra == rb) {
      return false;
    }
    if (parent[ra] > parent[rb]) { // ra is smaller (sizes are negative)
      int t = ra;
      ra = rb;
      rb = t;
    }
    parent[ra] += parent[rb];
    parent[rb] = ra;
    return true;
  }

  /** Size of the set whose root is {@code root}; only before {@link #label}. */
  int sizeOfRoot(int root) {
    return -parent[root];
  }

  /** Roots carry a label once {@link #label} ran: still negative, so find() keeps working. */
  private static final int LABELLED = Integer.MIN_VALUE;

  /** Whether the root has a label yet. */
  boolean isLabelled(int root) {
    return parent[root] < LABELLED + (1 << 30);
  }

  /** Gives a root a label 0..2^30-1 (no more unions after this). */
  void label(int root, int label) {
    parent[root] = LABELLED + label;
  }

  /** The label of a labelled root. */
  int labelOf(int root) {
    return parent[root] - LABELLED;
  }

}
