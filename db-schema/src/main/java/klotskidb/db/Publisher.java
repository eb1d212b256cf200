package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.rocksdb.RocksDB;

/**
 * Atomic publish of a database directory: it is built in a sibling {@code NAME.building-PID},
 * and only a finished, checked build is moved to {@code NAME}:
 *
 * <pre>
 *   NAME.building-PID   written and checked by DatabaseWriter
 *   NAME -> NAME.old-PID, NAME.building-PID -> NAME, NAME.old-PID deleted
 * </pre>
 *
 * A crash before the swap leaves the previous database untouched (and a stale building
 * directory, removed by the next run once its process is gone). A crash between the two renames
 * leaves no {@code NAME} but a complete {@code NAME.old-PID}, which {@link #recover} moves back
 * -- only after it opens as a complete database: the old one is renamed to
 * {@code NAME.trash-PID} before it is deleted, so a crash while deleting leaves a trash
 * directory (removed, never restored), and a damaged {@code NAME.old-PID} is removed with a note.
 * Only what klotski made is replaced or removed ({@link WriteTarget}): a build refuses a path
 * holding anything else, the building folder is created only where nothing is (a link planted
 * there fails the call), and a folder that merely has a name like {@code NAME.building-PID} but
 * holds a user's files is left alone with a note.
 *
 * <p>Readers ({@link #open}, through {@link KlotskiDb#open}) never take a lock: a reader that opened {@code NAME} keeps
 * reading the files it opened (all of them, at open) after the swap; one whose open overlapped a
 * swap sees the directory's identity ({@link #PUBLICATION}) change and opens again.
 */
public final class Publisher {
  /** Writes a database into the directory it is given. */
  public interface Build {
    void into(Path dir) throws IOException;
  }

  /**
   * A file that every publish writes into the directory it publishes, with a value never used
   * before: readers compare it before and after they open. The directory's inode alone is not
   * enough -- a directory deleted by one publish frees an inode that the next one's may reuse.
   */
  public static final String PUBLICATION = "PUBLICATION";

  private final Path target;
  private final Consumer<String> notes;

  /** A publisher whose recovery notes ("restored ...", "removed ...") are dropped. */
  public Publisher(Path target) {
    this(target, note -> {});
  }

  /** @param notes receives one line for each thing {@link #recover} restores or removes */
  public Publisher(Path target, Consumer<String> notes) {
    this.target = target.toAbsolutePath().normalize();
    this.notes = notes;
  }

  public Path building() {
    return sibling(".building-" + ProcessHandle.current().pid());
  }

  private Path sibling(String suffix) {
    return target.resolveSibling(target.getFileName() + suffix);
  }

