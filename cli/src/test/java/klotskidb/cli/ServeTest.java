package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import klotskidb.query.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line and the API say the same, over a small database: a layout by every name is
 * the document of {@code info --json}, a board of pieces is the layout or the command line's
 * reason, {@code find} pages alike; and the URL serve prints. The API is {@code klotski serve}
 * started as a user starts it ({@link Served}); the server's own behaviour, over HTTP, is tested in
 * its module ({@code KlotskiServerTest}).
 */
class ServeTest {
  @TempDir static Path temp;
  private static Path dbDir;
  private static Served served;

  @BeforeAll
  static void start() throws Exception {
    dbDir = temp.resolve("db");
    assertEquals(0, Cli.run("build", "--db", dbDir.toString(), "--no-progress", "--classes", "5-4-1,0-3-0").exit);
    served = Served.start(dbDir);
  }

  @AfterAll
  static void stop() throws Exception {
    served.close();
  }

  /** The API's answer to a GET of {@code target} (a path and its query). */
  private static Served.Answer get(String target) {
    return served.get(target);
  }

  private static String ok(String target) {
    Served.Answer r = get(target);
    assertEquals(200, r.status(), target + ": " + r.body());
    return r.body();
  }

  private static void error(int status, String target, String contains) {
    Served.Answer r = get(target);
    assertEquals(status, r.status(), target + ": " + r.body());
    assertTrue(r.body().startsWith("{\"error\":\"") && r.body().contains(contains), target + ": " + r.body());
  }

  @Test
  void aLayoutByEveryNameIsTheSameDocumentAsInfoJson() throws Exception {
    String info = Cli.run("info", "1A9BF0C", "--json", "--db", dbDir.toString()).out.trim();
    assertTrue(info.contains("\"short_code\":\"4WVE1\""), info);
    for (String x : List.of("1A9BF0C", "1a9bf0c00", "@4WVE1", "4WVE1", "%234091296", "5-4-1-1-7472")) {
      assertEquals(info, ok("/api/layout/" + x), x);
    }
  }

  @Test
  void aBoardGivenAsPiecesIsTheLayoutOrTheCommandLinesReason() throws Exception {
    String classic = "2x2@1,2x1@0,2x1@3,2x1@8,2x1@11,1x2@9,1x1@13,1x1@14,1x1@16,1x1@19";
    assertEquals(ok("/api/layout/1A9BF0C"), ok("/api/board?pieces=" + classic));
    String full = classic + ",1x1@17"; // one empty cell left: 1A9BFCC00
    String cli = Cli.run("show", "1A9BFCC").err.trim();
    String reason = "code 1A9BFCC00: 1 empty cell, at least 2 are needed";
    assertEquals("klotski: " + reason + " (see 'klotski show --help')", cli);
    error(400, "/api/board?pieces=" + full, reason);
    error(400, "/api/board?pieces=2x2@1,2x1@0,2x1@1", "the 2x1 at 1 overlaps another piece");
    error(400, "/api/board?pieces=2x2@1,2x1@19", "a 2x1 at 19 leaves the board");
    error(400, "/api/board?pieces=1x1@0", "no 2x2");
    error(400, "/api/board?pieces=2x2@1,3x3@0", "is not KIND@CELL");
    error(404, "/api/board?pieces=2x2@1,1x1@0", "is not in the database");
  }

