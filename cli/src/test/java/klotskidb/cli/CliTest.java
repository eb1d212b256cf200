package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Exit codes, error lines and help of the klotski command (no database needed). */
class CliTest {
  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(strings = {"build", "show", "group", "solve", "path", "info", "next", "find", "tables", "verify", "export", "plot", "analyse", "serve", "release"})
  void everySubcommandHasHelp(String command) {
    Cli r = Cli.run(command, "--help");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.startsWith("Usage: klotski " + command), r.out);
  }

  @Test
  void aCommandLineHoldsTheCommandItRunsOrAll() {
    String all = "[build, show, group, solve, path, info, next, find, tables, verify, export, plot, analyse, serve, "
        + "release, help]";
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
        + "find, tables, verify, export, plot, analyse, serve, release, help (see 'klotski --help')\n", unknown.err);
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(2, Cli.run("show").exit);
    assertEquals(2, Cli.run("no-such-command").exit);
    assertEquals(2, Cli.run("build", "--threads", "many").exit);
  }

  @Test
  void badInputIsOneLineOnStderrAndExitOne() {
    Cli r = Cli.run("show", "1A9BF0CZ");
    assertEquals(1, r.exit);
    assertEquals("klotski: code '1A9BF0CZ' is not hex: 'Z' at position 8\n", r.err);
    assertEquals("", r.out);
    Cli stack = Cli.run("show", "3A9BF0C", "--verbose");
    assertEquals(1, stack.exit);
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
    assertTrue(r.out.endsWith("solved in 81 steps\n"));
    assertEquals(82 + 1, r.out.split("\n").length);
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
    assertEquals("1A9BF0C00\n1A98F3C00\npath of 1 step\n", ok.out);
  }

  @Test
  void groupWithoutDatabaseComputesTheClass() {
    Cli r = Cli.run("group", "1A9BF0C");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("5-4-1-1-7472"));
    assertTrue(r.out.contains("size      25955"));
    assertTrue(r.out.contains("seed      00A6BFC00"));
    assertEquals(1, Cli.run("group", "#29334498").exit);
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
    assertEquals(1, r.exit);
    assertTrue(r.err.contains("no class '7-0-0'"), r.err);
  }
}
