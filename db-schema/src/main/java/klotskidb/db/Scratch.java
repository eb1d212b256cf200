package klotskidb.db;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scratch files and folders beside an output, for {@code klotski export --out out/main.csv}:
 *
 * <pre>
 *   out/.main.csv.klotski-4711-8125066127316372114.tmp    the file being written, renamed over main.csv
 *   out/.main.csv.klotski-4711-3920485723049857203.tmp/   parts of a Parquet file, deleted at the end
 * </pre>
 *
 * The names have a random part and are created only if nothing is there ({@link
 * Files#createFile}, {@link Files#createDirectory}: a planted link makes the call fail instead of
 * being followed), readable by the owner alone, and all end in {@code .tmp}. The process id in the name lets the next run of
 * the same kind recognise what a killed run left ({@link #removeStale}); deleting never follows a
 * link ({@link #delete}).
 */
public final class Scratch {
  private Scratch() {}

  private static final String OWNER_ONLY_FILE = "rw-------";
  private static final String OWNER_ONLY_DIR = "rwx------";

  private static String prefix(Path output) {
    return "." + output.getFileName() + ".klotski-" + ProcessHandle.current().pid() + "-";
  }

  private static boolean posix(Path dir) {
    return dir.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /**
   * A new empty scratch file beside {@code output}, in its folder, removed if the JVM stops before
   * {@link OnExit#close}: made only where nothing is, owner-only.
   */
  public static OnExit newFile(Path output) throws IOException {
    return made(output, false);
  }

  /** A new empty scratch folder beside {@code output}, as {@link #newFile} makes a file. */
  public static OnExit newFolder(Path output) throws IOException {
    return made(output, true);
  }

  /** A fresh random name beside {@code output} for {@link #madeAt}; another where one is taken. */
  private static OnExit made(Path output, boolean folder) throws IOException {
    Path dir = output.toAbsolutePath().normalize().getParent();
    FileAttribute<?>[] ownerOnly = posix(dir)
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString(folder ? OWNER_ONLY_DIR : OWNER_ONLY_FILE))}
        : new FileAttribute<?>[0];
    for (int attempt = 0; ; attempt++) {
      try {
        return madeAt(dir.resolve(prefix(output) + Long.toUnsignedString(RANDOM.nextLong()) + ".tmp"), folder,
            ownerOnly);
      } catch (FileAlreadyExistsException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }

  /**
   * A new folder at {@code p} (nothing may be there: a link planted there makes it fail, never
   * followed), with the usual permissions, removed if the JVM stops before {@link OnExit#close}:
   * a build's folder ({@code NAME.building-PID}).
   */
  public static OnExit newFolderAt(Path p) throws IOException {
    return madeAt(p, true);
  }

  /**
   * The exit hook first, then the file or folder at {@code p}: a signal between the two found it
   * made and no hook to remove it (a build's folder made just before its hook stayed in 16 of 20
   * runs signalled as it appeared). Where the making fails, what is at {@code p} is not ours: the
   * hook lets go of it.
   */
  private static OnExit madeAt(Path p, boolean folder, FileAttribute<?>... attributes) throws IOException {
    OnExit onExit = new OnExit(p);
    try {
      if (folder) {
        Files.createDirectory(p, attributes);
      } else {
        Files.createFile(p, attributes);
      }
      return onExit;
    } catch (IOException | RuntimeException e) {
      onExit.close();
      throw e;
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  /**
   * Removes the scratch files and folders in {@code output}'s folder that a run which is gone left
   * (by the process id in their names), whatever output they were for: a killed Parquet export of
   * {@code a.parquet} leaves gigabytes that an export of {@code b.parquet} beside it, or any later
   * stream export (the temporary folder's), sweeps. A note for each; links among them are removed,
   * never followed.
   */
  public static void removeStale(Path output, Consumer<String> notes) {
    Path abs = output.toAbsolutePath().normalize();
    if (abs.getParent() != null) {
      removeStaleIn(abs.getParent(), notes);
    }
  }

  /** {@link #removeStale(Path, Consumer)} for the outputs of folder {@code dir} (a release's). */
  public static void removeStaleIn(Path dir, Consumer<String> notes) {
    removeStale(dir.toAbsolutePath().normalize(), ".", notes);
  }

  /** Whether a name is one {@link #newFile} or {@link #newFolder} makes. */
  public static boolean isScratchName(String name) {
    return SCRATCH.matcher(name).matches();
  }

  private static final Pattern SCRATCH = Pattern.compile("\\..+\\.klotski-(\\d+)-\\d+\\.tmp");

  private static void removeStale(Path dir, String prefix, Consumer<String> notes) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, p -> p.getFileName().toString().startsWith(prefix))) {
      for (Path p : s) {
        Matcher m = SCRATCH.matcher(p.getFileName().toString());
        if (m.matches() && !alive(Long.parseLong(m.group(1)))) {
          delete(p);
          notes.accept("removed " + p.getFileName() + ", left by an interrupted run");
        }
      }
    } catch (IOException | NumberFormatException e) {
      // what cannot be listed or removed now, the next run tries again
    }
  }

  /** Whether the process that a scratch or publish name carries is still running (this one is). */
  public static boolean alive(long pid) {
    return pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /**
   * Deletes a file or a folder with what is inside; a link is deleted itself, never what it points
   * to. Quiet when nothing is there.
   */
  public static void delete(Path p) throws IOException {
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(p, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        Files.deleteIfExists(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /** Tries of the exit hook's delete, and the pause after a failed one: see {@link OnExit}. */
  private static final int EXIT_DELETE_TRIES = 50;
  private static final long EXIT_DELETE_PAUSE_MILLIS = 20;

  /**
   * A file or folder removed if the JVM stops while it is in use (Ctrl-C, SIGTERM; a SIGKILL leaves
   * it to the next run's {@link #removeStale}), made by {@link #newFile}, {@link #newFolder} or
   * {@link #newFolderAt}:
   *
   * <pre>
   *   try (Scratch.OnExit scratch = Scratch.newFile(target)) { write(scratch.path()); ... }
   * </pre>
   *
   * Closing it takes the hook back; the caller removes the path in its own finally, or keeps it
   * (a file renamed into place is no longer there). The JVM runs its exit hooks while the other
   * threads go on, so a build's writers may add a file to the folder while the hook empties it,
   * and the folder's own delete fails ("directory not empty"): the hook tries again, up to a
   * second, until nothing is there.
   */
  public static final class OnExit implements AutoCloseable {
    private final Thread hook;
    private final Path path;

    private OnExit(Path p) {
      path = p;
      hook = new Thread(this::removeNow, "klotski-cleanup");
      Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The file or folder it removes on exit. */
    public Path path() {
      return path;
    }

    private void removeNow() {
      for (int i = 0; i < EXIT_DELETE_TRIES; i++) {
        try {
          delete(path);
          return;
        } catch (IOException writersStillAdding) {
          try {
            Thread.sleep(EXIT_DELETE_PAUSE_MILLIS);
          } catch (InterruptedException e) {
            return; // the next run's removeStale
          }
        }
      }
    }

    @Override
    public void close() {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
  }

  /** {@link #delete} for cleanup paths (a finally): what fails is left for the next run. */
  public static void deleteQuietly(Path p) {
    try {
      delete(p);
    } catch (IOException ignored) {
      // removeStale of the next run
    }
  }
}
