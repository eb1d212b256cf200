package klotskidb.cli;

import java.io.PrintWriter;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import klotskidb.base.Progress;

/**
 * Progress on stderr: a redrawn bar on a terminal; otherwise (a log, a pipe) a line at every 10%,
 * each step once and in order up to 100%, with the time and an estimate of the end:
 *
 * <pre>
 *   21:50:07 analyse: 40% (1,204,000,000 of 3,010,000,000), eta 22:08:41 (and how long until then)
 * </pre>
 *
 * or nothing but the passes' summaries with {@code --no-progress}.
 */
final class ConsoleProgress implements Progress {
  private final PrintWriter err;
  private final boolean bar;
  private final boolean quiet;
  private volatile String pass = "";
  private volatile long total;
  private volatile long started;
  private long lastDraw;
  private int lastDecile = -1;

  ConsoleProgress(PrintWriter err, boolean terminal, boolean quiet) {
    this.err = err;
    this.bar = terminal && !quiet;
    this.quiet = quiet;
  }

  @Override
  public synchronized void begin(String pass, long total) {
    this.pass = pass;
    this.total = total;
    this.started = System.nanoTime();
    this.lastDecile = -1;
    this.lastDraw = 0;
  }

  @Override
  public synchronized void advance(long done) {
    if (quiet || total <= 0) {
      return;
    }
    long now = System.nanoTime();
    double f = Math.min(1.0, done / (double) total);
    if (bar) {
      if (now - lastDraw < 100_000_000L) {
        return;
      }
      lastDraw = now;
      int width = 30;
      int full = (int) (f * width);
      double elapsed = (now - started) / 1e9;
      String eta = f > 0.02 ? String.format(Locale.ROOT, " eta %.0fs", elapsed / f - elapsed) : "";
      err.print(String.format(Locale.ROOT, "\r%-8s [%s%s] %3.0f%%%s   ", pass, "#".repeat(full),
          " ".repeat(width - full), f * 100, eta));
      err.flush();
    } else {
      // a line when the work passes into a new tenth, with the share and count it has reached: a jump
      // over several tenths is one line (it wrote "10% .. 90% (65,536 of 65,880)", one count nine times)
      int decile = (int) (f * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        if (decile > 0) {
          err.println(logLine(decile, done, now));
        }
      }
      err.flush();
    }
  }

  /** One step's line: the time, the pass, the share, the counts, the estimated end. */
  private String logLine(int decile, long done, long now) {
    LocalTime at = LocalTime.now().withNano(0);
    double elapsed = (now - started) / 1e9;
    double f = Math.min(1.0, done / (double) total);
    String eta = decile >= 10 || f <= 0 ? "" : String.format(Locale.ROOT, ", eta %s (%s)",
        time(at.plusSeconds((long) (elapsed / f - elapsed))), duration(elapsed / f - elapsed));
    return String.format(Locale.ROOT, "%s %s: %d%% (%,d of %,d)%s", time(at), pass, (int) (f * 100), done, total, eta);
  }

  private static final DateTimeFormatter HH_MM_SS = DateTimeFormatter.ofPattern("HH:mm:ss");

  /** 03:41:00, always with the seconds (LocalTime's own text drops them on the minute: 03:41). */
  static String time(LocalTime t) {
    return HH_MM_SS.format(t);
  }

  private static String duration(double seconds) {
    return seconds < 90 ? Math.round(seconds) + " s" : seconds < 5400 ? Math.round(seconds / 60) + " min"
        : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
  }

  @Override
  public synchronized void end(String pass, long nanos, String summary) {
    if (bar) {
      err.print("\r" + " ".repeat(60) + "\r");
    } else if (!quiet && total > 0 && lastDecile < 10) {
      advance(total); // the steps not logged yet, up to 100%
    }
    err.println(String.format(Locale.ROOT, "  %-10s %7.2f s  %s", pass, nanos / 1e9, summary));
    err.flush();
  }
}
