package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
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
 */
public final class HrdFiles {
  /** Which symmetry test fills main.csv's Y|N column. */
  public enum MirrorRule { EXACT, LEGACY }

  private HrdFiles() {}

  /**
   * All_Case.txt (of class {@code cls} only when it is not -1); returns the lines written. The
   * codes alone: all of them from the {@code ids} family, one class's from its names.
   */
  public static long allCases(KlotskiDb db, int cls, OutputStream out, LongConsumer progress) throws IOException {
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
  public static long mainCsv(KlotskiDb db, int cls, MirrorRule rule, OutputStream out, LongConsumer progress)
      throws IOException {
    return lines(db, cls, out, progress, (line, at, c) -> {
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

  private static long lines(KlotskiDb db, int cls, OutputStream out, LongConsumer progress, Format format)
      throws IOException {
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
}
