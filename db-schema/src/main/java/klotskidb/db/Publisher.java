package klotskidb.db;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

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
 * leaves no {@code NAME} but a complete {@code NAME.old-PID}, which {@link #recover} moves back.
 */
public final class Publisher {
  /** Writes a database into the directory it is given. */
  public interface Build {
    void into(Path dir) throws IOException;
  }

  private final Path target;

  public Publisher(Path target) {
    this.target = target.toAbsolutePath().normalize();
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
          Files.move(p, target, StandardCopyOption.ATOMIC_MOVE);
        } else {
          deleteTree(p);
        }
      }
    }
  }

  private static long pidOf(String suffix) {
    for (String prefix : new String[] {".building-", ".old-"}) {
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
      Path old = sibling(".old-" + ProcessHandle.current().pid());
      if (Files.exists(target)) {
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
      }
      Files.move(building, target, StandardCopyOption.ATOMIC_MOVE);
      done = true;
      deleteTree(old);
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
