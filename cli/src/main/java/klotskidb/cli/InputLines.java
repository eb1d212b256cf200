package klotskidb.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.base.InputException;
import klotskidb.base.OutputClosedException;
import klotskidb.base.UserText;
import klotskidb.query.Errors;
import klotskidb.query.Json;

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

  /** One line's answer: its text (one line), or an {@link IllegalArgumentException} for a line that names nothing answerable. */
  interface Answer {
    String of(String line);
  }

  /**
   * Answers every line, one line out per line in ({@code info --stdin}, {@code solve --stdin}): the
   * answer, or for a line that fails (a blank one too) the API's error for it as one JSON object
   * ({@code {"input":...,"status":404,"error":...,"code":...}}), so the answers pair with the
   * questions ({@code paste}). Stops when standard output's reader is gone ({@code | head}).
   * Returns 1 if any line failed, else 0.
   */
  int answerEach(PrintWriter out, Answer answer) throws IOException {
    return answerEach(out, answer, 1);
  }

  /**
   * The same, {@code threads} lines answered at once ({@code solve --stdin} without a database:
   * each answer a BFS of its own), written in the order read: a few lines are read ahead of the
   * one written, no more.
   */
  int answerEach(PrintWriter out, Answer answer, int threads) throws IOException {
    AtomicInteger failed = new AtomicInteger();
    if (threads <= 1) {
      for (String line; (line = next()) != null; ) {
        write(out, answerOf(line, answer, failed));
      }
    } else {
      ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "answers");
        t.setDaemon(true);
        return t;
      });
      ArrayDeque<Future<String>> ahead = new ArrayDeque<>();
      try {
        for (String line; (line = next()) != null; ) {
          String l = line;
          ahead.add(pool.submit(() -> answerOf(l, answer, failed)));
          if (ahead.size() >= 2 * threads) {
            write(out, done(ahead.poll()));
          }
        }
        while (!ahead.isEmpty()) {
          write(out, done(ahead.poll()));
        }
      } finally {
        pool.shutdownNow();
      }
    }
    out.flush();
    return failed.get() == 0 ? 0 : 1;
  }

  private static String done(Future<String> answer) {
    try {
      return answer.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private static void write(PrintWriter out, String text) throws IOException {
    out.println(text);
    if (out.checkError()) { // its reader is gone: reading on would answer no one
      throw new OutputClosedException("standard output", null);
    }
  }

  /** A line's answer, or the API's error for it as one JSON object (counted in {@code failed}). */
  private static String answerOf(String line, Answer answer, AtomicInteger failed) {
    try {
      if (line.isBlank()) {
        throw new InputException("a blank line names no layout");
      }
      return answer.of(line);
    } catch (IllegalArgumentException e) {
      failed.incrementAndGet();
      String typed = UserText.oneLine(line.length() > 200 ? line.substring(0, 200) : line);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("input", typed);
      m.put("status", Errors.status(e));
      m.putAll(Errors.of(e)); // the API's error: message, code and details
      m.put("input", typed); // as typed
      return Json.write(m);
    }
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
