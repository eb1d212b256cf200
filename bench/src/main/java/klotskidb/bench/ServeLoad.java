package klotskidb.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import klotskidb.db.KlotskiDb;
import klotskidb.server.KlotskiServer;

/**
 * Load on {@code klotski serve}'s API over loopback, the load generator in the same process (both
 * share the machine's 2 cores): 64 clients, each on its own keep-alive connection, each asking
 * {@code /api/layout/%23ID} for random ids of the database, as fast as answers come. Prints look-ups
 * per second, latency percentiles and errors.
 *
 * <pre>
 *   make bench-serve               # the database of `make run`, 64 clients, 5 s warm-up, 20 s measured
 *   java -cp bench/target/benchmarks.jar klotskidb.bench.ServeLoad DB CLIENTS SECONDS SERVER_THREADS
 * </pre>
 *
 * The clients speak HTTP/1.1 by hand over sockets (a request line, a Host header; the answer's
 * Content-Length says where it ends, read in blocks): the JDK's HttpClient costs more CPU per
 * request than the server does, which would measure the client.
 */
public final class ServeLoad {
  private ServeLoad() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : "data/klotski-db");
    int clients = args.length > 1 ? Integer.parseInt(args[1]) : 64;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
    int threads = args.length > 3 ? Integer.parseInt(args[3]) : 8;
    try (KlotskiDb db = KlotskiDb.open(dir);
        KlotskiServer server = KlotskiServer.start(db, new InetSocketAddress("127.0.0.1", 0), threads,
            new PrintStream(PrintStream.nullOutputStream()))) {
      int port = server.address().getPort();
      int layouts = db.layoutCount();
      System.out.printf("%d clients, %d server threads, %d layouts; warm-up 5 s%n", clients, threads, layouts);
      run(port, clients, 5, layouts, false);
      run(port, clients, seconds, layouts, true);
    }
  }

  private static void run(int port, int clients, int seconds, int layouts, boolean report) throws Exception {
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long[][] latencies = new long[clients][];
    int[] counts = new int[clients];
    AtomicLong errors = new AtomicLong();
    Thread[] threads = new Thread[clients];
    for (int c = 0; c < clients; c++) {
      int me = c;
      threads[c] = new Thread(() -> {
        long[] lat = new long[1 << 16];
        int n = 0;
        SplittableRandom random = new SplittableRandom(me);
        try (Socket s = new Socket("127.0.0.1", port)) {
          s.setTcpNoDelay(true);
          OutputStream out = s.getOutputStream();
          InputStream in = s.getInputStream();
          byte[] buf = new byte[1 << 16];
          while (System.nanoTime() < end) {
            int id = random.nextInt(layouts);
            byte[] request = ("GET /api/layout/%23" + id + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
            long t0 = System.nanoTime();
            out.write(request);
            out.flush();
            int status = readResponse(in, buf);
            long t = System.nanoTime() - t0;
            if (status != 200) {
              errors.incrementAndGet();
            }
            if (n == lat.length) {
              lat = Arrays.copyOf(lat, n * 2);
            }
            lat[n++] = t;
          }
        } catch (IOException e) {
          errors.incrementAndGet();
        }
        latencies[me] = lat;
        counts[me] = n;
      });
      threads[c].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    if (!report) {
      return;
    }
    int total = Arrays.stream(counts).sum();
    long[] all = new long[total];
    int at = 0;
    for (int c = 0; c < clients; c++) {
      System.arraycopy(latencies[c], 0, all, at, counts[c]);
      at += counts[c];
    }
    Arrays.sort(all);
    System.out.printf("%,d look-ups in %d s: %,.0f per second; latency p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, "
            + "max %.2f ms; errors %d%n", total, seconds, total / (double) seconds, all[total / 2] / 1e6,
        all[(int) (total * 0.99)] / 1e6, all[(int) (total * 0.999)] / 1e6, all[total - 1] / 1e6, errors.get());
  }

  /** Reads one response into a reusable buffer; returns its status. */
  private static int readResponse(InputStream in, byte[] buf) throws IOException {
    int n = 0;
    int headerEnd = -1;
    while (headerEnd < 0) {
      int r = in.read(buf, n, buf.length - n);
      if (r < 0) {
        throw new IOException("connection closed");
      }
      for (int i = Math.max(0, n - 3); i + 3 < n + r; i++) {
        if (buf[i] == '\r' && buf[i + 1] == '\n' && buf[i + 2] == '\r' && buf[i + 3] == '\n') {
          headerEnd = i + 4;
          break;
        }
      }
      n += r;
    }
    String headers = new String(buf, 0, headerEnd, StandardCharsets.US_ASCII);
    int status = Integer.parseInt(headers.substring(9, 12));
    int at = headers.toLowerCase(Locale.ROOT).indexOf("content-length:");
    if (at < 0) {
      throw new IOException("no Content-Length");
    }
    int length = Integer.parseInt(headers.substring(at + 15, headers.indexOf('\r', at)).trim());
    int missing = headerEnd + length - n;
    if (missing > 0) {
      in.readNBytes(missing);
    }
    return status;
  }
}
