package klotskidb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import klotskidb.layerer.Layers;
import static klotskidb.testing.Processes.deadPid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an interrupted publish leaves behind is restored only when complete, else removed with a note. */
class PublisherTest {
  @TempDir static Path temp;
  @TempDir Path dir;
  private static Layers layers;

  @BeforeAll
  static void layer() {
    layers = SmallDatabase.layers("0-2-0");
  }

  private static Path publish(Path target) throws Exception {
    return SmallDatabase.publish(layers, target);
  }

  @Test
  void aCompleteDatabaseLeftAsideIsRestored() throws Exception {
    Path db = publish(dir.resolve("db"));
    Path aside = dir.resolve("db.old-" + deadPid());
    Files.move(db, aside);
    List<String> notes = new ArrayList<>();
    new Publisher(db, notes::add).recover();
    assertTrue(Files.isDirectory(db) && Files.notExists(aside));
    assertEquals(1, notes.size(), notes.toString());
    assertTrue(notes.get(0).startsWith("restored the database that an interrupted run had left aside at "),
        notes.get(0));
    try (KlotskiDb k = KlotskiDb.open(db)) {
      assertEquals(1440, k.layoutCount());
    }
  }

  /** A build killed while it deleted the previous database: the part left must not come back. */
  @Test
  void aHalfDeletedDatabaseIsRemovedNotRestored() throws Exception {
    Path db = publish(dir.resolve("db"));
    Path aside = dir.resolve("db.old-" + deadPid());
    Files.move(db, aside);
    try (Stream<Path> files = Files.list(aside)) { // the deletion got through the table files
      for (Path f : files.filter(f -> f.toString().endsWith(".sst")).limit(3).toList()) {
        Files.delete(f);
      }
    }
    assertTrue(Files.exists(aside.resolve("CURRENT")), "still looks like a database");
    List<String> notes = new ArrayList<>();
    new Publisher(db, notes::add).recover();
    assertFalse(Files.exists(db), "not restored");
    assertFalse(Files.exists(aside), "removed");
    assertEquals(1, notes.size(), notes.toString());
    assertTrue(notes.get(0).startsWith("removed " + aside + ", left by an interrupted run: it is not a complete "
        + "database (the database at " + aside + " is damaged: "), notes.get(0));
    assertTrue(notes.get(0).contains(".sst: No such file"), "names the missing table file: " + notes.get(0));
    DatabaseException e = assertThrows(DatabaseException.class, () -> KlotskiDb.open(db));
    assertTrue(e.getMessage().startsWith("no database at "), e.getMessage());
  }

