package klotskidb.server;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Schema;

/**
 * What a fresh server does before its first request, so that it is fast from its first second.
 *
 * <ul>
 *   <li>{@link #overHttp}: look-ups of layouts spread over the whole database, sent to itself over
 *       loopback on two connections as a client would, for about a second and a half: C2 has
 *       compiled the whole path (HTTP server, API, JSON, RocksDB's JNI) before a client comes.
 *   <li>{@link #readFiles}: in the background, every table file of the families a look-up reads,
 *       then the others, read once from start to end, so that the operating system holds them:
 *       a look-up then waits for no disk.
 * </ul>
 *
 * <p>Why: a fresh server's first seconds are slower without it, warming the API alone without
 * HTTP did not help, and reading the files costs little: the cold cost is the JIT (BENCHMARKS.md,
 * row "serve's warm-up").
 */
final class WarmUp {
  /** The families a look-up reads, first; then those of groups' pages. */
  private static final List<String> ORDER = List.of(Schema.IDS, Schema.CASES, Schema.GROUPS, Schema.GROUP_ANALYSIS,
      Schema.ANALYSIS, Schema.NAMES, Schema.LAYERS);

  private WarmUp() {}

  /**
   * Look-ups over HTTP to the server at {@code at} for about {@code millis}, on {@code threads}
   * keep-alive connections at once (the JDK's own client): the server's path (Jetty's HTTP
   * server, the API, JSON, RocksDB) runs as a client's would until C2 has compiled it. Returns
   * how many were answered.
   */
  static int overHttp(InetSocketAddress at, int layouts, int threads, long millis) {
    // the loopback's short spelling: the server's Host check accepts [::1], not [0:0:0:0:0:0:0:1]
    String host = at.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress().getHostAddress()
        : at.getAddress().isLoopbackAddress() && at.getAddress() instanceof Inet6Address ? "::1"
        : at.getAddress().getHostAddress();
    String base = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + at.getPort() + "/api/layout/%23";
    long end = System.nanoTime() + millis * 1_000_000L;
    AtomicInteger answered = new AtomicInteger();
    Thread[] workers = new Thread[threads];
    try {
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      for (int t = 0; t < threads; t++) {
        long first = t * 1_000_003L;
        workers[t] = new Thread(() -> {
          long id = first;
          try {
            while (System.nanoTime() < end) {
              id = (id + 7_919_317L) % layouts;
              client.send(HttpRequest.newBuilder(URI.create(base + id)).build(), HttpResponse.BodyHandlers.discarding());
              answered.incrementAndGet();
            }
          } catch (IOException e) {
            // the warm-up is only an optimisation: the first clients then find a colder server
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }, "klotski-warm-up-" + t);
        workers[t].start();
      }
      for (Thread w : workers) {
        w.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return answered.get();
  }

  /** Starts reading the table files in a daemon thread; returns it. */
  static Thread readFiles(KlotskiDb db) {
    Thread t = new Thread(() -> {
      ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
      for (String cf : ORDER) {
        for (String name : db.tableFiles(cf)) {
          read(db.dir().resolve(name), buffer);
        }
      }
    }, "klotski-warm-files");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
    return t;
  }

  private static void read(Path file, ByteBuffer buffer) {
    try (FileChannel ch = FileChannel.open(file)) {
      while (ch.read(buffer.clear()) > 0) {
        // read and dropped: the operating system keeps the pages
      }
    } catch (IOException e) {
      // a file compacted away meanwhile, or unreadable: the look-ups will say so themselves
    }
  }
}
