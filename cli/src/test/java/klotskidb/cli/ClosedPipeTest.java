package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipe closed by its reader after a few bytes ({@code klotski export ... --out - | head -c 100}):
 * the command ends as a native tool stopped by SIGPIPE, exit 141 and nothing printed, with no JVM
 * crash and no {@code hs_err_pid*.log} left where it ran. Before, {@code export --format main-csv
 * --class 5-4-1 --out - | head -1} closed the database while its read-ahead threads were still in
 * RocksDB's MultiGet: SIGSEGV, exit 134, 3 times of 3 (issue 65).
 *
 * <p>Each case is a {@code klotski} process of its own ({@link Cli#command}) in a folder of its own,
 * its standard output read for 100 bytes and closed; every output here is larger than a pipe's
 * buffer, so the command is still writing when the pipe closes.
 */
class ClosedPipeTest {
  @TempDir static Path temp;
  private static Path db;

  @BeforeAll
  static void database() throws IOException {
    db = Cli.analysedDatabase(); // 5-4-1 analysed, 0-3-0 and 1-2-1 not; read only
  }

  /** The case of the report, and a reader of standard input that must stop reading: in the quick tier. */
  @Test
  void anExportOfAClassAndInfoStdinEndQuietlyWhenTheirReaderGoes() throws Exception {
    closedAfterAFewBytes("export", "--format", "main-csv", "--class", "5-4-1");
    closedAfterAFewBytes("info", "--stdin");
  }

  /** Every export format, whole and of one class, and the other commands that print much. */
  @Test
  @Tag("slow")
  void everyFormatAndEveryStreamingCommandEndsQuietlyWhenItsReaderGoes() throws Exception {
    for (String format : List.of("all-cases", "main-csv", "parquet", "sqlite")) {
      closedAfterAFewBytes("export", "--format", format);
      closedAfterAFewBytes("export", "--format", format, "--class", "5-4-1");
    }
    // (--table groups is left out: its 900 rows here fit in the pipe's buffer, written whole before it closes)
    closedAfterAFewBytes("export", "--format", "farthest-csv", "--class", "5-4-1");
    closedAfterAFewBytes("export", "--format", "solution-csv", "--class", "5-4-1");
    closedAfterAFewBytes("export", "--format", "graphml", "--group", "5-4-1-1");
    closedAfterAFewBytes("find", "--class", "5-4-1", "--limit", "1000");
    closedAfterAFewBytes("find", "--class", "5-4-1", "--limit", "1000", "--json");
    closedAfterAFewBytes("group", "5-4-1-1", "--members");
  }

  /**
   * Runs {@code klotski args --db DB} (plus {@code --out - --no-progress} for an export), reads 100
   * bytes of its output, closes the pipe and checks how it ended.
   */
  private static void closedAfterAFewBytes(String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of(args));
    line.addAll(List.of("--db", db.toString()));
    if (args[0].equals("export")) {
      line.addAll(List.of("--out", "-", "--no-progress"));
    }
    String what = "klotski " + String.join(" ", args);
    Path here = Files.createTempDirectory(temp, "run-");
    ProcessBuilder pb = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, line.toArray(new String[0])))
        .directory(here.toFile()).redirectError(here.resolve("stderr").toFile());
    Process p = pb.start();
    Thread feeder = null;
    if (line.contains("--stdin")) { // endless questions: the command stops only because its reader went away
      feeder = new Thread(() -> {
        byte[] ask = "1A9BF0C00\n横刀立马\n".getBytes(StandardCharsets.UTF_8);
        try (OutputStream in = p.getOutputStream()) {
          while (true) {
            in.write(ask);
          }
        } catch (IOException gone) {
          // the command ended
        }
      });
      feeder.setDaemon(true);
      feeder.start();
    } else {
      p.getOutputStream().close();
    }
    try (InputStream out = p.getInputStream()) {
      assertEquals(100, out.readNBytes(100).length, what + ": fewer than 100 bytes of output");
    }
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), what + ": still running two minutes after its reader went away");
    String err = Files.readString(here.resolve("stderr"));
    try (var files = Files.list(here)) {
      List<String> crashes = files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("hs_err")).toList();
      assertEquals(List.of(), crashes, what + ": the JVM crashed\n" + err);
    }
    assertEquals(141, p.exitValue(), what + ": the exit status of a closed pipe (as SIGPIPE's)\n" + err);
    // quiet: no error line, no stack trace (the engine's one line about its kernel may stand)
    List<String> said = err.lines().filter(l -> !l.contains("incubator") && !l.contains("kernel")).toList();
    assertEquals(List.of(), said, what + ": printed on standard error");
  }
}
