package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutSpace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import klotskidb.testing.TestSeed;

/**
 * {@code info X}, {@code group X} and {@code next X} with no database there compute the layout's group alone
 * (flooded from it, named from the shipped group table) and answer as the database does: on a seeded sample of layouts of 1-2-1, 0-3-0 and the classes
 * below them (so that the database knows every layout's {@code minimal}), built and analysed, the
 * same JSON document (the group's diameter aside: it needs every root's BFS, left out without
 * the database) with the farthest layouts and solutions, and the same group lines, members and
 * documents (group --json, with --members or --layer K).
 */
class WithoutDatabaseTest {
  @TempDir static Path temp;
  private static Path db;
  /** 1-2-1 and 0-3-0 with every class one or more pieces smaller. */
  private static final List<String> CLASSES = List.of("0-0-0", "0-1-0", "0-2-0", "0-3-0", "1-0-0", "1-0-1", "1-1-0",
      "1-1-1", "1-2-0", "1-2-1");

  @BeforeAll
  static void build() {
    db = temp.resolve("db");
    Cli b = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", String.join(",", CLASSES));
    assertEquals(0, b.exit, b.toString());
    Cli a = Cli.run("analyse", "--db", db.toString(), "--no-progress");
    assertEquals(0, a.exit, a.toString());
  }

  /** Seeded layouts of the sample's classes: every class's first, then random ones. */
  private static List<String> sample(int perClass) {
    Random random = TestSeed.random("WithoutDatabaseTest.sample");
    List<String> codes = new ArrayList<>();
    for (String cls : CLASSES) {
      LayoutSpace s = LayoutSpace.of(ClassSet.of(List.of(cls)));
      codes.add(Code.format(s.code(0)));
      for (int k = 1; k < perClass && k < s.size(); k++) {
        codes.add(Code.format(s.code(random.nextInt(s.size()))));
      }
    }
    return codes;
  }

  @Test
  void infoWithoutADatabaseIsTheDatabasesAnswer() {
    assertFalse(Files.exists(Path.of("data/klotski-db")), "this test needs no database at the default path");
    int minimal = 0;
    for (String code : sample(2)) {
      Cli computed = Cli.run("info", code, "--json", "--farthest", "--solutions");
      Cli stored = Cli.run("info", code, "--json", "--farthest", "--solutions", "--db", db.toString());
      assertEquals(0, computed.exit, computed.toString());
      assertEquals(0, stored.exit, stored.toString());
      assertEquals(stored.out.replaceAll(",\"diameter\":\\d+", ""), computed.out, code);
      assertTrue(computed.err.startsWith("klotski: no database at data/klotski-db: computed for its group alone, class "), computed.err);
      minimal += computed.out.contains("\"minimal\":true") ? 1 : 0;
    }
    assertTrue(minimal > 0, "some layouts of the sample are minimal puzzles");
    // the text table: the same lines but the group's diameter
    for (String code : sample(1)) {
      List<String> computed = Cli.run("info", code).out.lines().toList();
      List<String> stored = Cli.run("info", code, "--db", db.toString()).out.lines()
          .filter(l -> !l.trim().startsWith("diameter")).toList();
      assertEquals(stored, computed, code);
    }
  }

  /** next X with no database: every move's record from the group flooded alone, the database's lines and document. */
  @Test
  void nextWithoutADatabaseIsTheDatabasesAnswer() {
    for (String code : sample(2)) {
      for (List<String> extra : List.of(List.<String>of(), List.of("--json"))) {
        List<String> args = new ArrayList<>(List.of("next", code));
        args.addAll(extra);
        Cli[] r = computedAndStored(args);
        assertEquals(r[1].out, r[0].out, args.toString());
        assertEquals("klotski: no database at data/klotski-db: computed for its group alone", r[0].err.strip());
      }
    }
  }

  /** The command with no database (computed: exit 0), then on the test's database: both answers. */
  private static Cli[] computedAndStored(List<String> args) {
    List<String> withDb = new ArrayList<>(args);
    withDb.addAll(List.of("--db", db.toString()));
    Cli computed = Cli.run(args.toArray(String[]::new));
    assertEquals(0, computed.exit, computed.toString());
    return new Cli[] {computed, Cli.run(withDb.toArray(String[]::new))};
  }

  @Test
  void groupWithoutADatabaseIsTheDatabasesAnswer() {
    for (String code : sample(2)) {
      Cli computed = Cli.run("group", code, "--members");
      Cli stored = Cli.run("group", code, "--members", "--db", db.toString());
      assertEquals(0, computed.exit, computed.toString());
      assertEquals(stored.out, computed.out, code);
    }
    // by name as the database names it: a layout, a group, a group's layer
    for (List<String> args : List.of(List.of("1-2-1-0-5"), List.of("1-2-1-0"), List.of("1-2-0-0", "--members"),
        List.of("0-3-0-0", "--layer", "4"), List.of("1-1-1-0-0", "--layer", "2"))) {
      List<String> plain = new ArrayList<>(List.of("group"));
      plain.addAll(args);
      Cli[] r = computedAndStored(plain);
      assertEquals(r[1].out, r[0].out, args.toString());
      // --json too: the API's document, computed where no database is (it said "no database" before)
      plain.add("--json");
      Cli[] json = computedAndStored(plain);
      assertEquals(json[1].out.replaceAll(",\"diameter\":\\d+", ""), json[0].out, plain.toString());
      assertTrue(json[0].err.startsWith("klotski: no database at data/klotski-db: computed for the group alone"),
          json[0].err);
    }
    // what does not exist: a name beyond the shipped table is an input error (exit 2), saying what
    // there is; the database, which may hold only some classes, says it does not hold it (exit 1)
    Map<List<String>, String> wrong = Map.of(
        List.of("1-2-1-999"), "klotski: class 1-2-1 has 1 group, no group_num 999",
        List.of("1-2-1-0-99999"), "klotski: group 1-2-1-0 has 11,284 layouts, no group_index 99999 (name '1-2-1-0-99999')",
        List.of("9-9-9-0"), "klotski: no class '9-9-9' (expected jiang-bing-style, e.g. 5-4-1)",
        // numbers a group's name is not ("code '5-4-1' is not hex" before: the group's place takes layouts too)
        List.of("5-4-1"), "klotski: '5-4-1' is not a name of the form jiang-bing-style-group_num");
    wrong.forEach((args, said) -> {
      List<String> plain = new ArrayList<>(List.of("group"));
      plain.addAll(args);
      Cli computed = Cli.run(plain.toArray(String[]::new));
      assertEquals(2, computed.exit, computed.toString());
      assertTrue(computed.err.startsWith(said + " (see 'klotski group --help')"), computed.err);
      assertEquals(1, computed.err.lines().count(), computed.err);
    });
    // a layout by its name J-B-S-G-I, solved and shown without the database
    Cli solved = Cli.run("solve", "1-2-1-0-5", "--codes-only");
    assertEquals(0, solved.exit, solved.toString());
    assertEquals(Cli.run("solve", "1-2-1-0-5", "--codes-only", "--db", db.toString()).out, solved.out);
    assertEquals(Cli.run("show", solved.out.lines().findFirst().orElseThrow()).out, Cli.run("show", "1-2-1-0-5").out);
    Cli noLayer = Cli.run("group", "0-3-0-0", "--layer", "7");
    assertEquals(Cli.run("group", "0-3-0-0", "--layer", "7", "--db", db.toString()).err, noLayer.err);
  }
}
