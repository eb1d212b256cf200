package klotskidb.analysis;

import java.io.IOException;
import java.util.function.IntConsumer;
import klotskidb.grouper.Groups;
import klotskidb.layerer.GroupGraph;

/**
 * One class through the all-roots analysis: loads each of its groups in group_num order, runs
 * the engine ({@link AllRootsBfs}) once and hands the group's results to every handler, in the
 * order given (the per-class CSV rows, the values to store, checksums: whatever the caller
 * plugs in). The driver owns the loop and the engine; handlers only consume.
 *
 * <pre>
 *   new ClassDriver(2, Kernels.vector()).run(groups, LayoutClass.index(5, 4, 1), true, csvRows, storedValues)
 *     group 5-4-1-0 (seed 0F1BA1C00 ...), then 5-4-1-1 (1A9BF0C00: farthest_step 124, ...), ...
 * </pre>
 *
 * <p>One driver per class in flight; every group leases the bytes of its lanes and its own arrays
 * from the run's {@link LanePool} before it is loaded ({@link AllRootsBfs#usefulLanes},
 * {@link AllRootsBfs#laneBytes}, {@link AllRootsBfs#GROUP_BYTES_PER_LAYOUT}) and gives them back
 * once its handlers are done; its batches run on the pool's threads. So the engine threads of
 * every class together are the pool's, and their memory within its budget. The driver's step
 * graph and engine grow with its groups up to {@link #KEEP_LAYOUTS}; after a larger group both are
 * dropped with its lease, so a class waiting for its next lease holds at most
 * {@link #BYTES_BETWEEN_GROUPS} outside the budget (a run reserves that for each class in flight):
 * on 16 cores, classes that kept a large group's arrays while they waited filled the heap.
 */
public final class ClassDriver {
  /** Receives one group's results; the graph is valid until the call returns. */
  public interface Handler {
    void group(int g, GroupGraph graph, AllRootsBfs.Result result) throws IOException;

    /**
     * The same, with the threads the group leased to share the handler's work (a 288,090-layout
     * group's farthest rows are 1 GB of text: on one thread, the end of its class on 16 cores).
     */
    default void group(int g, GroupGraph graph, AllRootsBfs.Result result, Tasks tasks) throws IOException {
      group(g, graph, result);
    }
  }

  /** The threads of a group's lease, for its handlers ({@link LanePool.Lease#runTasks}). */
  public interface Tasks {
    /** How many tasks run at once. */
    int threads();

    /** Runs {@code task(0)} to {@code task(count - 1)}, at most {@link #threads} at once; returns once all have. */
    void run(int count, IntConsumer task);

    /** Every task on the caller's thread, one after the other. */
    Tasks INLINE = new Tasks() {
      @Override
      public int threads() {
        return 1;
      }

      @Override
      public void run(int count, IntConsumer task) {
        for (int k = 0; k < count; k++) {
          task.accept(k);
        }
      }
    };
  }

  /** Arrays for up to this many layouts are kept for the next group (they cost little). */
  static final int KEEP_LAYOUTS = 32_768;

  /**
   * What a class in flight holds between two groups' leases, at most: its arrays of up to
   * {@link #KEEP_LAYOUTS} layouts and the one small lane its engine keeps.
   */
  public static final long BYTES_BETWEEN_GROUPS =
      KEEP_LAYOUTS * AllRootsBfs.GROUP_BYTES_PER_LAYOUT + AllRootsBfs.KEPT_LANE_BYTES;

  private final LanePool pool;
  private final Kernels kernels;
  private GroupGraph graph = new GroupGraph();
  private AllRootsBfs engine;
  /** The largest group the graph and engine have held since they were made. */
  private int held;

  /** A driver whose groups share {@code threads} lanes of its own, with no bound on memory. */
  public ClassDriver(int threads, Kernels kernels) {
    this(LanePool.unbounded(threads), kernels);
  }

  /** A driver whose groups lease their lanes and memory from {@code pool}, shared with other classes. */
  public ClassDriver(LanePool pool, Kernels kernels) {
    this.pool = pool;
    this.kernels = kernels;
    this.engine = new AllRootsBfs(kernels);
  }

  /**
   * Runs every group of class {@code cls}; with {@code lists}, the results carry the farthest
   * layouts and minimum-step solutions too. Returns the class's layout count.
   */
  public long run(Groups groups, int cls, boolean lists, Handler... handlers) throws IOException {
    long layouts = 0;
    int first = groups.group(cls, 0);
    for (int g = first; g >= 0 && g < first + groups.groupsInClass(cls); g++) {
      int n = groups.size(g);
      held = Math.max(held, n);
      try (LanePool.Lease lease = pool.acquire(AllRootsBfs.idealLanes(n), AllRootsBfs.usefulLanes(n),
          held * AllRootsBfs.GROUP_BYTES_PER_LAYOUT, AllRootsBfs.laneBytes(n, kernels))) {
        graph.load(groups, g);
        AllRootsBfs.Result r = engine.run(graph, lists, lease);
        engine.dropLanes(); // the bytes stay leased until the results are handed on
        Tasks tasks = new Tasks() {
          @Override
          public int threads() {
            return lease.lanes();
          }

          @Override
          public void run(int count, IntConsumer task) {
            lease.runTasks(count, task, n);
          }
        };
        for (Handler h : handlers) {
          h.group(g, graph, r, tasks);
        }
        layouts += r.size;
        if (held > KEEP_LAYOUTS) { // dropped before the lease is given back
          graph = new GroupGraph();
          engine = new AllRootsBfs(kernels);
          held = 0;
        }
      }
    }
    return layouts;
  }
}
