package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.query.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's shared options: every command that answers a question takes --json alike
 * (show, verify and tables too), and find takes --codes-only as solve does; the answers are the
 * text answers' facts, one object each, with the same exit status.
 */
class JsonAnswersTest {
  @TempDir static Path temp;
  private static Path db;

  @BeforeAll
  static void build() {
    db = temp.resolve("db");
    Cli b = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "0-3-0,1-2-1");
    assertEquals(0, b.exit, b.toString());
  }

  private static List<String> all(String regex, String text) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void showVerifyAndTablesAnswerInJson() {
    Cli show = Cli.run("show", "横刀立马", "--json");
    assertEquals(0, show.exit, show.toString());
    assertTrue(show.out.startsWith("{\"code\":\"1A9BF0C00\",\"id\":4091296,\"short_code\":\"4WVE1\",\"class\":\"5-4-1\","
        + "\"jiang\":5,\"bing\":4,\"style\":1,\"mirror\":\"1A9BF0C00\",\"symmetric\":true,\"solved\":false,\"board\":["), show.out);
    assertEquals(1, show.out.strip().lines().count());

    Cli text = Cli.run("verify", "--db", db.toString());
    Cli json = Cli.run("verify", "--db", db.toString(), "--json");
    assertEquals(0, json.exit, json.toString());
    assertTrue(json.out.startsWith("{\"ok\":true,\"checked\":"), json.out);
    // a check per text line, with the same words
    List<String> lines = text.out.lines().filter(l -> !l.startsWith("verified")).toList();
    List<String> checks = all("\"check\":\"([^\"]+)\"", json.out);
    assertEquals(lines.size(), checks.size(), json.out);
    for (int i = 0; i < lines.size(); i++) {
      assertTrue(lines.get(i).startsWith(checks.get(i)), lines.get(i) + " / " + checks.get(i));
    }

    Cli tables = Cli.run("tables", "--db", db.toString(), "--out", temp.resolve("tables").toString(), "--json");
    assertEquals(0, tables.exit, tables.toString());
    assertTrue(tables.out.startsWith("{\"tables\":[{\"name\":\"jiang_bing_count\",\"rows\":"), tables.out);
    assertTrue(tables.out.contains("{\"name\":\"style_count\",\"rows\":2,"), tables.out);
  }

  @Test
  void findGivesCodesOnlyAsSolveDoes() {
    Cli json = Cli.run("find", "--db", db.toString(), "--class", "1-2-1", "--limit", "7", "--json");
    Cli codes = Cli.run("find", "--db", db.toString(), "--class", "1-2-1", "--limit", "7", "--codes-only");
    assertEquals(0, codes.exit, codes.toString());
    List<String> expected = all("\\{\"code\":\"([0-9A-F]{9})\"", json.out);
    assertEquals(7, expected.size(), json.out);
    assertEquals(expected, codes.out.lines().toList());
    Matcher next = Pattern.compile("\"next\":\"([^\"]+)\"").matcher(json.out);
    assertTrue(next.find());
    assertEquals("klotski: next page: --cursor " + next.group(1), codes.err.strip());
    Cli both = Cli.run("find", "--db", db.toString(), "--json", "--codes-only");
    assertEquals(2, both.exit, both.toString());
  }

  /** group --layer K --json and --members --json: the codes the text lists, in the API's documents (issue 79, 11). */
  @Test
  void aGroupsLayerAndMembersInJson() {
    String d = db.toString();
    Cli text = Cli.run("group", "0-3-0-0", "--layer", "3", "--db", d);
    assertEquals(0, text.exit, text.toString());
    List<String> layer3 = List.of(text.out.substring(text.out.indexOf("layer 3:\n") + "layer 3:\n".length()).strip().split("\n"));
    Cli json = Cli.run("group", "0-3-0-0", "--layer", "3", "--json", "--db", d);
    assertEquals(0, json.exit, json.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> doc = (Map<String, Object>) Json.read(json.out);
    assertEquals("0-3-0-0", doc.get("group"));
    assertEquals(3, ((Number) doc.get("layer")).intValue());
    assertEquals(layer3, doc.get("codes"));
    assertEquals(layer3.size(), ((Number) doc.get("size")).intValue());
    Cli members = Cli.run("group", "0-3-0-0", "--members", "--db", d);
    Cli membersJson = Cli.run("group", "0-3-0-0", "--members", "--json", "--db", d);
    assertEquals(0, membersJson.exit, membersJson.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> group = (Map<String, Object>) Json.read(membersJson.out);
    List<String> lines = List.of(members.out.strip().split("\n"));
    assertEquals(lines.subList(lines.size() - ((List<?>) group.get("members")).size(), lines.size()), group.get("members"));
    assertEquals(((Number) group.get("size")).intValue(), ((List<?>) group.get("members")).size());
    // a layer that is never one: a usage error (the API's 400); one the group lacks: a failure (its 404)
    Cli negative = Cli.run("group", "0-3-0-0", "--layer", "-1", "--db", d);
    assertEquals(2, negative.exit, negative.toString());
    assertEquals("klotski: --layer -1 is not a layer: layers count from 0 (the seed's) to 65535 (see 'klotski group --help')\n",
        negative.err);
    // beyond what a layer's 16 stored bits hold: a usage error too, as the API's 400 (was exit 1)
    Cli never = Cli.run("group", "0-3-0-0", "--layer", "70000", "--db", d);
    assertEquals(2, never.exit, never.toString());
    assertTrue(never.err.startsWith("klotski: --layer 70000 is not a layer"), never.err);
    Cli beyond = Cli.run("group", "0-3-0-0", "--layer", "999", "--json", "--db", d);
    assertEquals(1, beyond.exit, beyond.toString());
    assertTrue(beyond.err.contains("no layer 999"), beyond.err);
    assertEquals(2, Cli.run("group", "0-3-0-0", "--layer", "1", "--members", "--json", "--db", d).exit);
  }

  /** A filter that contradicts the group names the group, not a class nobody gave (issue 79, 13). */
  @Test
  void aContradictionNamesWhatWasGiven() {
    Cli r = Cli.run("find", "--jiang", "3", "--group", "5-4-1-1", "--db", db.toString());
    assertEquals(2, r.exit, r.toString());
    assertEquals("klotski: --jiang 3 contradicts --group 5-4-1-1 (of class 5-4-1) (see 'klotski find --help')\n", r.err);
    Cli c = Cli.run("find", "--jiang", "3", "--class", "5-4-1", "--db", db.toString());
    assertEquals("klotski: --jiang 3 contradicts --class 5-4-1 (see 'klotski find --help')\n", c.err);
  }

  /** A release that would write nothing is refused before anything is written (issue 79, 14). */
  @Test
  void aReleaseOfNoClassIsRefused() throws Exception {
    Path out = temp.resolve("release-none");
    Cli negative = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--max-class-layouts", "-1", "--no-compare");
    assertEquals(2, negative.exit, negative.toString());
    assertEquals("klotski: --max-class-layouts must be at least 1, not -1 (see 'klotski release --help')\n", negative.err);
    Cli none = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--max-class-layouts", "10", "--no-compare",
        "--no-progress");
    assertEquals(2, none.exit, none.toString());
    assertTrue(none.err.contains("--max-class-layouts 10 leaves no class: the smallest class here has "), none.err);
    assertTrue(!Files.exists(out.resolve("MD5SUMS")), "no MD5SUMS of nothing");
  }
}
