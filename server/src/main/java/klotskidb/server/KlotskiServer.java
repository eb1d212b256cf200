package klotskidb.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import klotskidb.base.UserText;
import klotskidb.db.KlotskiDb;
import klotskidb.db.LiveDatabase;
import klotskidb.query.HttpService;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.RequestLogWriter;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.CrossOriginHandler;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.server.handler.gzip.GzipHandler;
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
 * characters (414), as many requests at once as worker threads and {@link #MAX_IN_FLIGHT} more
 * waiting at most {@link #MAX_WAIT} (503 past that), connections idle for
 * {@link #IDLE_MILLIS} or whose request takes {@link SlowRequests#LIMIT} to arrive closed, layer
 * pages up to {@link Api#MAX_LIMIT} members. Bound to loopback it answers only requests whose
 * Host is this machine (421 otherwise: a page of another site that resolves its name to
 * 127.0.0.1 cannot read the API). The page carries a Content-Security-Policy that lets only its
 * own script run (by hash), every JSON answer one that lets nothing run or frame it. One database handle serves every thread (RocksDB reads
 * are thread-safe). Every answer that is not 200 is the API's JSON error ({@link JsonErrors}),
 * also for what Jetty rejects before a handler runs (a malformed request line, a bad
 * percent-encoding such as {@code /%jO}, an ambiguous path such as {@code /a/%2F/b}).
 *
 * <p>Why Jetty and not the JDK's {@code com.sun.net.httpserver} (used until then): the JDK's server
 * answers a request line it cannot parse as a URI itself, before any handler, with an HTML page
 * naming {@code URISyntaxException}; 265 of 3,000 fuzzed requests got that. Jetty hands every such
 * error to one replaceable error handler. Measured with wrk against both, BENCHMARKS.md.
 *
 * <p>This class wires the server and routes a request; each part of an answer has its own place:
 * {@link Answers} (headers, one write, ETag and 304), {@link JsonErrors}, {@link HostCheck},
 * {@link ThePage}, and the API itself ({@link Api}).
 */
public final class KlotskiServer implements HttpService {
  /** How {@code klotski serve} finds this server ({@code META-INF/services}): with the default limits. */
  public static final class Starter implements HttpService.Provider {
    @Override
    public HttpService start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log,
        long warmUpMillis, Path accessLog) throws IOException {
      return KlotskiServer.start(live, address, threads, log, MAX_IN_FLIGHT, warmUpMillis, accessLog);
    }
  }

  public static final int MAX_URL = 2048;
  /** Requests that wait for a worker; past that a request is answered 503 at once. */
  public static final int MAX_IN_FLIGHT = 256;
  /** How long a request may wait for a worker before it is answered 503. */
  static final Duration MAX_WAIT = Duration.ofSeconds(10);
  /** A connection idle this long is closed; a request still arriving after {@link SlowRequests#LIMIT} too. */
  static final long IDLE_MILLIS = 20_000;

  private final Server jetty;
  private final ServerConnector connector;
  private final Api api;
  private final ThePage page;
  private final PrintStream log;
  private final boolean loopback;
  private final QueuedThreadPool pool;
  private final int maxQueued;

  private KlotskiServer(LiveDatabase db, InetSocketAddress address, int threads, PrintStream log, int maxQueued,
      Path accessLog) throws IOException {
    this.api = new Api(db, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    this.log = log;
    this.loopback = address.getAddress() != null && address.getAddress().isLoopbackAddress();
    page = ThePage.read();
    // the workers and Jetty's own: one acceptor and one selector (threads that wait on sockets)
    int workers = Math.max(1, threads);
    pool = new QueuedThreadPool(workers + 2, workers + 2);
    pool.setName("klotski-http");
    pool.setDaemon(true);
    pool.setReservedThreads(0);
    this.maxQueued = maxQueued;
    jetty = new Server(pool);
    HttpConfiguration config = new HttpConfiguration();
    config.setSendServerVersion(false);
    config.setSendDateHeader(false);
    connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(config));
    connector.setHost(address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress());
    connector.setPort(address.getPort());
    connector.setAcceptQueueSize(1024);
    connector.setIdleTimeout(IDLE_MILLIS);
    SlowRequests slow = new SlowRequests(connector);
    connector.addBean(slow);
    jetty.addConnector(connector);
    // other web apps may read the API (CORS: any origin, GET and HEAD, no credentials; Jetty's
    // CrossOriginHandler answers the preflights), and large answers go compressed (Jetty's
    // GzipHandler, answers of 1 KiB or more to clients that accept gzip)
    CrossOriginHandler cors = new CrossOriginHandler();
    cors.setAllowedOriginPatterns(Set.of("*"));
    cors.setAllowedMethods(Set.of("GET", "HEAD"));
    cors.setAllowedHeaders(Set.of("If-None-Match"));
    cors.setExposedHeaders(Set.of("ETag"));
    cors.setAllowCredentials(false);
    cors.setPreflightMaxAge(Duration.ofDays(1));
    cors.setHandler(new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        return KlotskiServer.this.handle(request, response, callback);
      }
    });
    GzipHandler gzip = new GzipHandler(cors);
    gzip.setMinGzipSize(1024);
    gzip.setIncludedMethods("GET");
    jetty.setHandler(gzip);
    jetty.setErrorHandler(new JsonErrors(maxQueued));
    jetty.setStopTimeout(1000);
    if (accessLog != null) {
      // Jetty's request log, in the extended NCSA format web log tools read: one line a request
      // (errors and refusals too), appended to the file
      RequestLogWriter file = new RequestLogWriter(accessLog.toAbsolutePath().toString());
      file.setAppend(true);
      RequestLog.Writer writer = line -> {
        Long bad = JsonErrors.BAD_MESSAGE_BYTES.get();
        if (bad != null) { // an unparsable request: its line gets the bytes of the JSON error sent
          JsonErrors.BAD_MESSAGE_BYTES.remove();
          line = line.replaceFirst("^(\\S+ \\S+ \\S+ \\[[^\\]]*\\] \"(?:[^\"\\\\]|\\\\.)*\" \\d{3}) 0 ", "$1 " + bad + " ");
        }
        file.write(line);
      };
      jetty.setRequestLog(new CustomRequestLog(writer, CustomRequestLog.EXTENDED_NCSA_FORMAT));
      slow.logTo(line -> {
        try {
          file.write(line);
        } catch (IOException e) {
          log.println("klotski: the access log could not be written: " + e.getMessage());
        }
      });
      jetty.addBean(file); // started and stopped with the server, as when it was the log's own writer
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
    return start(LiveDatabase.fixed(db), address, threads, log, maxInFlight, warmUpMillis);
  }

  /**
   * The same over a database that follows publications ({@code klotski serve}): each request
   * reads the publication current when it starts.
   */
  public static KlotskiServer start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log,
      int maxInFlight, long warmUpMillis) throws IOException {
    return start(live, address, threads, log, maxInFlight, warmUpMillis, null);
  }

  /** The same, with every request logged to {@code accessLog} (null: none). */
  public static KlotskiServer start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log,
      int maxInFlight, long warmUpMillis, Path accessLog) throws IOException {
    KlotskiServer server = new KlotskiServer(live, address, threads, log, maxInFlight, accessLog);
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
  @Override
  public InetSocketAddress address() {
    return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
  }

  private boolean handle(Request request, Response response, Callback callback) {
    try {
      String method = request.getMethod();
      boolean head = method.equals("HEAD");
      if (!head && !method.equals("GET")) {
        response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
        Answers.send(response, callback, 405, Answers.JSON, Answers.error(405, "only GET and HEAD"));
        return true;
      }
      // requests wait in the pool's queue for a worker: past maxQueued of them, or after MAX_WAIT, a
      // worker that takes one answers 503 at once, so the queue drains as fast as it can be read
      // (a bounded wait at no cost to the answered ones; Jetty's QoSHandler, which suspends and
      // resumes each waiting request, cost a fifth of the look-ups a second: BENCHMARKS.md)
      if (pool.getQueueSize() > maxQueued
          || System.nanoTime() - request.getBeginNanoTime() > MAX_WAIT.toNanos()) {
        Answers.send(response, callback, 503, Answers.JSON, Answers.error(503, JsonErrors.busy(maxQueued)));
        return true;
      }
      String host = request.getHeaders().get(HttpHeader.HOST);
      if (loopback && host != null && !HostCheck.isLocal(host)) {
        // a page of another site that resolves its name to 127.0.0.1 (DNS rebinding) never reads the API
        Answers.send(response, callback, 421, Answers.JSON, Answers.error(421, "this server answers only requests for this machine "
            + "(localhost, 127.0.0.1, [::1]); Host " + UserText.quote(host) + " refused"));
        return true;
      }
      String raw = request.getHttpURI().getPath();
      String query = request.getHttpURI().getQuery();
      if (raw.length() + (query == null ? 0 : query.length()) > MAX_URL) {
        Answers.send(response, callback, 414, Answers.JSON, Answers.error(414, "the URL is longer than " + MAX_URL + " characters"));
        return true;
      }
      String ifNoneMatch = request.getHeaders().get(HttpHeader.IF_NONE_MATCH);
      if (raw.equals("/favicon.ico")) { // the page's own icon (its <link rel="icon">), for clients that ask here
        Answers.cacheable(response, callback, Answers.SVG, page.icon(), page.iconTag(), ifNoneMatch);
        return true;
      }
      if (raw.equals("/") || raw.equals("/index.html")) {
        response.getHeaders().put(page.policy());
        Answers.cacheable(response, callback, Answers.HTML, page.html(), page.tag(), ifNoneMatch);
        return true;
      }
      Api.Response r = api.get(raw, query);
      if (r.status() == 200 && r.publication() != null) {
        if (r.kind() == Api.Response.Kind.SHEET) {
          response.getHeaders().put(Answers.SHEET_CSP); // its own style sheet, nothing else
        }
        Answers.cacheable(response, callback, switch (r.kind()) {
          case JSON -> Answers.JSON;
          case PICTURE -> Answers.SVG;
          case SHEET -> Answers.HTML;
        }, Answers.bytes(r.body()),
            Answers.tag(r.publication() + "\n" + raw + "?" + query), ifNoneMatch);
      } else {
        Answers.send(response, callback, r.status(), Answers.JSON, Answers.bytes(r.body()));
      }
    } catch (RuntimeException e) {
      log.println("klotski serve: internal error on " + request.getHttpURI().getPath() + ": " + e);
      if (!response.isCommitted()) {
        Answers.send(response, callback, 500, Answers.JSON, Answers.error(500, "internal error"));
      } else {
        callback.failed(e);
      }
    }
    return true;
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
