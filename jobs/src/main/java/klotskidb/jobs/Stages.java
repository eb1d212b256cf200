package klotskidb.jobs;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** Runs pipeline stages one after another, recording wall time and peak heap of each. */
public final class Stages {
  public record Stage(String name, double seconds, long peakHeap) {}

  private final List<Stage> done = new ArrayList<>();
  private final PrintWriter err;

  public Stages(PrintWriter err) {
    this.err = err;
  }

  public <T> T run(String name, Callable<T> body) throws Exception {
    err.println(name + " ...");
    err.flush();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long t0 = System.nanoTime();
    T result = body.call();
    double seconds = (System.nanoTime() - t0) / 1e9;
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    done.add(new Stage(name, seconds, peak));
    return result;
  }

  public List<Stage> stages() {
    return done;
  }

  public String table() {
    StringBuilder sb = new StringBuilder();
    double total = 0;
    for (Stage s : done) {
      // megabytes of 10^6 bytes, as the summary's sizes above the table (UserText.size)
      sb.append(String.format(Locale.ROOT, "  %-12s %8.2f s   peak heap %,8d MB%n", s.name, s.seconds,
          s.peakHeap / 1_000_000));
      total += s.seconds;
    }
    sb.append(String.format(Locale.ROOT, "  %-12s %8.2f s%n", "total", total));
    return sb.toString();
  }

  /** Peak resident set size of this process (VmHWM), in bytes, or -1 where /proc is missing. */
  public static long peakRss() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /** Total size of the files under a directory. */
  public static long sizeOf(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
