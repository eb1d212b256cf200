package klotskidb.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * Lines of standard input as a script means them, one answer per line for {@code paste}:
 * {@code "1A9BF0C00\r\n横刀立马\n"} is two lines, {@code 1A9BF0C00} and {@code 横刀立马}.
 *
 * <p>A line ends at LF alone; a CR just before it is dropped (a file saved on Windows), and a CR
 * anywhere else stays in the line, which then names no layout and gets its error. Java's
 * {@code BufferedReader.readLine} also ends a line at a lone CR, so {@code "A\rB\n"} gave two
 * answers for one line and the pairing broke. A UTF-8 byte order mark before the first line (as
 * Notepad writes) is not part of the first name. Input is decoded as UTF-8.
 */
final class InputLines {
  private final Reader in;
  private boolean first = true;

  InputLines(InputStream in) {
    this(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  InputLines(Reader in) {
    this.in = in instanceof BufferedReader ? in : new BufferedReader(in, 1 << 16);
  }

  /** The next line without its end, or null at the end of the input. */
  String next() throws IOException {
    StringBuilder line = new StringBuilder();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      line.append((char) c);
    }
    if (c == -1 && line.length() == 0) {
      return null;
    }
    if (line.length() > 0 && line.charAt(line.length() - 1) == '\r') {
      line.setLength(line.length() - 1);
    }
    if (first && line.length() > 0 && line.charAt(0) == '\uFEFF') {
      line.deleteCharAt(0);
    }
    first = false;
    return line.toString();
  }
}
