package klotskidb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON API as plain functions, no sockets: a database of classes 5-4-1 and 0-3-0 built by the
 * real pipeline, every resource and every kind of bad request. KlotskiServerTest runs the same API
 * over HTTP through the real server.
 */
class ApiTest {
  @TempDir static Path temp;
  private static KlotskiDb db;
  private static Api api;

  @BeforeAll
  static void build() throws Exception {
    db = KlotskiDb.open(SmallDatabase.publish(SmallDatabase.layers("5-4-1", "0-3-0"), temp.resolve("db")));
    api = new Api(db);
  }

  @AfterAll
  static void close() {
    db.close();
  }

  private static String ok(String path, String query) {
    Api.Response r = api.get(path, query);
    assertEquals(200, r.status(), path + ": " + r.body());
    return r.body();
  }

  private static String ok(String path) {
    return ok(path, null);
  }

  private static void error(int status, String path, String query, String contains) {
    Api.Response r = api.get(path, query);
    assertEquals(status, r.status(), path + ": " + r.body());
    assertTrue(r.body().startsWith("{\"error\":\"") && r.body().contains(contains), path + ": " + r.body());
    assertFalse(r.body().matches(".*(java|klotskidb)\\.[a-z]+\\..*"), "no class name: " + r.body());
  }

  private static long count(String text, String pattern) {
    return Pattern.compile(pattern).matcher(text).results().count();
  }

  @Test
  void aLayoutByEveryKindOfNameIsOneDocument() {
    String classic = ok("/api/layout/1A9BF0C");
    assertTrue(classic.startsWith("{\"code\":\"1A9BF0C00\""), classic);
    assertTrue(classic.contains("\"short_code\":\"4WVE1\""), classic);
    assertTrue(classic.contains("\"name\":\"5-4-1-1-7472\""), classic);
    assertTrue(classic.contains("\"min_solution_step\":81"), classic);
    for (String x : List.of("1a9bf0c00", "@4WVE1", "4WVE1", "%234091296", "5-4-1-1-7472")) {
      assertEquals(classic, ok("/api/layout/" + x), x);
    }
  }

  @Test
  void movesSolutionPathGroupLayerAndMeta() {
    String next = ok("/api/layout/1A9BF0C/next");
    assertTrue(next.startsWith("{\"code\":\"1A9BF0C00\",\"min_solution_step\":81,\"next\":["), next);
    assertEquals(count(next, "\"min_solution_step\":80,"), count(next, "\"optimal\":true"), next);
    assertTrue(count(next, "\"optimal\":true") >= 1, next);

    String solution = ok("/api/layout/1A9BF0C/solution");
    assertTrue(solution.startsWith("{\"code\":\"1A9BF0C00\",\"solvable\":true,\"steps\":81,\"path\":[\"1A9BF0C00\""),
        solution);
    assertEquals(82, count(solution, "\"[0-9A-F]{9}\"") - 1, "the code, then 82 path entries");
    assertTrue(solution.matches(".*\"D[0-9A-F]{8}\"]}$"), "ends solved: " + solution);

    assertEquals("{\"from\":\"1A9BF0C00\",\"to\":\"1A98F3C00\",\"steps\":1,\"path\":[\"1A9BF0C00\",\"1A98F3C00\"]}",
        ok("/api/path", "from=1A9BF0C&to=1A98F3C"));

    String group = ok("/api/group/5-4-1-1");
    assertTrue(group.startsWith("{\"name\":\"5-4-1-1\",\"size\":25955,\"seed\":\"00A6BFC00\",\"layers\":128,"), group);
    String layer = ok("/api/group/5-4-1-1/layer/3", "offset=2&limit=5");
    assertTrue(layer.startsWith("{\"group\":\"5-4-1-1\",\"layer\":3,\"size\":11,\"offset\":2,\"limit\":5,\"codes\":["),
        layer);
    assertEquals(5, count(layer, "\"[0-9A-F]{9}\""));
    assertEquals(11, count(ok("/api/group/5-4-1-1/layer/3"), "\"[0-9A-F]{9}\""), "default limit 100");
    // a layout in the group's place, in any form a layout takes, is its group (as klotski group X)
    for (String x : List.of("1A9BF0C", "%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC", "@4WVE1", "5-4-1-1-7472")) {
      assertEquals(group, ok("/api/group/" + x), x);
      assertEquals(layer, ok("/api/group/" + x + "/layer/3", "offset=2&limit=5"), x);
      assertEquals(ok("/api/group/5-4-1-1/steps"), ok("/api/group/" + x + "/steps"), x);
    }

    String meta = ok("/api/meta");
    assertTrue(meta.startsWith("{\"layouts\":72600,\"groups\":"), meta);
    assertTrue(meta.contains("\"analysed_classes\":[]"), meta);
  }

