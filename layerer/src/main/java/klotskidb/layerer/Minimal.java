package klotskidb.layerer;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.base.Workers;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;

/**
 * Which layouts are minimal puzzles: solvable, and every piece other than the 2x2 matters, i.e.
 * taking off any one of them gives a layout (of a class with one piece fewer) that needs strictly
 * fewer steps. Taking a piece off never makes a layout harder (every move sequence stays legal),
 * so a piece that does not lower the steps is padding.
 *
 * <pre>
 *   1A9BF0C00 (横刀立马, 81 steps): 9 pieces besides the 2x2, 9 layouts with one fewer
 *   minimal when all 9 need fewer than 81 steps; NO as soon as one needs 81
 * </pre>
 *
 * A solved layout with a piece besides the 2x2 is not minimal (without it, it is still solved,
 * 0 steps); the 2x2 alone is, having nothing to take off; an unsolvable layout is not. The fact
 * needs the steps of other classes, so it is computed after every group is layered, from the
 * min_solution_step of every layout ({@link Mover#withoutEachPiece} gives the layouts with one piece
 * fewer, their indexes in the space built, {@link LayoutSpace#index}: computed for every layout, a
 * binary search for some classes'). A layout stops at its
 * first piece that does not matter, so most cost one or two look-ups; a layout and its mirror
 * image have the same answer (the mirror keeps the steps), so one of each pair is checked. When a class one piece
 * smaller was not built ({@code build --classes}), a layout all of whose known pieces matter is
 * {@link #UNKNOWN}. A layout with a piece fewer is never unsolvable when the layout is solvable
 * (its solutions stay legal), so 255 in the byte copy of the steps means "not built" there.
 */
public final class Minimal {
  public static final byte NO = 0;
  public static final byte YES = 1;
  /** Every piece whose removal is known matters, but a class one piece smaller was not built. */
  public static final byte UNKNOWN = 2;

  private Minimal() {}

  /**
   * The most steps a layout with one piece fewer than {@code code} needs, each solved from scratch
   * ({@link Solver#solve}; one of each mirror pair: a layout and its mirror image need the same,
   * on every core); -1 when it has no piece to take off, {@link Integer#MAX_VALUE} when one is
   * unsolvable. {@code code} of {@code steps} steps is minimal when solvable and this is fewer
   * (the rule of the pass over every layout): for a layout whose smaller classes were not built,
   * a layout's facts without a database.
   */
  public static int mostStepsWithoutAPiece(long code) {
    Mover mover = new Mover();
    long[] fewer = new long[16];
    int n = mover.withoutEachPiece(code, fewer);
    for (int i = 0; i < n; i++) {
      fewer[i] = Math.min(fewer[i], mover.mirror(fewer[i]));
    }
    return Arrays.stream(fewer, 0, n).distinct().parallel().mapToInt(f -> {
      long[] path = Solver.solve(f);
      return path == null ? Integer.MAX_VALUE : path.length - 1;
    }).max().orElse(-1);
  }

  /** Whether a layout of {@code steps} steps (-1: unsolvable) is minimal, from {@link #mostStepsWithoutAPiece}. */
  public static boolean isMinimal(int steps, int mostStepsWithoutAPiece) {
    return steps >= 0 && mostStepsWithoutAPiece < steps;
  }

  /** The flag of every layout, by its index in the space ({@link #NO} for those of classes not grouped). */
  static byte[] compute(Groups groups, short[] minSolution, int threads) {
    LayoutSpace all = groups.layouts();
    int n = all.size();
    byte[] out = new byte[n];
    // the steps as bytes (unsolvable and not built: 255): half the bytes to read at random
    byte[] steps1 = new byte[n];
    for (int id = 0; id < n; id++) {
      int s = groups.groupOf(id) < 0 ? -1 : minSolution[id];
      if (s > 254) {
        throw new IllegalStateException("min_solution_step " + s + " does not fit a byte");
      }
      steps1[id] = (byte) s;
    }
    int chunk = 1 << 16;
    AtomicInteger cursor = new AtomicInteger();
    Workers.run("minimal", threads, me -> {
      Mover mover = new Mover();
      long[] fewer = new long[16];
      for (int from; (from = cursor.getAndAdd(chunk)) < n; ) {
        for (int id = from, end = Math.min(n, from + chunk); id < end; id++) {
          int steps = minSolution[id];
          if (steps < 0 || groups.groupOf(id) < 0) {
            continue; // unsolvable, or not built
          }
          long code = all.code(id);
          long mirror = mover.mirror(code);
          if (mirror < code) {
            continue; // its mirror image (the same steps, the mirror images of its pieces) says for it
          }
          int twin = mirror == code ? -1 : all.index(mirror);
          int k = mover.withoutEachPiece(code, fewer);
          if (k == 0) {
            out[id] = YES; // the 2x2 alone: nothing to take off
            if (twin >= 0) {
              out[twin] = YES;
            }
            continue;
          }
          if (steps == 0) {
            continue; // solved with a piece to spare
          }
          byte flag = YES;
          for (int j = 0; j < k; j++) {
            int at = all.index(fewer[j]); // -1: its class is not in the space built
            int other = at < 0 ? 255 : steps1[at] & 0xFF; // 255: not built (never unsolvable, see below)
            if (other == 255) {
              flag = UNKNOWN;
            } else if (other >= steps) {
              flag = NO;
              break;
            }
          }
          out[id] = flag;
          if (twin >= 0) {
            out[twin] = flag;
          }
        }
      }
    });
    return out;
  }
}
