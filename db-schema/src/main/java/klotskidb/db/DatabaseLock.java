package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Pattern;
import klotskidb.base.UserText;

/**
 * The one writer of a database: {@code klotski build} and {@code klotski analyse} hold
 * {@code NAME.lock} (beside {@code NAME}) for their whole run, so that an analysis never
 * publishes a copy of a database that a build has replaced meanwhile, and two analyses never
 * drop each other's classes. Readers take no lock: they never see a database change under them
 * (see {@link Publisher}).
 *
 * <pre>
 *   try (DatabaseLock lock = DatabaseLock.acquire(Path.of("data/klotski-db"), "analyse")) { ... }
 *   // a second one: "another klotski analyse (pid 4711) is writing the database at ...; ..."
 * </pre>
 *
 * The lock is the operating system's ({@link FileChannel#tryLock}): it goes with the process,
 * so a killed writer never leaves a stale lock, and the holder's name in the file is read only
 * while somebody holds it. The file stays; every exit but a SIGKILL (normal, error, Ctrl-C,
 * SIGTERM) rewrites it to {@code finished: build (pid 3537)}, so it never reads as a running
 * writer. A link at {@code NAME.lock} is never followed, and a file there that is not klotski's
 * (any other text) is refused, never truncated.
 */
public final class DatabaseLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;
  private final String holder;
  private final Thread onExit;
  /** Set once the file says finished: the holder's name is never written after it. */
  private boolean finished;

  /** Registers the exit hook; the holder's name goes into the file after it ({@link #announce}). */
  private DatabaseLock(FileChannel channel, FileLock lock, String holder) {
    this.channel = channel;
    this.lock = lock;
    this.holder = holder;
    this.onExit = new Thread(this::markFinished, "klotski-lock");
    Runtime.getRuntime().addShutdownHook(onExit); // IllegalStateException while the JVM is stopping
  }

  /** What klotski writes into a lock file: a holder, or a finished one. */
  private static final Pattern OURS =
      Pattern.compile("(finished: )?[a-z]+ \\(pid \\d+\\)\\s*");

  /** Takes the lock of the database at {@code target} for {@code what} ("build", "analyse"), or throws. */
  public static DatabaseLock acquire(Path target, String what) {
    Path dir = target.toAbsolutePath().normalize();
    Path file = dir.resolveSibling(dir.getFileName() + ".lock");
    FileChannel channel;
    try {
      Files.createDirectories(file.getParent());
      notAPlainFile(file);
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
          LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw new DatabaseException("cannot write beside the database at " + dir + ": cannot create " + file + ": "
          + IoErrors.reason(e), e);
    }
    try {
      notAPlainFile(file); // made there between the look and the open
    } catch (DatabaseException e) {
      close(channel);
      throw e;
    }
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by this process (another thread, e.g. in tests)
    } catch (IOException e) {
      close(channel);
      throw new DatabaseException("cannot lock " + file + ": " + IoErrors.reason(e), e);
    }
    if (lock == null) {
      String holder = holder(channel);
      close(channel);
      throw new DatabaseException("another klotski " + holder + " is writing the database at " + dir
          + "; wait for it to finish (lock " + file.getFileName() + ")");
    }
    String text = text(channel);
    if (!text.isEmpty() && !OURS.matcher(text).matches()) {
      release(lock);
      close(channel);
      throw new DatabaseException(file + " is not a klotski lock file (it holds "
          + UserText.quote(text) + "); klotski does not overwrite it: move it away");
    }
    // the exit hook first, then the holder's name: a signal between the two found the name
    // written and no hook to mark it finished (KillTest saw it once)
    DatabaseLock held;
    try {
      held = new DatabaseLock(channel, lock, what + " (pid " + ProcessHandle.current().pid() + ")");
    } catch (IllegalStateException stopping) {
      release(lock);
      close(channel);
      throw new DatabaseException("klotski is stopping: not taking the lock " + file, stopping);
    }
    held.announce();
    return held;
  }

  /** Writes the holder's name, unless the exit hook has already marked the file finished. */
  private synchronized void announce() {
    if (channel.isOpen() && !finished) {
      write(channel, holder);
    }
  }

  /**
   * Refuses a FIFO, socket or device at the lock's path: one opens and "locks" as well as a file
   * does, so a FIFO there was taken as the lock.
   */
  private static void notAPlainFile(Path file) {
    LinkOption no = LinkOption.NOFOLLOW_LINKS;
    // a link or a folder fails the open itself ("cannot create"); anything else that is no plain file:
    if (Files.exists(file, no) && !Files.isRegularFile(file, no) && !Files.isDirectory(file, no)
        && !Files.isSymbolicLink(file)) {
      throw new DatabaseException(file + " is not a klotski lock file (it is a FIFO, a socket or a device); "
          + "klotski does not use or overwrite it: move it away");
    }
  }

  private static void write(FileChannel channel, String text) {
    try {
      channel.truncate(0);
      channel.write(ByteBuffer.wrap((text + "\n").getBytes(StandardCharsets.UTF_8)), 0);
    } catch (IOException e) {
      // the lock holds without its note
    }
  }

  private static void release(FileLock lock) {
    try {
      lock.release();
    } catch (IOException ignored) {
      // closing the channel releases it too
    }
  }

  /** On every exit the JVM runs its hooks for: the file says the holder finished. */
  private synchronized void markFinished() {
    if (channel.isOpen()) {
      write(channel, "finished: " + holder);
      finished = true;
    }
  }

  /** The holder's name for a message: what the lock file says, or "process". */
  private static String holder(FileChannel channel) {
    String s = text(channel);
    return s.isEmpty() ? "process" : s;
  }

  /** The lock file's first 200 bytes, trimmed; "" when empty or unreadable. */
  private static String text(FileChannel channel) {
    try {
      ByteBuffer b = ByteBuffer.allocate(200);
      channel.read(b, 0);
      return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      return "";
    }
  }

  private static void close(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException ignored) {
      // nothing to release
    }
  }

  @Override
  public synchronized void close() {
    if (!channel.isOpen()) {
      return;
    }
    markFinished();
    release(lock);
    close(channel);
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway and finds the channel closed
    }
  }
}
