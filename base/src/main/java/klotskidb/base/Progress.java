package klotskidb.base;

/**
 * Where a long-running stage reports what it does: one {@link #begin}/{@link #end} per pass, and
 * {@link #advance} every so many items. The CLI draws a bar on a terminal and log lines
 * otherwise; tests pass {@link #NONE}.
 */
public interface Progress {
  Progress NONE = new Progress() {};

  /** A pass starts; {@code total} items, or 0 when unknown. */
  default void begin(String pass, long total) {}

  /** {@code done} items of the current pass are finished (may be called from any thread). */
  default void advance(long done) {}

  /** The current pass ended after {@code nanos}, with a one-line summary (may be empty). */
  default void end(String pass, long nanos, String summary) {}
}
