package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code klotski path --stdin}: a pair a line, one answer a line, the same as {@code path FROM TO}
 * gives for each (its codes on one line, or its document); a line that is no pair of one group's
 * layouts gets the API's error as JSON, and the exit status is 1.
 */
class PathStdinTest {
  private static final List<String> LINES = List.of("1A9BF0C DAAF4CC", "横刀立马\tDAA7F3000", "1A9BF0C", "",
      "1A9BF0C 4FEA134", "heng dao li ma\t1A9BF0C", "nonsense 1A9BF0C");

  private static List<String> run(String... args) throws Exception {
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, args)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    p.getOutputStream().write((String.join("\r\n", LINES) + "\r\n").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(1, p.exitValue(), "some lines could not be answered: " + out);
    return out;
  }

  @Test
  void everyPairGetsTheAnswerPathGivesIt() throws Exception {
    List<String> text = run("path", "--stdin");
    List<String> json = run("path", "--stdin", "--json");
    assertEquals(LINES.size(), text.size(), text.toString());
    assertEquals(LINES.size(), json.size(), json.toString());
    for (int i = 0; i < LINES.size(); i++) {
      String line = LINES.get(i);
      String[] pair = line.contains("\t") ? line.split("\t") : line.trim().split(" +");
      Cli one = pair.length == 2 ? Cli.run("path", pair[0], pair[1], "--codes-only") : null;
      if (one != null && one.exit == 0) {
        assertEquals(String.join(" ", one.out.strip().split("\n")), text.get(i), line);
        assertEquals(Cli.run("path", pair[0], pair[1], "--json").out.strip(), json.get(i), line);
      } else {
        assertTrue(text.get(i).startsWith("{\"input\":") && text.get(i).contains("\"status\":"), line + ": " + text.get(i));
        assertEquals(text.get(i), json.get(i), line);
      }
    }
    assertTrue(text.get(0).startsWith("1A9BF0C00 ") && text.get(0).endsWith(" DAAF4CC00"), text.get(0));
    assertTrue(text.get(4).contains("\"status\":"), "different groups: " + text.get(4));
    assertTrue(text.get(2).contains("FROM and TO"), text.get(2));
  }
}
