package klotskidb.jobs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.function.Consumer;
import klotskidb.analysis.ClassDriver;
import klotskidb.datasets.FileChecksum;
import klotskidb.datasets.HrdCsv;
import klotskidb.analysis.Kernels;
import klotskidb.analysis.LanePool;
import klotskidb.db.AnalysisWriter;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;

/**
 * One class through the all-roots analysis, once: every group's BFS from every layout gives the
 * rows of {@code farthest_J-B-S.csv} and {@code solution_J-B-S.csv} (to files, or only to their
 * checksums) and the per-layout values that {@code klotski analyse} stores. What {@code analyse}
 * and {@code release} both run per class.
 *
 * <pre>
 *   ClassAnalysis.run(new LanePool(2, 1L << 30), Kernels.vector(), groups, LayoutClass.index(5, 4, 1), farthestFile, solutionFile, writer, stored)
 *     -> Done[5-4-1, 65,880 layouts, 898 groups, farthest "MD5 65880 BYTES", solution "...", its seconds]
 * </pre>
 *
 * The values are kept by position in the class's member slice (groups are contiguous there),
 * then sorted by id (ids ascend with codes) for the writer, which wants code order and stores
 * them on its own thread ({@link AnalysisWriter#submit}).
 *
 * <p>Two handlers of one {@link ClassDriver} (a driver per class, dropped with it): the rows of
 * both files ({@link HrdCsv}, into their checksums) and the values to store.
 */
public final class ClassAnalysis {
  /** A class done: its size and the checksums ("MD5 LINES BYTES") of the two files. */
  public record Done(String className, int layouts, int groups, String farthest, String solution, double seconds) {}

  private ClassAnalysis() {}

  /**
   * What a class in flight holds beside its groups, a layout: its values ({@link AnalysedColumns},
   * a row's value) and their order by id (a long), kept until the writer has stored them.
   */
  public static final long BYTES_PER_LAYOUT = AnalysedColumns.BYTES_PER_LAYOUT + 8;

  /**
   * @param pool the run's lanes and memory, which every group of the class leases from
   * @param kernels the kernels sweeping them
   * @param farthestOut receives farthest_J-B-S.csv, or null (checksummed only)
   * @param solutionOut receives solution_J-B-S.csv, or null
   * @param writer stores the values and the class's marker, or null (values not stored)
   * @param stored called with the class's figures once the writer has published them (on the
   *     writer's thread), or at once when there is no writer
   */
  public static Done run(LanePool pool, Kernels kernels, Groups groups, int cls, OutputStream farthestOut, OutputStream solutionOut,
      AnalysisWriter writer, Consumer<Done> stored) throws IOException {
    long t0 = System.nanoTime();
    int first = groups.group(cls, 0);
    int groupCount = groups.groupsInClass(cls);
    int size = groups.start(first + groupCount) - groups.start(first);
    AnalysedColumns values = writer == null ? null : new AnalysedColumns(size); // kept only to be stored
    int[][] diameters = new int[groupCount][];
    int base = groups.start(first);
    FileChecksum farthestSum = new FileChecksum();
    FileChecksum solutionSum = new FileChecksum();
    // each file's checksum and the file itself written at once, a large group's chunks on two threads
    HrdCsv rows = new HrdCsv(HrdCsv.streams(farthestSum, farthestOut), HrdCsv.streams(solutionSum, solutionOut));
    ClassDriver.Handler kept = (g, graph, r) -> {
      int offset = groups.start(g) - base;
      for (int i = 0; i < r.size; i++) {
        values.set(offset + i, r, i);
      }
      diameters[g - first] = new int[] {LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls),
          LayoutClass.styleOf(cls), groups.groupNum(g), r.diameter()};
    };
    ClassDriver driver = new ClassDriver(pool, kernels);
    if (writer == null) {
      driver.run(groups, cls, true, rows);
    } else {
      driver.run(groups, cls, true, rows, kept);
    }
    String farthest = farthestSum.toString();
    String solution = solutionSum.toString();
    Done done = new Done(LayoutClass.name(cls), size, groupCount, farthest, solution, (System.nanoTime() - t0) / 1e9);
    if (writer == null) {
      stored.accept(done);
    } else {
      int[] members = groups.members();
      long[] byId = new long[size];
      for (int p = 0; p < size; p++) {
        byId[p] = ((long) members[base + p] << 32) | p;
      }
      Arrays.sort(byId);
      LayoutSpace all = groups.layouts();
      writer.submit(new AnalysisWriter.ClassValues(done.className(), size, sink -> {
        for (long e : byId) {
          int p = (int) e;
          values.row(sink, all.code((int) (e >>> 32)), p);
        }
      }, diameters, farthest, solution, done.seconds()), () -> stored.accept(done));
    }
    return done;
  }
}
