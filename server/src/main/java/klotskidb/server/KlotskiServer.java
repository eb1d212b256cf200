package klotskidb.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import klotskidb.enumerator.UserText;
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
 */
public final class KlotskiServer implements HttpService {
  /** How {@code klotski serve} finds this server ({@code META-INF/services}): with the default limits. */
  public static final class Starter implements HttpService.Provider {
    @Override
    public HttpService start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log,
        long warmUpMillis, java.nio.file.Path accessLog) throws IOException {
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

  private static final HttpField NO_SNIFF = new HttpField("X-Content-Type-Options", "nosniff");
  private static final HttpField NO_STORE = new HttpField(HttpHeader.CACHE_CONTROL, "no-store");
  private static final HttpField JSON = new HttpField(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
  private static final HttpField HTML = new HttpField(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
  private static final HttpField SVG = new HttpField(HttpHeader.CONTENT_TYPE, "image/svg+xml");
  private static final HttpField NO_REFERRER = new HttpField("Referrer-Policy", "no-referrer");
  /** A 200 that may be kept, but asked again (If-None-Match) before it is used: it changes with a publication. */
  private static final HttpField REVALIDATE = new HttpField(HttpHeader.CACHE_CONTROL, "public, no-cache");
  /** JSON is never a page: nothing may run or be framed from it. */
  private static final HttpField API_CSP = new HttpField("Content-Security-Policy",
      "default-src 'none'; frame-ancestors 'none'");

  private final Server jetty;
  private final ServerConnector connector;
  private final Api api;
  private final byte[] page;
  private final HttpField pageCsp;
  private final String pageTag;
  private final byte[] icon;
  private final String iconTag;
  private final PrintStream log;
  private final boolean loopback;
  private final QueuedThreadPool pool;
  private final int maxQueued;

  private KlotskiServer(LiveDatabase db, InetSocketAddress address, int threads, PrintStream log, int maxQueued,
      java.nio.file.Path accessLog) throws IOException {
    this.api = new Api(db, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    this.log = log;
    this.loopback = address.getAddress() != null && address.getAddress().isLoopbackAddress();
    try (InputStream in = KlotskiServer.class.getResourceAsStream("index.html")) {
      if (in == null) {
        throw new IOException("the page (klotskidb/server/index.html) is missing from the jar");
      }
      page = in.readAllBytes();
    }
    pageCsp = new HttpField("Content-Security-Policy", pagePolicy(new String(page, StandardCharsets.UTF_8)));
    icon = icon(new String(page, StandardCharsets.UTF_8));
    iconTag = tag(new String(icon, StandardCharsets.UTF_8));
    pageTag = tag(new String(page, StandardCharsets.UTF_8));
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
    connector.addBean(new SlowRequests(connector));
    jetty.addConnector(connector);
    // other web apps may read the API (CORS: any origin, GET and HEAD, no credentials; Jetty's
    // CrossOriginHandler answers the preflights), and large answers go compressed (Jetty's
    // GzipHandler, answers of 1 KiB or more to clients that accept gzip)
    CrossOriginHandler cors = new CrossOriginHandler();
    cors.setAllowedOriginPatterns(java.util.Set.of("*"));
    cors.setAllowedMethods(java.util.Set.of("GET", "HEAD"));
    cors.setAllowedHeaders(java.util.Set.of("If-None-Match"));
    cors.setExposedHeaders(java.util.Set.of("ETag"));
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
        Long bad = BAD_MESSAGE_BYTES.get();
        if (bad != null) { // an unparsable request: its line gets the bytes of the JSON error sent
          BAD_MESSAGE_BYTES.remove();
          line = line.replaceFirst("^(\\S+ \\S+ \\S+ \\[[^\\]]*\\] \"(?:[^\"\\\\]|\\\\.)*\" \\d{3}) 0 ", "$1 " + bad + " ");
        }
        file.write(line);
      };
      jetty.setRequestLog(new CustomRequestLog(writer, CustomRequestLog.EXTENDED_NCSA_FORMAT));
      jetty.addBean(file); // started and stopped with the server, as when it was the log's own writer
    }
  }

  /**
   * The page's policy: its one inline script by hash (nothing else may run), its inline styles,
   * requests to this server only, never framed.
   */
  /** The page's icon: the SVG of its {@code <link rel="icon" href="data:image/svg+xml,...">}, decoded. */
  static byte[] icon(String html) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<link rel=\"icon\" href=\"data:image/svg\\+xml,([^\"]*)\">")
        .matcher(html);
    if (!m.find()) {
      throw new IllegalStateException("the page has no icon (<link rel=\"icon\" href=\"data:image/svg+xml,...\">)");
    }
    return java.net.URLDecoder.decode(m.group(1).replace("+", "%2B"), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
  }

    static String pagePolicy(String html) {
    StringBuilder scripts = new StringBuilder();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<script>(.*?)</script>", java.util.regex.Pattern.DOTALL)
        .matcher(html);
    while (m.find()) {
      try {
        byte[] sha = java.security.MessageDigest.getInstance("SHA-256").digest(m.group(1).getBytes(StandardCharsets.UTF_8));
        scripts.append(" 'sha256-").append(java.util.Base64.getEncoder().encodeToString(sha)).append('\'');
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("no SHA-256 in this JVM", e);
      }
    }
    return "default-src 'none'; script-src" + scripts + "; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
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
      int maxInFlight, long warmUpMillis, java.nio.file.Path accessLog) throws IOException {
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
        send(response, callback, 405, JSON, error(405, "only GET and HEAD"));
        return true;
      }
      // requests wait in the pool's queue for a worker: past maxQueued of them, or after MAX_WAIT, a
      // worker that takes one answers 503 at once, so the queue drains as fast as it can be read
      // (a bounded wait at no cost to the answered ones; Jetty's QoSHandler, which suspends and
      // resumes each waiting request, cost a fifth of the look-ups a second: BENCHMARKS.md)
      if (pool.getQueueSize() > maxQueued
          || System.nanoTime() - request.getBeginNanoTime() > MAX_WAIT.toNanos()) {
        send(response, callback, 503, JSON, error(503, JsonErrors.busy(maxQueued)));
        return true;
      }
      String host = request.getHeaders().get(HttpHeader.HOST);
      if (loopback && host != null && !isLocal(host)) {
        // a page of another site that resolves its name to 127.0.0.1 (DNS rebinding) never reads the API
        send(response, callback, 421, JSON, error(421, "this server answers only requests for this machine "
            + "(localhost, 127.0.0.1, [::1]); Host " + UserText.quote(host) + " refused"));
        return true;
      }
      String raw = request.getHttpURI().getPath();
      String query = request.getHttpURI().getQuery();
      if (raw.length() + (query == null ? 0 : query.length()) > MAX_URL) {
        send(response, callback, 414, JSON, error(414, "the URL is longer than " + MAX_URL + " characters"));
        return true;
      }
      String ifNoneMatch = request.getHeaders().get(HttpHeader.IF_NONE_MATCH);
      if (raw.equals("/favicon.ico")) { // the page's own icon (its <link rel="icon">), for clients that ask here
        cacheable(response, callback, SVG, icon, iconTag, ifNoneMatch);
        return true;
      }
      if (raw.equals("/") || raw.equals("/index.html")) {
        response.getHeaders().put(pageCsp);
        cacheable(response, callback, HTML, page, pageTag, ifNoneMatch);
        return true;
      }
      Api.Response r = api.get(raw, query);
      if (r.status() == 200 && r.publication() != null) {
        cacheable(response, callback, JSON, bytes(r.body()), tag(r.publication() + "\n" + raw + "?" + query),
            ifNoneMatch);
      } else {
        send(response, callback, r.status(), JSON, bytes(r.body()));
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

  /** A Host header naming this machine: localhost, 127.x.x.x or [::1], with or without a port. */
  static boolean isLocal(String host) {
    String h = host.trim().toLowerCase(java.util.Locale.ROOT);
    if (h.startsWith("[")) {
      return h.startsWith("[::1]") && (h.length() == 5 || h.charAt(5) == ':');
    }
    int colon = h.indexOf(':');
    String name = colon < 0 ? h : h.substring(0, colon);
    return name.equals("localhost") || name.endsWith(".localhost") || name.matches("127(\\.\\d{1,3}){3}");
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

  /**
   * A 200 that clients and proxies may keep: its ETag names the publication and the URL (the
   * answer never changes within a publication), {@code Cache-Control: public, no-cache} has them
   * ask again with {@code If-None-Match}, answered 304 without a body while it matches.
   */
  private static void cacheable(Response response, Callback callback, HttpField type, byte[] body, String etag,
      String ifNoneMatch) {
    response.getHeaders().put(HttpHeader.ETAG, etag);
    if (ifNoneMatch != null && (ifNoneMatch.equals("*") || java.util.Arrays.stream(ifNoneMatch.split(","))
        .map(String::trim).map(t -> t.startsWith("W/") ? t.substring(2) : t).anyMatch(etag::equals))) {
      response.setStatus(304);
      headers(response.getHeaders(), type);
      response.getHeaders().put(REVALIDATE);
      response.write(true, null, callback);
      return;
    }
    response.setStatus(200);
    headers(response.getHeaders(), type);
    response.getHeaders().put(REVALIDATE);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  /** A strong ETag: the first 16 hex digits of the SHA-256 of what identifies the answer. */
  static String tag(String identity) {
    try {
      byte[] sha = java.security.MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      return "\"" + java.util.HexFormat.of().formatHex(sha, 0, 8) + "\"";
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JVM", e);
    }
  }

  /**
   * The headers of every answer, errors included: its type, no sniffing, no caching, no referrer;
   * a JSON answer may never run anything or be framed (the page has its own policy).
   */
  private static void headers(HttpFields.Mutable h, HttpField type) {
    h.put(type);
    h.put(NO_SNIFF);
    h.put(NO_STORE);
    h.put(NO_REFERRER);
    if (type == JSON) {
      h.put(API_CSP);
    }
  }

  /**
   * Every error Jetty answers itself (a request it cannot parse, an ambiguous path, an error
   * after a handler) as the API's JSON: {@code {"error": "..."}} with the status's reason and,
   * when it is plain words, Jetty's detail; never a class name.
   */
  /**
   * The body of the answer to a request Jetty could not parse ({@code %zz} in a URL, a garbled
   * request line), for its access-log line: Jetty answers it through an error response of its own
   * whose bytes the log does not count (it said 0), then logs it on the same thread.
   */
  static final ThreadLocal<Long> BAD_MESSAGE_BYTES = new ThreadLocal<>();

  /** The method of the request Jetty makes up for one it could not parse ("BAD /badMessage" in the log). */
  private static final String UNPARSED = "BAD";

  static final class JsonErrors extends ErrorHandler {
    private final int queued;

    JsonErrors(int queued) {
      this.queued = queued;
    }

    static String busy(int queued) {
      return "busy: every worker is answering and " + queued + " requests' work is queued (or this one waited "
          + MAX_WAIT.toSeconds() + " s); try again";
    }

    /** Jetty writes an error body only for GET, POST and HEAD by default: here for every method (PUT *). */
    @Override
    public boolean errorPageForMethod(String method) {
      return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
        Callback callback) {
      String text = code == 503 ? busy(queued) : text(code, message);
      byte[] body = error(code, text);
      if (request.getMethod().equals(UNPARSED)) {
        BAD_MESSAGE_BYTES.set((long) body.length);
      }
      send(response, callback, code, JSON, body);
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
      if (code == 426) {
        return "this server speaks HTTP/1.1 only (an HTTP/2 preface or an upgrade was sent)";
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
