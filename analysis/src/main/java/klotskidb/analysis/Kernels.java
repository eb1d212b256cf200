package klotskidb.analysis;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * The kernels an engine runs, chosen once: {@code vector} (the Vector API, 4 and 8 words; 8 as
 * one 512-bit vector where the processor has them, else two 256-bit ones) or
 * {@code scalar} (plain Java, 4 words: the reference). {@code auto} takes the vector kernels when
 * this JVM has the incubator module {@code jdk.incubator.vector} and 256-bit vectors, otherwise
 * the scalar one with one printed line saying why; {@code bin/klotski} adds the module only for the
 * commands that run the engine, so the others print no incubator warning.
 *
 * <p>Example: {@code klotski analyse --kernel scalar} runs today's reference loop; the run
 * summary then says {@code kernel scalar (256 roots a batch)}. Either choice gives the same
 * values and lists, byte for byte (KernelsTest, AllRootsBfsTest).
 *
 * <p>Like lz4-java's factory and Lucene's vectorization provider, the fast implementation sits
 * beside the plain one and the choice is made in one place. The vector kernels are warmed up
 * here on a small ring of layouts so that C2 has compiled each sweep as a whole method before
 * the first group: a dense level of a large group run before that would be compiled on-stack,
 * much slower for the rest of that level (BENCHMARKS.md, row "a vector loop compiled on-stack").
 */
public final class Kernels {
  /** The environment variable that makes a test fail when the vector kernels are not there. */
  public static final String REQUIRE = "KLOTSKI_REQUIRE_VECTOR";

  private final Kernel four;
  /** Null when only 4 words are implemented (scalar). */
  private final Kernel eight;

  private Kernels(Kernel four, Kernel eight) {
    this.four = four;
    this.eight = eight;
  }

  /** The plain Java kernel. */
  public static Kernels scalar() {
    return new Kernels(new ScalarKernel(), null);
  }

  /** The Vector API kernels, warmed up once per JVM; fails with a one-line reason when this JVM lacks them. */
  public static synchronized Kernels vector() {
    String why = vectorUnavailable();
    if (why != null) {
      throw new IllegalStateException("the vector kernel is not available: " + why);
    }
    if (vector == null) {
      Kernels k = VectorKernels.wide() ? new Kernels(new VectorKernels.Four(), new VectorKernels.EightWide())
          : vector256();
      k.warmUp();
      vector = k; // kernels hold no state: one instance serves every engine and thread
    }
    return vector;
  }

  private static Kernels vector;

  /**
   * The vector kernels on 256-bit vectors only (8 words as two), which {@link #vector} runs where
   * the processor lacks 512-bit ones; tests run both side by side where it has them.
   */
  static Kernels vector256() {
    Kernels k = new Kernels(new VectorKernels.Four(), new VectorKernels.Eight());
    k.warmUp();
    return k;
  }

  /** Whether 8-word batches run as one 512-bit vector per layout and state. */
  boolean wideVectors() {
    return eight instanceof VectorKernels.EightWide;
  }

  /**
   * The kernels for {@code --kernel} (auto, vector or scalar; any case); {@code notice} gets the
   * one line saying that auto fell back to the scalar kernel, and why.
   */
  public static Kernels choose(String option, Consumer<String> notice) {
    switch (option.toLowerCase(Locale.ROOT)) {
      case "scalar":
        return scalar();
      case "vector":
        return vector();
      case "auto":
        String why = vectorUnavailable();
        if (why == null) {
          return vector();
        }
        notice.accept("klotski: using the scalar kernel: " + why);
        return scalar();
      default:
        throw new IllegalArgumentException(
            "unknown kernel '" + option + "': expected auto, vector or scalar");
    }
  }

  /** The most this process can run: {@code vector} where available, else {@code scalar}. */
  public static Kernels fastest() {
    return vectorUnavailable() == null ? vector() : scalar();
  }

  /** Null when the vector kernels can run here, else why not (one line). */
  public static String vectorUnavailable() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return "this JVM was started without --add-modules jdk.incubator.vector";
    }
    try {
      if (!VectorKernels.supported()) {
        return "this processor has no 256-bit vectors";
      }
    } catch (LinkageError e) {
      return "the Vector API could not be loaded (" + e + ")";
    }
    return null;
  }

  /** {@code vector} or {@code scalar}. */
  public String name() {
    return four.name();
  }

  /** What the run summary prints: the name and the batch widths. */
  public String describe() {
    return eight == null ? name() + " (256 roots a batch)"
        : name() + " (256 or 512 roots a batch, " + (wideVectors() ? "512" : "256") + "-bit vectors)";
  }

  /** The kernel for batches of {@code words} words; 8 only where implemented, else 4. */
  Kernel forWords(int words) {
    return words == 8 && eight != null ? eight : four;
  }

  /** Whether batches of 8 words (512 roots) are implemented. */
  public boolean hasEight() {
    return eight != null;
  }

  /**
   * Runs both passes of every kernel on a ring of layouts until C2 has compiled them: about
   * 20,000 calls of each sweep (its cost: BENCHMARKS.md, row "kernel warm-up").
   */
  private void warmUp() {
    int n = 96;
    GroupArrays g = GroupArrays.ring(n);
    for (Kernel k : new Kernel[] {four, eight}) {
      BitParallelBfs lane = new BitParallelBfs(g);
      lane.use(k);
      int[] roots = new int[8];
      int[] fs = new int[n];
      int[] fn = new int[n];
      int[] ms = new int[n];
      for (int round = 0; round < 800; round++) {
        lane.prepare(n);
        for (int j = 0; j < roots.length; j++) {
          roots[j] = (round + j * 11) % n;
        }
        lane.farthestBatch(n, roots, fs, fn, false, BitParallelBfs.Mode.ROOTS, 0);
        lane.solutionBatch(n, roots, ms, false);
      }
    }
  }
}
