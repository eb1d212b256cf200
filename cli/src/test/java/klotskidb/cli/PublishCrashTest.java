package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Scratch;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer killed at every rename and unlink of its publish (strace's fault injection: the N-th
 * such call of a thread gets SIGKILL): after each kill {@code info} answers, {@code analyse} reruns
 * and finishes, {@code verify --deep} passes, and no class that was analysed is lost.
 */
@Tag("slow")
class PublishCrashTest {
  @TempDir static Path temp;
  private static String strace;

  /** The first layout of the first group of class 0-2-0, by its name. */
  private static final String LAYOUT = "0-2-0-0-0";
  private static Path pristine;

  @BeforeAll
  static void strace() {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
      if (Files.isExecutable(Path.of(dir, "strace"))) {
        strace = Path.of(dir, "strace").toString();
      }
    }
    if (strace == null && System.getenv("KLOTSKI_REQUIRE_STRACE") != null) {
      throw new IllegalStateException("strace is required (KLOTSKI_REQUIRE_STRACE) but not on the PATH");
    }
    Assumptions.assumeTrue(strace != null, "strace is not installed (apt-get install strace): crash points not tested");
    // every trial starts from a copy of this: one class analysed, one not
    pristine = temp.resolve("pristine");
    assertEquals(0, Cli.run("build", "--db", pristine.toString(), "--no-progress", "--classes", "0-2-0,0-1-0").exit);
    assertEquals(0, Cli.run("analyse", "--db", pristine.toString(), "--no-progress", "--classes", "0-2-0").exit);
  }

  /** Runs a klotski command under strace, killed at the {@code when}-th call of {@code calls}; its exit code. */
  private static int killedAt(String calls, int when, String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of(strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace=" + calls,
        "-e", "inject=" + calls + ":signal=KILL:when=" + when));
    line.addAll(Cli.command(Cli.SHORT_RUN, args));
    Process p = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished or killed in time");
    return p.exitValue();
  }

  private static Set<String> analysed(Path db) {
    try (KlotskiDb k = KlotskiDb.open(db)) {
      return k.analysedClasses().keySet();
    }
  }

  /** After a kill: the database answers, the analysed classes are still there, a rerun finishes, deep check passes. */
  private static void recovers(Path db, Set<String> analysedBefore, String what) {
    Cli info = Cli.run("info", LAYOUT, "--db", db.toString());
    assertEquals(0, info.exit, what + ": info answers: " + info);
    assertTrue(analysed(db).containsAll(analysedBefore), what + ": no analysed class lost: " + analysed(db));
    Cli rerun = Cli.run("analyse", "--db", db.toString(), "--no-progress");
    assertEquals(0, rerun.exit, what + ": analyse reruns: " + rerun);
    Cli deep = Cli.run("verify", "--deep", "--db", db.toString());
    assertEquals(0, deep.exit, what + ": verify --deep: " + deep);
    assertTrue(analysed(db).containsAll(analysedBefore), what + ": still every analysed class");
    assertEquals(List.of(), leftBeside(db), what + ": the rerun leaves no building, old or trash folder");
  }

  /** The folders a run made beside the database that are still there ({@code db.building-PID}, ...). */
  private static List<String> leftBeside(Path db) {
    try (var siblings = Files.list(db.getParent())) {
      return siblings.map(p -> p.getFileName().toString()).filter(n -> n.matches(Pattern.quote(db.getFileName().toString()) + "\\.(building|old|trash)-.*"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A kill while the building folder holds a class's find_farthest file: at the link that ingests
   * it. The kill point is found by a traced run first (the writer thread's link calls, in order),
   * so the test follows the writer wherever that file comes in its run. Before, the folder (a hard
   * link of every table file) stayed for good: the next run did not know the index's file names.
   */
  @Test
  void aKillAtTheIndexFileIsSweptByTheNextRun() throws Exception {
    Path db = temp.resolve("index").resolve("db");
    String[] args = {"analyse", "--db", db.toString(), "--no-progress", "--classes", "0-1-0"};
    Trial.reset(db);
    Cli.copyDatabase(pristine, db);
    Path trace = temp.resolve("index-trace.txt");
    List<String> line = new ArrayList<>(List.of(strace, "-f", "-qq", "-o", trace.toString(), "-e", "trace=link,linkat"));
    line.addAll(Cli.command(Cli.SHORT_RUN, args));
    Process traced = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    assertTrue(traced.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, traced.exitValue(), "the traced run");
    // "TID linkat(AT_FDCWD, \".../db.building-PID/find_farthest-0-1-0.sst\", ...) = 0": which of its thread's links
    List<String> links = Files.readAllLines(trace);
    String index = links.stream().filter(l -> l.contains("find_farthest-0-1-0.sst")).findFirst()
        .orElseThrow(() -> new AssertionError("no link of find_farthest-0-1-0.sst traced:\n" + String.join("\n", links)));
    String tid = index.split(" ")[0];
    int when = (int) links.subList(0, links.indexOf(index) + 1).stream().filter(l -> l.startsWith(tid + " ")).count();

    Trial.reset(db);
    Cli.copyDatabase(pristine, db);
    int exit = killedAt("link,linkat", when, args);
    assertEquals(137, exit, "killed at the link of find_farthest-0-1-0.sst (#" + when + " of its thread)");
    List<String> left = leftBeside(db);
    assertEquals(1, left.size(), "the killed run's building folder: " + left);
    assertTrue(Files.exists(db.getParent().resolve(left.get(0)).resolve("find_farthest-0-1-0.sst")),
        "the kill came while the index's file was in the building folder");
    recovers(db, Set.of("0-2-0"), "analyse killed at the index's file");
  }

  @Test
  void everyRenameAndUnlinkOfABuildOrAnalyseRecovers() throws Exception {
    // two trials at a time, each in a folder of its own (a killed run is mostly a JVM starting)
    ExecutorService pool = Executors.newFixedThreadPool(2);
    Path[] slots = {temp.resolve("trial-a").resolve("db"), temp.resolve("trial-b").resolve("db")};
    int trials = 0;
    try {
      for (String command : List.of("analyse", "build")) {
        // every rename, until a run gets past its last one and finishes
        boolean completed = false;
        for (int when = 1; when <= 40 && !completed; when += 2) {
          int first = when;
          var a = pool.submit(() -> trial(slots[0], command, "rename,renameat,renameat2", first));
          var b = pool.submit(() -> trial(slots[1], command, "rename,renameat,renameat2", first + 1));
          completed = a.get() | b.get();
          trials += 2;
        }
        assertTrue(completed, command + " ran to the end once the kills were past its last rename");
        // unlinks: a run makes hundreds (RocksDB's, the old database's files): the first, and one
        // among the old database's deletion
        var a = pool.submit(() -> trial(slots[0], command, "unlink,unlinkat,rmdir", 1));
        var b = pool.submit(() -> trial(slots[1], command, "unlink,unlinkat,rmdir", 21));
        a.get();
        b.get();
        trials += 2;
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(trials > 12, trials + " kills");
  }

  /** One kill at the {@code when}-th of {@code calls}, from a fresh copy; whether the run finished instead. */
  private static boolean trial(Path db, String command, String calls, int when) throws Exception {
    Trial.reset(db);
    Cli.copyDatabase(pristine, db);
    Set<String> before = command.equals("analyse") ? Set.of("0-2-0") : Set.of();
    String[] args = command.equals("analyse")
        ? new String[] {"analyse", "--db", db.toString(), "--no-progress", "--classes", "0-1-0"}
        : new String[] {"build", "--db", db.toString(), "--no-progress", "--classes", "0-2-0,0-1-0"};
    int exit = killedAt(calls, when, args);
    recovers(db, before, command + " killed at " + calls + " #" + when + " (exit " + exit + ")");
    return exit == 0;
  }

  /** Removing a folder between trials. */
  private static final class Trial {
    static void reset(Path db) throws Exception {
      Files.createDirectories(db.getParent());
      try (var siblings = Files.list(db.getParent())) {
        for (Path p : siblings.toList()) {
          Scratch.delete(p);
        }
      }
    }
  }
}
