package klotskidb.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * How both generators write a file: {@code GeneratedFile.write(out.resolve(
 * "klotskidb/query/LayoutFacts.java"), text)} writes the text unless the file holds it already, so
 * an unchanged declaration or table leaves the file's time alone and Maven compiles nothing again;
 * a changed one replaces the file whole (a sibling renamed over it), never half-written.
 */
final class GeneratedFile {
  private GeneratedFile() {}

  static void write(Path file, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (Files.exists(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
      return;
    }
    Files.createDirectories(file.getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, bytes);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
