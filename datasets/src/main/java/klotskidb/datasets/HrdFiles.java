package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import klotskidb.base.Workers;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;

/**
 * The two whole-database files of the original HRD_Database release, streamed from a scan of
 * {@code cases}: LF between lines, none after the last.
 *
 * <pre>
 *   All_Case.txt   1A9BF0C00                                  (every code, 9 upper-case hex digits)
 *   main.csv       4091296,1A9BF0C00,Y,5,4,1,1,7472           (id,CODE,Y|N,jiang,bing,style,group_num,group_index)
 * </pre>
 *
 * Y|N is the layout's symmetry: exact (the mirror equals the layout, 11,634 Y) or the original
 * engine's rule ({@link LegacySymmetry}, 13,618 Y), which the published main.csv MD5 needs.
 *
 * <p>The whole database's file on several threads: the ids cut into parts of {@link #PART_IDS}
 * (ids are ranks in code order, so a part is a range of codes, {@link AllLayouts#codeOfId}), each
 * part's lines read and formatted by a thread of a pool into an array of its own, the arrays
 * written in order by the caller's thread: the same bytes as one thread's scan, which the scan
 * bounds (its reads and decoding are most of a file's time; BENCHMARKS.md, row "the whole-database
 * files in parts").
 */
public final class HrdFiles {
  /** Which symmetry test fills main.csv's Y|N column. */
  public enum MirrorRule { EXACT, LEGACY }

  /** Ids in a part of a whole-database file written on several threads (about 9 MB of main.csv). */
  static final int PART_IDS = 1 << 18;

  private HrdFiles() {}

