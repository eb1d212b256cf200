package klotskidb.cli;

import com.google.common.net.InetAddresses;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.LiveDatabase;
import klotskidb.query.HttpService;
import klotskidb.query.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The database as a read-only HTTP API and an explorer page, until Ctrl-C or SIGTERM. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    // the routes between the first line and the last two: ServeCommand.routes(), from the API's own description
    description = {"Serve the database read-only over HTTP: the JSON API under /api/ and an explorer page at /.",
        "X is a code, @short code, %%23id (a URL's '#' is written %%23) or name; G a group J-B-S-G; "
            + "the parameters of each: GET /api/openapi.json.",
        "It listens on 127.0.0.1 (this machine only) unless --bind says otherwise: --bind 0.0.0.0 lets every "
            + "machine that can reach this one read the whole database. Stops cleanly on Ctrl-C."})
final class ServeCommand implements Callable<Integer> {
  @Mixin DbOption db;

  @Option(names = "--bind", paramLabel = "ADDR", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String bind = "127.0.0.1";

  @Option(names = "--port", paramLabel = "N", description = "Port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
  int port = 8080;

  @Option(names = {"--request-threads", "--threads"}, paramLabel = "N", description = "Threads answering requests "
      + "at once (default: ${DEFAULT-VALUE}); not the compute threads --threads means for build or analyse, hence "
      + "its own name (--threads is kept for it).")
  int threads = 8;

  @Option(names = "--access-log", paramLabel = "FILE",
      description = "Append a line per request to FILE (extended NCSA format, as web log tools read it).")
  Path accessLog;

  @Option(names = "--no-warm-up",
      description = "Listen at once. Without it, look-ups run for about a second before listening and the table "
          + "files are read into the operating system's cache meanwhile, so the first clients are served fast.")
  boolean noWarmUp;

  /** How long the look-ups of the warm-up run. */
  static final long WARM_UP_MILLIS = 1500;

  @Spec CommandSpec spec;

  /**
   * The routes as {@code serve --help} lists them, one a line ("  GET /api/find  Layouts by their
   * facts, a page at a time"), read from the API's own description ({@code openapi.json}, served
   * at /api/openapi.json): a route added there is listed here with nothing kept by hand.
   */
  static List<String> routes() {
    try (InputStream in = ServeCommand.class.getResourceAsStream("/klotskidb/server/openapi.json")) {
      if (in == null) {
        return List.of("  (the routes: GET /api/openapi.json)");
      }
      Object doc = Json.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      List<String> out = new ArrayList<>();
      @SuppressWarnings("unchecked")
      Map<String, Object> paths = (Map<String, Object>) ((Map<String, Object>) doc).get("paths");
      for (Map.Entry<String, Object> e : paths.entrySet()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> get = (Map<String, Object>) ((Map<String, Object>) e.getValue()).get("get");
        String summary = String.valueOf(get.get("summary")).split("(\\. | \\(|: |\\.$)")[0];
        out.add("  GET " + e.getKey().replace("{", "").replace("}", "") + "  " + summary.replace("%", "%%"));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Integer call() throws Exception {
    if (port < 0 || port > 65535) {
      throw new InputException("--port must be from 0 to 65535, not " + port);
    }
    if (threads < 1) {
      throw new InputException("--request-threads must be at least 1");
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new InputException("--bind: no such address " + UserText.quote(bind));
    }
    PrintWriter out = spec.commandLine().getOut();
    CountDownLatch stopped = new CountDownLatch(1);
    // follows the database: a build or analyse that publishes is served within a second or so
    try (LiveDatabase live = LiveDatabase.open(db.dir(), note -> System.err.println("klotski serve: " + note))) {
      HttpService server;
      try {
        server = HttpService.start(live, new InetSocketAddress(address, port), threads, System.err,
            noWarmUp ? 0 : WARM_UP_MILLIS, accessLog);
      } catch (BindException e) {
        throw new IllegalArgumentException("cannot listen on " + hostInUrl(address) + ":" + port + ": " + e.getMessage());
      }
      if (!address.isLoopbackAddress()) { // once it listens: an address it cannot take is one line, the error
        spec.commandLine().getErr().println("klotski serve: warning: listening on " + bind + ", not only on this "
            + "machine: every machine that can reach it can read the whole database (--bind 127.0.0.1 keeps it local)");
        spec.commandLine().getErr().flush();
      }
      Thread hook = new Thread(() -> {
        server.close();
        stopped.countDown();
      }, "klotski-serve-stop");
      Runtime.getRuntime().addShutdownHook(hook);
      InetSocketAddress at = server.address();
      out.println("serving " + db.dir() + " at http://" + hostInUrl(at.getAddress()) + ":" + at.getPort()
          + "/ (Ctrl-C stops)");
      out.flush();
      stopped.await();
    }
    return 0;
  }

  /**
   * An address as a URL's host: an IPv6 address in brackets and in its short form, RFC 5952
   * ({@code http://[::1]:8080/}, not {@code http://0:0:0:0:0:0:0:1:8080/}, which no browser reads):
   * Guava's {@code InetAddresses.toUriString}, without a link-local scope (a URL spells it %25).
   */
  static String hostInUrl(InetAddress a) {
    return InetAddresses.toUriString(a).replaceFirst("%[^\\]]*", "");
  }

}
