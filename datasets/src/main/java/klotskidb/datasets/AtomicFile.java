package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import klotskidb.db.IoErrors;
import klotskidb.db.Scratch;

/**
 * Writes a file so that readers see the old one or the whole new one, never a part: for
 * {@code out/main.csv} the bytes go to a scratch file beside it
 * ({@code out/.main.csv.klotski-4711-8125066127316372114.tmp}, see {@link Scratch}: an
 * unpredictable name, created only where nothing is, owner-only), which is renamed over
 * {@code main.csv} only when complete, and removed if writing fails or the process is
 * interrupted. A failure to write names the file asked for and the reason ("cannot write
 * out/main.csv: No space left on device"), never the scratch name.
 *
 * <p>This replaces what is at the name: the files a command names inside its own folders (a
 * release's sums). What a user names with {@code --out} goes through {@link OutputTarget}
 * first, and a name the tool chose beside it through {@link OwnFile}: they decide what may be replaced.
 */
public final class AtomicFile {
  /** Writes the file's bytes. */
  public interface Body {
    void write(OutputStream out) throws IOException;
  }

  /** Makes the file at the temporary path it is given (for writers that open a path themselves). */
  public interface PathBody {
    void write(Path tmp) throws IOException;
  }

  private AtomicFile() {}

  public static void write(Path file, Body body) throws IOException {
    writePath(file, tmp -> {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS), 1 << 20)) {
        body.write(out);
      }
    });
  }

  /** As {@link #write(Path, Body)}, the body making the file at the temporary path itself. */
  public static void writePath(Path file, PathBody body) throws IOException {
    Path target = file.toAbsolutePath().normalize();
    // the file named and nothing else: a folder that is not there is the caller's to make (a typo
    // in --out must not leave a tree of new folders behind)
    if (target.getParent() != null && !Files.isDirectory(target.getParent())) {
      throw new IOException("cannot write " + target + ": there is no folder " + target.getParent()
          + " (klotski makes the file it is given, not the folders above it)");
    }
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(target + " is a directory");
    }
    Scratch.OnExit scratch;
    try {
      scratch = Scratch.newFile(target);
    } catch (IOException e) {
      throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
    }
    Path tmp = scratch.path();
    boolean done = false;
    try (scratch) {
      body.write(tmp);
      readable(tmp, target);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      done = true;
    } catch (IOException e) {
      throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
    } finally {
      if (!done) {
        Scratch.deleteQuietly(tmp);
      }
    }
  }

  /**
   * The scratch file was made owner-only; the file it becomes gets the permissions of the one it
   * replaces, or those of a new file under the usual umask (rw-r--r--).
   */
  static void readable(Path tmp, Path target) throws IOException {
    if (!tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    Files.setPosixFilePermissions(tmp, Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
        ? Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS)
        : PosixFilePermissions.fromString("rw-r--r--"));
  }

  public static void write(Path file, String text) throws IOException {
    write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }
}
