package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;
import klotskidb.analysis.AllRootsBfs;
import klotskidb.analysis.Kernels;
import klotskidb.layerer.GroupGraph;

/**
 * The per-class files of the original HRD_Database release, byte for byte:
 *
 * <pre>
 *   farthest_J-B-S.csv   CODE,farthest_step,farthest_num,F1-F2-...-Fn
 *   solution_J-B-S.csv   CODE,min_solution_step,min_solution_num,M1-...-Mk,solution_num
 *                        (CODE,-1,0,,0 when the group has no solved layout)
 * </pre>
 *
 * Rows go over the class's groups in group_num order and, inside a group, over members in code
 * order; lists are in code order joined by '-'; codes are 9 upper-case hex digits; every line
 * ends with LF, the last one too. Each group is analysed by {@link AllRootsBfs} as it is written.
 */
public final class HrdCsv {
  /** Which of the two files. */
  public enum Kind { FARTHEST, SOLUTION }

  /** Receives every group's results before its rows are written (for storing the values). */
  public interface GroupResults {
    void accept(int group, GroupGraph graph, AllRootsBfs.Result result);
  }

  private final GroupGraph graph = new GroupGraph();
  private final AllRootsBfs engine;

  /** Shares each group's BFS batches among {@code threads} threads, sweeping with {@code kernels}. */
  public HrdCsv(int threads, Kernels kernels) {
    engine = new AllRootsBfs(threads, kernels);
  }

  /** Writes one class's file; returns the number of rows. Not thread-safe: one per thread. */
  public long write(Groups groups, int cls, Kind kind, OutputStream out) throws IOException {
    return kind == Kind.FARTHEST ? write(groups, cls, out, null, null) : write(groups, cls, null, out, null);
  }

  /**
   * Analyses every group of a class once and writes both files (either stream may be null);
   * returns the number of rows per file.
   */
  public long write(Groups groups, int cls, OutputStream farthestOut, OutputStream solutionOut,
      GroupResults results) throws IOException {
    long rows = 0;
    StringBuilder line = new StringBuilder(256);
    int first = groups.group(cls, 0);
    for (int g = first; g >= 0 && g < first + groups.groupsInClass(cls); g++) {
      graph.load(groups, g);
      AllRootsBfs.Result r = engine.run(graph, farthestOut != null || solutionOut != null);
      if (results != null) {
        results.accept(g, graph, r);
      }
      for (int i = 0; i < r.size; i++) {
        if (farthestOut != null) {
          line.setLength(0);
          line.append(Code.format(graph.code(i))).append(',').append(r.farthestStep[i]).append(',')
              .append(r.farthestNum[i]).append(',');
          list(line, r.farthest(i));
          emit(line.append('\n'), farthestOut);
        }
        if (solutionOut != null) {
          line.setLength(0);
          line.append(Code.format(graph.code(i))).append(',').append(r.minSolutionStep[i]).append(',')
              .append(r.minSolutionNum[i]).append(',');
          list(line, r.minSolutions(i));
          emit(line.append(',').append(r.solutionNum[i]).append('\n'), solutionOut);
        }
        rows++;
      }
    }
    return rows;
  }

  /** Appends layouts (local indices) joined by '-'. */
  private void list(StringBuilder line, int[] layouts) {
    for (int k = 0; k < layouts.length; k++) {
      line.append(k == 0 ? "" : "-").append(Code.format(graph.code(layouts[k])));
    }
  }

  private static void emit(CharSequence line, OutputStream out) throws IOException {
    byte[] bytes = new byte[line.length()];
    for (int c = 0; c < bytes.length; c++) {
      bytes[c] = (byte) line.charAt(c);
    }
    out.write(bytes);
  }
}
