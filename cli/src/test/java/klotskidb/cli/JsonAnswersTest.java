package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
}
