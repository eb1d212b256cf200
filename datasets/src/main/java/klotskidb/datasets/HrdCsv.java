package klotskidb.datasets;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Objects;
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

  /** Where each file's bytes go, every stream the same bytes (none: the file is not written). */
  private final OutputStream[] farthestOut;
  private final OutputStream[] solutionOut;
  /** Each row's bytes, written out a group at a time or every 64 KB. */
  private final Row farthestRows = new Row();
  private final Row solutionRows = new Row();
  /** The group's codes as 9 hex digits each, by local index. */
  private byte[] hex = new byte[0];
  private long rows;

  /** The rows of both files (either stream may be null) of the groups a driver hands over. */
  public HrdCsv(OutputStream farthestOut, OutputStream solutionOut) {
    this(streams(farthestOut), streams(solutionOut));
  }

  /**
   * The same, each file's bytes to every one of its streams (nulls left out): a large group's
   * chunks go to each stream on a thread of its own, at once (a file and its checksum: MD5 on one
   * thread, SHA-256 and the disk on another).
   */
  public HrdCsv(OutputStream[] farthestOut, OutputStream[] solutionOut) {
    this.farthestOut = streams(farthestOut);
    this.solutionOut = streams(solutionOut);
  }

  /** The non-null ones of {@code out}. */
  public static OutputStream[] streams(OutputStream... out) {
    return Arrays.stream(out).filter(Objects::nonNull).toArray(OutputStream[]::new);
  }

  /** Writes one class's file of one kind through {@code driver} to every stream of {@code out}; returns the number of rows. */
  public static long write(ClassDriver driver, Groups groups, int cls, Kind kind, OutputStream... out) throws IOException {
    OutputStream[] none = {};
    HrdCsv csv = kind == Kind.FARTHEST ? new HrdCsv(out, none) : new HrdCsv(none, out);
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
   * about that many bytes, a window of {@code 2 * tasks.threads()} chunks formatted at once into
   * buffers of their own (a farthest list mapped by its transform and sorted again is most of a
   * row's cost) while the window before goes to the streams, each stream on a thread of its own,
   * its chunks in order: the same bytes, the group's leased threads busy instead of one
   * (BENCHMARKS.md, row "a group's rows on its leased threads").
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
    Row f = farthestOut.length == 0 ? null : farthestRows;
    Row s = solutionOut.length == 0 ? null : solutionRows;
    if (chunks == null) {
      for (int i = 0; i < n; i++) {
        row(r, i, f, s);
        if (f != null && f.size >= Row.FLUSH) {
          f.writeTo(farthestOut);
        }
        if (s != null && s.size >= Row.FLUSH) {
          s.writeTo(solutionOut);
        }
      }
      if (f != null) {
        f.writeTo(farthestOut);
      }
      if (s != null) {
        s.writeTo(solutionOut);
      }
    } else {
      inChunks(r, chunks, tasks);
    }
    rows += n;
  }

  /** A chunk of farthest rows, in bytes, about (a code and its '-' a farthest layout). */
  static final int CHUNK_BYTES = 1 << 20;

  /** Two windows of chunks, each chunk's buffers for both files ([w][k][0] farthest, [1] solution), kept between groups. */
  private Row[][][] windows = new Row[2][0][];
  /** Chunks formatted by the tasks so far (for tests). */
  int chunksFormatted;

  /**
   * A group's rows in chunks: each call of {@code tasks} first hands the window formatted before
   * to the streams (a task a stream, writing the window's chunks in order), then formats the next
   * window (a task a chunk); the streams' tasks come first, so they start first.
   */
  private void inChunks(AllRootsBfs.Result r, int[] chunks, ClassDriver.Tasks tasks) throws IOException {
    int window = 2 * tasks.threads();
    if (windows[0].length < window) {
      for (int w = 0; w < 2; w++) {
        windows[w] = new Row[window][2];
        for (Row[] pair : windows[w]) {
          pair[0] = farthestOut.length == 0 ? null : new Row();
          pair[1] = solutionOut.length == 0 ? null : new Row();
        }
      }
    }
    OutputStream[] streams = new OutputStream[farthestOut.length + solutionOut.length];
    System.arraycopy(farthestOut, 0, streams, 0, farthestOut.length);
    System.arraycopy(solutionOut, 0, streams, farthestOut.length, solutionOut.length);
    int count = chunks.length - 1;
    int pending = 0; // the chunks of the window formatted last, not written yet
    for (int c = 0, w = 0; c < count || pending > 0; c += window, w ^= 1) {
      Row[][] toWrite = windows[w ^ 1];
      Row[][] toFormat = windows[w];
      int writing = pending;
      int first = c;
      int formatting = Math.max(0, Math.min(window, count - c));
      int writers = writing > 0 ? streams.length : 0;
      try {
        tasks.run(writers + formatting, k -> {
          if (k < writers) {
            int file = k < farthestOut.length ? 0 : 1;
            for (int j = 0; j < writing; j++) {
              toWrite[j][file].writeOnly(streams[k]);
            }
            return;
          }
          Row[] pair = toFormat[k - writers];
          if (pair[0] != null) {
            pair[0].size = 0;
          }
          if (pair[1] != null) {
            pair[1].size = 0;
          }
          for (int i = chunks[first + k - writers], end = chunks[first + k - writers + 1]; i < end; i++) {
            row(r, i, pair[0], pair[1]);
          }
        });
      } catch (IllegalStateException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
          if (t instanceof UncheckedIOException io) {
            throw io.getCause();
          }
        }
        throw e;
      }
      chunksFormatted += formatting;
      pending = formatting;
    }
  }

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

    /** Writes the buffer to every stream, then empties it. */
    void writeTo(OutputStream[] out) throws IOException {
      for (OutputStream o : out) {
        o.write(b, 0, size);
      }
      size = 0;
    }

    /** Writes the buffer to one stream and keeps it (a task's share of a chunk); an error unchecked. */
    void writeOnly(OutputStream out) {
      try {
        out.write(b, 0, size);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
