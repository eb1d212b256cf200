package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Progress in a log (no terminal): every 10% once and in order, to 100%, with the time and an eta. */
class ConsoleProgressTest {
  @Test
  void aLogGetsEveryStepToAHundredPercent() {
    StringWriter text = new StringWriter();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(text, true), false, false);
    p.begin("analyse", 1_000);
    p.advance(50);   // nothing yet
    p.advance(350);  // 10, 20, 30: each step, even when the work jumps
    p.advance(360);
    p.advance(990);  // 40 .. 90
    p.end("analyse", 2_000_000_000L, "203 classes"); // and 100% before the summary
    List<String> lines = text.toString().lines().toList();
    assertEquals(11, lines.size(), text.toString());
    for (int k = 1; k <= 10; k++) {
      String line = lines.get(k - 1);
      assertTrue(line.matches("\\d\\d:\\d\\d:\\d\\d analyse: " + k * 10 + "% \\([0-9,]+ of 1,000\\)"
          + (k < 10 ? ", eta \\d\\d:\\d\\d:\\d\\d \\(\\d+ s\\)" : "")), line);
    }
    assertEquals("  analyse       2.00 s  203 classes", lines.get(10));
  }

  /** On the minute too: a log line read 03:41 analyse: ... once a minute before. */
  @Test
  void theTimeAlwaysHasItsSeconds() {
    assertEquals("03:41:00", ConsoleProgress.time(java.time.LocalTime.of(3, 41)));
    assertEquals("00:00:00", ConsoleProgress.time(java.time.LocalTime.MIDNIGHT));
    assertEquals("23:59:59", ConsoleProgress.time(java.time.LocalTime.of(23, 59, 59)));
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