  /**
   * A board as a picture: the same SVG from {@code show X --svg} and the API, by every name of
   * the layout, with and without the pieces' names in both languages; bad words refused alike.
   */
  @Test
  void aBoardPictureIsTheSameFromTheCommandLineAndTheApi() throws Exception {
    for (String[] ask : new String[][] {{"", ""}, {"?names=true", "--names"}, {"?names=true&lang=en", "--names --lang en"}}) {
      String[] options = ask[1].isEmpty() ? new String[0] : ask[1].split(" ");
      String[] args = Stream.concat(Stream.of("show", "1A9BF0C", "--svg"),
          Arrays.stream(options)).toArray(String[]::new);
      Cli show = Cli.run(args);
      assertEquals(0, show.exit, show.toString());
      for (String x : List.of("1A9BF0C", "%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC", "@4WVE1")) {
        Served.Answer r = get("/api/layout/" + x + "/board.svg" + ask[0]);
        assertEquals(200, r.status(), r.body());
        assertEquals("image/svg+xml", r.type());
        assertEquals(show.out, r.body(), x + ask[0]);
      }
    }
    String plain = Cli.run("show", "1A9BF0C", "--svg").out;
    assertTrue(plain.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"") && plain.endsWith("</svg>\n"), plain);
    assertEquals(10, plain.split("<rect ").length - 2, "ten pieces and the frame: " + plain); // frame + 10 pieces
    assertFalse(plain.contains("<text"));
    String zh = Cli.run("show", "1A9BF0C", "--svg", "--names").out;
    for (String name : List.of("曹操", "关羽", "张", "飞", "赵", "云", "马", "超", "黄", "忠", "兵")) {
      assertTrue(zh.contains(">" + name + "<") || zh.contains(">" + name.substring(0, 1) + "<"), name + ": " + zh);
    }
    assertTrue(Cli.run("show", "1A9BF0C", "--svg", "--names", "--lang", "en").out.contains(">Cao Cao<"));
    error(400, "/api/layout/1A9BF0C/board.svg?lang=fr", "'lang' must be zh or en");
    error(400, "/api/layout/1A9BF0C/board.svg?names=maybe", "'names' must be true or false");
    error(400, "/api/layout/1A9BF0C/board.svg?limit=3", "unknown parameter 'limit'");
    assertEquals(2, Cli.run("show", "1A9BF0C", "--svg", "--json").exit);
    assertEquals(2, Cli.run("show", "1A9BF0C", "--names").exit);
  }

  @Test
  void findOnTheCommandLineAnswersAsTheApi() throws Exception {
    String filter = "class=5-4-1&min_steps=81&max_steps=81&symmetric=true&limit=3";
    String api = ok("/api/find?" + filter);
    Cli json = Cli.run("find", "--db", dbDir.toString(), "--class", "5-4-1", "--min-steps", "81", "--max-steps", "81",
        "--symmetric", "true", "--limit", "3", "--json");
    assertEquals(0, json.exit, json.toString());
    assertEquals(api, json.out.trim());
    Matcher next = Pattern.compile("\"next\":\"([0-9A-Za-z._-]+)\"").matcher(api);
    assertTrue(next.find(), api);
    Cli text = Cli.run("find", "--db", dbDir.toString(), "--class", "5-4-1", "--min-steps", "81", "--max-steps", "81",
        "--symmetric", "true", "--limit", "3", "--cursor", next.group(1));
    assertEquals(0, text.exit, text.toString());
    String second = ok("/api/find?" + filter + "&cursor=" + next.group(1));
    Matcher code = Pattern.compile("\"code\":\"([0-9A-F]{9})\"").matcher(second);
    assertTrue(code.find(), second);
    assertTrue(text.out.startsWith(code.group(1) + "  5-4-1  81 steps  very hard  symmetric  ")
        && text.out.lines().findFirst().orElseThrow().matches(".* [0-9,]+ optimal  @.*"), text.out);
    // a cursor belongs to its question: with another filter, exit 2 and HTTP 400, naming both
    Cli other = Cli.run("find", "--db", dbDir.toString(), "--class", "5-4-1", "--cursor", next.group(1));
    assertEquals(2, other.exit, other.toString());
    assertTrue(other.err.contains("--cursor belongs to another question ('class=5-4-1&min_steps=81&max_steps=81"
        + "&symmetric=true', not 'class=5-4-1')"), other.err);
    error(400, "/api/find?class=5-4-1&order=hardest&cursor=" + next.group(1), "belongs to another question");
    Cli bad = Cli.run("find", "--db", dbDir.toString(), "--min-steps", "x");
    assertTrue(bad.exit != 0, bad.toString());
    assertTrue(bad.err.contains("--min-steps must be a whole number, not 'x'"), bad.err);
  }

  /** The address serve prints is a URL a browser opens: IPv6 in brackets, in its short form. */
  @Test
  void anIpv6AddressIsBracketedInTheUrl() throws Exception {
    assertEquals("[::1]", ServeCommand.hostInUrl(InetAddress.getByName("::1")));
    assertEquals("[::]", ServeCommand.hostInUrl(InetAddress.getByName("::")));
    assertEquals("[fe80::1:2:3:4]", ServeCommand.hostInUrl(InetAddress.getByName("fe80:0:0:0:1:2:3:4")));
    assertEquals("[2001:db8::1:0:0:1]", ServeCommand.hostInUrl(InetAddress.getByName("2001:db8:0:0:1:0:0:1")));
    assertEquals("127.0.0.1", ServeCommand.hostInUrl(InetAddress.getByName("127.0.0.1")));
    assertEquals("[fe80::1]", ServeCommand.hostInUrl(InetAddress.getByName("fe80::1%1"))); // no scope in a URL
  }
  /** serve --help lists every route of the API's description (openapi.json, as served), nothing by hand. */
  @Test
  void serveHelpListsEveryRouteOfTheApi() throws Exception {
    String help = Cli.run("serve", "--help").out;
    String described;
    try (var in = ServeCommand.class.getResourceAsStream("/klotskidb/server/openapi.json")) {
      described = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    @SuppressWarnings("unchecked")
    var paths = ((Map<String, Object>) ((Map<String, Object>) Json.read(described))
        .get("paths")).keySet();
    assertTrue(paths.size() >= 16, paths.toString()); // the 16 routes of today at least
    for (String path : paths) {
      String listed = "  GET " + path.replace("{", "").replace("}", "") + "  ";
      assertTrue(help.contains(listed), listed + " not in serve --help:\n" + help);
    }
  }

}
