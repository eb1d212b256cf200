package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills up under {@code klotski plot}: a 64 KiB tmpfs holds two of its four charts. The
 * command says so in one line and exits 1, and nothing follows the line: ImageIO's PNG writer cached
 * in a temporary file, and after a failed write its StreamCloser thread printed a
 * NullPointerException's stack trace (issue 65).
 *
 * <p>Mounting needs root (CI runs as root); elsewhere the test says plainly it did not run.
 */
class FullDiskTest {
  @TempDir static Path temp;

  private static boolean run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  @Test
  void plotOnAFullDiskSaysSoInOneLine() throws Exception {
    Path disk = Files.createDirectory(temp.resolve("full"));
    boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString());
    if (!mounted) {
      System.out.println("SKIPPED FullDiskTest: cannot mount a small tmpfs here (needs root)");
    }
    Assumptions.assumeTrue(mounted, "cannot mount a small tmpfs here (needs root)");
    try {
      Path db = Cli.analysedDatabase();
      Path out = disk.resolve("charts");
      Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "plot", "--db", db.toString(), "--out", out.toString()))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      assertEquals(1, p.exitValue(), err);
      List<String> lines = err.lines().toList();
      assertEquals(1, lines.size(), "one line, nothing after it:\n" + err);
      assertTrue(lines.get(0).matches("klotski: cannot write " + Pattern.quote(out.toString())
          + "/[a-z_]+\\.png: No space left on device"), lines.get(0));
    } finally {
      run("umount", disk.toString());
    }
  }
}
