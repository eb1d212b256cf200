package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import klotskidb.testing.Processes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a killed export leaves is removed by the next one, for every format, to a file and to
 * standard output; and the same database gives the same bytes in every format, from two JVMs
 * (parquet-java's encodings list followed identity hash codes, which change from JVM to JVM).
 *
 * <p>Each export runs as a process of its own with a temporary folder of the test's; it is killed
 * (SIGKILL: no hook runs) as soon as its scratch file or folder appears, and again some time later,
 * then run to the end: afterwards no scratch name is left beside the output or in the temporary
 * folder.
 */
@Tag("slow")
class ExportScratchTest {
  @TempDir static Path temp;
  private static Path db;

  /**
   * A class of 48,048 layouts, whose exports still write when the second kill comes: the
   * database's, with {@link #PER_CLASS} beside it.
   */
  private static final String CLASS = "1-3-0";
  /**
   * A class of 6,720 layouts: the per-class files' (farthest and solution CSV, and the release),
   * whose every run analyses its class in memory, the whole of its cost (1-3-0's all-roots BFS
   * was most of this test's CPU; BENCHMARKS, section "The test loop").
   */
  private static final String PER_CLASS = "0-3-0";

  private static final Pattern SCRATCH = Pattern.compile(".*\\.klotski-\\d+-\\d+\\.tmp");

  @BeforeAll
  static void build() {
    db = temp.resolve("db");
    Cli r = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", CLASS + "," + PER_CLASS);
    assertEquals(0, r.exit, r.toString());
  }

  private static List<List<String>> formats() {
    return List.of(List.of("all-cases"), List.of("main-csv"), List.of("parquet", "--threads", "2"),
        List.of("parquet", "--table", "groups"), List.of("graphml", "--group", CLASS + "-0"), List.of("sqlite"),
        List.of("farthest-csv", "--class", PER_CLASS), List.of("solution-csv", "--class", PER_CLASS));
  }

  private static ProcessBuilder export(Path tmp, List<String> format, String out) {
    List<String> options = new ArrayList<>(Cli.SHORT_RUN);
    options.add("-Djava.io.tmpdir=" + tmp);
    List<String> args = new ArrayList<>(List.of("export", "--db", db.toString(), "--no-progress", "--force", "--out", out,
        "--format"));
    args.addAll(format);
    return new ProcessBuilder(Cli.command(options, args.toArray(String[]::new)));
  }

  private static List<String> scratch(Path... dirs) throws Exception {
    List<String> found = new ArrayList<>();
    for (Path d : dirs) {
      if (Files.isDirectory(d)) {
        try (Stream<Path> s = Files.list(d)) {
          s.map(p -> p.getFileName().toString()).filter(n -> SCRATCH.matcher(n).matches()).forEach(found::add);
        }
      }
    }
    return found;
  }

  /** Runs an export to the end; returns what it printed on standard output. */
  private static byte[] complete(Path tmp, List<String> format, String out, String what) throws Exception {
    Process p = export(tmp, format, out).redirectError(ProcessBuilder.Redirect.PIPE).start();
    CompletableFuture<byte[]> stdout = CompletableFuture.supplyAsync(() -> {
      try {
        return p.getInputStream().readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), what + ": " + err);
    return stdout.get();
  }

  /**
   * For each format: two exports killed at two points (the moment its scratch appears, and 30 ms
   * later), then one run to the end, then a second run in another JVM: no scratch left, and the
   * two files the same bytes. Parquet and SQLite also to standard output, where their scratch goes
   * to the temporary folder: killed, then run again, the bytes those of the file.
   */
  @Test
  void killedExportsLeaveNoScratchAndEveryFormatIsTheSameBytesFromTwoJvms() throws Exception {
    // two formats at a time (the processes mostly wait for the JVM to start)
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<int[]>> runs = new ArrayList<>();
    for (List<String> format : formats()) {
      runs.add(pool.submit(() -> killAndCompare(format)));
    }
    int kills = 0;
    int killedWhileWriting = 0;
    try {
      for (Future<int[]> r : runs) {
        int[] k = r.get();
        kills += k[0];
        killedWhileWriting += k[1];
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Error err ? err : new AssertionError(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    assertEquals(8 * 2 + 3, kills);
    assertTrue(killedWhileWriting >= kills / 2, "kills while a scratch existed: " + killedWhileWriting + " of " + kills);
  }

  /** The kills and runs of one format; returns {kills, kills while its scratch existed}. */
  private static int[] killAndCompare(List<String> format) throws Exception {
    int killedWhileWriting = 0;
    int kills = 0;
    boolean viaScratch = format.get(0).equals("parquet") || format.get(0).equals("sqlite");
    byte[] file = null;
    for (boolean stream : viaScratch ? new boolean[] {false, true} : new boolean[] {false}) {
      Path tmp = Files.createTempDirectory(temp, "tmp");
      Path dir = Files.createTempDirectory(temp, "out");
      String out = stream ? "-" : dir.resolve("out.data").toString();
      String what = format + (stream ? " to standard output" : " to a file");
      for (long after : stream ? new long[] {0} : new long[] {0, 30}) {
        Process p = export(tmp, format, out).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (p.isAlive() && scratch(dir, tmp).isEmpty() && System.nanoTime() < deadline) {
          Thread.sleep(1);
        }
        Thread.sleep(after);
        boolean writing = p.isAlive() && !scratch(dir, tmp).isEmpty();
        p.destroyForcibly(); // SIGKILL: no shutdown hook runs
        p.waitFor();
        kills++;
        killedWhileWriting += writing ? 1 : 0;
      }
      byte[] stdout = complete(tmp, format, out, what);
      assertEquals(List.of(), scratch(dir, tmp), what + ": the next run removed what the killed ones left");
      if (stream) {
        assertArrayEquals(file, stdout, what + ": the file's bytes");
        continue;
      }
      file = Files.readAllBytes(dir.resolve("out.data"));
      if (!viaScratch) { // the others' second JVM is their run to standard output, next
        Path again = Files.createTempDirectory(temp, "again").resolve("out.data");
        complete(tmp, format, again.toString(), what);
        assertArrayEquals(file, Files.readAllBytes(again), what + ": the same bytes from two JVMs");
      }
    }
    return new int[] {kills, killedWhileWriting};
  }

  /**
   * tables, plot and release: killed as their scratch appears (and, for a kill at a moment the poll
   * misses, a scratch file of a process that is gone planted beside the output), then run again: no
   * scratch left, exit 0.
   */
  @Test
  void killedTablesPlotAndReleaseLeaveNoScratch() throws Exception {
    for (String command : List.of("tables", "plot", "release")) {
      Path dir = Files.createTempDirectory(temp, command).resolve("out");
      List<String> args = new ArrayList<>(List.of(command, "--db", db.toString(), "--out", dir.toString()));
      args.addAll(command.equals("plot") ? List.of("--group", CLASS + "-0") : command.equals("release")
          ? List.of("--classes", PER_CLASS, "--no-progress") : List.of());
      List<String> c = Cli.command(Cli.SHORT_RUN, args.toArray(String[]::new));
      Process p = new ProcessBuilder(c).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (p.isAlive() && scratch(dir).isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      p.destroyForcibly();
      p.waitFor();
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(".style_count.tsv.klotski-" + Processes.deadPid() + "-1.tmp"),
          "half a table");
      Process again = new ProcessBuilder(c).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.PIPE).start();
      String err = new String(again.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, again.waitFor(), command + ": " + err);
      assertEquals(List.of(), scratch(dir, dir.resolve(".release")), command + ": no scratch left");
    }
  }
}
