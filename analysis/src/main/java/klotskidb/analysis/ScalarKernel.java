package klotskidb.analysis;

/**
 * The plain Java kernel: 4 words (256 roots) per layout held in four longs, the loop written out.
 * It is the reference the vector kernels are tested against, and the fallback when the Vector
 * API is not there (a JVM started without {@code --add-modules jdk.incubator.vector}).
 *
 * <p>Example: a layout of 2-6-1-0 with 16 neighbours costs 16 row reads of 4 longs here, 16
 * 256-bit loads in {@link VectorKernels}; what that costs: BENCHMARKS.md, row "kernel widths, one
 * dense batch".
 */
final class ScalarKernel extends Kernel {
  ScalarKernel() {
    super(4);
  }

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  long sweep(SweepState lane, int[] list, int m) {
    long[] seen = lane.seen;
    long[] front = lane.front;
    long[] nfront = lane.nfront;
    int[] nxt = lane.nxt;
    int[] start = lane.g.start;
    int[] edges = lane.g.adjacent;
    long f0 = lane.full[0];
    long f1 = lane.full[1];
    long f2 = lane.full[2];
    long f3 = lane.full[3];
    long r0 = 0;
    long r1 = 0;
    long r2 = 0;
    long r3 = 0;
    int keep = 0;
    int joins = 0;
    for (int i = 0; i < m; i++) {
      int w = list[i];
      int bw = w << 2;
      long s0 = seen[bw];
      long s1 = seen[bw + 1];
      long s2 = seen[bw + 2];
      long s3 = seen[bw + 3];
      if ((s0 & f0) == f0 && (s1 & f1) == f1 && (s2 & f2) == f2 && (s3 & f3) == f3) {
        continue; // every root of the batch has been here
      }
      list[keep++] = w;
      long a0 = 0;
      long a1 = 0;
      long a2 = 0;
      long a3 = 0;
      for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
        int bu = edges[e] << 2;
        a0 |= front[bu];
        a1 |= front[bu + 1];
        a2 |= front[bu + 2];
        a3 |= front[bu + 3];
      }
      a0 &= ~s0;
      a1 &= ~s1;
      a2 &= ~s2;
      a3 &= ~s3;
      // stored join or not: a branch on the join mispredicts (see Kernel)
      join(seen, nfront, bw, s0, a0);
      join(seen, nfront, bw + 1, s1, a1);
      join(seen, nfront, bw + 2, s2, a2);
      join(seen, nfront, bw + 3, s3, a3);
      r0 |= a0;
      r1 |= a1;
      r2 |= a2;
      r3 |= a3;
      nxt[joins] = w;
      joins += (a0 | a1 | a2 | a3) != 0 ? 1 : 0;
    }
    long[] any = lane.any;
    any[0] = r0;
    any[1] = r1;
    any[2] = r2;
    any[3] = r3;
    return (long) keep << 32 | joins;
  }

  @Override
  long sweepMarked(SweepState lane, int[] list, int m) {
    long[] seen = lane.seen;
    long[] front = lane.front;
    long[] nfront = lane.nfront;
    long[] mark = lane.mark;
    long[] nmark = lane.nmark;
    int[] nxt = lane.nxt;
    int[] start = lane.g.start;
    int[] edges = lane.g.adjacent;
    long f0 = lane.full[0];
    long f1 = lane.full[1];
    long f2 = lane.full[2];
    long f3 = lane.full[3];
    int keep = 0;
    int joins = 0;
    for (int i = 0; i < m; i++) {
      int w = list[i];
      int bw = w << 2;
      long s0 = seen[bw];
      long s1 = seen[bw + 1];
      long s2 = seen[bw + 2];
      long s3 = seen[bw + 3];
      if ((s0 & f0) == f0 && (s1 & f1) == f1 && (s2 & f2) == f2 && (s3 & f3) == f3) {
        continue;
      }
      list[keep++] = w;
      long a0 = 0;
      long a1 = 0;
      long a2 = 0;
      long a3 = 0;
      long m0 = 0;
      long m1 = 0;
      long m2 = 0;
      long m3 = 0;
      for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
        int bu = edges[e] << 2;
        a0 |= front[bu];
        a1 |= front[bu + 1];
        a2 |= front[bu + 2];
        a3 |= front[bu + 3];
        m0 |= mark[bu];
        m1 |= mark[bu + 1];
        m2 |= mark[bu + 2];
        m3 |= mark[bu + 3];
      }
      a0 &= ~s0;
      a1 &= ~s1;
      a2 &= ~s2;
      a3 &= ~s3;
      join(seen, nfront, bw, s0, a0);
      join(seen, nfront, bw + 1, s1, a1);
      join(seen, nfront, bw + 2, s2, a2);
      join(seen, nfront, bw + 3, s3, a3);
      nmark[bw] = m0 & a0;
      nmark[bw + 1] = m1 & a1;
      nmark[bw + 2] = m2 & a2;
      nmark[bw + 3] = m3 & a3;
      nxt[joins] = w;
      joins += (a0 | a1 | a2 | a3) != 0 ? 1 : 0;
    }
    return (long) keep << 32 | joins;
  }

  /** One word of a swept layout: its seen bits gain the new ones, which are its next frontier. */
  private static void join(long[] seen, long[] nfront, int b, long s, long a) {
    seen[b] = s | a;
    nfront[b] = a;
  }
}
