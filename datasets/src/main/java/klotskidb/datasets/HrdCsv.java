package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
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
  /** The two per-class files; each names its file here, for the export, the release and the checks alike. */
  public enum Kind {
    FARTHEST("farthest"), SOLUTION("solution");

    private final String prefix;

    Kind(String prefix) {
      this.prefix = prefix;
    }

    /** The file of class {@code className} (J-B-S): {@code farthest_5-4-1.csv}, {@code solution_5-4-1.csv}. */
    public String fileName(String className) {
      return prefix + "_" + className + ".csv";
    }

    /** "farthest" or "solution", as the published checksum tables name the kind. */
    public String prefix() {
      return prefix;
    }
  }

  private final OutputStream farthestOut;
  private final OutputStream solutionOut;
  /** Each row's bytes, written out a group at a time or every 64 KB. */
  private final Row farthestRows = new Row();
  private final Row solutionRows = new Row();
  /** The group's codes as 9 hex digits each, by local index. */
  private byte[] hex = new byte[0];
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

  /**
   * Writes the group's rows. Bytes straight into a buffer, each code formatted once per group: the
   * farthest files are 26 GB of text over all classes (2-3-0-0: about 385 codes a row), and a
   * String per code cost a share of {@code analyse}'s CPU (BENCHMARKS.md, row "CSV codes as bytes").
   */
  @Override
  public void group(int g, GroupGraph graph, AllRootsBfs.Result r) throws IOException {
    int n = r.size;
    if (hex.length < n * Code.DIGITS) {
      hex = new byte[Math.max(n * Code.DIGITS, hex.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      Code.formatInto(graph.code(i), hex, i * Code.DIGITS);
    }
    for (int i = 0; i < n; i++) {
      if (farthestOut != null) {
        Row row = farthestRows;
        row.code(hex, i).comma().number(r.farthestStep[i]).comma().number(r.farthestNum[i]).comma();
        row.list(hex, r.farthest(i)).newline();
        row.flushIfFull(farthestOut);
      }
      if (solutionOut != null) {
        Row row = solutionRows;
        row.code(hex, i).comma().number(r.minSolutionStep[i]).comma().number(r.minSolutionNum[i]).comma();
        row.list(hex, r.minSolutions(i)).comma().number(r.solutionNum[i]).newline();
        row.flushIfFull(solutionOut);
      }
      rows++;
    }
    if (farthestOut != null) {
      farthestRows.flush(farthestOut);
    }
    if (solutionOut != null) {
      solutionRows.flush(solutionOut);
    }
  }

  /** A growing byte buffer of rows. */
  private static final class Row {
    private static final int FLUSH = 1 << 16;
    private byte[] b = new byte[FLUSH * 2];
    private int size;

    private void room(int more) {
      if (size + more > b.length) {
        b = Arrays.copyOf(b, Math.max(size + more, b.length * 2));
      }
    }

    Row code(byte[] hex, int i) {
      room(Code.DIGITS);
      System.arraycopy(hex, i * Code.DIGITS, b, size, Code.DIGITS);
      size += Code.DIGITS;
      return this;
    }

    /** Codes (local indices) joined by '-'. */
    Row list(byte[] hex, int[] layouts) {
      room(layouts.length * (Code.DIGITS + 1));
      for (int k = 0; k < layouts.length; k++) {
        if (k > 0) {
          b[size++] = '-';
        }
        System.arraycopy(hex, layouts[k] * Code.DIGITS, b, size, Code.DIGITS);
        size += Code.DIGITS;
      }
      return this;
    }

    Row number(int v) {
      room(11);
      if (v < 0) {
        b[size++] = '-';
        v = -v;
      }
      int digits = 1;
      for (int t = v; t >= 10; t /= 10) {
        digits++;
      }
      for (int p = size + digits - 1; p >= size; p--) {
        b[p] = (byte) ('0' + v % 10);
        v /= 10;
      }
      size += digits;
      return this;
    }

    Row comma() {
      room(1);
      b[size++] = ',';
      return this;
    }

    void newline() {
      room(1);
      b[size++] = '\n';
    }

    void flushIfFull(OutputStream out) throws IOException {
      if (size >= FLUSH) {
        flush(out);
      }
    }

    void flush(OutputStream out) throws IOException {
      out.write(b, 0, size);
      size = 0;
    }
  }
}
