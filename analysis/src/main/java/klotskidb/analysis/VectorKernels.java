package klotskidb.analysis;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The kernels on the JDK's incubator Vector API: a layout's words of one state as 256-bit
 * vectors, one for 4 words (256 roots) and two for 8 (512 roots: a 64-byte line per layout and
 * state), or for 8 words one 512-bit vector where the processor has them ({@link EightWide}). C2
 * compiles each to AVX2 or AVX-512 loads and ORs; only this class names the incubator module, so a
 * JVM without it never loads it ({@link Kernels} falls back to {@link ScalarKernel}).
 *
 * <p>Example: a layout of 2-6-1-0 with 16 neighbours, 8 words: 32 vector loads and ORs where the
 * scalar kernel would do 128 long loads and ORs for the same 512 roots.
 *
 * <p>Each width is its own class with its species in a static final field, though their loops
 * read alike: C2 intrinsifies vector operations only on a species it knows as a constant, which an
 * instance field holding it is not.
 *
 * <p>No vector is carried across the sweep's iterations through a branch: on JDK 17, C2 keeps a
 * vector that merges at such a point as a heap object, so an OR of the joins kept in a local
 * allocated two objects per join (about 1 GB of garbage per batch of 2-6-1-0, and batches that
 * took twice as long at random). The OR of the joins goes through {@code lane.any} instead.
 * New bits are {@code (s | a) ^ s} (OR and XOR are plain intrinsics).
 *
 * <p>Why these widths and no native kernel: BENCHMARKS.md, rows "kernel widths, one dense batch"
 * (the C kernel with AVX2 came close to the 8-word one, not enough for a native build) and "a
 * vector loop compiled on-stack".
 * C2 must compile a sweep as a whole method, which is why a kernel call is one level and
 * {@link Kernels} warms the kernels up before the first group.
 */
final class VectorKernels {
  private static final VectorSpecies<Long> S = LongVector.SPECIES_256;

  private VectorKernels() {}

  /** Whether this JVM compiles the 256-bit species to hardware vectors (AVX2 on x86). */
  static boolean supported() {
    return LongVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
  }

  /** Whether it compiles 512-bit vectors to hardware ones (AVX-512 and -XX:MaxVectorSize 64). */
  static boolean wide() {
    return LongVector.SPECIES_PREFERRED.vectorBitSize() >= 512;
  }

  /** 4 words: one vector per layout and state. */
  static final class Four extends Kernel {
    Four() {
      super(4);
    }

    @Override
    public String name() {
      return "vector";
    }

