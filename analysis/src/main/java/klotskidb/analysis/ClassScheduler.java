package klotskidb.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.base.Workers;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;

/**
 * Runs a job per class on as many class workers as the run's {@link LanePool} has engine threads,
 * the costliest class first (cost: the sum of size^2 over its groups, what one BFS per layout
 * costs), each worker taking the next class not yet taken. A class worker loads its groups, waits
 * and hands results on; the BFS runs on the pool's threads, batch by batch, the largest group's
 * first ({@link ClassDriver}, {@link LanePool}). So however many classes are in flight, at most
 * the pool's threads run BFS, within its memory, and when fewer classes than threads are left
 * (the tail) every thread still takes batches of whichever groups have some. The first failure
 * stops the other workers after their current class and fails the run, naming the class.
 *
 * <p>Example: {@code analyse} of every class starts 2-6-1 (sum of size^2 1.0e12) and 3-5-1 on the
 * two workers and ends with classes of a few layouts. What {@code analyse} and {@code release}
 * both schedule.
 */
public final class ClassScheduler {
  /** One class's work. */
  public interface Job {
    void run(int cls) throws Exception;
  }

  private ClassScheduler() {}

  /** The cost of analysing class {@code cls}: the sum of size^2 over its groups. */
  public static long work(Groups groups, int cls) {
    long w = 0;
    int first = groups.group(cls, 0);
    for (int g = first; g < first + groups.groupsInClass(cls); g++) {
      w += (long) groups.size(g) * groups.size(g);
    }
    return w;
  }

  /** Runs {@code job} for every class of {@code classes}, costliest first, on the pool's threads (see above). */
  public static void run(String pass, Groups groups, List<Integer> classes, LanePool pool, Job job) {
    int threads = Math.min(pool.threads(), Math.max(1, classes.size()));
    List<Integer> order = new ArrayList<>(classes);
    long[] work = new long[LayoutClass.COUNT];
    for (int c : order) {
      work[c] = work(groups, c);
    }
    order.sort((a, b) -> Long.compare(work[b], work[a]));
    AtomicInteger next = new AtomicInteger();
    Workers.run(pass, threads, t -> {
      for (int k; (k = next.getAndIncrement()) < order.size(); ) {
        int cls = order.get(k);
        try {
          job.run(cls);
        } catch (Exception e) {
          next.set(order.size()); // the other workers stop after their current class
          throw new IllegalStateException("class " + LayoutClass.name(cls) + ": " + e.getMessage(), e);
        }
      }
    });
  }
}
