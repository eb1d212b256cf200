package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The files a command writes under names the user never typed -- an export's FILE.md and
 * FILE.sha256, the tables and charts in --out, a release's files and sums -- are never written
 * through a link or into a FIFO or device, with or without --force: a link planted at every such
 * name (to a user's file, a folder, a FIFO, a device node, nothing) is refused with one line and
 * leaves everything outside as it was, bytes and link targets; a user's plain file there is kept
 * unless --force; klotski's own earlier file is replaced.
 */
class CompanionFilesTest {
  @TempDir static Path temp;
  private static Path db;
  private static Path victim;

  @BeforeAll
  static void build() throws Exception {
    db = temp.resolve("db");
    Cli r = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "0-2-0");
    assertEquals(0, r.exit, r.toString());
    victim = Files.createDirectories(temp.resolve("victim"));
    Files.writeString(victim.resolve("plain.txt"), "a user's notes\n");
    Files.createDirectories(victim.resolve("folder"));
    Files.writeString(victim.resolve("folder").resolve("important.txt"), "keep me\n");
    assertEquals(0, new ProcessBuilder("mkfifo", victim.resolve("fifo").toString()).start().waitFor());
    // a device node of the test's own (the null device's numbers) where it may make one (root)
    new ProcessBuilder("mknod", victim.resolve("device").toString(), "c", "1", "3").start().waitFor();
  }

  /** Where planted links point: a user's file, a folder, a FIFO, a device node, nothing. */
  private static Map<String, Path> targets() throws Exception {
    Map<String, Path> t = new TreeMap<>();
    t.put("file", victim.resolve("plain.txt"));
    t.put("folder", victim.resolve("folder"));
    t.put("fifo", victim.resolve("fifo"));
    t.put("dangling", victim.resolve("nothing-here"));
    Path device = victim.resolve("device");
    t.put("device", Files.exists(device, LinkOption.NOFOLLOW_LINKS) ? device : Path.of("/dev/null"));
    return t;
  }

  private static Map<String, String> snapshot(Path root) throws IOException {
    return FileTree.snapshot(root);
  }

  /** The exports, each to {@code out}. */
  static List<String[]> exports(Path out) {
    List<String[]> commands = new ArrayList<>();
    for (String[] format : new String[][] {{"all-cases"}, {"main-csv"}, {"parquet"}, {"parquet", "--table", "groups"},
        {"graphml", "--group", "0-2-0-0"}, {"sqlite"}, {"farthest-csv", "--class", "0-2-0"},
        {"solution-csv", "--class", "0-2-0"}}) {
      List<String> c = new ArrayList<>(List.of("export", "--db", db.toString(), "--out", out.toString(),
          "--no-progress", "--format"));
      c.addAll(List.of(format));
      commands.add(c.toArray(String[]::new));
    }
    return commands;
  }

  private static String[] with(String[] command, String... more) {
    List<String> c = new ArrayList<>(List.of(command));
    c.addAll(List.of(more));
    return c.toArray(String[]::new);
  }

  private static void refusedOneLine(Cli r, String what) {
    assertEquals(1, r.exit, what + ": " + r);
    assertEquals(1, r.err.split("\n", -1).length - 1, what + ": one line: " + r.err);
    assertTrue(r.err.startsWith("klotski: refusing to "), what + ": " + r.err);
  }

  /**
   * plot without --group on a database without the classic start's group (0-2-0 alone): the layer
   * profile of its largest group, 0-2-0-0, where it failed for want of 5-4-1-1; a link at that
   * chart's name refused as at the others, nothing written.
   */
  @Test
  void plotWithoutAGroupProfilesTheLargestWhereTheClassicIsMissing() throws Exception {
    Path plots = Files.createTempDirectory(temp, "plot-default");
    Cli r = Cli.run("plot", "--db", db.toString(), "--out", plots.toString());
    assertEquals(0, r.exit, r.toString());
    assertEquals(plots.resolve("layers_0-2-0-0.png").toString(), r.out.strip().lines().reduce((a, b) -> b).orElse(""));
    assertTrue(Files.size(plots.resolve("layers_0-2-0-0.png")) > 0, r.out);
    // --group takes a layout of the group too, as klotski group does: its group's profile
    Path byLayout = Files.createTempDirectory(temp, "plot-by-layout");
    Cli l = Cli.run("plot", "--db", db.toString(), "--out", byLayout.toString(), "--group", "0-2-0-0-5");
    assertEquals(0, l.exit, l.toString());
    assertEquals(byLayout.resolve("layers_0-2-0-0.png").toString(), l.out.strip().lines().reduce((a, b) -> b).orElse(""));
    Path linked = Files.createTempDirectory(temp, "plot-default-link");
    Files.createSymbolicLink(linked.resolve("layers_0-2-0-0.png"), victim.resolve("plain.txt"));
    Map<String, String> before = snapshot(victim);
    refusedOneLine(Cli.run("plot", "--db", db.toString(), "--out", linked.toString()), "plot, a link at the profile");
    assertEquals(before, snapshot(victim), "nothing outside changed");
    try (var left = Files.list(linked)) {
      assertEquals(1, left.count(), "nothing written");
    }
  }

  /** Counts every check of the fault run shape: format x companion x link kind x --force. */
  @Test
  void aLinkAtAnExportsCardOrChecksumIsNeverFollowed() throws Exception {
    Map<String, String> before = snapshot(victim);
    int checks = 0;
    for (Map.Entry<String, Path> target : targets().entrySet()) {
      for (String companion : List.of(".md", ".sha256")) {
        for (boolean force : new boolean[] {false, true}) {
          Path dir = Files.createTempDirectory(temp, "export");
          Path out = dir.resolve("out.data");
          Path link = dir.resolve("out.data" + companion);
          Files.createSymbolicLink(link, target.getValue());
          for (String[] command : exports(out)) {
            String what = String.join(" ", command) + ", " + companion + " -> " + target.getKey()
                + (force ? ", --force" : "");
            Cli r = Cli.run(force ? with(command, "--force") : command);
            refusedOneLine(r, what);
            assertTrue(r.err.contains(link.toString()), what + ": names the link: " + r.err);
            assertEquals(before, snapshot(victim), what + ": nothing outside changed");
            assertEquals(target.getValue(), Files.readSymbolicLink(link), what + ": the link is as it was");
            try (var left = Files.list(dir)) {
              assertEquals(List.of(link.getFileName().toString()),
                  left.map(p -> p.getFileName().toString()).toList(), what + ": nothing written");
            }
            checks++;
          }
        }
      }
    }
    assertEquals(8 * 2 * 5 * 2, checks);
  }

  @Test
  void aUsersPlainFileThereIsKeptUnlessForceAndKlotskisOwnIsReplaced() throws Exception {
    for (String[] command : exports(temp.resolve("unused"))) {
      Path dir = Files.createTempDirectory(temp, "plain");
      Path out = dir.resolve("out.data");
      String[] c = command.clone();
      c[List.of(c).indexOf("--out") + 1] = out.toString();
      String what = String.join(" ", c);
      Files.writeString(dir.resolve("out.data.sha256"), "my checksum list\n");
      Cli refused = Cli.run(c);
      refusedOneLine(refused, what);
      assertEquals("my checksum list\n", Files.readString(dir.resolve("out.data.sha256")));
      assertFalse(Files.exists(out), what);
      Cli forced = Cli.run(with(c, "--force"));
      assertEquals(0, forced.exit, what + ": " + forced);
      assertTrue(Files.readString(dir.resolve("out.data.sha256")).endsWith("  out.data\n"), what);
      // klotski's own card and checksum from the run before: replaced with the file (--force for the file)
      Cli again = Cli.run(with(c, "--force"));
      assertEquals(0, again.exit, what + ": " + again);
      try (var files = Files.list(dir)) {
        assertEquals(List.of("out.data", "out.data.md", "out.data.sha256"),
            files.map(p -> p.getFileName().toString()).sorted().toList(), what + ": no scratch left");
      }
    }
  }

  @Test
  void tablesAndPlotNeverFollowALinkAndKeepAUsersFile() throws Exception {
    Map<String, String> before = snapshot(victim);
    List<String> tableNames = List.of("jiang_bing_count.tsv", "style_count.tsv", "group_num.tsv", "group_size.md",
        "solvable.tsv", "group_layers.md", ".klotski-files");
    List<String> plotNames = List.of("layouts_per_class.png", "groups_per_class.png", "group_sizes.png",
        "layers_0-2-0-0.png", ".klotski-files");
    int checks = 0;
    for (String command : List.of("tables", "plot")) {
      for (String name : command.equals("tables") ? tableNames : plotNames) {
        for (Map.Entry<String, Path> target : targets().entrySet()) {
          for (boolean force : new boolean[] {false, true}) {
            Path dir = Files.createTempDirectory(temp, command);
            Path link = dir.resolve(name);
            Files.createSymbolicLink(link, target.getValue());
            List<String> c = new ArrayList<>(List.of(command, "--db", db.toString(), "--out", dir.toString()));
            if (command.equals("plot")) {
              c.addAll(List.of("--group", "0-2-0-0"));
            }
            if (force) {
              c.add("--force");
            }
            String what = String.join(" ", c) + ", " + name + " -> " + target.getKey();
            Cli r = Cli.run(c.toArray(String[]::new));
            refusedOneLine(r, what);
            assertEquals(before, snapshot(victim), what + ": nothing outside changed");
            assertEquals(target.getValue(), Files.readSymbolicLink(link), what);
            try (var left = Files.list(dir)) {
              assertEquals(1, left.count(), what + ": nothing written");
            }
            checks++;
          }
        }
      }
    }
    assertEquals((7 + 5) * 5 * 2, checks);
    // a user's style_count.tsv: kept without --force, replaced with it; then klotski's own is recognised
    Path dir = Files.createTempDirectory(temp, "tables");
    Files.writeString(dir.resolve("style_count.tsv"), "my own table\n");
    Cli refused = Cli.run("tables", "--db", db.toString(), "--out", dir.toString());
    refusedOneLine(refused, "tables over a user's style_count.tsv");
    assertTrue(refused.err.contains("give --force"), refused.err);
    assertEquals("my own table\n", Files.readString(dir.resolve("style_count.tsv")));
    try (var left = Files.list(dir)) {
      assertEquals(1, left.count(), "nothing written before the refusal");
    }
    assertEquals(0, Cli.run("tables", "--db", db.toString(), "--out", dir.toString(), "--force").exit);
    assertTrue(Files.readString(dir.resolve("style_count.tsv")).startsWith("jiang\tbing\tstyle\tcount\n"));
    Cli again = Cli.run("tables", "--db", db.toString(), "--out", dir.toString());
    assertEquals(0, again.exit, "its own tables are replaced without --force: " + again);
    Process check = new ProcessBuilder("sha256sum", "-c", ".klotski-files").directory(dir.toFile())
        .redirectErrorStream(true).start();
    String said = new String(check.getInputStream().readAllBytes());
    assertEquals(0, check.waitFor(), said);
    assertEquals(12, said.lines().filter(l -> l.endsWith(": OK")).count(), said);
    Path plots = Files.createTempDirectory(temp, "plots");
    Files.writeString(plots.resolve("group_sizes.png"), "not a chart");
    refusedOneLine(Cli.run("plot", "--db", db.toString(), "--out", plots.toString(), "--group", "0-2-0-0"), "plot");
    assertEquals("not a chart", Files.readString(plots.resolve("group_sizes.png")));
    assertEquals(0, Cli.run("plot", "--db", db.toString(), "--out", plots.toString(), "--group", "0-2-0-0",
        "--force").exit);
    assertEquals(0, Cli.run("plot", "--db", db.toString(), "--out", plots.toString(), "--group", "0-2-0-0").exit);
  }

  @Test
  void aReleaseFolderWithALinkAtOneOfItsNamesIsRefused() throws Exception {
    Map<String, String> before = snapshot(victim);
    Path good = temp.resolve("release-good");
    assertEquals(0, Cli.run("release", "--db", db.toString(), "--out", good.toString(), "--classes", "0-2-0",
        "--no-progress").exit);
    List<String> names;
    try (var files = Files.walk(good)) {
      names = files.filter(Files::isRegularFile).map(p -> good.relativize(p).toString()).sorted().toList();
    }
    assertTrue(names.containsAll(List.of("MD5SUMS", "SHA256SUMS", "MANIFEST.tsv", "README.md",
        "farthest_0-2-0.csv", "solution_0-2-0.csv", ".release/farthest_0-2-0.csv.sum")), names.toString());
    int checks = 0;
    for (String name : names) {
      for (Map.Entry<String, Path> target : targets().entrySet()) {
        Path dir = Files.createTempDirectory(temp, "release");
        Files.createDirectories(dir.resolve(".release"));
        Files.createSymbolicLink(dir.resolve(name), target.getValue());
        String what = "release, " + name + " -> " + target.getKey();
        Cli r = Cli.run("release", "--db", db.toString(), "--out", dir.toString(), "--classes", "0-2-0",
            "--no-progress");
        refusedOneLine(r, what);
        assertEquals(before, snapshot(victim), what + ": nothing outside changed");
        assertEquals(target.getValue(), Files.readSymbolicLink(dir.resolve(name)), what);
        checks++;
      }
    }
    assertEquals(names.size() * 5, checks);
    Cli dash = Cli.run("release", "--db", db.toString(), "--out", "-", "--classes", "0-2-0");
    assertEquals(2, dash.exit, dash.toString());
    assertTrue(dash.err.contains("--out - (standard output) does not apply"), dash.err);
    for (String[] folderWriter : new String[][] {{"tables"}, {"plot", "--group", "0-2-0-0"}}) {
      List<String> c = new ArrayList<>(List.of(folderWriter));
      c.addAll(List.of("--db", db.toString(), "--out", "-"));
      Cli r = Cli.run(c.toArray(String[]::new));
      assertEquals(2, r.exit, r.toString());
      assertTrue(r.err.contains("- (standard output) does not apply"), r.err);
    }
    assertFalse(Files.exists(Path.of("-")), "no folder named -");
  }

  /**
   * An output named with a newline, a quote, a backslash and invisible characters: its checksum
   * file is read back by {@code sha256sum -c} (GNU's escaped form), the card's YAML header by a YAML
   * parser (its data_files is the name), and the success line shows the characters escaped, on one
   * line. Before, the newline broke the checksum line and the quote injected a key into the YAML.
   */
  @Test
  void anOddNameIsReadBackBySha256sumAndAYamlParser() throws Exception {
    Path dir = Files.createTempDirectory(temp, "odd");
    String name = "a\"b\nc: x\\d\u202e\u200be.txt";
    Path out = dir.resolve(name);
    Cli c = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", out.toString());
    assertEquals(0, c.exit, c.toString());
    String said = c.err.lines().filter(l -> l.contains("lines to ")).findFirst().orElseThrow(() -> new AssertionError(c.err));
    assertTrue(said.endsWith("a\"b\\nc: x\\d\\u202e\\u200be.txt"), said);
    assertTrue(!said.contains("\u202e") && !said.contains("\u200b"), "the invisible characters escaped: " + said);
    // sha256sum -c, in the file's folder, as the card says
    Process check = new ProcessBuilder("sha256sum", "-c", name + ".sha256").directory(dir.toFile())
        .redirectErrorStream(true).start();
    String checked = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, check.waitFor(), checked);
    assertTrue(checked.endsWith(": OK\n"), checked);
    // the card's YAML header
    String card = Files.readString(dir.resolve(name + ".md"));
    String header = card.substring(4, card.indexOf("\n---\n", 4));
    Map<String, Object> yaml = new Yaml().load(header);
    assertEquals(Set.of("pretty_name", "license", "tags", "configs"), yaml.keySet(), header);
    @SuppressWarnings("unchecked")
    Map<String, Object> config = ((List<Map<String, Object>>) yaml.get("configs")).get(0);
    assertEquals(name, config.get("data_files"));
    // and the export again: the checksum and card are recognised as klotski's own and replaced
    Cli again = Cli.run("export", "--format", "all-cases", "--db", db.toString(), "--out", out.toString(), "--force");
    assertEquals(0, again.exit, again.toString());
  }

  /** A class the database was not built for: exit 1, one line saying so, and no file (it was an empty one, exit 0). */
  @Test
  void aClassNotInThePartialDatabaseIsAFailureAndWritesNothing() throws Exception {
    Path dir = Files.createTempDirectory(temp, "absent");
    for (String format : List.of("all-cases", "main-csv", "parquet", "sqlite")) {
      Path out = dir.resolve("out-" + format);
      Cli c = Cli.run("export", "--format", format, "--class", "5-4-1", "--db", db.toString(), "--out", out.toString());
      assertEquals(1, c.exit, format + ": " + c);
      assertEquals("klotski: class 5-4-1 is not in the database at " + db + " (built for 1 other class; "
          + "'klotski build --classes 5-4-1' builds it)", c.err.strip(), format);
      assertEquals(List.of(), Files.list(dir).toList(), format + ": nothing written");
    }
  }
}