    @Override
    long sweep(SweepState lane, int[] list, int m) {
      long[] seen = lane.seen;
      long[] front = lane.front;
      long[] nfront = lane.nfront;
      int[] nxt = lane.nxt;
      int[] start = lane.g.start;
      int[] edges = lane.g.adjacent;
      LongVector full = LongVector.fromArray(S, lane.full, 0);
      long[] any = lane.any;
      LongVector.zero(S).intoArray(any, 0);
      int keep = 0;
      int joins = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w << 2;
        LongVector s = LongVector.fromArray(S, seen, bw);
        if (s.and(full).eq(full).allTrue()) {
          continue; // every root of the batch has been here
        }
        list[keep++] = w;
        LongVector a = LongVector.zero(S);
        for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
          a = a.or(LongVector.fromArray(S, front, edges[e] << 2));
        }
        LongVector t = s.or(a);
        a = t.lanewise(VectorOperators.XOR, s); // a & ~s: s is within t
        t.intoArray(seen, bw); // stored join or not: a branch here mispredicts (see above)
        a.intoArray(nfront, bw);
        LongVector.fromArray(S, any, 0).or(a).intoArray(any, 0);
        nxt[joins] = w;
        joins += a.eq(0L).allTrue() ? 0 : 1;
      }
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
      LongVector full = LongVector.fromArray(S, lane.full, 0);
      int keep = 0;
      int joins = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w << 2;
        LongVector s = LongVector.fromArray(S, seen, bw);
        if (s.and(full).eq(full).allTrue()) {
          continue;
        }
        list[keep++] = w;
        LongVector a = LongVector.zero(S);
        LongVector k = LongVector.zero(S);
        for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
          int bu = edges[e] << 2;
          a = a.or(LongVector.fromArray(S, front, bu));
          k = k.or(LongVector.fromArray(S, mark, bu));
        }
        LongVector t = s.or(a);
        a = t.lanewise(VectorOperators.XOR, s);
        t.intoArray(seen, bw);
        a.intoArray(nfront, bw);
        k.and(a).intoArray(nmark, bw);
        nxt[joins] = w;
        joins += a.eq(0L).allTrue() ? 0 : 1;
      }
      return (long) keep << 32 | joins;
    }
  }

  /** 8 words: two vectors per layout and state, one 64-byte line. */
  static final class Eight extends Kernel {
    Eight() {
      super(8);
    }

    @Override
    public String name() {
      return "vector";
    }

    @Override
    long sweep(SweepState lane, int[] list, int m) {
      long[] seen = lane.seen;
      long[] front = lane.front;
      long[] nfront = lane.nfront;
      int[] nxt = lane.nxt;
      int[] start = lane.g.start;
      int[] edges = lane.g.adjacent;
      LongVector full0 = LongVector.fromArray(S, lane.full, 0);
      LongVector full1 = LongVector.fromArray(S, lane.full, 4);
      long[] any = lane.any;
      LongVector.zero(S).intoArray(any, 0);
      LongVector.zero(S).intoArray(any, 4);
      int keep = 0;
      int joins = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w << 3;
        LongVector s0 = LongVector.fromArray(S, seen, bw);
        LongVector s1 = LongVector.fromArray(S, seen, bw + 4);
        if (s0.and(full0).eq(full0).allTrue() && s1.and(full1).eq(full1).allTrue()) {
          continue; // every root of the batch has been here
        }
        list[keep++] = w;
        LongVector a0 = LongVector.zero(S);
        LongVector a1 = LongVector.zero(S);
        for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
          int bu = edges[e] << 3;
          a0 = a0.or(LongVector.fromArray(S, front, bu));
          a1 = a1.or(LongVector.fromArray(S, front, bu + 4));
        }
        LongVector t0 = s0.or(a0);
        LongVector t1 = s1.or(a1);
        a0 = t0.lanewise(VectorOperators.XOR, s0);
        a1 = t1.lanewise(VectorOperators.XOR, s1);
        t0.intoArray(seen, bw);
        t1.intoArray(seen, bw + 4);
        a0.intoArray(nfront, bw);
        a1.intoArray(nfront, bw + 4);
        LongVector.fromArray(S, any, 0).or(a0).intoArray(any, 0);
        LongVector.fromArray(S, any, 4).or(a1).intoArray(any, 4);
        nxt[joins] = w;
        joins += a0.or(a1).eq(0L).allTrue() ? 0 : 1;
      }
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
      LongVector full0 = LongVector.fromArray(S, lane.full, 0);
      LongVector full1 = LongVector.fromArray(S, lane.full, 4);
      int keep = 0;
      int joins = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w << 3;
        LongVector s0 = LongVector.fromArray(S, seen, bw);
        LongVector s1 = LongVector.fromArray(S, seen, bw + 4);
        if (s0.and(full0).eq(full0).allTrue() && s1.and(full1).eq(full1).allTrue()) {
          continue;
        }
        list[keep++] = w;
        LongVector a0 = LongVector.zero(S);
        LongVector a1 = LongVector.zero(S);
        LongVector k0 = LongVector.zero(S);
        LongVector k1 = LongVector.zero(S);
        for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
          int bu = edges[e] << 3;
          a0 = a0.or(LongVector.fromArray(S, front, bu));
          a1 = a1.or(LongVector.fromArray(S, front, bu + 4));
          k0 = k0.or(LongVector.fromArray(S, mark, bu));
          k1 = k1.or(LongVector.fromArray(S, mark, bu + 4));
        }
        LongVector t0 = s0.or(a0);
        LongVector t1 = s1.or(a1);
        a0 = t0.lanewise(VectorOperators.XOR, s0);
        a1 = t1.lanewise(VectorOperators.XOR, s1);
        t0.intoArray(seen, bw);
        t1.intoArray(seen, bw + 4);
        a0.intoArray(nfront, bw);
        a1.intoArray(nfront, bw + 4);
        k0.and(a0).intoArray(nmark, bw);
        k1.and(a1).intoArray(nmark, bw + 4);
        nxt[joins] = w;
        joins += a0.or(a1).eq(0L).allTrue() ? 0 : 1;
      }
      return (long) keep << 32 | joins;
    }
  }

  /**
   * 8 words as one 512-bit vector per layout and state (AVX-512), the same line as {@link Eight}
   * with half the instructions, faster than two 256-bit vectors; sixteen words (1,024 roots, two
   * 512-bit vectors) were slower per root and noisy, not kept: BENCHMARKS.md, row "one 512-bit
   * vector against two 256-bit".
   */
  static final class EightWide extends Kernel {
    private static final VectorSpecies<Long> W = LongVector.SPECIES_512;

    EightWide() {
      super(8);
    }

    @Override
    public String name() {
      return "vector";
    }

    @Override
    long sweep(SweepState lane, int[] list, int m) {
      long[] seen = lane.seen;
      long[] front = lane.front;
      long[] nfront = lane.nfront;
      int[] nxt = lane.nxt;
      int[] start = lane.g.start;
      int[] edges = lane.g.adjacent;
      LongVector full = LongVector.fromArray(W, lane.full, 0);
      long[] any = lane.any;
      LongVector.zero(W).intoArray(any, 0);
      int keep = 0;
      int joins = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w << 3;
        LongVector s = LongVector.fromArray(W, seen, bw);
        if (s.and(full).eq(full).allTrue()) {
          continue; // every root of the batch has been here
        }
        list[keep++] = w;
        LongVector a = LongVector.zero(W);
        for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
          a = a.or(LongVector.fromArray(W, front, edges[e] << 3));
        }
        LongVector t = s.or(a);
        a = t.lanewise(VectorOperators.XOR, s);
        t.intoArray(seen, bw); // stored join or not: a branch here mispredicts (see above)
        a.intoArray(nfront, bw);
        LongVector.fromArray(W, any, 0).or(a).intoArray(any, 0);
        nxt[joins] = w;
        joins += a.eq(0L).allTrue() ? 0 : 1;
      }
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
      LongVector full = LongVector.fromArray(W, lane.full, 0);
      int keep = 0;
      int joins = 0;
      for (int i = 0; i < m; i++) {
        int w = list[i];
        int bw = w << 3;
        LongVector s = LongVector.fromArray(W, seen, bw);
        if (s.and(full).eq(full).allTrue()) {
          continue;
        }
        list[keep++] = w;
        LongVector a = LongVector.zero(W);
        LongVector k = LongVector.zero(W);
        for (int e = start[w], ee = start[w + 1]; e < ee; e++) {
          int bu = edges[e] << 3;
          a = a.or(LongVector.fromArray(W, front, bu));
          k = k.or(LongVector.fromArray(W, mark, bu));
        }
        LongVector t = s.or(a);
        a = t.lanewise(VectorOperators.XOR, s);
        t.intoArray(seen, bw);
        a.intoArray(nfront, bw);
        k.and(a).intoArray(nmark, bw);
        nxt[joins] = w;
        joins += a.eq(0L).allTrue() ? 0 : 1;
      }
      return (long) keep << 32 | joins;
    }
  }

}
