package klotskidb.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that readers see the old one or the whole new one, never a part: the bytes go
 * to {@code NAME.tmp-PID} beside it, which is renamed over {@code NAME} only when complete (and
 * removed if writing fails or the process is interrupted).
 */
final class AtomicFile {
  interface Body {
    void write(OutputStream out) throws IOException;
  }

  private AtomicFile() {}

  static void write(Path file, Body body) throws IOException {
    Path target = file.toAbsolutePath().normalize();
    if (target.getParent() != null) {
      Files.createDirectories(target.getParent());
    }
    if (Files.isDirectory(target)) {
      throw new IOException(target + " is a directory");
    }
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    Thread cleanup = new Thread(() -> tmp.toFile().delete(), "klotski-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    boolean done = false;
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)) {
        body.write(out);
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      done = true;
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

  static void write(Path file, String text) throws IOException {
    write(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }
}
