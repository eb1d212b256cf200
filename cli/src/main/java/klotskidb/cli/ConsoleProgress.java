package klotskidb.cli;

import java.io.PrintWriter;
import java.util.Locale;
import klotskidb.enumerator.Progress;

/**
 * Progress on stderr: a redrawn bar on a terminal, a log line every 10% otherwise (or nothing
 * but pass summaries with {@code --no-progress}).
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
      int decile = (int) (f * 10);
      if (decile > lastDecile && decile < 10) {
        lastDecile = decile;
        err.println(String.format(Locale.ROOT, "%s: %d%% (%,d of %,d)", pass, decile * 10, done, total));
        err.flush();
      }
    }
  }

  @Override
  public synchronized void end(String pass, long nanos, String summary) {
    if (bar) {
      err.print("\r" + " ".repeat(60) + "\r");
    }
    err.println(String.format(Locale.ROOT, "  %-10s %7.2f s  %s", pass, nanos / 1e9, summary));
    err.flush();
  }
}
