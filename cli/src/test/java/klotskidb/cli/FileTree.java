package klotskidb.cli;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/** What is under a folder, to compare before and after a command: nothing outside its output may change. */
final class FileTree {
  private FileTree() {}

  /** Every entry under {@code root}, links not followed: a folder, a file's bytes, a link's target, another node's key. */
  static Map<String, String> snapshot(Path root) throws IOException {
    Map<String, String> all = new TreeMap<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        all.put(root.relativize(dir).toString(), "folder");
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        all.put(root.relativize(file).toString(), attrs.isSymbolicLink() ? "link " + Files.readSymbolicLink(file)
            : attrs.isRegularFile() ? "file " + HexFormat.of().formatHex(Files.readAllBytes(file))
            : "other " + attrs.fileKey());
        return FileVisitResult.CONTINUE;
      }
    });
    return all;
  }
}
