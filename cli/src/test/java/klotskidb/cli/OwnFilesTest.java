package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static klotskidb.testing.Processes.deadPid;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.datasets.PublishedReference;
import klotskidb.db.DatabaseLock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool never destroys what it did not make: every command that writes a database or an
 * {@code --out} refuses a user's plain file, a folder with a user's file and subfolder, a link to
 * such a folder and {@code .}, with one line and exit 1, every byte still there; a FIFO is written
 * into and stays a FIFO; links planted at the names a command uses never lead it outside its own
 * scratch.
 */
class OwnFilesTest {
  @TempDir static Path temp;
  private static Path db;

  @BeforeAll
  static void build() {
    db = temp.resolve("db");
    Cli r = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "0-2-0");
    assertEquals(0, r.exit, r.toString());
  }

  /** A user's things in a fresh folder: a plain file, a folder with a file and a subfolder, a link to it. */
  private static Path userFiles() throws IOException {
    Path root = Files.createTempDirectory(temp, "user");
    Files.writeString(root.resolve("plain.txt"), "a user's notes\n");
    Files.createDirectories(root.resolve("folder").resolve("sub"));
    Files.writeString(root.resolve("folder").resolve("important.txt"), "keep me\n");
    Files.writeString(root.resolve("folder").resolve("sub").resolve("more.txt"), "and me\n");
    Files.createSymbolicLink(root.resolve("link"), Path.of("folder"));
    return root;
  }

  private static Map<String, String> snapshot(Path root) throws IOException {
    return FileTree.snapshot(root);
  }

  private static void refused(Cli r, String what) {
    assertEquals(1, r.exit, what + ": " + r);
    assertEquals(1, r.err.split("\n", -1).length - 1, what + ": exactly one line: " + r.err);
    assertTrue(r.err.startsWith("klotski: "), what + ": " + r.err);
    assertEquals("", r.out, what + ": nothing on stdout");
  }

  /** The writing commands, each aimed at {@code target}. */
  private static List<String[]> writers(String target) {
    List<String[]> commands = new ArrayList<>();
    commands.add(new String[] {"build", "--db", target, "--no-progress", "--classes", "0-2-0"});
    commands.add(new String[] {"analyse", "--db", target, "--no-progress"});
    commands.add(new String[] {"release", "--db", db.toString(), "--out", target, "--no-progress", "--classes", "0-2-0"});
    for (String[] format : new String[][] {{"all-cases"}, {"main-csv"}, {"parquet"}, {"parquet", "--table", "groups"},
        {"graphml", "--group", "0-2-0-0"}, {"sqlite"}, {"farthest-csv", "--class", "0-2-0"},
        {"solution-csv", "--class", "0-2-0"}}) {
      List<String> c = new ArrayList<>(List.of("export", "--db", db.toString(), "--out", target, "--no-progress",
          "--format"));
      c.addAll(List.of(format));
      commands.add(c.toArray(String[]::new));
    }
    return commands;
  }

  @Test
  void aUsersFileFolderOrLinkIsRefusedByEveryWriterAndKeptByteForByte() throws Exception {
    Path root = userFiles();
    Map<String, String> before = snapshot(root);
    for (String name : List.of("plain.txt", "folder", "link")) {
      for (String[] command : writers(root.resolve(name).toString())) {
        Cli r = Cli.run(command);
        refused(r, String.join(" ", command));
        assertEquals(before, snapshot(root), String.join(" ", command) + " left everything as it was");
      }
    }
    Cli build = Cli.run("build", "--db", root.resolve("folder").toString(), "--classes", "0-2-0");
    assertTrue(build.err.contains("refusing to write a database at " + root.resolve("folder")
        + ": it is a folder holding important.txt, sub/;"), build.err);
    Cli export = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out",
        root.resolve("plain.txt").toString());
    assertTrue(export.err.contains("give --force to replace it"), export.err);
  }

  /** {@code .} is the folder a command runs in: a process of its own, started in the user's folder. */
  @Test
  void theWorkingFolderIsRefusedByEveryWriter() throws Exception {
    Path root = userFiles().resolve("folder");
    Map<String, String> before = snapshot(root.getParent());
    for (String[] command : List.of(writers(".").get(0), writers(".").get(1), writers(".").get(2),
        writers(".").get(3))) {
      Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, command)).directory(root.toFile()).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      assertEquals(1, p.exitValue(), String.join(" ", command) + ": " + err);
      assertEquals("", out, String.join(" ", command));
      assertTrue(err.startsWith("klotski: ") && err.endsWith("\n") && err.indexOf('\n') == err.length() - 1,
          String.join(" ", command) + ": one line: " + err);
      assertEquals(before, snapshot(root.getParent()), String.join(" ", command) + " touched nothing");
    }
  }

  @Test
  void aFifoIsWrittenIntoAndStaysAFifo() throws Exception {
    Path fifo = temp.resolve("pipe");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
      try (InputStream in = Files.newInputStream(fifo)) {
        return md5(in);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Cli r = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", fifo.toString(), "--no-progress");
    assertEquals(0, r.exit, r.toString());
    Path file = temp.resolve("all-cases.txt");
    assertEquals(0, Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", file.toString(),
        "--no-progress").exit);
    try (InputStream in = Files.newInputStream(file)) {
      assertEquals(md5(in), reader.get(60, TimeUnit.SECONDS), "the reader got the whole file");
    }
    assertTrue(Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther(),
        "still a FIFO");
    // an existing plain file is replaced only when asked
    assertEquals(1, Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", file.toString()).exit);
    assertEquals(0, Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", file.toString(),
        "--force", "--no-progress").exit);
  }

  /**
   * Every export leaves its dataset card and SHA-256 beside its file, and nothing else; a card of the
   * user's under that name is refused like the file itself; --no-card writes the file alone.
   */
  @Test
  void everyExportLeavesItsCardAndChecksumBesideItsFile() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("cards"));
    List<String[]> exports = writers(dir.resolve("data.out").toString()).stream()
        .filter(c -> c[0].equals("export")).toList();
    for (String[] command : exports) {
      String what = String.join(" ", command);
      Cli r = Cli.run(command);
      assertEquals(0, r.exit, what + ": " + r);
      try (var files = Files.list(dir)) {
        assertEquals(List.of("data.out", "data.out.md", "data.out.sha256"),
            files.map(f -> f.getFileName().toString()).sorted().toList(), what);
      }
      Process check = new ProcessBuilder("sha256sum", "-c", "data.out.sha256").directory(dir.toFile())
          .redirectErrorStream(true).start();
      String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, check.waitFor(), what + ": " + said);
      assertEquals("data.out: OK\n", said, what);
      String card = Files.readString(dir.resolve("data.out.md"));
      assertTrue(card.startsWith("---\npretty_name: \"Klotski"), what + ": " + card);
      assertTrue(card.contains("data_files: \"data.out\"") && card.contains("# data.out\n")
          && card.contains(String.format(Locale.ROOT, "%,d bytes.", Files.size(dir.resolve("data.out"))))
          && card.contains("klotski export --format " + command[List.of(command).indexOf("--format") + 1]),
          what + ": " + card);
      // its first sentence says what the file is, what was written and its size, each once (the
      // SQLite card said its bytes twice, the GraphML card its group twice)
      String sentence = card.substring(card.indexOf("# data.out\n\n") + 12).lines().findFirst().orElseThrow();
      assertEquals(1, sentence.split(" bytes", -1).length - 1, what + ": " + sentence);
      Matcher name = Pattern.compile("\\b\\d-\\d+-\\d(-\\d+)*\\b").matcher(sentence);
      Set<String> names = new HashSet<>();
      while (name.find()) {
        assertTrue(names.add(name.group()), what + ": " + name.group() + " twice in " + sentence);
      }
      for (String f : List.of("data.out", "data.out.md", "data.out.sha256")) {
        Files.delete(dir.resolve(f));
      }
    }
    // the user's own data.out.md is kept, and nothing is written
    Files.writeString(dir.resolve("data.out.md"), "my notes");
    Cli refused = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out",
        dir.resolve("data.out").toString(), "--no-progress");
    assertEquals(1, refused.exit, refused.toString());
    assertTrue(refused.err.startsWith("klotski: refusing to replace " + dir.resolve("data.out.md")), refused.err);
    assertEquals("my notes", Files.readString(dir.resolve("data.out.md")));
    assertFalse(Files.exists(dir.resolve("data.out")));
    Cli alone = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out",
        dir.resolve("data.out").toString(), "--no-progress", "--no-card");
    assertEquals(0, alone.exit, alone.toString());
    try (var files = Files.list(dir)) {
      assertEquals(List.of("data.out", "data.out.md"), files.map(f -> f.getFileName().toString()).sorted().toList());
    }
    assertEquals("my notes", Files.readString(dir.resolve("data.out.md")));
  }

  private static String md5(InputStream in) throws Exception {
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    byte[] buf = new byte[1 << 16];
    for (int n; (n = in.read(buf)) > 0; ) {
      md5.update(buf, 0, n);
    }
    return HexFormat.of().formatHex(md5.digest());
  }

  /**
   * What a killed run left (its process id, now gone, in the names) is swept by any later export
   * into the same folder, whatever name that one writes; a live run's scratch is left alone.
   */
  @Test
  void aKilledExportsScratchIsSweptByAnExportToAnotherName() throws Exception {
    Path work = Files.createTempDirectory(temp, "sweep");
    long dead = deadPid();
    Path file = Files.writeString(work.resolve(".big.parquet.klotski-" + dead + "-11.tmp"), "a killed export's file");
    Path parts = Files.createDirectory(work.resolve(".big.parquet.klotski-" + dead + "-12.tmp"));
    Files.writeString(parts.resolve("part0.parquet"), "a part");
    Path live = Files.writeString(work.resolve(".other.csv.klotski-" + ProcessHandle.current().pid() + "-13.tmp"),
        "this run's own");
    Cli c = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", work.resolve("small.txt").toString(),
        "--no-progress");
    assertEquals(0, c.exit, c.toString());
    assertFalse(Files.exists(file, LinkOption.NOFOLLOW_LINKS), "the killed run's file: " + c.err);
    assertFalse(Files.exists(parts, LinkOption.NOFOLLOW_LINKS), "the killed run's folder");
    assertTrue(c.err.contains("removed .big.parquet.klotski-" + dead + "-12.tmp, left by an interrupted run"), c.err);
    assertTrue(Files.exists(live), "a running process's scratch stays");
  }

  /**
   * Links planted at every name a command could use -- the scratch names of earlier versions, a
   * killed run's scratch files and folders, the publish's siblings, a release's checksum folder --
   * never lead a write or a delete outside the command's own files.
   */
  @Test
  void plantedLinksNeverLeadOutside() throws Exception {
    Path victim = userFiles();
    Map<String, String> before = snapshot(victim);
    Path work = Files.createTempDirectory(temp, "work");
    long pid = ProcessHandle.current().pid();
    long dead = deadPid();
    Path folder = victim.resolve("folder");
    Path plain = victim.resolve("plain.txt");
    // exports: the old predictable names, and a killed run's scratch file and folder (links inside)
    Files.createSymbolicLink(work.resolve("out.txt.tmp-" + pid), plain);
    Files.createSymbolicLink(work.resolve(".klotski-parquet-parts-" + pid), folder);
    Files.createSymbolicLink(work.resolve(".out.txt.klotski-" + dead + "-1.tmp"), plain);
    Path staleFolder = Files.createDirectory(work.resolve(".out.parquet.klotski-" + dead + "-2.tmp"));
    Files.createSymbolicLink(staleFolder.resolve("part0.parquet"), plain);
    Files.createSymbolicLink(staleFolder.resolve("sub"), folder);
    Cli allCases = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out",
        work.resolve("out.txt").toString(), "--no-progress");
    assertEquals(0, allCases.exit, allCases.toString());
    // the first export into the folder sweeps every killed run's scratch there, the Parquet one's too
    assertTrue(allCases.err.contains("removed .out.parquet.klotski-" + dead + "-2.tmp, left by an interrupted run"),
        allCases.err);
    Cli parquet = Cli.run("export", "--format", "parquet", "--threads", "2", "--db", db.toString(), "--out",
        work.resolve("out.parquet").toString(), "--no-progress");
    assertEquals(0, parquet.exit, parquet.toString());
    assertFalse(Files.exists(staleFolder, LinkOption.NOFOLLOW_LINKS), "the killed run's scratch folder is gone");
    assertFalse(Files.exists(work.resolve(".out.txt.klotski-" + dead + "-1.tmp"), LinkOption.NOFOLLOW_LINKS));
    // a database's siblings: the building folder, the old and trash names, and a user's folder so named
    Path mine = work.resolve("db");
    Files.createSymbolicLink(work.resolve("db.building-" + pid), folder);
    Files.createSymbolicLink(work.resolve("db.trash-" + pid), folder);
    Files.createSymbolicLink(work.resolve("db.old-" + dead), folder);
    assertEquals(0, Cli.run("build", "--db", mine.toString(), "--no-progress", "--classes", "0-2-0").exit);
    Files.createSymbolicLink(work.resolve("db.old-" + pid), folder);
    assertTrue(Files.isSymbolicLink(work.resolve("db.trash-" + pid)), "still planted for the replacing build");
    Cli again = Cli.run("build", "--db", mine.toString(), "--no-progress", "--classes", "0-2-0");
    assertEquals(0, again.exit, again.toString());
    Path named = Files.createDirectories(work.resolve("db.building-" + dead));
    Files.writeString(named.resolve("thesis.tex"), "years of work");
    Cli third = Cli.run("build", "--db", mine.toString(), "--no-progress", "--classes", "0-2-0");
    assertEquals(0, third.exit, third.toString());
    assertTrue(third.err.contains("left " + named + " alone"), third.err);
    assertEquals("years of work", Files.readString(named.resolve("thesis.tex")));
    // the lock file's name
    Path other = work.resolve("other");
    Files.createSymbolicLink(work.resolve("other.lock"), plain);
    refused(Cli.run("build", "--db", other.toString(), "--no-progress", "--classes", "0-2-0"), "a link at the lock");
    // a release's checksum folder
    Path release = Files.createDirectories(work.resolve("release"));
    Files.createSymbolicLink(release.resolve(".release"), folder);
    refused(Cli.run("release", "--db", db.toString(), "--out", release.toString(), "--classes", "0-2-0",
        "--no-progress"), "a link as the release's checksum folder");
    assertEquals(before, snapshot(victim), "nothing outside was written or deleted");
  }

  @Test
  void aForeignLockFileIsRefusedAndAFinishedOneSaysSo() throws Exception {
    Path dir = temp.resolve("locks");
    Files.createDirectories(dir);
    Path mine = dir.resolve("db");
    Files.writeString(dir.resolve("db.lock"), "my shopping list\n");
    Cli r = Cli.run("build", "--db", mine.toString(), "--no-progress", "--classes", "0-2-0");
    refused(r, "a foreign lock file");
    assertTrue(r.err.contains("is not a klotski lock file"), r.err);
    assertEquals("my shopping list\n", Files.readString(dir.resolve("db.lock")));
    // a lock a killed writer left: its text names a process long gone, and it is simply taken
    Files.writeString(dir.resolve("db.lock"), "build (pid " + deadPid() + ")\n");
    assertEquals(0, Cli.run("build", "--db", mine.toString(), "--no-progress", "--classes", "0-2-0").exit);
    assertTrue(Files.readString(dir.resolve("db.lock")).startsWith("finished: build (pid "),
        Files.readString(dir.resolve("db.lock")));
  }

  @Test
  void theLockIsCheckedBeforeAnyOutputAndArgumentsBeforeTheFirstLine() {
    try (DatabaseLock held = DatabaseLock.acquire(db, "build")) {
      Cli r = Cli.run("analyse", "--db", db.toString(), "--no-progress");
      refused(r, "analyse while a build holds the lock");
      assertTrue(r.err.contains("is writing the database at"), r.err);
    }
    Cli layer = Cli.run("group", "0-2-0-0", "--db", db.toString(), "--layer", "999");
    refused(layer, "a layer the group does not have");
    assertTrue(layer.err.contains("no layer 999"), layer.err);
  }

  @Test
  void aPartialDatabaseIsComparedOnTheClassesItHolds() {
    Cli r = Cli.run("verify", "--db", db.toString());
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("group_size.tsv"), r.out);
    assertTrue(r.out.endsWith("checks pass; compared with the published reference shipped with klotski-db "
        + "(HRD_Database v1.2), 1 of 203 classes present: 0-2-0\n"), r.out);
    assertFalse(r.out.contains("differ"), r.out);
  }

  @Test
  void theOriginalFilesSayWhetherTheyAreThePublishedOnes() throws Exception {
    Cli farthest = Cli.run("export", "--format", "farthest-csv", "--class", "0-2-0", "--out",
        temp.resolve("farthest_0-2-0.csv").toString());
    assertEquals(0, farthest.exit, farthest.toString());
    assertTrue(farthest.err.contains(" matches the published farthest_0-2-0.csv"), farthest.err);
    Cli main = Cli.run("export", "--format", "main-csv", "--db", db.toString(), "--out",
        temp.resolve("main-part.csv").toString(), "--no-progress");
    assertEquals(0, main.exit, main.toString());
    assertTrue(main.err.contains("(not compared: the published main.csv holds all 203 classes, the database 1)"),
        main.err);
    // '-' is standard output: the same bytes as the file (a process of its own, whose stdout is read)
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "export", "--format", "main-csv", "--db", db.toString(),
        "--out", "-", "--no-progress")).start();
    byte[] stdout = p.getInputStream().readAllBytes();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), err);
    assertArrayEquals(Files.readAllBytes(temp.resolve("main-part.csv")), stdout);
    assertTrue(err.contains("lines to standard output"), err);
  }

  @Test
  void releaseComparesWithTheShippedReferenceAndFailsWhenItCannot() throws Exception {
    // the working folder of the tests has no ../shared/published: the shipped copy is used
    Path out = temp.resolve("release-shipped");
    Cli r = Cli.run("release", "--db", db.toString(), "--out", out.toString(), "--classes", "0-2-0", "--no-progress");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("release: 2 files in ") && r.out.contains(": 2 matched, 0 differing, 0 without reference; "
        + "compared with the published reference shipped with klotski-db (HRD_Database v1.2)"), r.out);
    // a copy of the reference with one wrong checksum
    Path wrong = Files.createDirectories(temp.resolve("wrong-reference"));
    for (String file : PublishedReference.FILES) {
      List<String> lines = PublishedReference.shipped().lines(file);
      String text = String.join("\n", lines) + "\n";
      Files.writeString(wrong.resolve(file), file.equals("farthest_checksum.tsv")
          ? text.replaceFirst("farthest_0-2-0\\.csv\t[0-9a-f]{32}", "farthest_0-2-0.csv\t" + "0".repeat(32)) : text);
    }
    Cli differs = Cli.run("release", "--db", db.toString(), "--out", temp.resolve("release-wrong").toString(),
        "--classes", "0-2-0", "--published", wrong.toString(), "--no-progress");
    assertEquals(1, differs.exit, differs.toString());
    assertTrue(differs.out.contains("DIFFERS farthest_0-2-0.csv (expected " + "0".repeat(32)), differs.out);
    // a reference without the per-class checksums cannot compare: a failure, unless --no-compare
    Files.delete(wrong.resolve("farthest_checksum.tsv"));
    Cli cannot = Cli.run("release", "--db", db.toString(), "--out", temp.resolve("release-cannot").toString(),
        "--classes", "0-2-0", "--published", wrong.toString(), "--no-progress");
    assertEquals(1, cannot.exit, cannot.toString());
    assertTrue(cannot.out.contains("FAILED: 1 file could not be compared: the reference has no checksum for it"), cannot.out);
    Cli unchecked = Cli.run("release", "--db", db.toString(), "--out", temp.resolve("release-unchecked").toString(),
        "--classes", "0-2-0", "--no-compare", "--no-progress");
    assertEquals(0, unchecked.exit, unchecked.toString());
    assertTrue(unchecked.out.contains("not compared (--no-compare)"), unchecked.out);
  }
}
