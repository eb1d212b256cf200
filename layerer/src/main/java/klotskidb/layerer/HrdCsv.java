package klotskidb.layerer;

import java.io.IOException;
import java.io.OutputStream;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;

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

  private final GroupGraph graph = new GroupGraph();
  private final AllRootsBfs engine = new AllRootsBfs();

  /** Writes one class's file; returns the number of rows. Not thread-safe: one per thread. */
  public long write(Groups groups, int cls, Kind kind, OutputStream out) throws IOException {
    long rows = 0;
    StringBuilder line = new StringBuilder(256);
    int first = groups.group(cls, 0);
    for (int g = first; g >= 0 && g < first + groups.groupsInClass(cls); g++) {
      graph.load(groups, g);
      AllRootsBfs.Result r = engine.run(graph, true);
      long[] pairs = kind == Kind.FARTHEST ? r.farthest : r.minSolutions;
      int p = 0;
      for (int i = 0; i < r.size; i++) {
        line.setLength(0);
        line.append(Code.format(graph.code(i))).append(',');
        if (kind == Kind.FARTHEST) {
          line.append(r.farthestStep[i]).append(',').append(r.farthestNum[i]).append(',');
        } else {
          line.append(r.minSolutionStep[i]).append(',').append(r.minSolutionNum[i]).append(',');
        }
        boolean firstItem = true;
        for (; p < pairs.length && (int) (pairs[p] >>> 32) == i; p++) {
          line.append(firstItem ? "" : "-").append(Code.format(graph.code((int) pairs[p])));
          firstItem = false;
        }
        if (kind == Kind.SOLUTION) {
          line.append(',').append(r.solutionNum[i]);
        }
        line.append('\n');
        byte[] bytes = new byte[line.length()];
        for (int c = 0; c < bytes.length; c++) {
          bytes[c] = (byte) line.charAt(c);
        }
        out.write(bytes);
        rows++;
      }
    }
    return rows;
  }
}
