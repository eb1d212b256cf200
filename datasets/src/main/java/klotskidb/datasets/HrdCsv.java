package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import klotskidb.analysis.AllRootsBfs;
import klotskidb.analysis.ClassDriver;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;
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
 * ends with LF, the last one too. A {@link ClassDriver} hands over each group as the engine
 * finishes it; this handler writes its rows.
 */
public final class HrdCsv implements ClassDriver.Handler {
  /** Which of the two files. */
  public enum Kind { FARTHEST, SOLUTION }

  private final OutputStream farthestOut;
  private final OutputStream solutionOut;
  private final StringBuilder line = new StringBuilder(256);
  private GroupGraph graph;
  private long rows;

  /** The rows of both files (either stream may be null) of the groups a driver hands over. */
  public HrdCsv(OutputStream farthestOut, OutputStream solutionOut) {
    this.farthestOut = farthestOut;
    this.solutionOut = solutionOut;
  }

  /** Writes one class's file of one kind through {@code driver}; returns the number of rows. */
  public static long write(ClassDriver driver, Groups groups, int cls, Kind kind, OutputStream out) throws IOException {
    HrdCsv csv = kind == Kind.FARTHEST ? new HrdCsv(out, null) : new HrdCsv(null, out);
    driver.run(groups, cls, true, csv);
    return csv.rows();
  }

  /** Rows written so far (per file). */
  public long rows() {
    return rows;
  }

  @Override
  public void group(int g, GroupGraph graph, AllRootsBfs.Result r) throws IOException {
    this.graph = graph;
    for (int i = 0; i < r.size; i++) {
      if (farthestOut != null) {
        line.setLength(0);
        line.append(Code.format(graph.code(i))).append(',').append(r.farthestStep[i]).append(',')
            .append(r.farthestNum[i]).append(',');
        list(r.farthest(i));
        emit(line.append('\n'), farthestOut);
      }
      if (solutionOut != null) {
        line.setLength(0);
        line.append(Code.format(graph.code(i))).append(',').append(r.minSolutionStep[i]).append(',')
            .append(r.minSolutionNum[i]).append(',');
        list(r.minSolutions(i));
        emit(line.append(',').append(r.solutionNum[i]).append('\n'), solutionOut);
      }
      rows++;
    }
  }

  /** Appends layouts (local indices) joined by '-'. */
  private void list(int[] layouts) {
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
