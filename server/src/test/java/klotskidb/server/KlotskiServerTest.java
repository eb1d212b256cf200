package klotskidb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.LiveDatabase;
import klotskidb.db.SmallDatabase;
import klotskidb.query.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP API against a real server on a loopback port over a small database (5-4-1 and 0-3-0,
 * made by the real pipeline): every endpoint, every error, what Jetty refuses before the API,
 * slow requests, CORS, ETags and gzip, the access log, and the OpenAPI description against
 * the real answers.
 */
class KlotskiServerTest {
  @TempDir static Path temp;
  private static Path dbDir;
  private static KlotskiDb db;
  private static KlotskiServer server;
  private static String base;
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final List<String> bodies = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    dbDir = temp.resolve("db");
    SmallDatabase.publish(SmallDatabase.layers("5-4-1", "0-3-0"), dbDir);
    db = KlotskiDb.open(dbDir);
    server = KlotskiServer.start(db, new InetSocketAddress("127.0.0.1", 0), 4, new PrintStream(PrintStream.nullOutputStream()));
    base = "http://127.0.0.1:" + server.address().getPort();
  }

  @AfterAll
  static void stop() {
    server.close();
    db.close();
    for (String b : bodies) { // never a stack trace or a path of the server's machine
      assertFalse(b.contains(temp.toString()) || b.contains("Exception") || b.contains("\tat "), b);
    }
  }

  private static HttpResponse<String> get(String path) throws Exception {
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    bodies.add(r.body());
    return r;
  }

  private static String ok(String path) throws Exception {
    HttpResponse<String> r = get(path);
    assertEquals(200, r.statusCode(), path + ": " + r.body());
    assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), path);
    return r.body();
  }

  private static void error(int status, String path, String contains) throws Exception {
    HttpResponse<String> r = get(path);
    assertEquals(status, r.statusCode(), path + ": " + r.body());
    assertTrue(r.body().startsWith("{\"error\":\"") && r.body().contains(contains), path + ": " + r.body());
  }

  private static long count(String text, String pattern) {
    return Pattern.compile(pattern).matcher(text).results().count();
  }
  @Test
  void movesSolutionPathGroupLayerAndMeta() throws Exception {
    String next = ok("/api/layout/1A9BF0C/next");
    assertTrue(next.startsWith("{\"code\":\"1A9BF0C00\",\"min_solution_step\":81,\"next\":["), next);
    assertTrue(count(next, "\"optimal\":true") >= 1, next);
    assertEquals(count(next, "\"min_solution_step\":80,"), count(next, "\"optimal\":true"), next);

    String solution = ok("/api/layout/1A9BF0C/solution");
    assertTrue(solution.startsWith("{\"code\":\"1A9BF0C00\",\"solvable\":true,\"steps\":81,\"path\":[\"1A9BF0C00\""),
        solution);
    assertEquals(82, count(solution, "\"[0-9A-F]{9}\"") - 1, "the code, then 82 path entries");
    assertTrue(solution.matches(".*\"D[0-9A-F]{8}\"]}$"), "ends solved: " + solution);
    List<GroupRecord> unsolvable = new ArrayList<>();
    db.forEachGroup(g -> {
      if (!g.isSolvable()) {
        unsolvable.add(g);
      }
    });
    String stuck = unsolvable.get(0).name() + "-0";
    assertTrue(ok("/api/layout/" + stuck + "/solution").contains("\"solvable\":false,\"steps\":null,\"path\":null"),
        stuck);
    assertTrue(ok("/api/layout/" + stuck).contains("\"min_solution_step\":null"), stuck);

    assertEquals("{\"from\":\"1A9BF0C00\",\"to\":\"1A98F3C00\",\"steps\":1,\"path\":[\"1A9BF0C00\",\"1A98F3C00\"]}",
        ok("/api/path?from=1A9BF0C&to=1A98F3C"));

    String group = ok("/api/group/5-4-1-1");
    assertTrue(group.startsWith("{\"name\":\"5-4-1-1\",\"size\":25955,\"seed\":\"00A6BFC00\",\"layers\":128,"), group);
    assertTrue(group.contains("\"layer_sizes\":[1,2,4,11,"), group);
    String layer = ok("/api/group/5-4-1-1/layer/3?offset=2&limit=5");
    assertTrue(layer.startsWith("{\"group\":\"5-4-1-1\",\"layer\":3,\"size\":11,\"offset\":2,\"limit\":5,\"codes\":["), layer);
    assertEquals(5, count(layer, "\"[0-9A-F]{9}\""));
    assertEquals(11, count(ok("/api/group/5-4-1-1/layer/3"), "\"[0-9A-F]{9}\""), "default limit 100");

    String meta = ok("/api/meta");
    assertTrue(meta.startsWith("{\"layouts\":72600,\"groups\":"), meta);
    assertTrue(meta.contains("\"analysed_classes\":[]"), meta);
  }

  @Test
  void everyErrorClass() throws Exception {
    error(400, "/api/layout/1A9BF0CZ", "is not hex");
    error(400, "/api/layout/1A9BF", "is ambiguous");
    error(400, "/api/layout/%23%D9%A4%D9%A0", "is not an id");
    error(400, "/api/group/5-4-1-1/layer/3?limit=0", "'limit' must be from 1 to 1000");
    error(400, "/api/group/5-4-1-1/layer/3?limit=5000", "'limit' must be from 1 to 1000");
    error(400, "/api/group/5-4-1-1/layer/3?offset=x", "'offset' must be a whole number");
    error(400, "/api/path?from=1A9BF0C", "missing query parameter 'to'");
    error(400, "/api/find?min_steps=x", "'min_steps' must be a whole number, not 'x'");
    error(400, "/api/find?class=5-4-1&min_farthest=9&max_farthest=3", "'min_farthest' 9 is more than 'max_farthest' 3");
    error(400, "/api/find?class=5-4-1&min_farthest=9", "farthest_step is known for analysed classes only");
    error(400, "/api/find?cursor=zz", "is not a cursor of a find page");
    error(404, "/api/layout/4FEA134", "is not in the database");
    error(404, "/api/layout/%2329334497", "is not in the database");
    error(404, "/api/group/5-4-1-9999", "no group 5-4-1-9999");
    error(404, "/api/group/5-4-1-1/layer/128", "no layer 128");
    error(404, "/api/path?from=1A9BF0C&to=0-3-0-0-0", "are in different groups");
    error(404, "/api/nothing", "no such resource");
    error(404, "/etc/passwd", "no such resource");
    error(414, "/api/layout/" + "A".repeat(3000), "longer than 2048");

    HttpResponse<String> post = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/meta"))
        .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(405, post.statusCode());
    assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(""));

    HttpResponse<String> head = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/meta"))
        .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, head.statusCode());
    assertEquals("", head.body());

    // past the workers and the queue: 503 with the API's JSON (one worker, no queue, many at once)
    try (KlotskiServer full = KlotskiServer.start(db, new InetSocketAddress("127.0.0.1", 0), 1,
        new PrintStream(PrintStream.nullOutputStream()), 0)) {
      List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        all.add(HTTP.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + full.address().getPort()
            + "/api/path?from=1A9BF0C&to=DAAF4CC")).GET().build(), HttpResponse.BodyHandlers.ofString()));
      }
      int busy = 0;
      int answered = 0;
      for (var f : all) {
        HttpResponse<String> r = f.get();
        if (r.statusCode() == 503) {
          busy++;
          assertEquals("{\"error\":\"busy: every worker is answering and 0 requests' work is queued (or this one "
              + "waited 10 s); try again\",\"code\":\"busy\"}", r.body());
        } else {
          assertEquals(200, r.statusCode(), r.body());
          answered++;
        }
      }
      assertTrue(busy > 0 && answered > 0, busy + " refused, " + answered + " answered");
    }

    HttpResponse<String> page = get("/");
    assertEquals(200, page.statusCode());
    String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
    assertTrue(policy.startsWith("default-src 'none'; script-src 'sha256-") && policy.contains("frame-ancestors 'none'"),
        policy);
    assertEquals("no-referrer", page.headers().firstValue("Referrer-Policy").orElse(""));
    assertEquals("default-src 'none'; frame-ancestors 'none'",
        get("/api/meta").headers().firstValue("Content-Security-Policy").orElse(""));
    assertTrue(page.body().contains("<title>klotski-db</title>"));
    assertFalse(page.body().contains("http://") || page.body().contains("https://"), "no CDN: works offline");
  }

  /** The status line and body of a request sent byte for byte (no client would send these). */
  private static String[] raw(String request) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.address().getPort())) {
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      socket.setSoTimeout(10_000);
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
      bodies.add(body);
      return new String[] {answer.substring(0, answer.indexOf("\r\n")), body};
    }
  }

  @Test
  void whatTheServerRejectsBeforeTheApiIsStillTheApisJsonError() throws Exception {
    String[][] cases = {
      // request, status, words of the message
      {"GET /%jO HTTP/1.1", "400", "malformed request"},
      {"GET /api/layout/%zz HTTP/1.1", "400", "malformed request"},
      {"GET /api/layout/%C0%AF HTTP/1.1", "400", "malformed request"},
      {"GET /api/a/%2F/b HTTP/1.1", "400", "Ambiguous"},
      {"GET /api/meta#x HTTP/1.1", "400", "malformed request"},
      {"GET /\u0001 HTTP/1.1", "400", "malformed request"},
      {"HELLO", "400", "malformed request"},
      {"GET /api/meta HTTP/9.9", "505", "version"},
      {"GET /api/find?class=%jj HTTP/1.1", "400", "malformed percent-encoding in '%jj'"},
      {"GET /api/layout/1A9BF0C00?x=% HTTP/1.1", "400", "malformed percent-encoding in '%'"},
      {"GET /" + "a".repeat(9000) + " HTTP/1.1", "414", "uri too long"},
      {"PUT * HTTP/1.1", "400", "malformed request"},
      {"OPTIONS * HTTP/1.1", "405", "only GET and HEAD"},
    };
    for (String[] c : cases) {
      String[] answer = raw(c[0] + "\r\nHost: localhost\r\nConnection: close\r\n\r\n");
      assertTrue(answer[0].startsWith("HTTP/1.1 " + c[1] + " "), c[0] + ": " + answer[0]);
      assertTrue(answer[1].startsWith("{\"error\":\"") && answer[1].contains(c[2]), c[0] + ": " + answer[1]);
    }
    String[] preface = raw("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    assertTrue(preface[0].startsWith("HTTP/1.1 426 ") && preface[1].contains("HTTP/1.1 only"), preface[1]);
    // bound to loopback: another site's name resolved to 127.0.0.1 (DNS rebinding) is refused
    String[] foreign = raw("GET /api/meta HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    assertTrue(foreign[0].startsWith("HTTP/1.1 421 ") && foreign[1].contains("Host 'evil.example' refused"), foreign[1]);
    for (String local : List.of("localhost", "127.0.0.1:8080", "[::1]:80", "LOCALHOST")) {
      String[] ok = raw("GET /api/meta HTTP/1.1\r\nHost: " + local + "\r\nConnection: close\r\n\r\n");
      assertTrue(ok[0].startsWith("HTTP/1.1 200 "), local + ": " + ok[0]);
    }
    String[] noHost = raw("GET /api/meta HTTP/1.1\r\nConnection: close\r\n\r\n");
    assertTrue(noHost[0].startsWith("HTTP/1.1 400 ") && noHost[1].startsWith("{\"error\":\"malformed request"), noHost[1]);
    // the connection still serves after a 404 (keep-alive): two requests, two answers
    String[] two = raw("GET /api/nothing HTTP/1.1\r\nHost: localhost\r\n\r\nGET /api/meta HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    assertTrue(two[0].startsWith("HTTP/1.1 404 ") && two[1].contains("\"layouts\":"), two[1]);
  }

  /**
   * A request that keeps arriving a byte at a time (slowloris) is cut off with a 408 (the API's
   * JSON, then the connection closed), logged as a 408, never as a server error; the server goes on.
   */
  @Tag("slow")
  @Test
  void aSlowRequestIsClosed() throws Exception {
    Path log = temp.resolve("slow-access.log");
    try (KlotskiServer logged = KlotskiServer.start(LiveDatabase.fixed(db),
        new InetSocketAddress("127.0.0.1", 0), 2, new PrintStream(PrintStream.nullOutputStream()),
        KlotskiServer.MAX_IN_FLIGHT, 0, log);
        Socket socket = new Socket("127.0.0.1", logged.address().getPort())) {
      socket.getOutputStream().write("GET /api/meta HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
      socket.setSoTimeout(500);
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      long start = System.nanoTime();
      boolean closed = false;
      while (!closed && System.nanoTime() - start < 30_000_000_000L) {
        try {
          socket.getOutputStream().write('x');
          int b;
          while ((b = socket.getInputStream().read()) != -1) {
            answer.write(b);
          }
          closed = true;
        } catch (SocketTimeoutException stillOpen) {
          Thread.sleep(1500);
        } catch (IOException reset) {
          closed = true;
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(closed && seconds < 20, "closed after " + seconds + " s");
      String text = answer.toString(StandardCharsets.UTF_8);
      assertTrue(text.startsWith("HTTP/1.1 408 ") && text.contains("Connection: close")
          && text.contains("{\"error\":\"request timeout"), text);
      long until = System.nanoTime() + 5_000_000_000L;
      while (Files.readAllLines(log).isEmpty() && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      List<String> lines = Files.readAllLines(log);
      assertEquals(1, lines.size(), lines.toString());
      assertTrue(lines.get(0).matches("127\\.0\\.0\\.1 - - \\[.+\\] \"[^\"]*\" 408 \\d+ .*"), lines.get(0));
      assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + logged.address().getPort()
          + "/api/meta")).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
    }
  }

  /** Another web app may read the API, clients may keep answers and ask again, large answers go gzipped. */
  @Test
  void corsEtagsAndGzip() throws Exception {
    // CORS: a simple request from another origin, and a preflight
    HttpResponse<String> cross = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/layout/1A9BF0C"))
        .header("Origin", "https://puzzles.example").GET().build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, cross.statusCode());
    assertEquals("https://puzzles.example", cross.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
    HttpResponse<String> preflight = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/layout/1A9BF0C"))
        .header("Origin", "https://puzzles.example").header("Access-Control-Request-Method", "GET")
        .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    assertTrue(preflight.statusCode() == 200 || preflight.statusCode() == 204, preflight.toString());
    assertTrue(preflight.headers().firstValue("Access-Control-Allow-Methods").orElse("").contains("GET"),
        preflight.headers().toString());
    // ETag from the publication and the URL; 304 while it matches; errors are never kept
    HttpResponse<String> first = get("/api/layout/1A9BF0C");
    String etag = first.headers().firstValue("ETag").orElse("");
    assertTrue(etag.matches("\"[0-9a-f]{16}\""), etag);
    assertEquals("public, no-cache", first.headers().firstValue("Cache-Control").orElse(""));
    assertEquals(etag, get("/api/layout/1A9BF0C").headers().firstValue("ETag").orElse(""), "the same answer, the same tag");
    HttpResponse<String> again = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/layout/1A9BF0C"))
        .header("If-None-Match", etag).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(304, again.statusCode());
    assertEquals("", again.body());
    HttpResponse<String> other = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/layout/DAAF4CC"))
        .header("If-None-Match", etag).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, other.statusCode(), "another URL, another tag");
    HttpResponse<String> missing = get("/api/layout/4FEA134");
    assertEquals("no-store", missing.headers().firstValue("Cache-Control").orElse(""));
    assertTrue(missing.headers().firstValue("ETag").isEmpty());
    // gzip for a large answer, the same bytes once inflated
    String url = base + "/api/group/5-4-1-1/layer/50?limit=1000";
    HttpResponse<String> plain = HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    HttpResponse<byte[]> zipped = HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Accept-Encoding", "gzip")
        .GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(""));
    assertTrue(zipped.body().length < plain.body().length() / 2, zipped.body().length + " of " + plain.body().length());
    try (var in = new GZIPInputStream(new ByteArrayInputStream(zipped.body()))) {
      assertEquals(plain.body(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    HttpResponse<byte[]> small = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/meta"))
        .header("Accept-Encoding", "gzip").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    assertTrue(small.headers().firstValue("Content-Encoding").isEmpty(), "a small answer goes plain");
  }

  /** --access-log: a line per request in the extended NCSA format, refusals too, appended. */
  @Test
  void everyRequestIsLoggedWhenAsked() throws Exception {
    Path log = temp.resolve("access.log");
    Files.writeString(log, "an earlier line\n");
    try (KlotskiServer logged = KlotskiServer.start(LiveDatabase.fixed(db),
        new InetSocketAddress("127.0.0.1", 0), 2, new PrintStream(PrintStream.nullOutputStream()),
        KlotskiServer.MAX_IN_FLIGHT, 0, log)) {
      String at = "http://127.0.0.1:" + logged.address().getPort();
      for (String path : List.of("/api/layout/1A9BF0C", "/api/layout/nothing")) {
        HTTP.send(HttpRequest.newBuilder(URI.create(at + path)).header("User-Agent", "klotski-test").GET().build(),
            HttpResponse.BodyHandlers.ofString());
      }
      // requests Jetty cannot parse: a bad percent-encoding, a garbled request line; each body's length logged
      List<Integer> sent = new ArrayList<>();
      for (String request : List.of("GET /api/layout/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "GARBAGE\r\n\r\n")) {
        try (Socket socket = new Socket("127.0.0.1", logged.address().getPort())) {
          socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
          String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
          sent.add(answer.substring(answer.indexOf("\r\n\r\n") + 4).getBytes(StandardCharsets.UTF_8).length);
        }
      }
      assertTrue(sent.get(0) > 20 && sent.get(1) > 20, sent.toString());
      long until = System.nanoTime() + 5_000_000_000L;
      while (Files.readAllLines(log).size() < 5 && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      List<String> lines = Files.readAllLines(log);
      assertEquals(5, lines.size(), lines.toString());
      List<Integer> counted = new ArrayList<>();
      for (String line : lines.subList(3, 5)) {
        Matcher m = Pattern.compile("127\\.0\\.0\\.1 - - \\[.+\\] \"[^\"]*\" 400 (\\d+) .*")
            .matcher(line);
        assertTrue(m.matches(), line);
        counted.add(Integer.parseInt(m.group(1)));
      }
      assertEquals(sent.stream().sorted().toList(), counted.stream().sorted().toList(),
          "the bytes sent, not 0: " + lines.subList(3, 5));
    }
    List<String> lines = Files.readAllLines(log);
    assertEquals("an earlier line", lines.get(0), "appended, never replaced");
    assertEquals(5, lines.size(), lines.toString());
    assertTrue(lines.get(1).matches("127\\.0\\.0\\.1 - - \\[.+\\] \"GET /api/layout/1A9BF0C HTTP/1\\.1\" 200 \\d+ "
        + "\"[^\"]*\" \"klotski-test\""), lines.get(1));
    assertTrue(lines.get(2).contains("\"GET /api/layout/nothing HTTP/1.1\" 404 "), lines.get(2)); // no name, no code
  }

  /**
   * The API describes itself: an index at /api naming every endpoint of the OpenAPI description
   * at /api/openapi.json, and every path there, asked with its parameters' examples, answers 200
   * with every property its schema requires (no more unnamed keys than it lists either); a
   * parameter an endpoint does not take is refused.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theOpenApiDescriptionMatchesTheRealAnswers() throws Exception {
    Map<String, Object> api = (Map<String, Object>) Json.read(ok("/api/openapi.json"));
    assertEquals("3.0.3", api.get("openapi"));
    Map<String, Object> paths = (Map<String, Object>) api.get("paths");
    Map<String, Object> components = (Map<String, Object>) api.get("components");
    Map<String, Object> index = (Map<String, Object>) Json.read(ok("/api"));
    List<String> listed = ((List<Map<String, Object>>) index.get("endpoints")).stream()
        .map(e -> (String) e.get("path")).toList();
    assertEquals(List.copyOf(paths.keySet()), listed, "the index lists every path of the description");
    Set<Object> operationIds = new HashSet<>();
    for (Map.Entry<String, Object> e : paths.entrySet()) {
      Map<String, Object> get = (Map<String, Object>) ((Map<String, Object>) e.getValue()).get("get");
      String url = e.getKey();
      // every operation named, once (what client generators call it)
      assertTrue(get.get("operationId") instanceof String, url + " has no operationId");
      assertTrue(operationIds.add(get.get("operationId")), url + ": operationId " + get.get("operationId") + " twice");
      StringBuilder query = new StringBuilder();
      for (Object o : (List<Object>) get.getOrDefault("parameters", List.of())) {
        Map<String, Object> p = resolve(components, (Map<String, Object>) o);
        if (!p.containsKey("example")) {
          continue;
        }
        String value = URLEncoder.encode(p.get("example").toString(), StandardCharsets.UTF_8);
        if (p.get("in").equals("path")) {
          url = url.replace("{" + p.get("name") + "}", value);
        } else {
          query.append(query.length() == 0 ? "?" : "&").append(p.get("name")).append('=').append(value);
        }
      }
      Map<String, Object> response = (Map<String, Object>) ((Map<String, Object>) get.get("responses")).get("200");
      Map<String, Object> content = (Map<String, Object>) response.get("content");
      if (content != null && content.containsKey("image/svg+xml")) { // a picture: its type and an SVG
        HttpResponse<String> r = get(url + query);
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        assertEquals("image/svg+xml", r.headers().firstValue("Content-Type").orElse(""), url);
        assertTrue(r.body().startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"") && r.body().endsWith("</svg>\n"), url);
        continue;
      }
      if (content != null && content.containsKey("text/html")) { // a sheet to print: a document of its own, no script
        HttpResponse<String> r = get(url + query);
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        assertEquals("text/html; charset=utf-8", r.headers().firstValue("Content-Type").orElse(""), url);
        assertEquals("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
            r.headers().firstValue("Content-Security-Policy").orElse(""), url);
        assertTrue(r.body().startsWith("<!DOCTYPE html>") && !r.body().contains("<script"), url);
        continue;
      }
      String body = ok(url + query);
      if (content == null) {
        continue; // the description itself
      }
      Map<String, Object> schema = resolve(components,
          (Map<String, Object>) ((Map<String, Object>) content.get("application/json")).get("schema"));
      Map<String, Object> answer = (Map<String, Object>) Json.read(body);
      for (Object key : (List<Object>) schema.get("required")) {
        assertTrue(answer.containsKey(key), url + ": the answer lacks " + key + ": " + body);
      }
      Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
      for (String key : answer.keySet()) {
        assertTrue(properties.containsKey(key), url + ": the description lacks " + key);
      }
      // a list's items as typed: each item of the answer has what its item schema requires, no key
      // it does not describe, and every value of the type described
      for (Map.Entry<String, Object> p : properties.entrySet()) {
        Map<String, Object> list = resolve(components, (Map<String, Object>) p.getValue());
        if (!"array".equals(list.get("type")) || !(answer.get(p.getKey()) instanceof List<?> items)) {
          continue;
        }
        Map<String, Object> item = resolve(components, (Map<String, Object>) list.get("items"));
        if (!"object".equals(item.get("type"))) {
          continue;
        }
        assertTrue(item.containsKey("properties"), url + ": the items of " + p.getKey() + " are untyped");
        Map<String, Object> itemProperties = (Map<String, Object>) item.get("properties");
        for (Object each : items) {
          Map<String, Object> one = (Map<String, Object>) each;
          for (Object key : (List<Object>) item.getOrDefault("required", List.of())) {
            assertTrue(one.containsKey(key), url + ": an item of " + p.getKey() + " lacks " + key);
          }
          for (Map.Entry<String, Object> kv : one.entrySet()) {
            Map<String, Object> type = (Map<String, Object>) itemProperties.get(kv.getKey());
            assertTrue(type != null, url + ": the items of " + p.getKey() + " do not describe " + kv.getKey());
            assertTrue(ofType(kv.getValue(), resolve(components, type)), url + ": " + p.getKey() + "." + kv.getKey()
                + " = " + kv.getValue() + " is not " + type);
          }
        }
      }
    }
    assertTrue(paths.size() >= 13, paths.keySet().toString());
    error(400, "/api/layout/1A9BF0C?foo=bar", "unknown parameter 'foo': this endpoint takes none");
    error(400, "/api/group/5-4-1-1/layer/0?ofset=1", "unknown parameter 'ofset': expected offset, limit");
  }

  /** Whether a value read from JSON has the type a schema names (null only where nullable). */
  private static boolean ofType(Object value, Map<String, Object> schema) {
    if (value == null) {
      return Boolean.TRUE.equals(schema.get("nullable"));
    }
    Object type = schema.get("type");
    if (type == null) {
      return true; // a $ref'd or free schema: its own test
    }
    return switch (type.toString()) {
      case "string" -> value instanceof String;
      case "integer" -> value instanceof Integer || value instanceof Long || value instanceof BigInteger;
      case "number" -> value instanceof Number;
      case "boolean" -> value instanceof Boolean;
      case "array" -> value instanceof List;
      case "object" -> value instanceof Map;
      default -> false;
    };
  }

  /** A parameter or schema, its $ref followed. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> resolve(Map<String, Object> components, Map<String, Object> o) {
    Object ref = o.get("$ref");
    if (ref == null) {
      return o;
    }
    String[] parts = ref.toString().substring("#/components/".length()).split("/");
    return (Map<String, Object>) ((Map<String, Object>) components.get(parts[0])).get(parts[1]);
  }
}
