package klotskidb.analysis;

import java.util.Arrays;

/**
 * A layout order for {@link KernelBench} that keeps clusters of layouts joined by many moves
 * together: the group is coarsened by matching each layout with the neighbour it shares the most
 * moves with (heavy-edge matching, as multilevel partitioners coarsen), again and again until the
 * matching stalls; the order then lists the coarsest clusters by their first layout in code order
 * and, inside every cluster, its two halves the same way, so that every cluster of every level is
 * a run of consecutive indices.
 *
 * <pre>
 *   2-6-1-0: 964,656 layouts; order[k] = the code-order index of the layout placed k-th
 * </pre>
 */
final class ClusterOrder {
  private ClusterOrder() {}

  /**
   * order[k]: the old index placed k-th. Clusters stay inside blocks of 2^blockBits layouts in
   * code order (31: no bound), so the blocks keep code order's place.
   */
  static int[] of(int n, int[] start, int[] adjacent, int blockBits) {
    // the current level's graph, with the number of moves between two clusters as the weight
    int cn = n;
    int[] cs = Arrays.copyOf(start, n + 1);
    int[] ca = Arrays.copyOf(adjacent, start[n]);
    int[] cw = new int[start[n]];
    Arrays.fill(cw, 1);
    int[] first = new int[n]; // each cluster's first layout in code order
    int[] size = new int[n];
    for (int v = 0; v < n; v++) {
      first[v] = v;
      size[v] = 1;
    }
    java.util.List<int[]> parents = new java.util.ArrayList<>();
    java.util.List<int[]> mates = new java.util.ArrayList<>();
    java.util.List<int[]> firsts = new java.util.ArrayList<>();
    java.util.List<int[]> sizes = new java.util.ArrayList<>();
    while (cn > 1) {
      int[] mate = new int[cn];
      Arrays.fill(mate, -1);
      int[] parent = new int[cn];
      int pn = 0;
      for (int v = 0; v < cn; v++) {
        if (mate[v] >= 0) {
          continue;
        }
        int best = -1;
        int bestW = 0;
        for (int e = cs[v]; e < cs[v + 1]; e++) {
          int u = ca[e];
          if (u == v || mate[u] >= 0 || first[u] >>> blockBits != first[v] >>> blockBits) {
            continue;
          }
          if (cw[e] > bestW || cw[e] == bestW && Math.abs(first[u] - first[v]) < Math.abs(first[best] - first[v])) {
            best = u;
            bestW = cw[e];
          }
        }
        parent[v] = pn;
        if (best >= 0) {
          mate[v] = best;
          mate[best] = v;
          parent[best] = pn;
        } else {
          mate[v] = v;
        }
        pn++;
      }
      if (pn == cn || pn > cn - cn / 20) {
        break; // the matching stalls: the rest is ordered by first layout
      }
      parents.add(parent);
      mates.add(mate);
      firsts.add(first);
      sizes.add(size);
      // the coarser graph: each cluster's neighbours merged, weights summed
      int[] pFirst = new int[pn];
      int[] pSize = new int[pn];
      Arrays.fill(pFirst, Integer.MAX_VALUE);
      for (int v = 0; v < cn; v++) {
        pFirst[parent[v]] = Math.min(pFirst[parent[v]], first[v]);
        pSize[parent[v]] += size[v];
      }
      int[] members = new int[2 * pn];
      Arrays.fill(members, -1);
      for (int v = 0; v < cn; v++) {
        int p = parent[v];
        members[members[2 * p] < 0 ? 2 * p : 2 * p + 1] = v;
      }
      int[] ns = new int[pn + 1];
      int[] na = new int[cs[cn]];
      int[] nw = new int[cs[cn]];
      long[] buf = new long[64];
      int at = 0;
      for (int p = 0; p < pn; p++) {
        ns[p] = at;
        int k = 0;
        for (int h = 0; h < 2; h++) {
          int v = members[2 * p + h];
          if (v < 0) {
            continue;
          }
          for (int e = cs[v]; e < cs[v + 1]; e++) {
            int q = parent[ca[e]];
            if (q == p) {
              continue;
            }
            if (k == buf.length) {
              buf = Arrays.copyOf(buf, 2 * k);
            }
            buf[k++] = ((long) q << 32) | cw[e];
          }
        }
        Arrays.sort(buf, 0, k);
        for (int i = 0; i < k; ) {
          int q = (int) (buf[i] >>> 32);
          int w = 0;
          for (; i < k && (int) (buf[i] >>> 32) == q; i++) {
            w += (int) buf[i];
          }
          na[at] = q;
          nw[at++] = w;
        }
      }
      ns[pn] = at;
      cn = pn;
      cs = ns;
      ca = na;
      cw = nw;
      first = pFirst;
      size = pSize;
    }
    // the coarsest clusters by first layout, then down the levels: each cluster's two halves by first layout
    Integer[] top = new Integer[cn];
    for (int v = 0; v < cn; v++) {
      top[v] = v;
    }
    final int[] topFirst = first;
    Arrays.sort(top, (a, b) -> Integer.compare(topFirst[a], topFirst[b]));
    int[] offset = new int[cn];
    int pos = 0;
    for (int v : top) {
      offset[v] = pos;
      pos += size[v];
    }
    for (int l = parents.size() - 1; l >= 0; l--) {
      int[] parent = parents.get(l);
      int[] mate = mates.get(l);
      int[] f = firsts.get(l);
      int[] s = sizes.get(l);
      int[] childOffset = new int[parent.length];
      for (int v = 0; v < parent.length; v++) {
        int m = mate[v];
        childOffset[v] = offset[parent[v]] + (m != v && f[m] < f[v] ? s[m] : 0);
      }
      offset = childOffset;
    }
    int[] order = new int[n];
    for (int v = 0; v < n; v++) {
      order[offset[v]] = v;
    }
    return order;
  }

  /** The share of the edges joining layouts less than {@code within} apart under {@code rank}. */
  static double within(GroupArrays g, int within) {
    long near = 0;
    for (int v = 0; v < g.size; v++) {
      for (int e = g.start[v]; e < g.start[v + 1]; e++) {
        near += Math.abs(g.adjacent[e] - v) < within ? 1 : 0;
      }
    }
    return (double) near / g.start[g.size];
  }

  /** g with its layouts placed in {@code order}: layout order[k] becomes k. */
  static GroupArrays relabel(GroupArrays g, int[] order) {
    int n = g.size;
    int[] rank = new int[n];
    for (int k = 0; k < n; k++) {
      rank[order[k]] = k;
    }
    GroupArrays r = new GroupArrays();
    r.size = n;
    r.start = new int[n + 1];
    r.adjacent = new int[g.start[n]];
    r.solved = new boolean[n];
    r.seedDist = new int[n];
    r.target = new boolean[n];
    r.candidate = new boolean[n];
    int at = 0;
    for (int k = 0; k < n; k++) {
      int v = order[k];
      r.start[k] = at;
      int from = at;
      for (int e = g.start[v]; e < g.start[v + 1]; e++) {
        r.adjacent[at++] = rank[g.adjacent[e]];
      }
      Arrays.sort(r.adjacent, from, at);
      r.solved[k] = g.solved[v];
      r.seedDist[k] = g.seedDist[v];
    }
    r.start[n] = at;
    r.seedDepth = g.seedDepth;
    return r;
  }
}
