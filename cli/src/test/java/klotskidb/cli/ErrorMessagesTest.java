package klotskidb.cli;

import klotskidb.datasets.AtomicFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import klotskidb.db.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;

/** Every error is one line, echoes at most about 200 characters of input, and names its file. */
class ErrorMessagesTest {
  @TempDir static Path temp;
  private static Path db;

  @BeforeAll
  static void build() {
    db = temp.resolve("db");
    assertEquals(0, Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "5-4-1").exit);
  }

  private static void oneLine(Cli r, int exit) {
    assertEquals(exit, r.exit, r.toString());
    assertEquals(1, r.err.split("\n", -1).length - 1, "exactly one line: " + r.err);
    assertTrue(r.err.startsWith("klotski: "), r.err);
    assertTrue(r.err.length() < 400, "short: " + r.err.length() + " characters");
  }

  @Test
  void writeFailuresNameTheFileAskedForNotTheTemporaryOne() throws Exception {
    Path file = temp.resolve("plain-file");
    Files.writeString(file, "x");
    Path out = file.resolve("all.txt"); // its folder is a file
    Cli r = Cli.run("export", "--format", "all-cases", "--out", out.toString(), "--db", db.toString());
    oneLine(r, 1);
    assertTrue(r.err.contains(out.getFileName().toString()) && !r.err.contains(".tmp-"), r.err);

    // a full disk, simulated: the writer fails part way
    Path target = temp.resolve("full.csv");
    IOException e = assertThrows(IOException.class, () -> AtomicFile.write(target, stream -> {
      stream.write(new byte[5 << 20]);
      throw new IOException("No space left on device");
    }));
    assertEquals("cannot write " + target + ": No space left on device", Klotski.describe(e));
    // a failure with no message of its own is klotski's fault, said so, not a bare class's name
    assertEquals("internal error: java.lang.IndexOutOfBoundsException (--verbose prints where)",
        Klotski.describe(new IndexOutOfBoundsException()));
    try (Stream<Path> left = Files.list(temp)) {
      assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith("full.csv")),
          "no file under the final name, no temporary file left");
    }
  }

  @Test
  void analyseThatCannotWriteBesideTheDatabaseSaysSo() throws Exception {
    Path copy = Cli.copyDatabase(db, temp.resolve("ro").resolve("db"));
    Files.createDirectories(temp.resolve("ro").resolve("db.lock")); // the lock file cannot be made
    Cli r = Cli.run("analyse", "--db", copy.toString(), "--no-progress");
    oneLine(r, 1);
    assertTrue(r.err.startsWith("klotski: cannot write beside the database at " + copy + ": cannot create "), r.err);
    assertFalse(r.err.contains("is a build or another analyse running"), r.err);
  }

  /** --codes-only is one option of every command that lists layouts, refused alike beside --json. */
  @Test
  void codesOnlyAndJsonAreRefusedTogetherByEveryCommandThatTakesBoth() {
    for (String[] args : List.of(new String[] {"solve", "1A9BF0C"}, new String[] {"path", "1A9BF0C", "1A98F3C"},
        new String[] {"find", "--class", "5-4-1", "--db", db.toString()})) {
      List<String> both = new ArrayList<>(List.of(args));
      both.addAll(List.of("--codes-only", "--json"));
      Cli r = Cli.run(both.toArray(String[]::new));
      oneLine(r, 2);
      assertTrue(r.err.contains("give --json or --codes-only, not both"), args[0] + ": " + r.err);
      assertTrue(r.out.isEmpty(), args[0] + ": " + r.out);
    }
  }

  @Test
  void idsAreAsciiDigitsOnly() {
    Cli r = Cli.run("info", "#\u0664\u0660\u0669\u0661\u0662\u0669\u0666", "--db", db.toString());
    oneLine(r, 2);
    assertTrue(r.err.contains("is not an id: expected # and the digits 0-9"), r.err);
    assertEquals(0, Cli.run("info", "#4091296", "--db", db.toString()).exit);
  }

  @Test
  void inputIsEchoedOnOneLineAndShort() {
    Cli newline = Cli.run("show", "1A9\nBF0C");
    oneLine(newline, 2);
    assertEquals("klotski: code '1A9\\nBF0C' is not hex: '\\n' at position 4 (see 'klotski show --help')\n",
        newline.err);
    Cli huge = Cli.run("show", "F".repeat(100_000));
    oneLine(huge, 2);
    assertTrue(huge.err.contains("...' (100,000 characters)"), huge.err);
    Cli name = Cli.run("build", "--classes", "5-4-1\n" + "9".repeat(5000), "--db", temp.resolve("x").toString());
    oneLine(name, 2);
  }

  @Test
  void enumOptionsListTheirValues() {
    Cli r = Cli.run("export", "--format", "xyz", "--out", temp.resolve("x").toString());
    oneLine(r, 2);
    assertTrue(r.err.contains("unknown value 'xyz': expected one of all-cases, main-csv, farthest-csv, solution-csv"),
        r.err);
    Cli rule = Cli.run("export", "--format", "main-csv", "--mirror-rule", "nope", "--out", temp.resolve("x").toString());
    oneLine(rule, 2);
    assertTrue(rule.err.contains("expected one of exact, legacy"), rule.err);
  }

  @Test
  void usageErrorsAreOneLineAndUnknownCommandsNeverPrintHelp() {
    oneLine(Cli.run("build", "--threads", "many"), 2);
    Cli unknown = Cli.run("no-such-command", "--help");
    oneLine(unknown, 2);
    assertTrue(unknown.err.startsWith("klotski: unknown command 'no-such-command'"), unknown.err);
    assertEquals("", unknown.out);
    Cli stray = Cli.run("verify", "--db", db.toString(), "stray-argument");
    oneLine(stray, 2);
    assertEquals("klotski: 'stray-argument' is one argument too many: klotski verify takes no argument, only "
        + "options (see 'klotski verify --help')", stray.err.strip());
    Cli third = Cli.run("path", "1A9BF0C", "DAAF4CC", "DAAF4CC");
    assertEquals("klotski: 'DAAF4CC' is one argument too many: klotski path takes 2 arguments, FROM and TO (see "
        + "'klotski path --help')", third.err.strip());
    // a typo gets the nearest names
    Cli typo = Cli.run("inof", "1A9BF0C");
    oneLine(typo, 2);
    assertTrue(typo.err.startsWith("klotski: unknown command 'inof'; did you mean info?;"), typo.err);
    Cli helpTypo = Cli.run("help", "inof"); // the same after help (picocli's own: "Unknown subcommand 'inof'.")
    oneLine(helpTypo, 2);
    assertEquals(typo.err, helpTypo.err);
    Cli option = Cli.run("info", "1A9BF0C", "--bd", db.toString());
    oneLine(option, 2);
    assertTrue(option.err.contains("; did you mean --db? (see 'klotski info --help')"), option.err);
    // another command's option is named as such, not with what follows it ('Unknown options: '--db', DIR')
    Cli noDatabase = Cli.run("path", "1A9BF0C", "DAAF4CC", "--db", db.toString());
    oneLine(noDatabase, 2);
    assertEquals("klotski: path has no option --db: it needs no database (see 'klotski path --help')",
        noDatabase.err.strip());
    Cli limit = Cli.run("show", "--limit=3", "1A9BF0C");
    oneLine(limit, 2);
    assertEquals("klotski: show has no option --limit: find and sheet have it (see 'klotski show --help')",
        limit.err.strip());
    Cli members = Cli.run("solve", "1A9BF0C", "--members");
    assertEquals("klotski: solve has no option --members: group has it (see 'klotski solve --help')",
        members.err.strip());
    Cli before = Cli.run("--db", db.toString(), "info", "1A9BF0C");
    oneLine(before, 2);
    assertEquals("klotski: --db goes after the command's name: klotski info --db ... (see 'klotski --help')",
        before.err.strip());
    Cli typed = Cli.run("info", "1A9BF0C", "--bd", db.toString());
    assertEquals("klotski: unknown option '--bd'; did you mean --db? (see 'klotski info --help')", typed.err.strip());
    // a '%' in a help text is meant, not a format: no picocli warning
    Cli help = Cli.run("serve", "--help");
    assertEquals(0, help.exit);
    assertFalse(help.err.contains("WARN") || help.out.contains("WARN"), help.err);
    assertTrue(help.out.contains("%23id"), help.out);
  }

  @Test
  void missingMetaKeysAreNamed() throws Exception {
    for (String key : List.of(Schema.META_LAYOUTS, Schema.META_CLASSES)) {
      Path copy = Cli.copyDatabase(db, Files.createTempDirectory(temp, "meta").resolve("db"));
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      try (ColumnFamilyOptions cf = new ColumnFamilyOptions(); DBOptions o = new DBOptions()) {
        descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cf));
        for (String f : Schema.ALL_FAMILIES) {
          descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), cf));
        }
        try (RocksDB rw = RocksDB.open(o, copy.toString(), descriptors, handles)) {
          rw.delete(handles.get(descriptors.size() - 1), key.getBytes(StandardCharsets.UTF_8));
          handles.forEach(ColumnFamilyHandle::close);
        }
      }
      for (String command : List.of("info", "analyse")) {
        Cli r = command.equals("info") ? Cli.run("info", "1A9BF0C", "--db", copy.toString())
            : Cli.run("analyse", "--db", copy.toString(), "--no-progress");
        oneLine(r, 1);
        assertTrue(r.err.contains("is damaged: meta key '" + key + "' is missing"), r.err);
      }
    }
  }

  /**
   * A class the installation lacks (a jar that lost XChart's) fails in one line, exit 1, as any
   * Error does: it used to escape as the JVM's stack trace, since picocli reads a command's
   * classes while it builds the command line, before it runs anything.
   */
  @Test
  void aMissingClassIsOneLineToo() throws Exception {
    List<String> line = Cli.command(Cli.SHORT_RUN, "plot", "--db", db.toString(), "--out", temp.resolve("plots").toString());
    int cp = line.indexOf("-cp") + 1;
    line.set(cp, Stream.of(line.get(cp).split(File.pathSeparator)).filter(e -> !e.contains("xchart"))
        .collect(Collectors.joining(File.pathSeparator)));
    Process p = new ProcessBuilder(line).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(1, p.waitFor(), err);
    assertTrue(err.startsWith("klotski: internal error: java.lang.NoClassDefFoundError: org/knowm/xchart/"), err);
    assertEquals(1, err.split("\n", -1).length - 1, "exactly one line: " + err);
  }

  /**
   * The heap run out is one line that says how to give more, whichever thread ran out (the
   * command's, or a worker's: it said "layerer failed: Java heap space", or "internal error:
   * java.lang.OutOfMemoryError"), and the build leaves no database behind.
   */
  @Test
  void outOfMemorySaysHowToGiveMore() throws Exception {
    Path small = temp.resolve("small-heap-db");
    Process p = new ProcessBuilder(Cli.command(List.of("-Xmx24m", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1"),
        "build", "--db", small.toString(), "--classes", "2-6-1", "--no-progress"))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(1, p.waitFor(), err);
    String last = err.lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("klotski: out of memory (Java heap space) with a heap of ")
        && last.contains(": give it more, e.g. KLOTSKI_JAVA_OPTS='-Xmx1g -XX:+UseParallelGC'"), err);
    assertEquals(1, err.lines().filter(l -> l.startsWith("klotski: ")).count(), err);
    assertFalse(Files.exists(small), "a failed build leaves no database: " + small);
  }
}