  /**
   * All_Case.txt (of class {@code cls} only when it is not -1); returns the lines written. The
   * codes alone: all of them from the {@code ids} family, one class's from its names.
   */
  public static long allCases(KlotskiDb db, int cls, int threads, OutputStream out, LongConsumer progress)
      throws IOException {
    if (cls < 0 && threads > 1) {
      return inParts(threads, out, progress, (from, to, part) -> {
        byte[] codeLine = new byte[Code.DIGITS + 1];
        codeLine[0] = '\n';
        db.forEachCode(from, to, code -> {
          Code.formatInto(code, codeLine, 1);
          part.add(codeLine, codeLine.length);
        });
      });
    }
    byte[] line = new byte[Code.DIGITS + 1];
    line[0] = '\n';
    long[] n = {0};
    LongConsumer each = code -> {
      if ((++n[0] & 0xFFFF) == 0) {
        progress.accept(n[0]);
      }
      Code.formatInto(code, line, 1);
      try {
        if (n[0] == 1) {
          out.write(line, 1, Code.DIGITS); // no line break before the first
        } else {
          out.write(line, 0, line.length);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
    try {
      if (cls >= 0) {
        for (long code : db.codesOfClass(cls)) {
          each.accept(code);
        }
      } else {
        db.forEachCode(each);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return n[0];
  }

  /**
   * main.csv (of class {@code cls} only when it is not -1); returns the lines written. Each line
   * is written as bytes straight into one array (BENCHMARKS, "main.csv written as bytes"), the way
   * All_Case.txt is.
   */
  public static long mainCsv(KlotskiDb db, int cls, MirrorRule rule, int threads, OutputStream out,
      LongConsumer progress) throws IOException {
    return lines(db, cls, threads, out, progress, (line, at, c) -> {
      boolean symmetric = rule == MirrorRule.EXACT ? c.symmetric() : LegacySymmetry.isSymmetric(c.code());
      at = decimal(c.id(), line, at);
      line[at++] = ',';
      Code.formatInto(c.code(), line, at);
      at += Code.DIGITS;
      line[at++] = ',';
      line[at++] = (byte) (symmetric ? 'Y' : 'N');
      line[at++] = ',';
      at = decimal(c.jiang(), line, at);
      line[at++] = ',';
      at = decimal(c.bing(), line, at);
      line[at++] = ',';
      at = decimal(c.style(), line, at);
      line[at++] = ',';
      at = decimal(c.groupNum(), line, at);
      line[at++] = ',';
      return decimal(c.groupIndex(), line, at);
    });
  }

  /** Writes {@code v} (not negative) in decimal at {@code at}; returns where it ends. */
  static int decimal(int v, byte[] line, int at) {
    int digits = 1;
    for (int t = v; t >= 10; t /= 10) {
      digits++;
    }
    int end = at + digits;
    int i = end;
    do {
      line[--i] = (byte) ('0' + v % 10);
      v /= 10;
    } while (v != 0);
    return end;
  }

  private interface Format {
    /** Writes the line of {@code c} into {@code line} from {@code at}; returns where it ends. */
    int line(byte[] line, int at, CaseRecord c);
  }

  private static long lines(KlotskiDb db, int cls, int threads, OutputStream out, LongConsumer progress,
      Format format) throws IOException {
    if (cls < 0 && threads > 1) {
      return inParts(threads, out, progress, (from, to, part) -> {
        byte[] partLine = new byte[128];
        partLine[0] = '\n';
        db.forEachCase(AllLayouts.codeOfId(from), to < AllLayouts.COUNT ? AllLayouts.codeOfId(to) : Long.MAX_VALUE,
            c -> part.add(partLine, format.line(partLine, 1, c)));
      });
    }
    byte[] line = new byte[128];
    line[0] = '\n';
    long[] n = new long[2]; // lines written, layouts seen
    try {
      Consumer<CaseRecord> each = c -> {
        if ((++n[1] & 0xFFFF) == 0) {
          progress.accept(n[1]);
        }
        if (cls >= 0 && LayoutClass.index(c.jiang(), c.bing(), c.style()) != cls) {
          return;
        }
        int end = format.line(line, 1, c);
        int from = n[0]++ > 0 ? 0 : 1; // no line break before the first
        try {
          out.write(line, from, end - from);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      };
      if (cls >= 0) { // one class: its records only, read by code
        db.forEachCaseWithAnalysis(db.codesOfClass(cls), (c, a) -> each.accept(c));
      } else {
        db.forEachCase(each);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return n[0];
  }

  /** Adds the lines of the layouts with ids in [from, to) to {@code part}, each after a line break. */
  private interface PartLines {
    void write(int from, int to, PartBytes part);
  }

  /** A part's lines as bytes, growing as they are added, reused once written (one thread's at a time; fastutil-core has no byte lists). */
  private static final class PartBytes {
    byte[] bytes = new byte[1 << 20];
    int size;
    int lines;

    void add(byte[] line, int length) {
      if (size + length > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, size + length));
      }
      System.arraycopy(line, 0, bytes, size, length);
      size += length;
      lines++;
    }
  }

  /**
   * The whole database's lines on {@code threads} threads (above): at most two parts a thread
   * made and not yet written; returns the lines written.
   */
  private static long inParts(int threads, OutputStream out, LongConsumer progress, PartLines lines)
      throws IOException {
    int parts = (AllLayouts.COUNT + PART_IDS - 1) / PART_IDS;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      ArrayDeque<Future<PartBytes>> made = new ArrayDeque<>();
      Queue<PartBytes> free = new ConcurrentLinkedQueue<>(); // the arrays written, for the next parts
      long written = 0;
      for (int next = 0; next < parts || !made.isEmpty(); ) {
        while (next < parts && made.size() < 2 * threads) {
          int from = next++ * PART_IDS;
          int to = (int) Math.min((long) from + PART_IDS, AllLayouts.COUNT);
          made.add(pool.submit(() -> {
            PartBytes part = free.poll();
            part = part == null ? new PartBytes() : part;
            lines.write(from, to, part);
            return part;
          }));
        }
        PartBytes part = Workers.await(made.remove());
        int skip = written == 0 && part.lines > 0 ? 1 : 0; // no line break before the first line
        out.write(part.bytes, skip, part.size - skip);
        long before = written;
        written += part.lines;
        part.size = 0;
        part.lines = 0;
        free.add(part);
        if (written >>> 16 != before >>> 16) { // as often as one scan tells it: every 65,536 lines
          progress.accept(written);
        }
      }
      return written;
    } finally {
      Workers.stop(pool); // every part's scan ends before the caller closes the handle
    }
  }
}
