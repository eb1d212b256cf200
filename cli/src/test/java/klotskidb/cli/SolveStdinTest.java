package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.query.Json;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.Test;

/**
 * {@code klotski solve --stdin}: one answer per line, the same answer as {@code solve X} gives for
 * each (its codes on one line), with or without a database (typed forms, then a seeded sample of layouts); a line that names no layout, a blank
 * one and an unsolvable one get the API's error as JSON, and the exit status is 1.
 */
class SolveStdinTest {
  private static final List<String> LINES = lines();

  /** Typed forms and errors, then a seeded sample of the database's classes' layouts. */
  private static List<String> lines() {
    List<String> l = new ArrayList<>(List.of("1A9BF0C", "", "nonsense", "0E83ABC", "4WVE1", "横刀立马",
        "0-3-0-0-0", "DFC000000"));
    LayoutSpace space = LayoutSpace.of(
        ClassSet.of(List.of(Cli.ANALYSED_CLASSES.split(","))));
    Random random = TestSeed.random("SolveStdinTest.lines");
    for (int k = 0; k < 24; k++) {
      l.add(Code.format(space.code(random.nextInt(space.size()))));
    }
    return l;
  }

  private static List<String> run(String... args) throws Exception {
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, args)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    // CRLF line ends, as a file saved on Windows: one answer a line all the same
    p.getOutputStream().write((String.join("\r\n", LINES) + "\r\n").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    p.waitFor(60, TimeUnit.SECONDS);
    assertEquals(1, p.exitValue(), "some lines could not be answered: " + out);
    return out;
  }

  /** What {@code solve X --codes-only} prints for the line, on one line, or the start of its error. */
  private static String single(String line, String... db) {
    List<String> args = new ArrayList<>(List.of("solve", line, "--codes-only"));
    args.addAll(List.of(db));
    Cli c = Cli.run(args.toArray(new String[0]));
    return c.exit == 0 ? String.join(" ", c.out.strip().split("\n")) : "ERROR " + c.exit;
  }

  @Test
  void everyLineGetsTheAnswerSolveGivesIt() throws Exception {
    Path db = Cli.analysedDatabase();
    for (List<String> extra : List.of(List.<String>of(), List.of("--db", db.toString()))) {
      List<String> args = new ArrayList<>(List.of("solve", "--stdin"));
      args.addAll(extra);
      List<String> out = run(args.toArray(new String[0]));
      assertEquals(LINES.size(), out.size(), extra + ": " + out);
      for (int i = 0; i < LINES.size(); i++) {
        String line = LINES.get(i);
        String answer = out.get(i);
        if (answer.startsWith("{")) {
          assertEquals("{\"input\":" + Json.write(line) + ",\"status\":", answer.substring(0,
              answer.indexOf("\"status\":") + 9), extra + " " + line);
          assertEquals(true, line.isEmpty() || single(line, extra.toArray(new String[0])).startsWith("ERROR"),
              extra + " " + line + ": " + answer);
        } else {
          assertEquals(single(line, extra.toArray(new String[0])), answer, extra + " " + line);
        }
      }
      if (extra.isEmpty()) { // (its class is not in the database: a 404 there too, saying so)
        assertEquals(true, out.get(3).contains("\"status\":404,\"error\":\"layout 0E83ABC00 is unsolvable"), out.get(3));
      }
    }
  }
}
