package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Progress in a log (no terminal): a line each time the work passes into a new tenth, with the share
 * and count it reached (a jump over several tenths is one line), to 100%, with the time and an eta.
 */
class ConsoleProgressTest {
  @Test
  void aLogSaysTheWorkItHasReachedToAHundredPercent() {
    StringWriter text = new StringWriter();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(text, true), false, false);
    p.begin("analyse", 1_000);
    p.advance(50);   // nothing yet
    p.advance(350);  // past 10, 20 and 30: one line, 35%
    p.advance(360);  // the same tenth: nothing
    p.advance(999);  // 99%, not 40 .. 90 at one count
    p.end("analyse", 2_000_000_000L, "203 classes"); // and 100% before the summary
    List<String> lines = text.toString().lines().toList();
    assertEquals(4, lines.size(), text.toString());
    String eta = ", eta \\d\\d:\\d\\d:\\d\\d \\(\\d+ s\\)";
    String at = "\\d\\d:\\d\\d:\\d\\d analyse: ";
    assertTrue(lines.get(0).matches(at + "35% \\(350 of 1,000\\)" + eta), lines.get(0));
    assertTrue(lines.get(1).matches(at + "99% \\(999 of 1,000\\)" + eta), lines.get(1));
    assertTrue(lines.get(2).matches(at + "100% \\(1,000 of 1,000\\)"), lines.get(2));
    assertEquals("  analyse       2.00 s  203 classes", lines.get(3));
  }

  /** On the minute too: a log line read 03:41 analyse: ... once a minute before. */
  @Test
  void theTimeAlwaysHasItsSeconds() {
    assertEquals("03:41:00", ConsoleProgress.time(LocalTime.of(3, 41)));
    assertEquals("00:00:00", ConsoleProgress.time(LocalTime.MIDNIGHT));
    assertEquals("23:59:59", ConsoleProgress.time(LocalTime.of(23, 59, 59)));
  }

  @Test
  void noProgressMeansOnlyTheSummary() {
    StringWriter text = new StringWriter();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(text, true), false, true);
    p.begin("export", 10);
    p.advance(10);
    p.end("export", 1_000_000_000L, "10 lines to x");
    assertEquals("  export        1.00 s  10 lines to x\n", text.toString());
  }
}
