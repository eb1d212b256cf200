package klotskidb.layerer;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.function.LongPredicate;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;

/**
 * Shortest paths without a database, by the rule every optimal line of klotski follows ({@code
 * solve} with or without a database, {@code path}, the API): from each layout, the move to the
 * smallest code among the moves one step closer to the goal. So the same question has one
 * answer, whichever way it is asked.
 *
 * <pre>
 *   Solver.solve(0x1A9BF0C00L)       82 codes: the start, 81 steps, ending on a solved layout
 *   Solver.path(from, to)            from .. to, or null when they are in different groups
 * </pre>
 *
 * How: a BFS from the start, level by level, until a level holds the goal (for {@code solve},
 * every solved layout of that level: the nearest ones); then back from those, level by level, the
 * layouts on a shortest path to them (a neighbour one level nearer the start of a layout on one is
 * on one): only those are expanded again, not every layout the BFS reached; then the walk from the
 * start, each step to the smallest code among its neighbours of the next level on such a path. A
 * neighbour of the next level on a shortest path to the nearest solved layouts is exactly one whose
 * own distance to a solved layout is one less, so the walk is the database's ({@code
 * klotskidb.query.Lookup.solution}) step for step. A group holds at most 964,656 layouts, so this
 * is quick for any start (BENCHMARKS.md, row "a solution from scratch").
 */
public final class Solver {
  private Solver() {}

  /**
   * The optimal solution from {@code start} by the rule above: the codes from {@code start} to
   * a nearest solved layout, both included (just {@code start} when it is solved); null when its
   * group has no solved layout.
   */
  public static long[] solve(long start) {
    Code.check(start);
    return search(start, Code::isSolved);
  }

  /** The shortest path from {@code from} to {@code to} by the rule above, both included; null in different groups. */
  public static long[] path(long from, long to) {
    Code.check(from);
    Code.check(to);
    if (LayoutClass.of(from) != LayoutClass.of(to)) {
      return null; // moves never change the class
    }
    return search(from, code -> code == to);
  }

  private static long[] search(long start, LongPredicate goal) {
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    Long2IntOpenHashMap depth = new Long2IntOpenHashMap();
    depth.defaultReturnValue(-1);
    depth.put(start, 0);
    LongArrayList level = LongArrayList.of(start);
    // forward: level by level until one holds a goal
    LongArrayList goals = new LongArrayList();
    int d = 0;
    while (true) {
      for (int i = 0; i < level.size(); i++) {
        if (goal.test(level.getLong(i))) {
          goals.add(level.getLong(i));
        }
      }
      if (!goals.isEmpty()) {
        break;
      }
      LongArrayList following = new LongArrayList();
      d++;
      for (int i = 0; i < level.size(); i++) {
        int n = mover.neighbours(level.getLong(i), next);
        for (int j = 0; j < n; j++) {
          if (depth.putIfAbsent(next[j], d) == -1) {
            following.add(next[j]);
          }
        }
      }
      if (following.isEmpty()) {
        return null; // the whole group, and no goal in it
      }
      level = following;
    }
    // backward from the goals: the layouts on a shortest path to one, level by level
    LongOpenHashSet onPath = new LongOpenHashSet(goals);
    LongArrayList frontier = goals;
    for (int k = d - 1; k >= 0; k--) {
      LongArrayList nearer = new LongArrayList();
      for (int i = 0; i < frontier.size(); i++) {
        int n = mover.neighbours(frontier.getLong(i), next);
        for (int j = 0; j < n; j++) {
          if (depth.get(next[j]) == k && onPath.add(next[j])) {
            nearer.add(next[j]);
          }
        }
      }
      frontier = nearer;
    }
    // the walk: each step to the smallest code of the next level on such a path
    long[] path = new long[d + 1];
    path[0] = start;
    for (int k = 1; k < path.length; k++) {
      int n = mover.neighbours(path[k - 1], next);
      long best = Long.MAX_VALUE;
      for (int j = 0; j < n; j++) {
        if (next[j] < best && depth.get(next[j]) == k && onPath.contains(next[j])) {
          best = next[j];
        }
      }
      path[k] = best;
    }
    return path;
  }
}
