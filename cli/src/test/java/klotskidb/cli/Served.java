package klotskidb.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code klotski serve --port 0} in a process of its own, as a user starts it, asked over HTTP;
 * closing it stops the process as Ctrl-C does (SIGTERM). The command line's tests reach the API
 * this way only: what the server runs inside is the server module's to test.
 *
 * <pre>
 *   try (Served s = Served.start(db)) {
 *     s.get("/api/layout/1A9BF0C").body();   // {"code":"1A9BF0C00", ...}
 *   }
 * </pre>
 */
final class Served implements AutoCloseable {
  private static final Pattern URL = Pattern.compile("serving .* at (http://[^ /]+)");
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** An answer: its status and body. */
  record Answer(int status, String body, String type) {
    Answer(int status, String body) {
      this(status, body, null);
    }
  }

  private final Process process;
  /** {@code http://127.0.0.1:PORT}, no slash at the end. */
  final String base;
  /** Whether this is {@link #analysed}'s, which its users do not stop. */
  private boolean shared;

  private static Served analysed;

  private Served(Process process, String base) {
    this.process = process;
    this.base = base;
  }

  /**
   * The server of {@link Cli#analysedDatabase}, started by the first test class to ask and shared
   * by the classes that only ask it questions (each server is a JVM of its own to start); stopped
   * when the test JVM exits, as the database is removed. Its users' {@link #close} leaves it
   * running.
   */
  static synchronized Served analysed() throws IOException {
    if (analysed == null) {
      Served s = start(Cli.analysedDatabase());
      s.shared = true;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          s.stop();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }));
      analysed = s;
    }
    return analysed;
  }

  /** Serves {@code db} on a free port of the loopback; returns once it listens. */
  static Served start(Path db, String... more) throws IOException {
    List<String> args = new ArrayList<>(List.of("serve", "--db", db.toString(), "--port", "0", "--no-warm-up"));
    args.addAll(List.of(more));
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, args.toArray(String[]::new))).redirectErrorStream(true)
        .start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    String base = null;
    for (String line; base == null && (line = out.readLine()) != null; ) {
      seen.append(line).append('\n');
      Matcher m = URL.matcher(line);
      base = m.find() ? m.group(1) : null;
    }
    if (base == null) {
      p.destroyForcibly();
      throw new IllegalStateException("klotski serve did not start:\n" + seen);
    }
    Thread drain = new Thread(() -> { // the notes and the access log after the start: read, or the pipe fills
      try {
        while (out.readLine() != null) {
          // nothing to keep
        }
      } catch (IOException closed) {
        // the process ended
      }
    });
    drain.setDaemon(true);
    drain.start();
    return new Served(p, base);
  }

  /** A GET of {@code target} (a path and its query). */
  Answer get(String target) {
    try {
      HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + target)).build(),
          HttpResponse.BodyHandlers.ofString());
      return new Answer(r.statusCode(), r.body(), r.headers().firstValue("content-type").orElse(null));
    } catch (IOException e) {
      throw new UncheckedIOException(target, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(target, e);
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (!shared) {
      stop();
    }
  }

  /** Stops the process as Ctrl-C does and waits for it to end. */
  private void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
