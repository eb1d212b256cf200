package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Schema;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build killed while writing leaves the previous database complete and in place. */
@Tag("slow")
class KillTest {
  @TempDir Path temp;

  private static Process start(Path db, String classes) throws Exception {
    return new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "build", "--db", db.toString(), "--no-progress",
        "--classes", classes))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
  }

  /** Waits until {@code files} of the build's SST files are in its staging folder. */
  private static void awaitWriting(Process p, Path building, int files) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    boolean writing = false;
    while (!writing && p.isAlive() && System.nanoTime() < deadline) {
      Path staging = building.resolve("staging");
      try (var listed = Files.isDirectory(staging) ? Files.list(staging) : null) {
        writing = listed != null && listed.count() >= files;
      } catch (NoSuchFileException e) {
        writing = false;
      }
      Thread.sleep(5);
    }
    assertTrue(writing, "the build reached its write stage");
  }

  @Test
  void killedMidWriteKeepsThePreviousDatabase() throws Exception {
    Path db = temp.resolve("klotski-db");
    assertEquals(0, Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "0-2-0").exit);
    String builtAt;
    try (KlotskiDb before = KlotskiDb.open(db)) {
      builtAt = before.meta().get(Schema.META_BUILT_AT);
    }

    // a bigger second build, killed as soon as its SST files appear
    Process p = start(db, "2-6-1,3-5-1");
    Path building = temp.resolve("klotski-db.building-" + p.pid());
    awaitWriting(p, building, 1);
    p.destroyForcibly().waitFor();
    assertTrue(Files.exists(building), "the kill left a half-written build directory behind");

    try (KlotskiDb after = KlotskiDb.open(db)) {
      assertEquals(builtAt, after.meta().get(Schema.META_BUILT_AT), "still the first database");
      assertEquals("0-2-0", after.meta().get(Schema.META_CLASSES));
      assertEquals(1440, after.layoutCount(), "class 0-2-0 holds 1,440 layouts");
    }
    // the next build cleans up after the killed one and replaces the database
    assertEquals(0, Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "0-3-0").exit);
    assertTrue(Files.notExists(building));
    try (KlotskiDb next = KlotskiDb.open(db)) {
      assertEquals("0-3-0", next.meta().get(Schema.META_CLASSES));
    }
  }

  /**
   * Ctrl-C or SIGTERM during a build: the lock file says the build finished, never that it runs.
   * The signal comes the moment the holder's name is in the file, five times: the name was
   * written before the exit hook was set, and a signal between the two left "build (pid N)" in
   * about one run in four (a shell loop on the jar of 8b44a4d: 7 of 30).
   */
  @Test
  void aTerminatedBuildMarksItsLockFinished() throws Exception {
    for (int run = 0; run < 5; run++) {
      Path db = temp.resolve("terminated-" + run);
      Process p = start(db, "2-6-1");
      Path lock = temp.resolve("terminated-" + run + ".lock");
      String holder = "build (pid " + p.pid() + ")";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (p.isAlive() && System.nanoTime() < deadline
          && !(Files.exists(lock) && Files.readString(lock).startsWith(holder))) {
        Thread.onSpinWait();
      }
      assertTrue(p.isAlive(), "still building when terminated");
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      assertEquals("finished: " + holder + "\n", Files.readString(lock), "run " + run);
      assertTrue(Files.notExists(temp.resolve("terminated-" + run + ".building-" + p.pid())),
          "its building folder removed");
    }
  }

  /**
   * SIGTERM while the build's writers fill its folder: the exit hook runs while they go on adding
   * files, so its first delete of the folder failed ("directory not empty") and left it, in 4 of 5
   * runs signalled 0.8 s into the write stage of 2-6-1. It tries again until nothing is there.
   */
  @Test
  void aSignalWhileWritingRemovesTheBuildingFolder() throws Exception {
    // the writers adding files fast
    terminatedBuildsLeaveNoFolder("writing", "2-6-1", 2, (p, building) -> awaitWriting(p, building, 12));
  }

  /**
   * SIGTERM the moment the build's folder appears: its exit hook was set just after the folder
   * was made, and a signal between the two left it (16 of 20 runs of a shell loop on the jar of
   * bf25112). The hook now comes first.
   */
  @Test
  void aSignalAsTheBuildingFolderAppearsRemovesIt() throws Exception {
    terminatedBuildsLeaveNoFolder("appearing", "0-2-0", 5, (p, building) -> {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (p.isAlive() && System.nanoTime() < deadline && !Files.exists(building)) {
        Thread.onSpinWait();
      }
    });
  }

  /** Waits for the moment to signal a build, given its process and its building folder. */
  private interface Moment {
    void await(Process p, Path building) throws Exception;
  }

  /**
   * Builds {@code classes} into {@code name-RUN}, {@code runs} times, each sent SIGTERM at {@code
   * moment}: its building folder must be gone once it has stopped.
   */
  private void terminatedBuildsLeaveNoFolder(String name, String classes, int runs, Moment moment) throws Exception {
    for (int run = 0; run < runs; run++) {
      Process p = start(temp.resolve(name + "-" + run), classes);
      Path building = temp.resolve(name + "-" + run + ".building-" + p.pid());
      moment.await(p, building);
      assertTrue(p.isAlive(), "still building when terminated");
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      assertTrue(Files.notExists(building), name + " run " + run + ": the building folder removed");
    }
  }
}