  @Test
  void trashIsRemovedAndAPublishLeavesNothingBeside() throws Exception {
    Path db = publish(dir.resolve("db"));
    Path trash = dir.resolve("db.trash-" + deadPid());
    Files.createDirectories(trash);
    Files.writeString(trash.resolve("CURRENT"), "MANIFEST-000005\n");
    publish(db); // recovers first, then replaces db: the old one goes through trash
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of("db"), left.map(p -> p.getFileName().toString()).sorted().toList());
    }
    assertTrue(Files.exists(db.resolve(Publisher.PUBLICATION)));
  }

  @Test
  void oneWriterAtATime() {
    Path db = dir.resolve("db");
    try (DatabaseLock first = DatabaseLock.acquire(db, "build")) {
      DatabaseException e = assertThrows(DatabaseException.class, () -> DatabaseLock.acquire(db, "analyse"));
      assertEquals("another klotski build (pid " + ProcessHandle.current().pid() + ") is writing the database at "
          + db.toAbsolutePath() + "; wait for it to finish (lock db.lock)", e.getMessage());
    }
    DatabaseLock.acquire(db, "analyse").close(); // released with the first
  }

  /**
   * What a publish killed between its renames leaves: {@code db} moved aside as {@code db.old-PID},
   * the new database ({@code next}) as {@code db.building-PID}, with or without its publication
   * (without: killed before it was written). Returns the dead PID of the names.
   */
  private long killedBetweenTheRenames(Path db, boolean published) throws Exception {
    long pid = deadPid();
    Path building = dir.resolve("next");
    if (!published) {
      Files.delete(building.resolve(Publisher.PUBLICATION));
    }
    Files.move(building, dir.resolve("db.building-" + pid));
    Files.move(db, dir.resolve("db.old-" + pid));
    return pid;
  }

  /**
   * A publish killed between its two renames: no {@code db}, the old one aside and the new one
   * complete in its building folder. Readers open the new one where it is; the next writer moves
   * it into place (the new one: it holds every class the publish was storing) and drops the old.
   */
  @Test
  void aKillBetweenTheRenamesIsReadWhereItWasLeftAndRestoredNewestFirst() throws Exception {
    Path db = publish(dir.resolve("db"));
    String oldPublication = Publisher.publicationOf(db);
    String newPublication = Publisher.publicationOf(publish(dir.resolve("next")));
    long pid = killedBetweenTheRenames(db, true);
    try (KlotskiDb reader = KlotskiDb.open(db)) {
      assertEquals(newPublication, reader.publication(), "the new one, read where it was left");
      assertEquals(1440, reader.layoutCount());
    }
    List<String> notes = new ArrayList<>();
    new Publisher(db, notes::add).recover();
    assertEquals(newPublication, Publisher.publicationOf(db), "the new one is in place");
    assertTrue(Files.notExists(dir.resolve("db.old-" + pid)) && Files.notExists(dir.resolve("db.building-" + pid)));
    assertTrue(notes.get(0).startsWith("restored the database that an interrupted run had left aside at "), notes.toString());
    assertTrue(!oldPublication.equals(newPublication));
  }

  /** The old one is restored when the new one never got its publication (killed before the swap began). */
  @Test
  void anUnfinishedBuildIsDroppedAndTheOldOneRestored() throws Exception {
    Path db = publish(dir.resolve("db"));
    String oldPublication = Publisher.publicationOf(db);
    publish(dir.resolve("next"));
    killedBetweenTheRenames(db, false);
    try (KlotskiDb reader = KlotskiDb.open(db)) {
      assertEquals(oldPublication, reader.publication());
    }
    new Publisher(db).recover();
    assertEquals(oldPublication, Publisher.publicationOf(db));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of("db"), left.map(p -> p.getFileName().toString()).toList());
    }
  }

  /** serve's database follows publications; a request under way keeps the handle it started with. */
  @Test
  void aLiveDatabaseFollowsPublications() throws Exception {
    Path db = publish(dir.resolve("db"));
    try (LiveDatabase live = LiveDatabase.open(db, note -> { })) {
      LiveDatabase.Lease during = live.lease();
      String first = during.db().publication();
      publish(db);
      live.check();
      try (LiveDatabase.Lease after = live.lease()) {
        assertTrue(!first.equals(after.db().publication()), "the new publication");
        assertEquals(Publisher.publicationOf(db), after.db().publication());
      }
      assertEquals(1440, during.db().layoutCount(), "the old handle still reads");
      during.close();
    }
  }

  /** A PUBLICATION that is not what a publish writes (invalid UTF-8 here) is damage, said at once. */
  @Test
  void aDamagedPublicationIsReportedAsDamagedNotAsAReplacement() throws Exception {
    Path db = publish(dir.resolve("db"));
    Files.write(db.resolve(Publisher.PUBLICATION), new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF, '\n'});
    long t0 = System.nanoTime();
    DatabaseException e = assertThrows(DatabaseException.class, () -> KlotskiDb.open(db).close());
    assertTrue(System.nanoTime() - t0 < 1_500_000_000L, "no retries as for a publish under way");
    assertTrue(e.getMessage().startsWith("the database at " + db + " is damaged: its PUBLICATION file is not "
        + "what a publish writes"), e.getMessage());
    assertFalse(e.getMessage().contains("being replaced"), e.getMessage());
    // still klotski's own database (RocksDB's CURRENT names its manifest): a new build may replace it
    assertTrue(WriteTarget.isDatabase(db));
    assertEquals(db, WriteTarget.database(db));
  }

  /** A user's folder of files named as RocksDB names its own is not a database, and is never replaced. */
  @Test
  void aFolderOfRocksDbLikeNamesIsNotADatabase() throws Exception {
    Path mine = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(mine.resolve("CURRENT"), "my current notes\n");
    Files.writeString(mine.resolve("000001.log"), "my diary\n");
    assertFalse(WriteTarget.isDatabase(mine));
    DatabaseException e = assertThrows(DatabaseException.class, () -> WriteTarget.database(mine));
    assertTrue(e.getMessage().startsWith("refusing to write a database at " + mine), e.getMessage());
    Files.writeString(mine.resolve(Publisher.PUBLICATION), "my publication\n");
    assertFalse(WriteTarget.isDatabase(mine), "a PUBLICATION not klotski's, beside a CURRENT not RocksDB's");
    assertEquals("my diary\n", Files.readString(mine.resolve("000001.log")));
    Path db = publish(dir.resolve("db"));
    assertTrue(WriteTarget.isDatabase(db), "klotski's own, by its PUBLICATION");
  }

  /**
   * Every file a writer makes in a building folder is one the next writer recognises as klotski's:
   * a class's table file of every family (as {@code find_farthest-5-4-1.sst}, which a killed
   * {@code analyse} once left in a folder no run removed) and a build's staged parts.
   */
  @Test
  void everyFileAWriterMakesIsRecognisedAsKlotskis() throws Exception {
    Path building = Files.createDirectories(dir.resolve("db.building-" + deadPid()));
    Files.writeString(building.resolve("CURRENT"), "MANIFEST-000005\n");
    Files.writeString(building.resolve("000012.sst"), "");
    Path staging = Files.createDirectories(building.resolve("staging"));
    for (String family : Schema.ALL_FAMILIES) {
      Files.writeString(WriteTarget.classFile(building, family, "5-4-1"), "");
      Files.writeString(WriteTarget.stagedFile(staging, family, 3), "");
    }
    assertTrue(WriteTarget.isMadeByKlotski(building), "a building folder of every file a writer makes");
    Files.writeString(staging.resolve("notes.sst"), "");
    assertFalse(WriteTarget.isMadeByKlotski(building), "a staged file no writer makes");
    Files.delete(staging.resolve("notes.sst"));
    Files.writeString(building.resolve("mine-5-4-1.sst"), "");
    assertFalse(WriteTarget.isMadeByKlotski(building), "a class file of no family");
    assertThrows(IllegalArgumentException.class, () -> WriteTarget.classFile(building, "mine", "5-4-1"));
  }

  /** A FIFO at NAME.lock is refused, never taken as the lock (it was); a plain file is the lock. */
  @Test
  void aFifoAtTheLockIsRefused() throws Exception {
    Path fifo = dir.resolve("a.lock");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertEquals(0, mk.waitFor());
    DatabaseException e = assertThrows(DatabaseException.class, () -> DatabaseLock.acquire(dir.resolve("a"), "build"));
    assertEquals(fifo + " is not a klotski lock file (it is a FIFO, a socket or a device); klotski "
        + "does not use or overwrite it: move it away", e.getMessage());
    try (DatabaseLock ok = DatabaseLock.acquire(dir.resolve("d"), "build")) {
      assertTrue(Files.isRegularFile(dir.resolve("d.lock")));
    }
  }
}
