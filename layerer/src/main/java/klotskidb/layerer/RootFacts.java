package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;

/**
 * One layout's farthest layouts and solutions (SPEC 5) from one BFS in its group, without a
 * database: what {@code klotski info X --farthest --solutions} prints.
 *
 * <pre>
 *   RootFacts f = RootFacts.of(0x1A9BF0C00L, 25_955);
 *   f.farthestStep()    124      f.farthest()     8 codes, ascending
 *   f.minSolutionStep() 81       f.solutions()    6 codes by step, then code; f.steps() theirs
 *   f.minSolutionNum()  2        (DAA7F3000 and DAAF4CC00, at step 81)
 * </pre>
 *
 * <p>How: a BFS over codes ({@link Mover}) with one open-addressing map from code to {@code
 * distance << 1 | marked}. A layout is marked when a layout one layer nearer that is solved or
 * marked moves to it; layer d is finished before layer d + 1 is taken, so a layout's mark is
 * final when it is taken. Solutions are the unmarked solved layouts (the start alone when it is
 * solved). The map is sized from {@code sizeHint} (the group's size, which the database knows),
 * so it never grows. Measured for the seed of the largest group, 2-6-1-0 (964,656 layouts):
 * see BENCHMARKS.md.
 */
public final class RootFacts {
  private final int farthestStep;
  private final long[] farthest;
  private final int minSolutionStep;
  private final int minSolutionNum;
  private final long[] solutions;
  private final int[] steps;

  private RootFacts(int farthestStep, long[] farthest, int minSolutionStep, int minSolutionNum,
      long[] solutions, int[] steps) {
    this.farthestStep = farthestStep;
    this.farthest = farthest;
    this.minSolutionStep = minSolutionStep;
    this.minSolutionNum = minSolutionNum;
    this.solutions = solutions;
    this.steps = steps;
  }

  /** The facts of {@code start}; {@code sizeHint} sizes the map (0 when unknown). */
  public static RootFacts of(long start, int sizeHint) {
    Code.check(start);
    Long2IntOpenHashMap seen = new Long2IntOpenHashMap(Math.max(16, sizeHint), 0.5f);
    seen.defaultReturnValue(-1);
    LongArrayList order = new LongArrayList(Math.max(16, sizeHint));
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    seen.put(start, 0);
    order.add(start);
    for (int head = 0; head < order.size(); head++) {
      long v = order.getLong(head);
      int s = seen.get(v);
      int d = s >>> 1;
      boolean passOn = (s & 1) != 0 || (Solver.isSolved(v) && v != start);
      int n = mover.neighbours(v, next);
      for (int i = 0; i < n; i++) {
        long w = next[i];
        int sw = seen.get(w);
        if (sw < 0) {
          seen.put(w, (d + 1) << 1 | (passOn ? 1 : 0));
          order.add(w);
        } else if (passOn && sw == (d + 1) << 1) {
          seen.put(w, sw | 1);
        }
      }
    }
    int size = order.size();
    int last = seen.get(order.getLong(size - 1)) >>> 1;
    int first = size;
    while (first > 0 && seen.get(order.getLong(first - 1)) >>> 1 == last) {
      first--;
    }
    long[] far = Arrays.copyOfRange(order.elements(), first, size);
    Arrays.sort(far);
    if (Solver.isSolved(start)) {
      return new RootFacts(last, far, 0, 1, new long[] {start}, new int[] {0});
    }
    // unmarked solved layouts, in BFS order (by step); sorted by code within a step below
    LongArrayList sol = new LongArrayList();
    for (int k = 0; k < size; k++) {
      long v = order.getLong(k);
      if (Solver.isSolved(v) && (seen.get(v) & 1) == 0) {
        sol.add(v);
      }
    }
    long[] solutions = sol.toLongArray();
    int[] steps = new int[solutions.length];
    for (int k = 0; k < solutions.length; k++) {
      steps[k] = seen.get(solutions[k]) >>> 1;
    }
    for (int a = 0, b; a < solutions.length; a = b) {
      for (b = a; b < solutions.length && steps[b] == steps[a]; b++) {
        // one step's solutions
      }
      Arrays.sort(solutions, a, b);
    }
    int min = solutions.length == 0 ? Layers.NONE : steps[0];
    int minNum = 0;
    while (minNum < steps.length && steps[minNum] == min) {
      minNum++;
    }
    return new RootFacts(last, far, min, minNum, solutions, steps);
  }

  /** The last layer's number. */
  public int farthestStep() {
    return farthestStep;
  }

  /** The layouts of the last layer, ascending (farthest_num is its length). */
  public long[] farthest() {
    return farthest.clone();
  }

  /** The least distance to a solved layout; -1 ({@link Layers#NONE}) when unsolvable. */
  public int minSolutionStep() {
    return minSolutionStep;
  }

  /** How many solutions lie at the minimum step (the first ones of {@link #solutions}). */
  public int minSolutionNum() {
    return minSolutionNum;
  }

  /** The solutions by step, then code (solution_num is its length). */
  public long[] solutions() {
    return solutions.clone();
  }

  /** The step of each solution, in the order of {@link #solutions}. */
  public int[] steps() {
    return steps.clone();
  }
}
