package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import klotskidb.db.SmallDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The library's example, as its class comment writes it, on a database of class 5-4-1. */
class KlotskiDatabaseTest {
  @TempDir static Path temp;

  @Test
  void theExampleOfTheClassComment() throws Exception {
    Path dir = SmallDatabase.publish(SmallDatabase.layers("5-4-1"), temp.resolve("db"));
    try (KlotskiDatabase db = KlotskiDatabase.open(dir)) {
      KlotskiDatabase.Layout l = db.layout("横刀立马");
      assertEquals("1A9BF0C00", l.code());
      assertEquals("5-4-1-1-7472", l.name());
      assertEquals(4091296, l.id());
      assertEquals(81, l.minSolutionStep());
      assertEquals(26, l.layer());
      assertTrue(l.symmetric() && l.solvable() && !l.solved());
      assertEquals(256, l.optimalSolutionNum());
      for (String spelling : List.of("1A9BF0C00", "1A9BF0C", "#4091296", "@4WVE1", "5-4-1-1-7472", "橫刀立馬", "hengdaolima")) {
        assertEquals(l, db.layout(spelling), spelling);
      }
      List<String> solution = db.solve("横刀立马");
      assertEquals(82, solution.size());
      assertEquals("1A9BF0C00", solution.get(0));
      assertTrue(db.layout(solution.get(81)).solved());
      assertEquals(solution, KlotskiDatabase.solveWithoutDatabase("1A9BF0C"), "the same rule with or without a database");
      List<KlotskiDatabase.Layout> hardest = db.find(Map.of("class", "5-4-1", "order", "hardest"), 3);
      assertEquals(3, hardest.size());
      assertTrue(hardest.get(0).minSolutionStep() >= hardest.get(2).minSolutionStep());
      assertTrue(hardest.get(0).minSolutionStep() >= 81, "the hardest of 5-4-1 is no easier than 横刀立马");
      Map<String, Object> document = db.document("横刀立马");
      assertEquals("1A9BF0C00", document.get("code"));
      assertEquals(81, ((Number) document.get("min_solution_step")).intValue());
      IllegalArgumentException typo = assertThrows(IllegalArgumentException.class, () -> db.layout("1A9BF0CZ"));
      assertEquals("code '1A9BF0CZ' is not hex: 'Z' at position 8", typo.getMessage());
      assertThrows(Lookup.NotFoundException.class, () -> db.layout("00006FFF0"), "a layout of a class not built");
      assertThrows(IllegalArgumentException.class, () -> db.find(Map.of("class", "5-4-1"), 0));
      assertFalse(db.find(Map.of("class", "5-4-1", "solvable", "false"), 1).get(0).solvable());
    }
  }
}
