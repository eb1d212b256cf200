package klotskidb.server;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
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
 * keep-alive connections (no new bytes) are left to the idle timeout. The client is told why
 * (408 Request Timeout, the API's JSON, {@code Connection: close}), never a server error.
 */
final class SlowRequests extends AbstractLifeCycle implements Connection.Listener {
  /** How long a request may take to arrive. */
  static final long LIMIT = 10_000;
  private static final long CHECK = 1_000;

  /** The time as the access log's other lines write it (Jetty's extended NCSA format). */
  private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH);

  private final ServerConnector connector;
  private volatile Consumer<String> accessLog;
  private final Map<Connection, long[]> open = new ConcurrentHashMap<>(); // messages, bytes at that, pending since
  private volatile Scheduler.Task task;

  SlowRequests(ServerConnector connector) {
    this.connector = connector;
  }

  /** Where a cut-off request's line goes (the server's access log), if anywhere. */
  void logTo(Consumer<String> accessLog) {
    this.accessLog = accessLog;
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
          timeOut(c.getEndPoint(), accessLog);
        }
      }
    }
    schedule();
  }

  /**
   * The 408 answer, written to the connection's socket beside Jetty (which has no request to
   * answer yet), then closed; its line in the access log as a web server logs a request that never
   * came whole ({@code "-" 408}). Closing the connection through Jetty instead made it answer a
   * made-up request ({@code GET /badRequest}) with a 500.
   */
  private static void timeOut(EndPoint endPoint, Consumer<String> accessLog) {
    String client = endPoint.getRemoteSocketAddress() instanceof InetSocketAddress a && a.getAddress() != null
        ? a.getAddress().getHostAddress() : "-"; // before the write, which may close it at once
    byte[] body = Answers.error(408, JsonErrors.text(408, null));
    HttpFields.Mutable fields = HttpFields.build();
    Answers.headers(fields, Answers.JSON);
    fields.put(HttpHeader.CONTENT_LENGTH, Integer.toString(body.length));
    fields.put(HttpHeader.CONNECTION, "close");
    StringBuilder head = new StringBuilder("HTTP/1.1 408 Request Timeout\r\n");
    for (HttpField f : fields) {
      head.append(f.getName()).append(": ").append(f.getValue()).append("\r\n");
    }
    head.append("\r\n");
    endPoint.write(Callback.from(endPoint::close, failed -> endPoint.close()),
        ByteBuffer.wrap(head.toString().getBytes(StandardCharsets.US_ASCII)), ByteBuffer.wrap(body));
    if (accessLog != null) {
      accessLog.accept(client + " - - [" + LOG_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)) + "] \"-\" 408 "
          + body.length + " \"-\" \"-\"");
    }
  }
}
