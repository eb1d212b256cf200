package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import klotskidb.query.Facts;
import org.junit.jupiter.api.Test;

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
}
