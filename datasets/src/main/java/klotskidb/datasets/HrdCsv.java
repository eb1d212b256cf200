package klotskidb.datasets;

import it.unimi.dsi.fastutil.ints.IntArrayList;
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
    group(g, graph, r, ClassDriver.Tasks.INLINE);
  }

  /**
   * As above; a group of more than {@link #CHUNK_BYTES} of farthest rows is cut into chunks of
   * about that many bytes, formatted {@code tasks.threads()} at a time into buffers of their own
   * (a farthest list mapped by its transform and sorted again is most of a row's cost), then
   * written in order by this thread: the same bytes, the group's leased threads busy instead of
   * one (BENCHMARKS.md, row "a group's rows on its leased threads").
   */
  @Override
  public void group(int g, GroupGraph graph, AllRootsBfs.Result r, ClassDriver.Tasks tasks) throws IOException {
    int n = r.size;
    if (hex.length < n * Code.DIGITS) {
      hex = new byte[Math.max(n * Code.DIGITS, hex.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      Code.formatInto(graph.code(i), hex, i * Code.DIGITS);
    }
    int[] chunks = tasks.threads() > 1 ? chunks(r) : null;
    if (chunks == null) {
      Row f = farthestOut == null ? null : farthestRows;
      Row s = solutionOut == null ? null : solutionRows;
      for (int i = 0; i < n; i++) {
        row(r, i, f, s);
        if (f != null) {
          f.flushIfFull(farthestOut);
        }
        if (s != null) {
          s.flushIfFull(solutionOut);
        }
      }
      flush(f, s);
    } else {
      int window = 2 * tasks.threads();
      if (chunkRows.length < window) {
        chunkRows = new Row[window][2];
        for (Row[] pair : chunkRows) {
          pair[0] = farthestOut == null ? null : new Row();
          pair[1] = solutionOut == null ? null : new Row();
        }
      }
      for (int c = 0; c < chunks.length - 1; c += window) {
        int first = c;
        tasks.run(Math.min(window, chunks.length - 1 - c), k -> {
          Row[] pair = chunkRows[k];
          for (int i = chunks[first + k], end = chunks[first + k + 1]; i < end; i++) {
            row(r, i, pair[0], pair[1]);
          }
        });
        for (int k = 0; k < window && c + k < chunks.length - 1; k++) {
          flush(chunkRows[k][0], chunkRows[k][1]);
          chunksFormatted++;
        }
      }
    }
    rows += n;
  }

  /** A chunk of farthest rows, in bytes, about (a code and its '-' a farthest layout). */
  static final int CHUNK_BYTES = 1 << 20;

  /** Each chunk's buffers for both files, kept between groups: a window of them at a time. */
  private Row[][] chunkRows = new Row[0][];
  /** Chunks formatted by the tasks so far (for tests). */
  int chunksFormatted;

  /**
   * Where each chunk of the group's rows starts, the group's size last; null when the group's
   * farthest rows come to a chunk or less (one thread writes them).
   */
  private static int[] chunks(AllRootsBfs.Result r) {
    IntArrayList starts = new IntArrayList();
    starts.add(0);
    long bytes = 0;
    for (int i = 0; i < r.size; i++) {
      bytes += 20 + (long) r.farthestNum[i] * (Code.DIGITS + 1);
      if (bytes >= CHUNK_BYTES) {
        starts.add(i + 1);
        bytes = 0;
      }
    }
    if (starts.getInt(starts.size() - 1) != r.size) {
      starts.add(r.size);
    }
    return starts.size() <= 2 ? null : starts.toIntArray();
  }

  /** Layout i's row of each file into its buffer (either may be null: that file is not written). */
  private void row(AllRootsBfs.Result r, int i, Row farthest, Row solution) {
    if (farthest != null) {
      farthest.code(hex, i).comma().number(r.farthestStep[i]).comma().number(r.farthestNum[i]).comma();
      farthest.list(hex, r.farthest(i)).newline();
    }
    if (solution != null) {
      solution.code(hex, i).comma().number(r.minSolutionStep[i]).comma().number(r.minSolutionNum[i]).comma();
      solution.list(hex, r.minSolutions(i)).comma().number(r.solutionNum[i]).newline();
    }
  }

  private void flush(Row farthest, Row solution) throws IOException {
    if (farthest != null) {
      farthest.flush(farthestOut);
    }
    if (solution != null) {
      solution.flush(solutionOut);
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
