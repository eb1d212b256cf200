package klotskidb.analysis;

/**
 * A measurement of issue 46's idea, for {@link KernelBench} only: the scalar 4-word sweep cut
 * into segments of the rows it reads at random (Cagra's CSR segmenting). The group's edges are
 * regrouped once by the segment of the neighbour u they read (each segment's entries in order of
 * the layout w they serve); a dense level ORs, segment after segment, {@code front[u]} into an
 * accumulator row of w, so the rows read at random lie in one segment (sized for L2) while the
 * accumulators are written nearly in order; then each open layout takes its accumulator as the
 * plain sweep takes its OR. Sparse levels (fewer open layouts than a quarter of the group) run the
 * plain scalar sweep. Same state, same lists as {@link ScalarKernel}: the bench checks the batch's
 * values against it.
 */
final class SegmentedScalarKernel extends Kernel {
  private final ScalarKernel plain = new ScalarKernel();
  private final int segmentBits;
  /** Open layouts, in percent of the group, from which a level is swept in segments. */
  private final int densePercent;
  private GroupArrays built;
  private int builtSize = -1;
  private int[] segmentStart = new int[0];
  private int[] entryW = new int[0];
  private int[] entryU = new int[0];
  private long[] acc = new long[0];
  private boolean[] isOpen = new boolean[0];

  SegmentedScalarKernel(int segmentBits, int densePercent) {
    super(4);
    this.segmentBits = segmentBits;
    this.densePercent = densePercent;
  }

  @Override
  public String name() {
    return "segmented-" + (1 << segmentBits);
  }

  private void build(GroupArrays g) {
    EdgeSegments segments = new EdgeSegments(g, segmentBits);
    segmentStart = segments.start;
    entryW = segments.entryW;
    entryU = segments.entryU;
    acc = new long[4 * g.size];
    isOpen = new boolean[g.size];
    built = g;
    builtSize = g.size;
  }

  @Override
  long sweep(SweepState lane, int[] list, int m) {
    GroupArrays g = lane.g;
    if ((long) m * 100 < (long) g.size * densePercent) {
      return plain.sweep(lane, list, m);
    }
    if (built != g || builtSize != g.size) {
      build(g);
    }
    long[] seen = lane.seen;
    long[] front = lane.front;
    long[] nfront = lane.nfront;
    int[] nxt = lane.nxt;
    long f0 = lane.full[0];
    long f1 = lane.full[1];
    long f2 = lane.full[2];
    long f3 = lane.full[3];
    // the open layouts: those some root has not reached
    int keep = 0;
    for (int i = 0; i < m; i++) {
      int w = list[i];
      int bw = w << 2;
      if ((seen[bw] & f0) == f0 && (seen[bw + 1] & f1) == f1 && (seen[bw + 2] & f2) == f2
          && (seen[bw + 3] & f3) == f3) {
        continue;
      }
      list[keep++] = w;
      isOpen[w] = true;
    }
    // segment by segment: the rows read at random are the segment's
    long[] acc = this.acc;
    boolean[] isOpen = this.isOpen;
    int[] entryW = this.entryW;
    int[] entryU = this.entryU;
    for (int x = 0, end = segmentStart[segmentStart.length - 1]; x < end; x++) {
      int w = entryW[x];
      if (isOpen[w]) {
        int bu = entryU[x] << 2;
        int bw = w << 2;
        acc[bw] |= front[bu];
        acc[bw + 1] |= front[bu + 1];
        acc[bw + 2] |= front[bu + 2];
        acc[bw + 3] |= front[bu + 3];
      }
    }
    long r0 = 0;
    long r1 = 0;
    long r2 = 0;
    long r3 = 0;
    int joins = 0;
    for (int i = 0; i < keep; i++) {
      int w = list[i];
      int bw = w << 2;
      isOpen[w] = false;
      long a0 = acc[bw] & ~seen[bw];
      long a1 = acc[bw + 1] & ~seen[bw + 1];
      long a2 = acc[bw + 2] & ~seen[bw + 2];
      long a3 = acc[bw + 3] & ~seen[bw + 3];
      acc[bw] = 0;
      acc[bw + 1] = 0;
      acc[bw + 2] = 0;
      acc[bw + 3] = 0;
      seen[bw] |= a0;
      seen[bw + 1] |= a1;
      seen[bw + 2] |= a2;
      seen[bw + 3] |= a3;
      nfront[bw] = a0;
      nfront[bw + 1] = a1;
      nfront[bw + 2] = a2;
      nfront[bw + 3] = a3;
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
    return plain.sweepMarked(lane, list, m);
  }
}
