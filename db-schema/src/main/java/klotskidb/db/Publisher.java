package klotskidb.db;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Consumer;

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
 *
 * <p>Readers ({@link KlotskiDb#open}) never take a lock: a reader that opened {@code NAME} keeps
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

  /** Undoes what a killed run left behind: stale building directories, a database left aside. */
  public void recover() throws IOException {
    Path parent = target.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      return;
    }
    String name = target.getFileName().toString();
    try (DirectoryStream<Path> siblings = Files.newDirectoryStream(parent, name + ".*")) {
      for (Path p : siblings) {
        String suffix = p.getFileName().toString().substring(name.length());
        long pid = pidOf(suffix);
        if (pid < 0 || (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))) {
          continue;
        }
        if (suffix.startsWith(".old-") && !Files.exists(target)) {
          String problem = KlotskiDb.problem(p);
          if (problem == null) {
            Files.move(p, target, StandardCopyOption.ATOMIC_MOVE);
            notes.accept("restored the database that an interrupted run had left aside at " + p);
            continue;
          }
          notes.accept("removed " + p + ", left by an interrupted run: it is not a complete database ("
              + problem + ")");
        }
        deleteTree(p);
      }
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
   */
  public void publish(Build build) throws IOException {
    Files.createDirectories(target.getParent());
    recover();
    Path building = building();
    deleteTree(building);
    Thread cleanup = new Thread(() -> {
      try {
        deleteTree(building);
      } catch (IOException ignored) {
        // the next run removes it
      }
    }, "klotski-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    boolean done = false;
    try {
      build.into(building);
      Files.writeString(building.resolve(PUBLICATION), UUID.randomUUID() + " " + Instant.now() + "\n");
      Path old = sibling(".old-" + ProcessHandle.current().pid());
      if (Files.exists(target)) {
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
      }
      Files.move(building, target, StandardCopyOption.ATOMIC_MOVE);
      done = true;
      discard(old);
    } finally {
      if (!done) {
        deleteTree(building);
      }
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
  }

  /** Deletes a directory that was a database: renamed to trash first, never restored half-deleted. */
  private void discard(Path old) throws IOException {
    if (!Files.exists(old)) {
      return;
    }
    Path trash = sibling(".trash-" + ProcessHandle.current().pid());
    deleteTree(trash);
    Files.move(old, trash, StandardCopyOption.ATOMIC_MOVE);
    deleteTree(trash);
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        Files.delete(dir);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
