package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import klotskidb.testing.Published;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * klotski release over the 99 classes of at most 50,000 layouts: every file matches the
 * published MD5, lines and bytes; a killed run resumes to the same files; gzip; a disk too small
 * is refused before anything is written.
 */
@Tag("slow")
class ReleaseTest {
  @TempDir static Path temp;
  private static Path db;
  private static final List<String> SMALL = new ArrayList<>();
  private static final Map<String, String> PUBLISHED = new HashMap<>();

  @BeforeAll
  static void build() {
    for (long[] row : Published.numbers("style_count.tsv")) {
      if (row[3] <= 50_000) {
        SMALL.add(row[0] + "-" + row[1] + "-" + row[2]);
      }
    }
    assertEquals(99, SMALL.size());
    for (String table : List.of("farthest_checksum.tsv", "solution_checksum.tsv")) {
      for (String[] row : Published.rows(table)) {
        PUBLISHED.put(row[0], row[1]);
      }
    }
    db = temp.resolve("db");
    Cli r = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", String.join(",", SMALL));
    assertEquals(0, r.exit, r.toString());
  }

  private static String md5(Path file, boolean gzip) throws Exception {
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    try (InputStream raw = Files.newInputStream(file); InputStream in = gzip ? new GZIPInputStream(raw) : raw) {
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md5.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(md5.digest());
  }

  /** Every per-class file in {@code dir} is whole and its MD5 the published one; nothing else is left. */
  private static void allMatch(Path dir, List<String> classes, boolean gzip) throws Exception {
    for (String c : classes) {
      for (String kind : List.of("farthest_", "solution_")) {
        String name = kind + c + ".csv";
        Path f = dir.resolve(gzip ? name + ".gz" : name);
        assertEquals(PUBLISHED.get(name), md5(f, gzip), name);
      }
    }
    try (Stream<Path> files = Files.list(dir)) {
      List<String> stray = files.map(p -> p.getFileName().toString()).filter(n -> n.contains(".tmp-")).toList();
      assertEquals(List.of(), stray, "no temporary file left");
    }
    String sums = Files.readString(dir.resolve("MD5SUMS"));
    assertEquals(2 * classes.size(), sums.lines().count());
    assertTrue(Files.readString(dir.resolve("MANIFEST.tsv")).startsWith("file\tmd5\tlines\tbytes\n"));
    // SHA256SUMS: what sha256sum -c reads, of the files as they are on disk
    Process check = new ProcessBuilder("sha256sum", "--quiet", "-c", "SHA256SUMS").directory(dir.toFile())
        .redirectErrorStream(true).start();
    String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, check.waitFor(), said);
    assertEquals(2 * classes.size(), Files.readAllLines(dir.resolve("SHA256SUMS")).size());
    // the dataset card: a YAML header, then what the files hold and how to check them
    String card = Files.readString(dir.resolve("README.md"));
    assertTrue(card.startsWith("---\npretty_name: ") && card.contains("\n---\n\n# "), card);
    assertTrue(card.contains("| `farthest_J-B-S.csv") && card.contains("sha256sum -c SHA256SUMS"), card);
    assertTrue(card.contains("Written by klotski-db "), card);
  }

  @Test
  void theSmallClassesMatchThePublishedChecksumsAndTheirValuesAreStored() throws Exception {
    Path out = temp.resolve("release");
    Cli r = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--published",
        Published.dir().toString(), "--max-class-layouts", "50000", "--no-progress");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("release: 198 files in "), r.out);
    assertTrue(r.out.contains(": 198 matched, 0 differing, 0 without reference"), r.out);
    allMatch(out, SMALL, false);
    Cli verify = Cli.run("verify", "--published", Published.dir().toString(), "--db", db.toString());
    assertTrue(verify.out.replaceAll(" +", " ").contains("farthest_checksum.tsv ok (99 analysed classes"), verify.out);

    // a second run finds everything complete and writes nothing
    Cli again = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--max-class-layouts", "50000",
        "--no-progress", "--published", Published.dir().toString());
    assertEquals(0, again.exit, again.toString());
    assertTrue(again.out.contains("nothing to write, all 198 files already complete"), again.out);
  }

  @Test
  void aKilledReleaseResumesToTheSameFiles() throws Exception {
    // a tiny class first (its files appear at once: the kill), then four of about 12,000 layouts,
    // each long enough on one thread of a fresh JVM that the kill lands before the last; the
    // resumed run redoes only those (it once took 24 classes of up to 48,048 layouts for the same check)
    List<String> some = List.of("1-0-0", "1-2-0", "1-2-1", "1-12-0", "2-1-1");
    assertTrue(SMALL.containsAll(some));
    Path out = temp.resolve("killed");
    Process p = new ProcessBuilder(Cli.command(Cli.LONG_RUN, "release", "--db", db.toString(), "--out", out.toString(), "--classes",
        String.join(",", some), "--threads", "1", "--no-progress", "--published", Published.dir().toString()))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    boolean started = false;
    while (!started && p.isAlive() && System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.isDirectory(out) ? Files.list(out) : Stream.empty()) {
        started = files.anyMatch(f -> f.getFileName().toString().endsWith(".csv"));
      }
      Thread.sleep(5);
    }
    assertTrue(started, "the release wrote a file before it was killed");
    p.destroyForcibly().waitFor();
    long complete;
    try (Stream<Path> files = Files.list(out)) {
      complete = files.filter(f -> f.getFileName().toString().endsWith(".csv")).count();
    }
    assertTrue(complete < 2 * some.size(), "killed part way: " + complete + " files");

    Cli resumed = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--classes", String.join(",", some),
        "--no-progress", "--published", Published.dir().toString());
    assertEquals(0, resumed.exit, resumed.toString());
    assertTrue(resumed.out.contains((2 * some.size() - complete) + " of " + (2 * some.size()) + " files to write"),
        resumed.out);
    allMatch(out, some, false);
  }

  @Test
  void gzipChecksTheUncompressedContent() throws Exception {
    Path out = temp.resolve("gzip");
    Cli r = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--classes", "1-2-1,0-3-0", "--gzip",
        "--no-progress", "--published", Published.dir().toString());
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("4 matched, 0 differing"), r.out);
    allMatch(out, List.of("1-2-1", "0-3-0"), true);
    assertFalse(Files.exists(out.resolve("farthest_1-2-1.csv")));
  }

  /** A disk too small: one clear line, exit 1, nothing under a final name. Needs a tmpfs (root). */
  @Test
  void aDiskTooSmallIsRefusedBeforeWriting() throws Exception {
    Path mount = Files.createDirectories(temp.resolve("small"));
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString())
        .redirectErrorStream(true).start();
    boolean mounted = m.waitFor(20, TimeUnit.SECONDS) && m.exitValue() == 0;
    if (!mounted) {
      System.out.println("SKIPPED ReleaseTest.aDiskTooSmallIsRefusedBeforeWriting: cannot mount a tmpfs here");
    }
    Assumptions.assumeTrue(mounted, "cannot mount a tmpfs here (not root?)");
    try {
      Path out = mount.resolve("release");
      Cli r = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--classes", "1-2-1",
          "--no-progress", "--published", Published.dir().toString());
      assertEquals(1, r.exit, r.toString());
      assertEquals(1, r.err.split("\n").length, r.err);
      assertTrue(r.err.startsWith("klotski: not enough room in " + out + ": the 2 files still to write need about "),
          r.err);
      assertTrue(Files.notExists(out), "nothing written, not even the release folder");
    } finally {
      new ProcessBuilder("umount", mount.toString()).start().waitFor(20, TimeUnit.SECONDS);
    }
  }
}
