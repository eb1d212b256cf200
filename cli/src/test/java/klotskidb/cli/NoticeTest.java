package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * NOTICE names every library the jar bundles, at the version the build bundles, and no other: its
 * table against the list the build resolves for the jar (target/bundled-libraries.txt, Maven's
 * dependency list of the runtime classpath, the one the shade plugin packs). A dependency added,
 * dropped or upgraded without its row fails here, naming the rows to change: NOTICE once said
 * RocksDB 9.8.4 and fastutil 8.5.15 for a jar of 10.10.1.1 and 8.5.18, and left out Jackson and PDFBox.
 */
class NoticeTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A resolved line: "   org.rocksdb:rocksdbjni:jar:linux64:10.10.1.1:compile -- module rocksdbjni (auto)". */
  private static final Pattern RESOLVED = Pattern.compile("^\\s+([\\w.-]+):([\\w.-]+):jar(?::[\\w.-]+)?:([^:\\s]+):"
      + "(?:compile|runtime)\\b");

  /** A row of NOTICE's table: "| RocksDB JNI | org.rocksdb:rocksdbjni | 10.10.1.1 | Apache-2.0 or GPL-2.0 (dual) |". */
  private static final Pattern ROW = Pattern.compile("^\\| [^|]+ \\| ([\\w.-]+:[\\w.-]+) \\| ([^|\\s]+) \\| [^|]+ \\|$");

  @Test
  void noticeNamesEveryBundledLibraryAtItsVersion() throws IOException {
    TreeMap<String, String> bundled = new TreeMap<>();
    for (String line : Files.readAllLines(Path.of("target", "bundled-libraries.txt"))) {
      Matcher m = RESOLVED.matcher(line);
      if (m.find()) {
        bundled.put(m.group(1) + ":" + m.group(2), m.group(3));
      }
    }
    assertTrue(bundled.containsKey("org.rocksdb:rocksdbjni") && bundled.containsKey("info.picocli:picocli"),
        "the build's list names the jar's libraries: " + bundled);
    TreeMap<String, String> noticed = new TreeMap<>();
    for (String line : Files.readAllLines(ROOT.resolve("NOTICE"))) {
      Matcher m = ROW.matcher(line);
      if (m.find()) {
        assertEquals(null, noticed.put(m.group(1), m.group(2)), "NOTICE names " + m.group(1) + " twice");
      }
    }
    StringBuilder rows = new StringBuilder();
    bundled.forEach((artifact, version) -> {
      if (!version.equals(noticed.get(artifact))) {
        rows.append("\n  the jar bundles ").append(artifact).append(' ').append(version).append(", NOTICE says ")
            .append(noticed.getOrDefault(artifact, "nothing of it"));
      }
    });
    noticed.keySet().stream().filter(a -> !bundled.containsKey(a))
        .forEach(a -> rows.append("\n  NOTICE names ").append(a).append(", which the jar does not bundle"));
    assertEquals("", rows.toString(), "NOTICE's table of bundled libraries is not the build's:");
  }
}
