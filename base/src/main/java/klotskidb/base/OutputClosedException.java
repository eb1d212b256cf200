package klotskidb.base;

import java.io.IOException;

/**
 * The reader of standard output (or of a FIFO) went away before everything was written:
 * {@code klotski export --format all-cases --out - | head -1} reads one line, {@code head} exits,
 * the next write fails with EPIPE. A native tool is stopped there by SIGPIPE, quietly, and the
 * shell sees 141 (128 + 13); the JVM ignores SIGPIPE and gets an {@link IOException} instead, so
 * the command line turns this exception into the same: no message, exit {@link #EXIT}.
 */
public final class OutputClosedException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The exit status of a process that SIGPIPE stopped, as the shell reports it. */
  public static final int EXIT = 141;

  public OutputClosedException(String what, Throwable cause) {
    super(what + " was closed by its reader", cause);
  }

  /** Whether {@code e} or a cause of it is a closed pipe (EPIPE, "Broken pipe", or this exception). */
  public static boolean in(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof OutputClosedException
          || t instanceof IOException && t.getMessage() != null && t.getMessage().contains("Broken pipe")) {
        return true;
      }
    }
    return false;
  }
}
