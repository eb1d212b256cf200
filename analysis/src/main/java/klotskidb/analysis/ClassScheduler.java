package klotskidb.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Workers;
import klotskidb.grouper.Groups;

/**
 * Runs a job per class on {@code threads} workers, the costliest class first (cost: the sum of
 * size^2 over its groups, what one BFS per layout costs), each worker taking the next class not
 * yet taken. The job is expected to share its class's BFS batches among all threads, so that when
 * fewer classes than threads are left (the tail: small classes) no core idles. The first failure
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

  /** Runs {@code job} for every class of {@code classes}, costliest first (see above). */
  public static void run(String pass, Groups groups, List<Integer> classes, int threads, Job job) {
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
