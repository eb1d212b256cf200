package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines as {@code info --stdin} reads them: one answer per LF-ended line, whatever else the bytes hold. */
class InputLinesTest {
  private static List<String> lines(String text) throws IOException {
    InputLines in = new InputLines(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    List<String> out = new ArrayList<>();
    for (String l; (l = in.next()) != null; ) {
      out.add(l);
    }
    return out;
  }

  @Test
  void aLineEndsAtLfAndOnlyThere() throws IOException {
    assertEquals(List.of("1A9BF0C00", "横刀立马"), lines("1A9BF0C00\r\n横刀立马\n")); // Windows' line ends
    assertEquals(List.of("hengdaolima\rX", "Y"), lines("hengdaolima\rX\nY\n")); // a lone CR: one line, one answer
    assertEquals(List.of("a", "", "b"), lines("a\n\nb")); // a blank line is a line; the last needs no LF
    assertEquals(List.of("", ""), lines("\r\n\n"));
    assertEquals(List.of(), lines(""));
  }

  @Test
  void aByteOrderMarkBeforeTheFirstLineIsNotPartOfIt() throws IOException {
    assertEquals(List.of("横刀立马", "\uFEFF横刀立马"), lines("\uFEFF横刀立马\n\uFEFF横刀立马\n")); // only the first
    assertEquals(List.of("", "x"), lines("\uFEFF\r\nx\n"));
  }
}
