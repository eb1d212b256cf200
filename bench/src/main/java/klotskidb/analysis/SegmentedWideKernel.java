package klotskidb.analysis;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The 8-word (one 512-bit vector) sweep of {@code VectorKernels.EightWide} cut into segments of
 * the rows it reads at random, for {@link KernelBench} only (issue 46): the group's edges are
 * regrouped once by the segment of the neighbour u they read; inside a segment, the neighbours of
 * one layout w are consecutive, so a dense level ORs them in a register and adds the result to
 * w's accumulator row once per (segment, w). The rows read at random then lie in one segment
 * (2^B rows of 64 bytes); the accumulators are written nearly in order. Levels with fewer open
 * layouts than {@code densePercent} of the group run the plain sweep. Checked against the scalar
 * kernel's values by the bench.
 */
final class SegmentedWideKernel extends Kernel {
  private static final VectorSpecies<Long> W = LongVector.SPECIES_512;
  private final Kernel plain = new VectorKernels.EightWide();
  private final int segmentBits;
  private final int densePercent;
  private GroupArrays built;
  private int builtSize = -1;
  /** Per (segment, w) run: w and the end of its neighbours in entryU; runs in segment order. */
  private int[] runW = new int[0];
  private int[] runEnd = new int[0];
  private int runs;
  private int[] entryU = new int[0];
  private long[] acc = new long[0];
  private boolean[] isOpen = new boolean[0];

  SegmentedWideKernel(int segmentBits, int densePercent) {
    super(8);
    this.segmentBits = segmentBits;
    this.densePercent = densePercent;
  }

  @Override
  public String name() {
    return "segmented-wide-" + (1 << segmentBits);
  }

  private void build(GroupArrays g) {
    EdgeSegments segments = new EdgeSegments(g, segmentBits);
    int[] entryW = segments.entryW;
    entryU = segments.entryU;
    runW = new int[entryW.length];
    runEnd = new int[entryW.length];
    runs = 0;
    for (int k = 0; k < segments.segments(); k++) {
      for (int x = segments.start[k]; x < segments.start[k + 1]; x++) {
        if (x == segments.start[k] || entryW[x] != entryW[x - 1]) {
          runW[runs++] = entryW[x];
        }
        runEnd[runs - 1] = x + 1;
      }
    }
    acc = new long[8 * g.size];
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
    LongVector full = LongVector.fromArray(W, lane.full, 0);
    int keep = 0;
    for (int i = 0; i < m; i++) {
      int w = list[i];
      if (LongVector.fromArray(W, seen, w << 3).and(full).eq(full).allTrue()) {
        continue;
      }
      list[keep++] = w;
      isOpen[w] = true;
    }
    accumulate(front);
    long[] acc = this.acc;
    long[] any = lane.any;
    LongVector.zero(W).intoArray(any, 0);
    int joins = 0;
    for (int i = 0; i < keep; i++) {
      int w = list[i];
      int bw = w << 3;
      isOpen[w] = false;
      LongVector s = LongVector.fromArray(W, seen, bw);
      LongVector t = s.or(LongVector.fromArray(W, acc, bw));
      LongVector a = t.lanewise(VectorOperators.XOR, s);
      LongVector.zero(W).intoArray(acc, bw);
      t.intoArray(seen, bw);
      a.intoArray(nfront, bw);
      LongVector.fromArray(W, any, 0).or(a).intoArray(any, 0);
      nxt[joins] = w;
      joins += a.eq(0L).allTrue() ? 0 : 1;
    }
    return (long) keep << 32 | joins;
  }

  /** Segment by segment, each open layout's neighbours there ORed into its accumulator. */
  private void accumulate(long[] front) {
    long[] acc = this.acc;
    boolean[] isOpen = this.isOpen;
    int[] runW = this.runW;
    int[] runEnd = this.runEnd;
    int[] entryU = this.entryU;
    int from = 0;
    for (int r = 0; r < runs; r++) {
      int w = runW[r];
      int to = runEnd[r];
      if (isOpen[w]) {
        LongVector a = LongVector.fromArray(W, acc, w << 3);
        for (int x = from; x < to; x++) {
          a = a.or(LongVector.fromArray(W, front, entryU[x] << 3));
        }
        a.intoArray(acc, w << 3);
      }
      from = to;
    }
  }

  @Override
  long sweepMarked(SweepState lane, int[] list, int m) {
    return plain.sweepMarked(lane, list, m);
  }
}