  @Test
  void aBoardOfPiecesIsItsLayout() {
    String classic = "2x2@1,2x1@0,2x1@3,2x1@8,2x1@11,1x2@9,1x1@13,1x1@14,1x1@16,1x1@19";
    assertEquals(0x1A9BF0C00L, BoardPieces.code(classic));
    assertEquals(ok("/api/layout/1A9BF0C"), ok("/api/board", "pieces=" + classic));
    error(400, "/api/board", "pieces=2x2@1,2x1@0,2x1@1", "the 2x1 at 1 overlaps another piece");
    error(400, "/api/board", "pieces=2x2@1,2x1@19", "a 2x1 at 19 leaves the board");
    error(404, "/api/board", "pieces=2x2@1,1x1@0", "is not in the database");
  }

  @Test
  void badRequestsAre400AndMissingThings404WithTheReason() {
    error(400, "/api/layout/1A9BF0CZ", null, "is not hex");
    error(400, "/api/layout/1A9BF", null, "is ambiguous");
    error(400, "/api/group/5-4-1-1/layer/3", "limit=0", "'limit' must be from 1 to 1000");
    error(400, "/api/group/5-4-1-1/layer/3", "offset=x", "'offset' must be a whole number from 0 to 1073741823, not 'x'");
    // past the range, however many digits: the range said (a 10-digit offset was "not a whole number")
    error(400, "/api/group/5-4-1-1/layer/3", "offset=1234567890", "'offset' must be from 0 to 1073741823, not 1234567890");
    error(400, "/api/find", "offset=99999999999999999999999", "'offset' must be from 0 to 2147483647, not 9999");
    error(400, "/api/find", "limit=-1", "'limit' must be from 1 to 1000, not -1");
    error(400, "/api/find", "limit=\uFF15", "'limit' must be a whole number from 1 to 1000"); // a full-width 5
    // a parameter given twice is refused, as the command line refuses an option given twice
    error(400, "/api/find", "limit=5&class=5-4-1&limit=6", "parameter 'limit' is given more than once: give it once");
    error(400, "/api/path", "from=1A9BF0C", "missing query parameter 'to'");
    error(404, "/api/layout/4FEA134", null, "is not in the database");
    error(404, "/api/layout/%2329334497", null, "is not in the database");
    error(404, "/api/group/5-4-1-9999", null, "no group 5-4-1-9999");
    error(400, "/api/group/5-4-1", null, "'5-4-1' is not a name of the form jiang-bing-style-group_num");
    error(404, "/api/group/%E6%A8%AA%E5%88%80%E5%8A%9B%E9%A9%AC", null, "did you mean 横刀立马?");
    error(404, "/api/group/5-4-1-1/layer/128", null, "no layer 128");
    error(404, "/api/path", "from=1A9BF0C&to=0-3-0-0-0", "are in different groups");
    error(404, "/api/nothing", null, "no such resource");
    error(404, "/", null, "no such resource");
  }

  @Test
  void theListsOfALayoutFromOneSearchPagedAndBounded() {
    // the published values of 1A9BF0C00 (farthest_5-4-1.csv, solution_5-4-1.csv)
    String far = ok("/api/layout/1A9BF0C/farthest");
    assertTrue(far.startsWith("{\"code\":\"1A9BF0C00\",\"group\":\"5-4-1-1\",\"farthest_step\":124,"
        + "\"farthest_num\":8,\"offset\":0,\"limit\":100,\"farthest_layouts\":[\""), far);
    assertEquals(8, count(far, "\"[0-9A-F]{9}\"") - 1, far);
    String sol = ok("/api/layout/%234091296/solutions");
    assertTrue(sol.startsWith("{\"code\":\"1A9BF0C00\",\"group\":\"5-4-1-1\",\"min_solution_step\":81,"
        + "\"min_solution_num\":2,\"solution_num\":6,"), sol);
    assertTrue(sol.contains("\"solutions\":[{\"code\":\"DAA7F3000\",\"step\":81,\"minimum\":true},"
        + "{\"code\":\"DAAF4CC00\",\"step\":81,\"minimum\":true},{"), sol);
    assertEquals(4, count(sol, "\"minimum\":false"), sol);
    // pages: the second and third farthest layouts are the page at offset 1, limit 2
    String page = ok("/api/layout/1A9BF0C/farthest", "offset=1&limit=2");
    List<String> all = codesIn(far.substring(far.indexOf('[')));
    assertEquals(all.subList(1, 3), codesIn(page.substring(page.indexOf('['))), page);
    assertTrue(ok("/api/layout/1A9BF0C/solutions", "offset=6").endsWith("\"solutions\":[]}"));
    error(400, "/api/layout/1A9BF0C/farthest", "limit=1001", "'limit' must be from 1 to 1000");
    // an unsolvable layout has no solutions, and farthest layouts all the same
    String none = ok("/api/layout/5-4-1-2-0/solutions");
    assertTrue(none.contains("\"min_solution_step\":null,\"min_solution_num\":0,\"solution_num\":0"), none);
    // no slot free: 503 with the reason, a look-up still answered
    Api busy = new Api(db, 0);
    Api.Response r = busy.get("/api/layout/1A9BF0C/farthest", null);
    assertEquals(503, r.status(), r.body());
    assertEquals("{\"error\":\"busy: 0 list searches under way; try again\",\"code\":\"busy\"}", r.body());
    assertEquals(200, busy.get("/api/layout/1A9BF0C", null).status());
  }