  /**
   * Undoes what a killed run left behind. With no {@code NAME}: the database an interrupted publish
   * left complete ({@link #interrupted}) is put back in place. Then stale building, old and trash
   * folders of runs that are gone are removed, a note for each.
   */
  public void recover() throws IOException {
    Path parent = target.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      return;
    }
    Path restore = Files.exists(target, LinkOption.NOFOLLOW_LINKS) ? null : interrupted(target);
    if (restore != null) {
      Files.move(restore, target, StandardCopyOption.ATOMIC_MOVE);
      syncFolder(parent);
      notes.accept("restored the database that an interrupted run had left aside at " + restore);
    }
    for (Path p : stale(target)) {
      if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      if (!Files.isSymbolicLink(p) && !WriteTarget.isMadeByKlotski(p)) {
        // a name like ours on something klotski did not make: never deleted
        notes.accept("left " + p + " alone: its name is that of a klotski run's folder, but it is "
            + WriteTarget.describe(p) + ", not a database");
        continue;
      }
      if (p.getFileName().toString().contains(".old-")) {
        notes.accept("removed " + p + ", left by an interrupted run"
            + (restore == null && !Files.exists(target) ? ": it is not a complete database ("
                + KlotskiDb.problem(p) + ")" : ""));
      }
      Scratch.delete(p);
    }
  }

  /** The building, old and trash folders beside {@code target} of runs that are gone. */
  private static List<Path> stale(Path target) throws IOException {
    List<Path> found = new ArrayList<>();
    String name = target.getFileName().toString();
    try (DirectoryStream<Path> siblings = Files.newDirectoryStream(target.getParent(), name + ".*")) {
      for (Path p : siblings) {
        long pid = pidOf(p.getFileName().toString().substring(name.length()));
        if (pid >= 0 && !Scratch.alive(pid)) {
          found.add(p);
        }
      }
    }
    found.sort(null);
    return found;
  }

  /**
   * With no database at {@code target}: the complete one a publish that was killed between its two
   * renames left beside it, or null. The new one ({@code NAME.building-PID} holding its
   * {@link #PUBLICATION}, written only once the build was checked) is preferred to the old one
   * ({@code NAME.old-PID}): it is the one the publish was making, with every class it analysed.
   * Either must open as a complete database. Readers open it where it is; the next writer moves
   * it back ({@link #recover}).
   */
  static Path interrupted(Path target) {
    Path abs = target.toAbsolutePath().normalize();
    if (abs.getParent() == null || Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    List<Path> left;
    try {
      left = stale(abs);
    } catch (IOException e) {
      return null;
    }
    String name = abs.getFileName().toString();
    for (String kind : new String[] {".building-", ".old-"}) {
      for (Path p : left) {
        boolean candidate = p.getFileName().toString().startsWith(name + kind)
            && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && WriteTarget.isMadeByKlotski(p)
            && (kind.equals(".old-") || Files.exists(p.resolve(PUBLICATION)));
        if (candidate && KlotskiDb.problem(p) == null) {
          return p;
        }
      }
    }
    return null;
  }

  /** The {@link #PUBLICATION} of the database at {@code dir}, or "" when it has none (or a damaged one). */
  public static String publicationOf(Path dir) {
    String text = readPublication(dir);
    return text == null ? "" : text;
  }

  /** What a publish writes into {@link #PUBLICATION}: a random UUID and the instant, one line. */
  private static final Pattern PUBLICATION_TEXT = Pattern.compile(
      "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} \\d{4,}-\\d\\d-\\d\\dT[0-9:.]+Z\n");

  /**
   * The {@link #PUBLICATION} text of {@code dir}: "" when there is no such file, null when the file
   * is not what a publish writes (damaged, or not klotski's).
   */
  static String readPublication(Path dir) {
    Path p = dir.resolve(PUBLICATION);
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return "";
    }
    try {
      if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || Files.size(p) > 200) {
        return null;
      }
      String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
      return PUBLICATION_TEXT.matcher(text).matches() ? text : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** Makes the renames in a folder durable (Linux: fsync of the directory). */
  static void syncFolder(Path dir) {
    try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
      c.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // not every platform syncs a directory; the renames stand as the file system keeps them
    }
  }

  private static long pidOf(String suffix) {
    for (String prefix : new String[] {".building-", ".old-", ".trash-"}) {
      if (suffix.startsWith(prefix)) {
        try {
          return Long.parseLong(suffix.substring(prefix.length()));
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return -1;
  }

  /**
   * Builds into a fresh sibling directory and, only when that succeeds, swaps it into place. A
   * failed or interrupted build is removed and the previous database stays as it was.
   *
   * @return the new database's {@link #PUBLICATION}
   */
  public String publish(Build build) throws IOException {
    Path real = WriteTarget.database(target);
    if (!real.equals(target)) { // a link to a database: the database it points to is replaced
      return new Publisher(real, notes).publish(build);
    }
    String publication;
    Files.createDirectories(target.getParent());
    recover();
    Path building = building();
    clear(building);
    // made here, only if nothing is at the name: a link planted there is never written through
    Scratch.OnExit onExit = Scratch.newFolderAt(building);
    boolean done = false;
    try (onExit) {
      build.into(building);
      publication = UUID.randomUUID() + " " + Instant.now() + "\n";
      try (FileChannel c = FileChannel.open(building.resolve(PUBLICATION), StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        c.write(ByteBuffer.wrap(publication.getBytes(StandardCharsets.UTF_8)));
        c.force(true);
      }
      syncFolder(building);
      Path old = sibling(".old-" + ProcessHandle.current().pid());
      clear(old);
      if (Files.exists(target)) {
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
      }
      Files.move(building, target, StandardCopyOption.ATOMIC_MOVE);
      syncFolder(target.getParent());
      done = true;
      discard(old);
      return publication;
    } finally {
      if (!done) {
        Scratch.delete(building);
      }
    }
  }

  /**
   * Makes room at a name of this process ({@code NAME.building-PID}, {@code .old-}, {@code .trash-}):
   * a link there is removed (never followed), a folder klotski made is deleted, anything else is
   * left and refused.
   */
  private static void clear(Path ours) throws IOException {
    if (!Files.exists(ours, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!Files.isSymbolicLink(ours) && !WriteTarget.isMadeByKlotski(ours)) {
      throw new DatabaseException("cannot publish: " + ours + " is in the way (" + WriteTarget.describe(ours)
          + "); move it away");
    }
    Scratch.delete(ours);
  }

  /** Deletes a directory that was a database: renamed to trash first, never restored half-deleted. */
  private void discard(Path old) throws IOException {
    if (!Files.exists(old)) {
      return;
    }
    Path trash = sibling(".trash-" + ProcessHandle.current().pid());
    clear(trash);
    Files.move(old, trash, StandardCopyOption.ATOMIC_MOVE);
    Scratch.delete(trash);
  }

  // ---------------------------------------------------------------- the reader's half

  /** Attempts of {@link #open} while the directory is being replaced, and the pause before each. */
  private static final int OPEN_ATTEMPTS = 40;
  private static final long OPEN_PAUSE_MILLIS = 50;

  /**
   * Opens the database in {@code dir} read-only ({@link KlotskiDb#open}), or throws
   * {@link DatabaseException}: the reader's half of this protocol, beside the writer's.
   *
   * <p>A writer replaces the directory by renames while readers may be opening it: an open whose
   * directory changed identity (inode and {@link #PUBLICATION}) while it read is closed and tried
   * again, so a reader sees the previous complete database or the new one, never a mix of their
   * files. After about two seconds of replacements it gives up with one line saying so. A
   * publish killed between its two renames leaves no {@code dir} but a complete database beside
   * it ({@link #interrupted}): that one is opened.
   */
  static KlotskiDb open(Path dir) {
    RocksDB.loadLibrary();
    for (int attempt = 1; ; attempt++) {
      Object before = identity(dir);
      DatabaseException failure;
      try {
        KlotskiDb db = KlotskiDb.openOnce(dir);
        if (before != null && before.equals(identity(dir))) {
          String id = before.toString();
          String publication = id.substring(id.indexOf(' ') + 1); // as identity read it: "" when none
          if (!publication.isEmpty() && !PUBLICATION_TEXT.matcher(publication).matches()) {
            db.close();
            throw new DamagedDatabaseException("the database at " + dir + " is damaged: its " + PUBLICATION
                + " file is not what a publish writes (a UUID and a time, one line); rebuild it with 'klotski build "
                + "--db " + dir + "'", Schema.META, PUBLICATION, null);
          }
          db.setPublication(publication);
          return db;
        }
        db.close();
        failure = null;
      } catch (DatabaseException e) {
        Object after = identity(dir);
        Path aside = after == null ? interrupted(dir) : null;
        if (aside != null) {
          // a publish was killed between its renames: its complete database is read where it
          // was left (the next build or analyse puts it back)
          try {
            KlotskiDb left = KlotskiDb.openOnce(aside);
            left.setPublication(publicationOf(aside));
            return left;
          } catch (DatabaseException moved) {
            // a writer is recovering it right now: try again below
          }
        }
        // the same directory before and after (or none, with nothing left aside by a publish
        // between its renames, and still none after that was looked for): the failure is the
        // database's own. Anything else -- also no directory before and one after -- means a
        // publish overlapped this open. The last look matters: a publish may finish between the
        // first look and the search for what it set aside (its second rename, then the old one
        // moved away), so no directory and nothing aside would read as no database at all,
        // though one is there (a reader during 200 publishes in a row met it so).
        if (Objects.equals(before, after) && (after != null || !leftAside(dir) && identity(dir) == null)) {
          throw e;
        }
        failure = e;
      }
      if (attempt == OPEN_ATTEMPTS) {
        throw new DatabaseException("the database at " + dir + " is being replaced (a build or analyse is "
            + "publishing a new version, or one was interrupted while doing so); try again"
            + (failure == null ? "" : " (last attempt: " + failure.getMessage() + ")"), failure);
      }
      try {
        Thread.sleep(OPEN_PAUSE_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DatabaseException("interrupted while opening " + dir, e);
      }
    }
  }

  /**
   * The directory's identity: device, inode and the value its publish wrote into it
   * ({@link #PUBLICATION}; none in a database published before that file existed), or null when
   * there is no directory.
   */
  private static Object identity(Path dir) {
    try {
      Object inode = Files.readAttributes(dir, BasicFileAttributes.class).fileKey();
      Path publication = dir.resolve(PUBLICATION);
      // its bytes as they are (a damaged file is the same damaged file on the next read, not a swap)
      return inode + " " + (Files.exists(publication)
          ? new String(Files.readAllBytes(publication), StandardCharsets.ISO_8859_1) : "");
    } catch (IOException e) {
      return null;
    }
  }

  /** A sibling NAME.old-PID: a publish is between its two renames (or was interrupted there). */
  static boolean leftAside(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (abs.getParent() == null || !Files.isDirectory(abs.getParent())) {
      return false;
    }
    try (DirectoryStream<Path> s = Files.newDirectoryStream(abs.getParent(), abs.getFileName() + ".old-*")) {
      return s.iterator().hasNext();
    } catch (IOException e) {
      return false;
    }
  }
}
