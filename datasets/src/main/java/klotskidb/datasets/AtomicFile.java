package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import klotskidb.db.IoErrors;

/**
 * Writes a file so that readers see the old one or the whole new one, never a part: the bytes go
 * to {@code NAME.tmp-PID} beside it, which is renamed over {@code NAME} only when complete (and
 * removed if writing fails or the process is interrupted). A failure to write names the file
 * asked for and the reason ("cannot write out/main.csv: No space left on device"), never the
 * temporary name.
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
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)) {
        body.write(out);
      }
    });
  }

  /** As {@link #write(Path, Body)}, the body making the file at the temporary path itself. */
  public static void writePath(Path file, PathBody body) throws IOException {
    Path target = file.toAbsolutePath().normalize();
    if (target.getParent() != null) {
      try {
        Files.createDirectories(target.getParent());
      } catch (IOException e) {
        throw new IOException("cannot create the folder " + target.getParent() + " for " + target.getFileName()
            + ": " + IoErrors.reason(e), e);
      }
    }
    if (Files.isDirectory(target)) {
      throw new IOException(target + " is a directory");
    }
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    Thread cleanup = new Thread(() -> tmp.toFile().delete(), "klotski-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    boolean done = false;
    try {
      body.write(tmp);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      done = true;
    } catch (IOException e) {
      throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
    } finally {
      if (!done) {
        Files.deleteIfExists(tmp);
      }
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
  }

  public static void write(Path file, String text) throws IOException {
    write(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }
}
