package klotskidb.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import klotskidb.db.KlotskiDb;
import klotskidb.db.LiveDatabase;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The database over HTTP: {@link Api} under {@code /api/}, the explorer page at {@code /}, on
 * Jetty 12's core server (no servlets).
 *
 * <pre>
 *   try (KlotskiServer s = KlotskiServer.start(db, new InetSocketAddress("127.0.0.1", 8080), 8, System.err)) {
 *     // GET http://127.0.0.1:8080/api/layout/1A9BF0C
 *   }
 * </pre>
 *
 * Read-only and bounded: GET and HEAD only (405 otherwise), URLs up to {@link #MAX_URL}
 * characters (414), at most {@link #MAX_IN_FLIGHT} requests at once (503 past that), layer pages
 * up to {@link Api#MAX_LIMIT} members. One database handle serves every thread (RocksDB reads
 * are thread-safe). Every answer that is not 200 is the API's JSON error ({@link JsonErrors}),
 * also for what Jetty rejects before a handler runs (a malformed request line, a bad
 * percent-encoding such as {@code /%jO}, an ambiguous path such as {@code /a/%2F/b}).
 *
 * <p>Why Jetty and not the JDK's {@code com.sun.net.httpserver} (used until then): the JDK's server
 * answers a request line it cannot parse as a URI itself, before any handler, with an HTML page
 * naming {@code URISyntaxException}; 265 of 3,000 fuzzed requests got that. Jetty hands every such
 * error to one replaceable error handler. Measured with wrk against both, BENCHMARKS.md.
 */
public final class KlotskiServer implements AutoCloseable {
  public static final int MAX_URL = 2048;
  public static final int MAX_IN_FLIGHT = 256;

  private static final HttpField NO_SNIFF = new HttpField("X-Content-Type-Options", "nosniff");
  private static final HttpField NO_STORE = new HttpField(HttpHeader.CACHE_CONTROL, "no-store");
  private static final HttpField JSON = new HttpField(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
  private static final HttpField HTML = new HttpField(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");

  private final Server jetty;
  private final ServerConnector connector;
  private final Api api;
  private final int maxInFlight;
  private final Semaphore inFlight;
  private final byte[] page;
  private final PrintStream log;

  private KlotskiServer(LiveDatabase db, InetSocketAddress address, int threads, PrintStream log, int maxInFlight)
      throws IOException {
    this.maxInFlight = maxInFlight;
    this.inFlight = new Semaphore(maxInFlight);
    this.api = new Api(db, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    this.log = log;
    try (InputStream in = KlotskiServer.class.getResourceAsStream("index.html")) {
      if (in == null) {
        throw new IOException("the page (klotskidb/server/index.html) is missing from the jar");
      }
      page = in.readAllBytes();
    }
    // the workers, plus Jetty's own: one acceptor and one selector (threads that wait on sockets)
    QueuedThreadPool pool = new QueuedThreadPool(Math.max(1, threads) + 2, Math.max(1, threads) + 2);
    pool.setName("klotski-http");
    pool.setDaemon(true);
    pool.setReservedThreads(0);
    jetty = new Server(pool);
    HttpConfiguration config = new HttpConfiguration();
    config.setSendServerVersion(false);
    config.setSendDateHeader(false);
    connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(config));
    connector.setHost(address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress());
    connector.setPort(address.getPort());
    connector.setAcceptQueueSize(1024);
    jetty.addConnector(connector);
    jetty.setHandler(new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        return KlotskiServer.this.handle(request, response, callback);
      }
    });
    jetty.setErrorHandler(new JsonErrors());
    jetty.setStopTimeout(1000);
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
    return start(LiveDatabase.fixed(db), address, threads, log, maxInFlight, warmUpMillis);
  }

  /**
   * The same over a database that follows publications ({@code klotski serve}): each request
   * reads the publication current when it starts.
   */
  public static KlotskiServer start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log,
      int maxInFlight, long warmUpMillis) throws IOException {
    KlotskiServer server = new KlotskiServer(live, address, threads, log, maxInFlight);
    try {
      server.jetty.start();
    } catch (IOException e) {
      server.close();
      if (e.getCause() instanceof BindException bind) {
        throw bind;
      }
      throw e;
    } catch (Exception e) {
      server.close();
      throw new IOException("the HTTP server did not start: " + e.getMessage(), e);
    }
    if (warmUpMillis > 0) {
      try (LiveDatabase.Lease lease = live.lease()) {
        WarmUp.readFiles(lease.db());
        WarmUp.overHttp(server.address(), lease.db().layoutCount(), 2, warmUpMillis);
      }
    }
    return server;
  }

  /** Where it listens (the port chosen, when 0 was asked). */
  public InetSocketAddress address() {
    return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
  }

  private boolean handle(Request request, Response response, Callback callback) {
    try {
      String method = request.getMethod();
      boolean head = method.equals("HEAD");
      if (!head && !method.equals("GET")) {
        response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
        send(response, callback, 405, JSON, error(405, "only GET and HEAD"));
        return true;
      }
      String raw = request.getHttpURI().getPath();
      String query = request.getHttpURI().getQuery();
      if (raw.length() + (query == null ? 0 : query.length()) > MAX_URL) {
        send(response, callback, 414, JSON, error(414, "the URL is longer than " + MAX_URL + " characters"));
        return true;
      }
      if (!inFlight.tryAcquire()) {
        send(response, callback, 503, JSON, error(503, "busy: more than " + maxInFlight + " requests at once; try again"));
        return true;
      }
      try {
        if (raw.equals("/") || raw.equals("/index.html")) {
          send(response, callback, 200, HTML, page);
          return true;
        }
        Api.Response r = api.get(raw, query);
        send(response, callback, r.status(), JSON, bytes(r.body()));
      } finally {
        inFlight.release();
      }
    } catch (RuntimeException e) {
      log.println("klotski serve: internal error on " + request.getHttpURI().getPath() + ": " + e);
      if (!response.isCommitted()) {
        send(response, callback, 500, JSON, error(500, "internal error"));
      } else {
        callback.failed(e);
      }
    }
    return true;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] error(int status, String message) {
    return bytes(Api.Response.error(status, message).body());
  }

  /** The whole answer in one write (Jetty sends no body for HEAD, the same Content-Length). */
  private static void send(Response response, Callback callback, int status, HttpField type, byte[] body) {
    response.setStatus(status);
    headers(response.getHeaders(), type);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  /** The headers of every answer, errors included: its type, no sniffing, no caching. */
  private static void headers(HttpFields.Mutable h, HttpField type) {
    h.put(type);
    h.put(NO_SNIFF);
    h.put(NO_STORE);
  }

  /**
   * Every error Jetty answers itself (a request it cannot parse, an ambiguous path, an error
   * after a handler) as the API's JSON: {@code {"error": "..."}} with the status's reason and,
   * when it is plain words, Jetty's detail; never a class name.
   */
  static final class JsonErrors extends ErrorHandler {
    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
        Callback callback) {
      send(response, callback, code, JSON, error(code, text(code, message)));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
      headers(fields, JSON);
      return ByteBuffer.wrap(error(status, text(status, reason)));
    }

    /** "bad request: Bad URI" style: the status's words, then Jetty's detail if it is plain words. */
    static String text(int code, String detail) {
      String what = HttpStatus.getMessage(code);
      what = what == null ? "error " + code : what.toLowerCase(java.util.Locale.ROOT);
      if (code == 400) {
        what = "malformed request (request line, header, URL or its percent-encoding)";
      }
      if (detail == null || detail.isBlank() || detail.equalsIgnoreCase(HttpStatus.getMessage(code))
          || !detail.matches("[A-Za-z0-9 ,:=/'._-]{1,120}") || detail.contains("Exception") || detail.contains("java")) {
        return what;
      }
      return what + ": " + detail;
    }
  }

  /** Stops accepting, lets requests under way finish (up to a second), stops the workers. */
  @Override
  public void close() {
    try {
      jetty.stop();
    } catch (Exception e) {
      log.println("klotski serve: stopping: " + e.getMessage());
    }
  }
}
