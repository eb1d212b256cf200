package klotskidb.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Closes connections whose request keeps arriving for longer than {@link #LIMIT}: a client that
 * sends a header a byte every few seconds ("slowloris") is not idle, so the idle timeout never
 * ends it, and every such connection holds a socket and a buffer. A request's line and headers
 * are a few hundred bytes; {@code GET /api/layout/1A9BF0C} arrives in one packet.
 *
 * <p>How: every {@link #CHECK} the connector's connections are looked at; one that has received
 * bytes since its last complete request (Jetty's {@code getBytesIn} against the count when
 * {@code getMessagesIn} last grew) and has been in that state for {@link #LIMIT} is closed. Idle
 * keep-alive connections (no new bytes) are left to the idle timeout.
 */
final class SlowRequests extends AbstractLifeCycle implements Connection.Listener {
  /** How long a request may take to arrive. */
  static final long LIMIT = 10_000;
  private static final long CHECK = 1_000;

  private final ServerConnector connector;
  private final Map<Connection, long[]> open = new ConcurrentHashMap<>(); // messages, bytes at that, pending since
  private volatile Scheduler.Task task;

  SlowRequests(ServerConnector connector) {
    this.connector = connector;
  }

  @Override
  protected void doStart() {
    schedule();
  }

  @Override
  protected void doStop() {
    Scheduler.Task t = task;
    if (t != null) {
      t.cancel();
    }
    open.clear();
  }

  private void schedule() {
    if (isRunning()) {
      task = connector.getScheduler().schedule(this::check, CHECK, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void onOpened(Connection connection) {
    open.put(connection, new long[] {0, 0, -1});
  }

  @Override
  public void onClosed(Connection connection) {
    open.remove(connection);
  }

  private void check() {
    long now = System.nanoTime();
    for (Map.Entry<Connection, long[]> e : open.entrySet()) {
      Connection c = e.getKey();
      long[] s = e.getValue();
      long messages = c.getMessagesIn();
      long bytes = c.getBytesIn();
      if (messages != s[0]) {
        s[0] = messages;
        s[1] = bytes;
        s[2] = -1;
      } else if (bytes > s[1]) {
        if (s[2] < 0) {
          s[2] = now;
        } else if (now - s[2] > TimeUnit.MILLISECONDS.toNanos(LIMIT)) {
          open.remove(c);
          c.close();
        }
      }
    }
    schedule();
  }
}
