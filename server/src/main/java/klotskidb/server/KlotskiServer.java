package klotskidb.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import klotskidb.db.KlotskiDb;

/**
 * The database over HTTP: {@link Api} under {@code /api/}, the explorer page at {@code /}, on the
 * JDK's own HTTP server ({@code com.sun.net.httpserver}: no dependency, and a pool of worker
 * threads serves well over 10,000 look-ups a second on 2 cores; see BENCHMARKS.md).
 *
 * <pre>
 *   try (KlotskiServer s = KlotskiServer.start(db, new InetSocketAddress("127.0.0.1", 8080), 8)) {
 *     // GET http://127.0.0.1:8080/api/layout/1A9BF0C
 *   }
 * </pre>
 *
 * Read-only and bounded: GET and HEAD only (405 otherwise), URLs up to {@link #MAX_URL}
 * characters (414), at most {@link #MAX_IN_FLIGHT} requests at once (503 past that), layer pages
 * up to {@link Api#MAX_LIMIT} members. One database handle serves every thread (RocksDB reads
 * are thread-safe).
 */
public final class KlotskiServer implements AutoCloseable {
  public static final int MAX_URL = 2048;
  public static final int MAX_IN_FLIGHT = 256;

  private final HttpServer http;
  private final ExecutorService pool;
  private final Api api;
  private final int maxInFlight;
  private final Semaphore inFlight;
  private final byte[] page;
  private final PrintStream log;

  private KlotskiServer(HttpServer http, ExecutorService pool, KlotskiDb db, PrintStream log, int maxInFlight)
      throws IOException {
    this.http = http;
    this.maxInFlight = maxInFlight;
    this.inFlight = new Semaphore(maxInFlight);
    this.pool = pool;
    this.api = new Api(db);
    this.log = log;
    try (InputStream in = KlotskiServer.class.getResourceAsStream("index.html")) {
      if (in == null) {
        throw new IOException("the page (klotskidb/server/index.html) is missing from the jar");
      }
      page = in.readAllBytes();
    }
  }

  /** Starts serving {@code db} on {@code address} with {@code threads} worker threads, no warm-up. */
  public static KlotskiServer start(KlotskiDb db, InetSocketAddress address, int threads, PrintStream log)
      throws IOException {
    return start(db, address, threads, log, MAX_IN_FLIGHT, 0);
  }

  /** The same with another limit of requests at once (tests). */
  public static KlotskiServer start(KlotskiDb db, InetSocketAddress address, int threads, PrintStream log,
      int maxInFlight) throws IOException {
    return start(db, address, threads, log, maxInFlight, 0);
  }

  /**
   * The same, returning after a warm-up of {@code warmUpMillis} ({@link WarmUp}: look-ups sent to
   * itself until C2 has compiled their path; the table files read into the operating system's
   * cache meanwhile and on in the background); 0 for none.
   */
  public static KlotskiServer start(KlotskiDb db, InetSocketAddress address, int threads, PrintStream log,
      int maxInFlight, long warmUpMillis) throws IOException {
    // TCP_NODELAY on accepted connections: the server writes headers and body apart, and with
    // Nagle's algorithm the body then waits for the client's delayed ACK, 40 ms a request
    // (measured: 1,431 look-ups/s, p50 44 ms; with it 10,624/s, p50 5.3 ms). Read once, when
    // the JDK's server configuration is first loaded: set before the first server.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    HttpServer http = HttpServer.create(address, 1024);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "klotski-http");
      t.setDaemon(true);
      return t;
    });
    KlotskiServer server = new KlotskiServer(http, pool, db, log, maxInFlight);
    http.createContext("/", server::handle);
    http.setExecutor(pool);
    http.start();
    if (warmUpMillis > 0) {
      WarmUp.readFiles(db);
      WarmUp.overHttp(server.address(), db.layoutCount(), 2, warmUpMillis);
    }
    return server;
  }

  /** Where it listens (the port chosen, when 0 was asked). */
  public InetSocketAddress address() {
    return http.getAddress();
  }

  private void handle(HttpExchange x) throws IOException {
    try (x) {
      String method = x.getRequestMethod();
      boolean head = method.equals("HEAD");
      if (!head && !method.equals("GET")) {
        x.getResponseHeaders().set("Allow", "GET, HEAD");
        send(x, 405, "application/json", bytes(Api.Response.error(405, "only GET and HEAD").body()), false);
        return;
      }
      String raw = x.getRequestURI().getRawPath();
      String query = x.getRequestURI().getRawQuery();
      if (raw.length() + (query == null ? 0 : query.length()) > MAX_URL) {
        send(x, 414, "application/json", bytes(Api.Response.error(414, "the URL is longer than " + MAX_URL
            + " characters").body()), head);
        return;
      }
      if (!inFlight.tryAcquire()) {
        send(x, 503, "application/json", bytes(Api.Response.error(503, "busy: more than " + maxInFlight
            + " requests at once; try again").body()), head);
        return;
      }
      try {
        if (raw.equals("/") || raw.equals("/index.html")) {
          send(x, 200, "text/html; charset=utf-8", page, head);
          return;
        }
        Api.Response r = api.get(raw, query);
        send(x, r.status(), "application/json; charset=utf-8", bytes(r.body()), head);
      } finally {
        inFlight.release();
      }
    } catch (IOException e) {
      throw e; // the client went away: nothing to answer
    } catch (RuntimeException e) {
      log.println("klotski serve: internal error on " + x.getRequestURI().getRawPath() + ": " + e);
      try {
        send(x, 500, "application/json", bytes(Api.Response.error(500, "internal error").body()), false);
      } catch (IOException | RuntimeException ignored) {
        // headers already sent
      }
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void send(HttpExchange x, int status, String type, byte[] body, boolean head) throws IOException {
    x.getResponseHeaders().set("Content-Type", type);
    x.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    x.getResponseHeaders().set("Cache-Control", "no-store");
    if (head) {
      x.getResponseHeaders().set("Content-Length", Integer.toString(body.length));
      x.sendResponseHeaders(status, -1);
      return;
    }
    x.sendResponseHeaders(status, body.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(body);
    }
  }

  /** Stops accepting, lets requests under way finish (up to a second), stops the workers. */
  @Override
  public void close() {
    http.stop(1);
    pool.shutdown();
    try {
      pool.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
