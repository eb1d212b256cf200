package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** Exit codes, error lines and help of the klotski command (no database needed). */
class CliTest {
  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(strings = {"build", "show", "group", "solve", "path", "info", "next", "find", "tables", "verify", "export", "plot", "analyse", "serve", "release"})
  void everySubcommandHasHelp(String command) {
    Cli r = Cli.run(command, "--help");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.startsWith("Usage: klotski " + command), r.out);
    // renders clean in an 80-column terminal: picocli's own wrapping, no warning, no hard breaks
    assertTrue(!r.out.contains("picocli WARN") && !r.err.contains("picocli WARN"), r.err);
    List<String> lines = r.out.lines().toList();
    int summary = 1;
    while (summary < lines.size() && lines.get(summary).startsWith(" ")) {
      summary++; // the synopsis goes on
    }
    assertTrue(!lines.get(summary).endsWith(":"), "the summary ends in a dangling colon: " + lines.get(summary));
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      assertTrue(line.length() <= 80, "over 80 columns: " + line);
      // a short line whose sentence goes on in the next (lower case) was wrapped by hand
      String next = i + 1 < lines.size() ? lines.get(i + 1) : "";
      assertTrue(line.length() >= 50 || line.isBlank() || !next.matches("[a-z].*"),
          "wrapped by hand: '" + line + "' / '" + next + "'");
    }
  }

  @Test
  void aCommandLineHoldsTheCommandItRunsOrAll() {
    String all = "[build, show, group, solve, path, info, next, find, sheet, tables, verify, export, plot, analyse, serve, "
        + "release, help, generate-completion, generate-man-page]";
    assertEquals("[info]", Klotski.commandLine(new String[] {"info", "1A9BF0C"}).getSubcommands().keySet().toString());
    assertEquals(all, Klotski.commandLine(new String[0]).getSubcommands().keySet().toString());
    assertEquals(all, Klotski.commandLine(new String[] {"--help"}).getSubcommands().keySet().toString());
    assertEquals(all, Klotski.commandLine(new String[] {"help", "info"}).getSubcommands().keySet().toString());
    assertEquals(all, Klotski.commandLine(new String[] {"nfo"}).getSubcommands().keySet().toString());
    Cli usage = Cli.run("--help");
    assertTrue(usage.out.contains("Commands:\n  build "), usage.out);
    assertTrue(usage.out.contains("\n  release "), usage.out);
    Cli help = Cli.run("help", "info");
    assertTrue(help.out.startsWith("Usage: klotski info"), help.out);
    Cli unknown = Cli.run("nfo");
    assertEquals("klotski: unknown command 'nfo'; did you mean info?; the commands are build, show, group, solve, "
        + "path, info, next, "
        + "find, sheet, tables, verify, export, plot, analyse, serve, release, help, generate-completion "
        + "(see 'klotski --help')\n", unknown.err);
  }

  /**
   * Exit 2 for every usage error (what was typed is wrong: an unknown command or option, a value
   * of the wrong type, out of range or malformed, options that contradict each other), 1 for a
   * failure (a well-formed question the database or the files cannot answer). One row a case:
   * the expected exit, then the command line ("DB" is a folder with no database in it).
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "2 | inof 1A9BF0C",
      "2 | info",
      "2 | info 1A9BF0C --bd DB",
      "2 | info 1A9BF0CZ --db DB",
      "2 | info #99999999999 --db DB",
      "2 | info 3A9BF0C --db DB",
      "2 | show 1A9BF0C00000",
      "2 | show @I0000",
      "2 | solve 1A9BF0CZ",
      "2 | path 1A9BF0C",
      "2 | path 1A9BF0C XYZ",
      "2 | next 1A9BF0Q --db DB",
      "2 | group 9-9-9-9 --db DB",
      "2 | find --class 9-9-9 --db DB",
      "2 | find --min-steps x --db DB",
      "2 | find --min-steps 90 --max-steps 80 --db DB",
      "2 | find --limit 0 --db DB",
      "2 | find --limit many --db DB",
      "2 | find --solvable maybe --db DB",
      "2 | find --cursor nonsense --db DB",
      "2 | build --threads 0 --db DB",
      "2 | build --threads many --db DB",
      "2 | build --classes 7-0-0 --db DB",
      "2 | analyse --classes x-y-z --db DB",
      "2 | analyse --threads -1 --db DB",
      "2 | export --format xyz --out DB/x",
      "2 | export --format farthest-csv --out DB/x",
      "2 | export --format graphml --out DB/x",
      "2 | export --format sqlite --class 9-9-9 --out DB/x",
      "2 | export --out DB/x",
      "2 | serve --port 70000 --db DB",
      "2 | serve --port -1 --db DB",
      "2 | serve --threads 0 --db DB",
      "2 | serve --request-threads 0 --db DB",
      "2 | release --out DB/r --no-compare --published DB",
      "2 | release --out DB/r --classes 1-2 --db DB",
      "2 | plot --db DB",
      "2 | verify --nothing",
      "1 | info 1A9BF0C --db DB",
      "1 | find --class 5-4-1 --db DB",
      "1 | solve 0E83ABC",
      "1 | path 1A9BF0C 006ABFC",
      "1 | analyse --db DB",
  })
  void usageErrorsExitTwoAndFailuresOne(int exit, String commandLine) throws Exception {
    Cli r = withoutDatabase(commandLine);
    assertEquals(exit, r.exit, commandLine + ": " + r);
    assertEquals(1, r.err.lines().count(), "one line: " + r.err);
    assertEquals("", r.out, commandLine);
  }

  /** The command line run with "DB" a folder with no database in it. */
  private Cli withoutDatabase(String commandLine) throws IOException {
    Path db = temp.resolve("no-database");
    Files.createDirectories(db);
    return Cli.run(commandLine.replace("DB", db.toString()).split(" "));
  }

  /**
   * find's and sheet's refusals name the options as typed, written so by the API's one parser
   * (not the API's words mapped back): a quoted word of the API in a message fails this.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "find --min-steps 90 --max-steps 80 | --min-steps 90 is more than --max-steps 80",
      "find --class 5-4-1 --jiang 3 | --jiang 3 contradicts --class 5-4-1",
      "find --solvable maybe | --solvable must be true or false, not 'maybe'",
      "find --minimal --solvable false | a minimal puzzle is solvable: --minimal true and --solvable false find nothing",
      "find --solvable false --min-steps 3 | an unsolvable layout has no steps: give --min-steps/--max-steps or --solvable false, not both",
      "find --limit 0 | --limit must be from 1 to 1000, not 0",
      "find --cursor nonsense | --cursor 'nonsense' is not a cursor of a find page",
      "find --group 5-4-1-1 --class 5-4-2 | --group 5-4-1-1 is not of --class 5-4-2",
      "sheet --out - --min-optimal 9 --max-optimal 3 | --min-optimal 9 is more than --max-optimal 3",
      "sheet --out - --order easiest | --order must be class or hardest, not 'easiest'",
  })
  void findsRefusalsNameTheOptionsAsTyped(String commandLine, String message) throws Exception {
    Cli r = withoutDatabase(commandLine + " --db DB");
    assertEquals(2, r.exit, commandLine + ": " + r);
    assertEquals("klotski: " + message + " (see 'klotski " + commandLine.split(" ")[0] + " --help')\n", r.err,
        commandLine);
  }

  /** The man page names every visible command and option, in ASCII roff that groff reads without a warning. */
  @Test
  void theManPageNamesEveryCommandAndOption() throws Exception {
    Cli r = Cli.run(ManPageCommand.NAME);
    assertEquals(0, r.exit, r.err);
    assertTrue(r.out.startsWith(".TH KLOTSKI 1 "), r.out);
    assertTrue(r.out.chars().allMatch(c -> c < 128), "roff in ASCII: other characters as \\[uXXXX]");
    assertTrue(r.out.contains("\\[u6A2A]\\[u5200]\\[u7ACB]\\[u9A6C]"), "横刀立马 in show's help, escaped");
    CommandLine all = Klotski.commandLine(new String[] {ManPageCommand.NAME});
    int commands = 0;
    for (CommandLine c : all.getSubcommands().values()) {
      var spec = c.getCommandSpec();
      if (spec.usageMessage().hidden()) {
        assertFalse(r.out.contains(".SS \"" + ManPageCommand.escape(spec.qualifiedName())), spec.name());
        continue;
      }
      commands++;
      assertTrue(r.out.contains(".SS \"" + ManPageCommand.escape(spec.qualifiedName() + " ")), spec.name());
      for (var o : spec.options()) {
        if (!o.hidden()) {
          assertTrue(r.out.contains("\\fB" + ManPageCommand.escape(o.longestName()) + "\\fR"), spec.name() + " " + o.longestName());
        }
      }
    }
    assertEquals(18, commands);
    for (String section : List.of(".SH ENVIRONMENT", "KLOTSKI_DB", ".SH EXIT STATUS", ".B 130", ".B 141")) {
      assertTrue(r.out.contains(section), section);
    }
    if (!Files.isExecutable(Path.of("/usr/bin/groff"))) {
      assertTrue(System.getenv("CI") == null, "CI installs groff (Debian's groff-base) to read the page");
      System.out.println("NOTE: no /usr/bin/groff: the man page was not read by groff");
      return;
    }
    Path page = Files.createTempFile("klotski", ".1");
    try {
      Files.writeString(page, r.out);
      Process groff = new ProcessBuilder("groff", "-ww", "-man", "-Tutf8", "-z", page.toString()).redirectErrorStream(true).start();
      String said = new String(groff.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, groff.waitFor(), said);
      assertEquals("", said, "groff's warnings");
    } finally {
      Files.delete(page);
    }
  }

  /** The completion script names every command and their options, and bash reads it. */
  @Test
  void theCompletionScriptNamesEveryCommandAndOption() throws Exception {
    Cli r = Cli.run("generate-completion");
    assertEquals(0, r.exit, r.err);
    for (String word : List.of("analyse", "release", "info", "serve", "--threads", "--db", "--classes", "--min-steps")) {
      assertTrue(r.out.contains(word), "the completion script lacks " + word);
    }
    Path script = Files.createTempFile("klotski-completion", ".bash");
    try {
      Files.writeString(script, r.out);
      Process bash = new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
      String said = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, bash.waitFor(), said);
    } finally {
      Files.delete(script);
    }
  }

  @Test
  void aWriterMakesTheFileItNamesNotTheFoldersAboveIt() throws Exception {
    String db = Cli.analysedDatabase().toString();
    Path missing = temp.resolve("no-such-folder");
    for (String[] args : List.of(
        new String[] {"export", "--db", db, "--format", "all-cases", "--class", "0-3-0", "--out", missing.resolve("a/All_Case.txt").toString()},
        new String[] {"export", "--db", db, "--format", "parquet", "--class", "0-3-0", "--out", missing.resolve("x.parquet").toString()})) {
      Cli r = Cli.run(args);
      assertEquals(1, r.exit, r.toString());
      assertTrue(r.err.startsWith("klotski: cannot write ") && r.err.contains("there is no folder"), r.err);
      assertEquals(1, r.err.lines().count(), r.err);
      assertFalse(Files.exists(missing), "no folder made: " + String.join(" ", args));
    }
  }

  @Test
  void echoedInputIsCutAt200CharactersInMessagesAndInAnswers() throws Exception {
    Cli limit = Cli.run("find", "--limit", "9".repeat(5000));
    assertEquals(2, limit.exit);
    assertTrue(limit.err.length() < 500 && limit.err.contains("...' (5,000 characters)"), limit.err.length() + ": "
        + limit.err.substring(0, Math.min(400, limit.err.length())));
    // a 100,000-character line to info --stdin: its answer's input, message and details.input all cut
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "info", "--stdin", "--db",
        Cli.analysedDatabase().toString())).start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(("1A9BF0C" + "F".repeat(100_000) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    String answer = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    assertEquals(1, answer.lines().count(), answer.substring(0, Math.min(400, answer.length())));
    assertTrue(answer.length() < 1200, answer.length() + ": " + answer.substring(0, Math.min(400, answer.length())));
    assertTrue(answer.contains("\"details\":{\"input\":\"1A9BF0C") && answer.contains("(100,007 characters)"), answer);
  }

  @Test
  void aRefusedRerunStillSweepsWhatADeadRunLeft() throws Exception {
    String db = Cli.analysedDatabase().toString();
    Path csv = temp.resolve("x.csv");
    String[] export = {"export", "--db", db, "--format", "all-cases", "--class", "0-3-0", "--out", csv.toString()};
    assertEquals(0, Cli.run(export).exit);
    // what a run killed while writing the companion checksum leaves (a process that is gone)
    Path dead = Files.writeString(temp.resolve(".x.csv.sha256.klotski-2147483646-1.tmp"), "half a line");
    Cli again = Cli.run(export); // the natural rerun: refused without --force
    assertEquals(1, again.exit, again.toString());
    assertTrue(again.err.contains("refusing to replace"), again.err);
    assertFalse(Files.exists(dead), "the dead run's scratch is swept even by a refused run");
    assertTrue(again.err.contains("left by an interrupted run"), again.err);
  }

  @Test
  void setsHoldPuzzlesToSolveUnlessAskedOtherwise() throws Exception {
    String db = Cli.analysedDatabase().toString();
    // "one shortest line": puzzles, not the unsolvable layouts (count 0) nor the solved ones
    Cli one = Cli.run("find", "--db", db, "--class", "5-4-1", "--max-optimal", "1", "--limit", "40");
    assertEquals(0, one.exit, one.toString());
    List<String> lines = one.out.lines().filter(l -> l.contains(" 5-4-1 ")).toList();
    assertEquals(40, lines.size(), one.out);
    assertTrue(lines.stream().noneMatch(l -> l.contains("unsolvable") || l.contains(" 0 steps")), one.out);
    assertTrue(lines.get(0).contains(" 5-4-1  1 step  easy  "), one.out); // by steps: the first one step away
    // asked for: the unsolvable ones (whose count is 0), or the solved ones by a step range
    assertTrue(Cli.run("find", "--db", db, "--class", "5-4-1", "--max-optimal", "1", "--solvable", "false", "--limit",
        "3").out.contains("unsolvable"));
    assertTrue(Cli.run("find", "--db", db, "--class", "5-4-1", "--max-optimal", "1", "--min-steps", "0", "--max-steps",
        "0", "--limit", "3").out.contains(" 0 steps  solved"));
    // a sheet of a class: puzzles to solve, the first of find's with at least one step
    Path sheet = temp.resolve("class.html");
    assertEquals(0, Cli.run("sheet", "--db", db, "--class", "5-4-1", "--limit", "3", "--out", sheet.toString()).exit);
    String html = Files.readString(sheet);
    List<String> first = Cli.run("find", "--db", db, "--class", "5-4-1", "--min-steps", "1", "--limit", "3",
        "--codes-only").out.lines().toList();
    for (String code : first) {
      assertTrue(html.contains(code), code + " in the sheet");
    }
    assertTrue(html.contains("Class 5-4-1, at least 1 step to solve, by class, then steps: the first "), "the sheet says what it holds");
    // a sheet of one puzzle says so, on the terminal and in its card
    Path single = temp.resolve("one.html");
    Cli one1 = Cli.run("sheet", "--db", db, "--class", "5-4-1", "--limit", "1", "--out", single.toString());
    assertEquals("klotski: 1 puzzle to " + single + "\n", one1.err, one1.toString());
    assertTrue(Files.readString(temp.resolve("one.html.md")).contains("a sheet of 1 Klotski puzzle to print, with its "
        + "solution"), "the card of a sheet of one");
    assertTrue(Files.readString(single).contains("by class, then steps: the first of "), "the sheet's question");
  }

  @Test
  void noCommandIsAUsageErrorThatListsTheCommands() {
    Cli bare = Cli.run();
    assertEquals(2, bare.exit, bare.toString());
    assertEquals("", bare.out);
    assertTrue(bare.err.startsWith("klotski: a command is needed, one of these:\n"), bare.err);
    assertTrue(bare.err.contains("analyse") && bare.err.contains("serve"), bare.err);
    assertEquals(0, Cli.run("--help").exit); // asked for: on standard output, 0
  }

  @Test
  void anAddressServeCannotTakeIsOneLineWithoutTheWarningOfListeningBeyondThisMachine() throws Exception {
    Cli r = Cli.run("serve", "--db", Cli.analysedDatabase().toString(), "--bind", "8.8.8.8", "--port", "0", "--no-warm-up");
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.err.startsWith("klotski: cannot listen on 8.8.8.8:0: "), r.err);
    assertEquals(1, r.err.lines().count(), r.err);
  }

  @Test
  void versionIsTheBuildsNotDev() {
    Cli r = Cli.run("--version");
    assertEquals(0, r.exit);
    // the project version from the build, and the commit when make passed it
    assertTrue(r.out.matches("klotski-db \\d+\\.\\d+\\.\\d+[^\\s]*( \\(commit [0-9a-f]{12}(-dirty)?\\))?\n"), r.out);
    Cli word = Cli.run("version"); // as people type it: the same answer, not "did you mean verify?"
    assertEquals(0, word.exit, word.toString());
    assertEquals(r.out, word.out);
    // main answers the version before any command line is built: the same line, from a process
    for (String v : List.of("--version", "-V", "version")) {
      ProcessBuilder pb = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, v)).redirectErrorStream(true);
      try {
        Process p = pb.start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), said);
        assertEquals(r.out, said, v);
      } catch (IOException | InterruptedException e) {
        throw new AssertionError(e);
      }
    }
  }

  /** An empty path or class is a usage error, never the current folder or a class skipped (issue 79, 17). */
  @Test
  void emptyPathsAndClassesAreUsageErrors(@TempDir Path dir) {
    Cli db = Cli.run("build", "--db", "", "--classes", "0-3-0");
    assertEquals(2, db.exit, db.toString());
    assertEquals("klotski: Invalid value for option '--db': an empty path names no file or folder "
        + "(see 'klotski build --help')\n", db.err);
    Cli out = Cli.run("export", "--format", "all-cases", "--out", "", "--db", dir.resolve("none").toString());
    assertEquals(2, out.exit, out.toString());
    assertTrue(out.err.startsWith("klotski: Invalid value for option '--out': an empty path"), out.err);
    for (String classes : List.of("5-4-1,,", "5-4-1,,0-2-0", ",5-4-1", "")) {
      Path target = dir.resolve("db" + classes.length());
      Cli c = Cli.run("build", "--db", target.toString(), "--classes", classes, "--no-progress");
      assertEquals(2, c.exit, classes + ": " + c);
      assertTrue(c.err.contains("--classes names an empty class"), classes + ": " + c.err);
      assertFalse(Files.exists(target), "nothing made for " + classes);
    }
  }

  /**
   * The build's summary of a class whose groups are all unsolvable says none can be solved (it
   * said "-1 steps to solve"), of a class solved in one step "1 step"; sizes as every size is shown.
   */
  @Test
  void theBuildsSummarySaysWhatItFound(@TempDir Path dir) {
    Cli none = Cli.run("build", "--db", dir.resolve("7-0-7").toString(), "--classes", "7-0-7", "--no-progress");
    assertEquals(0, none.exit, none.toString());
    String said = none.out.replaceAll(" +", " ");
    assertTrue(said.contains(" solvable groups 0 (0 layouts; 2 unsolvable groups, 88 layouts)\n"
        + " hardest layouts none: no layout here can be solved\n"), none.out);
    assertTrue(said.matches("(?s).* database size \\d+(\\.\\d [kMG]B| bytes)\n peak RSS \\d+\\.\\d [MG]B\n.*"), none.out);
    Cli one = Cli.run("build", "--db", dir.resolve("0-0-0").toString(), "--classes", "0-0-0", "--no-progress");
    assertEquals(0, one.exit, one.toString());
    assertTrue(one.out.replaceAll(" +", " ").contains(" hardest layouts 1 step to solve:\n 000000000 0-0-0-0-0\n"), one.out);
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(2, Cli.run("show").exit);
    assertEquals(2, Cli.run("no-such-command").exit);
    assertEquals(2, Cli.run("build", "--threads", "many").exit);
  }

  @Test
  void badInputIsOneLineOnStderrAndAUsageError() {
    Cli r = Cli.run("show", "1A9BF0CZ");
    assertEquals(2, r.exit);
    assertEquals("klotski: code '1A9BF0CZ' is not hex: 'Z' at position 8 (see 'klotski show --help')\n", r.err);
    assertEquals("", r.out);
    Cli stack = Cli.run("show", "3A9BF0C", "--verbose");
    assertEquals(2, stack.exit);
    assertTrue(stack.err.contains("\tat klotskidb."), "--verbose adds the stack trace");
  }

  @Test
  void showDrawsTheLayout() {
    Cli r = Cli.run("show", "1a9bf0c");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("code      1A9BF0C00"));
    assertTrue(r.out.contains("id        4091296"));
    assertTrue(r.out.contains("(symmetric)"));
    assertTrue(r.out.contains("|   | . | . |   |"));
  }

  @Test
  void solveWithoutDatabasePrintsEightyOneSteps() {
    Cli r = Cli.run("solve", "1A9BF0C", "--codes-only");
    assertEquals(0, r.exit, r.toString());
    // --codes-only: the 82 codes and nothing else, for a script to read
    assertEquals(82, r.out.split("\n").length);
    assertTrue(r.out.lines().allMatch(l -> l.matches("[0-9A-F]{9}")), r.out);
    assertTrue(Cli.run("solve", "1A9BF0C").out.endsWith("solved in 81 steps\n"));
    Cli unsolvable = Cli.run("solve", "0E83ABC");
    assertEquals(1, unsolvable.exit);
    assertTrue(unsolvable.err.contains("unsolvable"));
  }

  @Test
  void pathBetweenGroupsSaysSo() {
    Cli r = Cli.run("path", "1A9BF0C", "006ABFC");
    assertEquals(1, r.exit);
    assertTrue(r.err.contains("different groups"), r.err);
    Cli ok = Cli.run("path", "1A9BF0C", "1A98F3C", "--codes-only");
    assertEquals("1A9BF0C00\n1A98F3C00\n", ok.out);
    assertTrue(Cli.run("path", "1A9BF0C", "1A98F3C").out.endsWith("path of 1 step\n"));
  }

  @Test
  void groupWithoutDatabaseComputesTheClass() {
    Cli r = Cli.run("group", "1A9BF0C");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("5-4-1-1-7472"));
    assertTrue(r.out.contains("size      25,955"), r.out); // grouped by thousands, as info prints it
    assertTrue(r.out.contains("seed      00A6BFC00"));
    assertEquals(2, Cli.run("group", "#29334498").exit); // out of range: what was typed is wrong
  }

  @Test
  void queriesWithoutADatabaseFailCleanlyAndCreateNothing() {
    Path missing = temp.resolve("none");
    for (String[] args : new String[][] {
        {"info", "1A9BF0C", "--db", missing.toString()},
        {"next", "1A9BF0C", "--db", missing.toString()},
        {"solve", "1A9BF0C", "--db", missing.toString()},
        {"group", "1A9BF0C", "--db", missing.toString()}}) {
      Cli r = Cli.run(args);
      assertEquals(1, r.exit, r.toString());
      assertTrue(r.err.startsWith("klotski: no database at "), r.err);
      assertEquals(1, r.err.split("\n").length);
    }
    assertFalse(Files.exists(missing));
  }

  @Test
  void unknownClassesAreRejectedBeforeAnyWork() {
    Cli r = Cli.run("build", "--db", temp.resolve("x").toString(), "--classes", "7-0-0");
    assertEquals(2, r.exit);
    assertTrue(r.err.contains("no class '7-0-0'"), r.err);
  }
}
