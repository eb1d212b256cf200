package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.function.LongPredicate;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;

/**
 * Shortest paths without a database: a BFS from the start over the step graph with parent links,
 * stopping at the first layout that matches. A group holds at most 964,656 layouts, so this is
 * quick for any start; {@code 1A9BF0C00} (25,955 layouts) takes milliseconds.
 *
 * <pre>
 *   Solver.solve(0x1A9BF0C00L)       82 codes: the start, 81 steps, ending on a solved layout
 *   Solver.path(from, to)            from .. to, or null when they are in different groups
 * </pre>
 */
public final class Solver {
  private Solver() {}

  /**
   * A shortest solution: the codes from {@code start} to the nearest solved layout, both included
   * (just {@code start} when it is solved); null when its group has no solved layout.
   */
  public static long[] solve(long start) {
    Code.check(start);
    return search(start, Code::isSolved);
  }

  /** A shortest path from {@code from} to {@code to}, both included; null in different groups. */
  public static long[] path(long from, long to) {
    Code.check(from);
    Code.check(to);
    if (LayoutClass.of(from) != LayoutClass.of(to)) {
      return null; // moves never change the class
    }
    return search(from, code -> code == to);
  }

  private static long[] search(long start, LongPredicate goal) {
    if (goal.test(start)) {
      return new long[] {start};
    }
    Long2LongOpenHashMap parent = new Long2LongOpenHashMap();
    parent.defaultReturnValue(-1);
    LongArrayFIFOQueue queue = new LongArrayFIFOQueue();
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    parent.put(start, start);
    queue.enqueue(start);
    while (!queue.isEmpty()) {
      long code = queue.dequeueLong();
      int n = mover.neighbours(code, next);
      for (int i = 0; i < n; i++) {
        long v = next[i];
        if (parent.putIfAbsent(v, code) != -1) {
          continue;
        }
        if (goal.test(v)) {
          return trace(parent, start, v);
        }
        queue.enqueue(v);
      }
    }
    return null;
  }

  private static long[] trace(Long2LongOpenHashMap parent, long start, long end) {
    LongArrayList path = new LongArrayList();
    for (long c = end; c != start; c = parent.get(c)) {
      path.add(c);
    }
    path.add(start);
    long[] out = path.toLongArray();
    for (int i = 0, j = out.length - 1; i < j; i++, j--) {
      long t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }
}
