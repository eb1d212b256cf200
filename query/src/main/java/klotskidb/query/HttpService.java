package klotskidb.query;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ServiceLoader;
import klotskidb.db.LiveDatabase;

/**
 * The queries over HTTP, as {@code klotski serve} starts them: the command line knows the
 * questions (this module) and finds the server that answers them over HTTP at run time, so it
 * is compiled against no class of the server.
 *
 * <pre>
 *   try (HttpService s = HttpService.start(live, new InetSocketAddress("127.0.0.1", 8080), 8, System.err, 1500, null)) {
 *     s.address();   // 127.0.0.1:8080; GET /api/layout/1A9BF0C answers Documents.layout
 *   }
 * </pre>
 *
 * The server module registers its {@link Provider} in {@code META-INF/services}; the jar holds
 * both, and a build without the server says so in one line.
 */
public interface HttpService extends AutoCloseable {
  /** Where it listens (the port chosen, when 0 was asked). */
  InetSocketAddress address();

  /** Stops accepting, lets requests under way finish, stops the workers. */
  @Override
  void close();

  /** Starts a server: see {@link #start}. */
  interface Provider {
    HttpService start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log, long warmUpMillis,
        Path accessLog) throws IOException;
  }

  /**
   * Serves {@code live} on {@code address} with {@code threads} workers, after a warm-up of
   * {@code warmUpMillis} (0: none), every request logged to {@code accessLog} (null: none); a
   * {@link java.net.BindException} when the address is taken.
   */
  static HttpService start(LiveDatabase live, InetSocketAddress address, int threads, PrintStream log,
      long warmUpMillis, Path accessLog) throws IOException {
    Provider p = ServiceLoader.load(Provider.class).findFirst().orElseThrow(() ->
        new IllegalStateException("this klotski was built without its HTTP server (the server module)"));
    return p.start(live, address, threads, log, warmUpMillis, accessLog);
  }
}
