package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import klotskidb.datasets.CountTables;
import klotskidb.query.Facts;
import klotskidb.testing.Published;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database of a few classes (5-4-1, 0-3-0, 1-2-1) states the global facts the full database
 * states: harder_than_percent is a share of all 29,334,498 layouts whatever was built (before,
 * 600003C30 said 99.61 here against the full database's 31.81, and 1A9BF0C00 99.64 against 99.91);
 * a fact that needs classes not built (minimal needs the classes one piece smaller) is null, and
 * the catalogue of facts says why.
 */
class PartialDatabaseTest {
  @Test
  void globalFactsAreTheFullDatabasesOrNullWithTheirReason() throws Exception {
    Path db = Cli.analysedDatabase();
    // the full database's figures: 1A9BF0C00 from a build of every class (DesignerFactsTest), 600003C30 likewise
    Cli classic = Cli.run("info", "1A9BF0C00", "--json", "--db", db.toString());
    assertEquals(0, classic.exit, classic.toString());
    assertTrue(classic.out.contains("\"difficulty\":{\"word\":\"very_hard\",\"harder_than_percent\":99.91,"
        + "\"harder_than_percent_in_class\":99.64}"), classic.out);
    assertTrue(classic.out.contains("\"minimal\":null"), classic.out);
    Cli small = Cli.run("info", "600003C30", "--json", "--db", db.toString());
    assertEquals(0, small.exit, small.toString());
    assertTrue(small.out.contains("\"harder_than_percent\":31.81,"), small.out);
    // why minimal is null here, in the catalogue of facts
    assertEquals("a class one piece smaller is not in the database", Facts.layout("minimal").nullWhen());
  }

  /**
   * One published number changed (the size of 1-2-1's group 0): verify fails, exit 1, naming that
   * row with its published and its stored values, and the tables that still agree say ok. Checked on
   * the classes built here, not the full database: the comparison is the same code for a database
   * of three classes and of all 203, and a failing run of the full one cost another scan of every
   * layout (FullDatabaseTest checks that the full database passes).
   */
  @Test
  void verifyFailsNamingTheRowWhenOnePublishedNumberChanges(@TempDir Path temp) throws Exception {
    Path db = Cli.analysedDatabase();
    for (String t : CountTables.PUBLISHED) {
      Files.copy(Published.dir().resolve(t + ".tsv"), temp.resolve(t + ".tsv"));
    }
    Path sizes = temp.resolve("group_size.tsv");
    List<String> lines = Files.readAllLines(sizes);
    int row = lines.indexOf("1\t2\t1\t0\t11284");
    assertTrue(row > 0, "1-2-1's group 0 is a row of the published group_size.tsv");
    lines.set(row, "1\t2\t1\t0\t11285");
    Files.write(sizes, lines);
    Cli r = Cli.run("verify", "--published", temp.toString(), "--db", db.toString());
    assertEquals(1, r.exit, r.toString());
    String line = r.out.lines().filter(l -> l.startsWith("group_size.tsv")).findFirst().orElseThrow();
    assertTrue(line.contains(" 1 of ") && line.contains(" differ"), line);
    // the line of the file that differs (the header is line 1), not the row's place among the present classes'
    assertTrue(line.contains("; line " + (row + 1) + ": expected 1 2 1 0 11285, actual 1 2 1 0 11284"), line);
    assertTrue(line.contains(" rows of 25422 differs (those about the classes the database holds)"), line);
    for (String ok : List.of("style_count.tsv", "group_num.tsv", "cases vs style_count.tsv")) {
      assertTrue(r.out.lines().anyMatch(l -> l.startsWith(ok + " ") && l.contains(" ok (")), ok + ": " + r.out);
    }
    assertTrue(r.out.contains("FAILED: some checks differ"), r.out);
  }
}
