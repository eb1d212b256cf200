package klotskidb.analysis;

import it.unimi.dsi.fastutil.HashCommon;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import klotskidb.base.Workers;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.Layers;

/**
 * One layout's farthest layouts and solutions (SPEC 5) from one BFS in its group, without a
 * database: what {@code klotski info X --farthest --solutions} prints.
 *
 * <pre>
 *   RootFacts f = RootFacts.of(0x1A9BF0C00L, 25_955);
 *   f.farthestStep()    124      f.farthest()     8 codes, ascending
 *   f.minSolutionStep() 81       f.solutions()    6 codes by step, then code; f.steps() theirs
 *   f.minSolutionNum()  2        (DAA7F3000 and DAAF4CC00, at step 81)
 *   f.farthestNum()     8        f.solutionNum()  6
 * </pre>
 *
 * <p>An analysed fact of {@code codegen/layout-facts.txt} is read here through the accessor of
 * its name (the generated {@code RootAnalysis} in query makes a layout's AnalysisRecord from them).
 *
 * <p>How: a level-synchronous BFS over codes ({@link Mover}), each level's layouts shared
 * among the threads, with one open-addressing table of codes that the threads claim slots in by
 * CAS. A layout is marked when a layout one layer nearer that is solved or marked moves to it;
 * level d is finished before level d + 1 is expanded, so a layout's mark is final when it is.
 * Solutions are the unmarked solved layouts (the start alone when it is solved). The table is
 * sized from {@code sizeHint} (the group's size, which the database knows), so it never grows.
 * Measured for the seed of the largest group, 2-6-1-0 (964,656 layouts): see BENCHMARKS.md.
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

  /** The largest group (2-6-1-0): the table's size when the caller does not know the group's. */
  private static final int LARGEST_GROUP = 964_656;
  /** A free slot; no code has all 36 bits set (F is no 2x2 position). */
  private static final long EMPTY = -1L;
  /** A slot: the code (36 bits), its distance + 1 (16 bits) and its mark (1 bit). */
  private static final long CODE = (1L << 36) - 1;
  private static final int LEVEL_SHIFT = 36;
  private static final long LEVEL = 0xFFFFL << LEVEL_SHIFT;
  private static final long MARK = 1L << 52;
  private static final VarHandle KEYS = MethodHandles.arrayElementVarHandle(long[].class);
  /** Levels smaller than this run on the caller's thread. */
  private static final int PARALLEL_LEVEL = 4096;

  /** The facts of {@code start} on all cores; {@code sizeHint}: the group's size (0: unknown). */
  public static RootFacts of(long start, int sizeHint) {
    return of(start, sizeHint, Runtime.getRuntime().availableProcessors());
  }

  /** The facts of {@code start}, each level's layouts shared among {@code threads} threads. */
  public static RootFacts of(long start, int sizeHint, int threads) {
    return of(start, sizeHint, threads, PARALLEL_LEVEL);
  }

  /** As above; levels of at least {@code parallelLevel} layouts are shared (tests: 1). */
  static RootFacts of(long start, int sizeHint, int threads, int parallelLevel) {
    Code.check(start);
    int capacity = Integer.highestOneBit(Math.max(16, sizeHint > 0 ? sizeHint : LARGEST_GROUP) * 2 - 1) << 1;
    Table table = new Table(capacity);
    int s0 = table.claim(start);
    long[] cur = {start};
    int[] curSlot = {s0};
    int curSize = 1;
    int d = 0;
    LongArrayList sol = new LongArrayList();
    IntArrayList solStep = new IntArrayList();
    int workers = Math.max(1, threads);
    Level[] levels = new Level[workers];
    for (int t = 0; t < workers; t++) {
      levels[t] = new Level();
    }
    while (true) {
      int depth = d;
      long[] frontier = cur;
      int[] frontierSlot = curSlot;
      int size = curSize;
      int parts = size < parallelLevel ? 1 : workers;
      for (Level l : levels) {
        l.codes.clear();
        l.found.clear();
      }
      if (parts == 1) {
        levels[0].expand(table, start, frontier, frontierSlot, 0, size, depth);
      } else {
        Workers.run("facts", parts, t -> levels[t].expand(table, start, frontier, frontierSlot,
            (int) ((long) size * t / parts), (int) ((long) size * (t + 1) / parts), depth));
      }
      int next = 0;
      for (Level l : levels) {
        next += l.codes.size();
      }
      if (next == 0) {
        break;
      }
      table.count += next;
      if (table.count > capacity - capacity / 8) {
        // sizeHint 0 (info starting before the database says the size) sizes for the largest group
        throw new IllegalStateException("the group of " + Code.format(start) + " has more than "
            + (sizeHint > 0 ? sizeHint : capacity - capacity / 8) + " layouts");
      }
      // the next level; its marks are final now that every layout of this level has passed on
      cur = new long[next];
      curSlot = new int[next];
      int k = 0;
      for (Level l : levels) {
        for (int i = 0; i < l.codes.size(); i++) {
          long w = l.codes.getLong(i);
          int slot = l.found.getInt(i);
          cur[k] = w;
          curSlot[k++] = slot;
          if (Code.isSolved(w) && !table.marked(slot)) {
            sol.add(w);
            solStep.add(d + 1);
          }
        }
      }
      curSize = next;
      d++;
    }
    long[] far = Arrays.copyOf(cur, curSize);
    Arrays.sort(far);
    if (Code.isSolved(start)) {
      return new RootFacts(d, far, 0, 1, new long[] {start}, new int[] {0});
    }
    long[] solutions = sol.toLongArray();
    int[] steps = solStep.toIntArray();
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
    return new RootFacts(d, far, min, minNum, solutions, steps);
  }

  /**
   * Open addressing over codes, shared by the threads of a level: a slot is claimed by a CAS that
   * writes the code, its distance + 1 ({@code LEVEL_SHIFT}) and its mark ({@code MARK}) at once,
   * so a look-up reads one word, one cache line; the mark is set later by an atomic OR and only
   * ever goes to 1. (Separate arrays for distance and mark cost two or three misses per look-up.)
   */
  private static final class Table {
    final long[] keys;
    final int mask;
    int count = 1;

    Table(int capacity) {
      keys = new long[capacity];
      Arrays.fill(keys, EMPTY);
      mask = capacity - 1;
    }

    /** The slot of a code not in the table yet (single-threaded use: the start), at distance 0. */
    int claim(long code) {
      int h = (int) HashCommon.mix(code) & mask;
      while (keys[h] != EMPTY) {
        h = (h + 1) & mask;
      }
      keys[h] = code | 1L << LEVEL_SHIFT;
      return h;
    }

    boolean marked(int slot) {
      return (keys[slot] & MARK) != 0;
    }
  }

  /** One thread's share of a level: the layouts it found for the next one. */
  private static final class Level {
    final LongArrayList codes = new LongArrayList();
    final IntArrayList found = new IntArrayList();
    final Mover mover = new Mover();
    final long[] next = new long[Mover.MAX_NEIGHBOURS];
    final int[] home = new int[Mover.MAX_NEIGHBOURS];
    /** A sum of the early reads, kept so that the JIT does not drop them. */
    long touched;

    /**
     * Expands frontier[from, to) at distance d: claims new layouts, marks those one layer on.
     * A look-up is a cache miss in a table of 16 MB, so the home slots of all of a layout's moves
     * are read first: those reads are independent, so their misses overlap instead of coming one
     * after another in the probes (BENCHMARKS.md, row "home slots read first").
     */
    void expand(Table table, long start, long[] frontier, int[] frontierSlot, int from, int to, int d) {
      long[] keys = table.keys;
      int mask = table.mask;
      long nextLevel = (long) (d + 2) << LEVEL_SHIFT;
      for (int i = from; i < to; i++) {
        long v = frontier[i];
        boolean passOn = table.marked(frontierSlot[i]) || (Code.isSolved(v) && v != start);
        long claimed = passOn ? nextLevel | MARK : nextLevel;
        int n = mover.neighbours(v, next);
        long touch = 0;
        for (int j = 0; j < n; j++) {
          int h = (int) HashCommon.mix(next[j]) & mask;
          home[j] = h;
          touch += keys[h];
        }
        touched += touch;
        for (int j = 0; j < n; j++) {
          long w = next[j];
          int h = home[j];
          while (true) {
            long k = (long) KEYS.getAcquire(keys, h);
            if ((k & CODE) == w) {
              // one layer further: w is reached from a solved or marked layout
              if (passOn && (k & (LEVEL | MARK)) == nextLevel) {
                KEYS.getAndBitwiseOr(keys, h, MARK);
              }
              break;
            }
            if (k == EMPTY) {
              if (KEYS.compareAndSet(keys, h, EMPTY, w | claimed)) {
                codes.add(w);
                found.add(h);
                break;
              }
              continue; // another thread took the slot: look at it again
            }
            h = (h + 1) & mask;
          }
        }
      }
    }
  }

  /** The last layer's number. */
  public int farthestStep() {
    return farthestStep;
  }

  /** The layouts of the last layer, ascending (farthest_num is its length). */
  public long[] farthest() {
    return farthest.clone();
  }

  /** How many layouts the last layer holds: farthest_num. */
  public int farthestNum() {
    return farthest.length;
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

  /** How many solutions there are: solution_num. */
  public int solutionNum() {
    return solutions.length;
  }

  /** The step of each solution, in the order of {@link #solutions}. */
  public int[] steps() {
    return steps.clone();
  }
}