  /**
   * One slot for list searches and eight requests for one layout's lists at once: one search, and
   * every request answered from it (before, each request searched on its own, the others got 503).
   */
  @Test
  void concurrentRequestsForOneLayoutsListsShareOneSearch() throws Exception {
    Api one = new Api(db, 1);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Api.Response>> answers = new ArrayList<>();
      for (int k = 0; k < 8; k++) {
        String list = k % 2 == 0 ? "farthest" : "solutions";
        answers.add(pool.submit(() -> {
          start.await();
          return one.get("/api/layout/00A6BFC00/" + list, null); // the classic group's seed
        }));
      }
      start.countDown();
      for (var a : answers) {
        Api.Response r = a.get();
        assertEquals(200, r.status(), r.body());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * The routes' one table: every operation the description declares has its handler, every
   * handler is described; each route takes the words its description lists and no other.
   */
  @Test
  void everyRouteIsDescribedAndEveryDescriptionIsARoute() {
    Set<String> described = new TreeSet<>();
    for (ApiDescription.Route r : ApiDescription.ROUTES) {
      assertTrue(described.add(r.operationId()), r.operationId() + " twice");
    }
    assertEquals(described, new TreeSet<>(api.operations()), "the described operations are the handled ones");
    assertEquals(List.of("1A9BF0C"), ApiDescription.ROUTES.stream().filter(r -> r.operationId().equals("layoutFarthest"))
        .findFirst().orElseThrow().match(List.of("api", "layout", "1A9BF0C", "farthest")));
    // a word the description gives another route is this one's typo
    error(400, "/api/layout/1A9BF0C/farthest", "names=true", "unknown parameter 'names': expected offset, limit");
    error(400, "/api/layout/1A9BF0C/board.svg", "limit=3", "unknown parameter 'limit': expected names, lang");
    error(400, "/api/group/5-4-1-1/steps", "limit=3", "unknown parameter 'limit': this endpoint takes none");
    error(404, "/api/layout/1A9BF0C/nothing", null, "no such resource");
    error(404, "/api/group/5-4-1-1/layer", null, "no such resource");
  }

  @Test
  void findPagesThroughAFilterAndRefusesBadOnes() {
    String first = ok("/api/find", "class=5-4-1&min_steps=81&max_steps=81&symmetric=true&limit=2");
    assertTrue(first.startsWith("{\"filter\":{\"jiang\":5,\"bing\":4,\"style\":1,\"min_steps\":81,\"max_steps\":81,"
        + "\"symmetric\":true},\"count\":2,\"total\":4,\"total_exact\":true,\"results\":[{\"code\":\""), first);
    assertTrue(first.contains("\"class\":\"5-4-1\",\"min_solution_step\":81,\"symmetric\":true,\"minimal\":null,\"optimal_solution_num\":"), first);
    // every page through the cursors, pages of 2: the same codes as one page of all
    String whole = ok("/api/find", "class=5-4-1&min_steps=81&max_steps=81&symmetric=true&limit=1000");
    assertTrue(whole.endsWith("\"next\":null}"), whole);
    List<String> paged = new ArrayList<>();
    String cursor = null;
    for (int pages = 0; pages < 1000; pages++) {
      String body = ok("/api/find", "class=5-4-1&min_steps=81&max_steps=81&symmetric=true&limit=2"
          + (cursor == null ? "" : "&cursor=" + cursor));
      paged.addAll(codesIn(body.substring(body.indexOf("\"results\""))));
      Matcher m = Pattern.compile("\"next\":\"([0-9A-Za-z._-]+)\"").matcher(body);
      if (!m.find()) {
        break;
      }
      cursor = m.group(1);
    }
    assertEquals(codesIn(whole.substring(whole.indexOf("\"results\""))), paged);
    assertTrue(paged.contains("1A9BF0C00"), paged.toString());
    String hardest = ok("/api/find", "group=5-4-1-1&min_steps=93&max_steps=93");
    assertTrue(hardest.startsWith("{\"filter\":{\"jiang\":5,\"bing\":4,\"style\":1,\"group\":\"5-4-1-1\","
        + "\"min_steps\":93,\"max_steps\":93},\"count\":2,"), hardest);
    error(400, "/api/find", "group=5-4-1", "is not a name of the form jiang-bing-style-group_num");
    error(400, "/api/find", "min_steps=x", "'min_steps' must be a whole number");
    error(400, "/api/find", "class=5-4-1&jiang=3", "'jiang' 3 contradicts 'class' 5-4-1");
    error(400, "/api/find", "steps=3", "unknown parameter 'steps': expected class, group, jiang");
    error(400, "/api/find", "cursor=nope", "is not a cursor of a find page");
    error(400, "/api/find", "limit=1001", "'limit' must be from 1 to 1000");
  }

  private static List<String> codesIn(String json) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\"([0-9A-F]{9})\"").matcher(json);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
