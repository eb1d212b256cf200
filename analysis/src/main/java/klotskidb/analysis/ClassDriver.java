package klotskidb.analysis;

import java.io.IOException;
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
 * <p>One driver per thread that runs classes; its engine shares each group's batches among
 * {@code threads} lanes. A driver is dropped with its class: the engine's buffers grow to the
 * class's largest group and no further (an engine kept per worker held the largest group's
 * buffers it had ever seen, up to about 1.2 GB over a whole run).
 */
public final class ClassDriver {
  /** Receives one group's results; the graph is valid until the call returns. */
  public interface Handler {
    void group(int g, GroupGraph graph, AllRootsBfs.Result result) throws IOException;
  }

  private final GroupGraph graph = new GroupGraph();
  private final AllRootsBfs engine;

  public ClassDriver(int threads, Kernels kernels) {
    engine = new AllRootsBfs(threads, kernels);
  }

  /**
   * Runs every group of class {@code cls}; with {@code lists}, the results carry the farthest
   * layouts and minimum-step solutions too. Returns the class's layout count.
   */
  public long run(Groups groups, int cls, boolean lists, Handler... handlers) throws IOException {
    long layouts = 0;
    int first = groups.group(cls, 0);
    for (int g = first; g >= 0 && g < first + groups.groupsInClass(cls); g++) {
      graph.load(groups, g);
      AllRootsBfs.Result r = engine.run(graph, lists);
      for (Handler h : handlers) {
        h.group(g, graph, r);
      }
      layouts += r.size;
    }
    return layouts;
  }
}
