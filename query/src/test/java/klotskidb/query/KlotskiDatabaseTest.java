package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import klotskidb.db.SmallDatabase;
import klotskidb.layerer.Layers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's example, as its class comment writes it, on a database of classes 5-4-1 and 0-3-0
 * (0-3-0 analysed, with made-up values); and its layouts against their JSON documents.
 */
class KlotskiDatabaseTest {
  @TempDir static Path temp;
  private static Path dir;

  @BeforeAll
  static void database() throws Exception {
    Layers layers = SmallDatabase.layers("5-4-1", "0-3-0");
    dir = SmallDatabase.analyse(SmallDatabase.publish(layers, temp.resolve("db")), layers.groups(), "0-3-0");
  }

  @Test
  void theExampleOfTheClassComment() throws Exception {
    try (KlotskiDatabase db = KlotskiDatabase.open(dir)) {
      Layout l = db.layout("横刀立马");
      assertEquals("1A9BF0C00", l.code());
      assertEquals("5-4-1-1-7472", l.name());
      assertEquals(4091296, l.id());
      assertEquals(81, l.minSolutionStep());
      assertEquals(26, l.layer());
      assertTrue(l.symmetric() && l.solvable() && !l.solved());
      assertEquals(256, l.optimalSolutionNum());
      assertEquals("very_hard", l.difficultyWord());
      for (String spelling : List.of("1A9BF0C00", "1A9BF0C", "#4091296", "@4WVE1", "5-4-1-1-7472", "橫刀立馬", "hengdaolima")) {
        assertEquals(l, db.layout(spelling), spelling);
      }
      List<String> solution = db.solve("横刀立马");
      assertEquals(82, solution.size());
      assertEquals("1A9BF0C00", solution.get(0));
      assertTrue(db.layout(solution.get(81)).solved());
      assertEquals(solution, KlotskiDatabase.solveWithoutDatabase("1A9BF0C"), "the same rule with or without a database");
      List<Layout> hardest = db.find(Map.of("class", "5-4-1", "order", "hardest"), 3);
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

  /**
   * A layout's record holds its JSON document's facts in their order, with their values: a class
   * not analysed (null farthest_step), an analysed one, an unsolvable layout (null
   * min_solution_step and difficulty), a solved one.
   */
  @Test
  void aLayoutIsItsDocumentTyped() throws Exception {
    try (KlotskiDatabase db = KlotskiDatabase.open(dir)) {
      List<Facts.Fact> facts = Facts.LAYOUT.stream().filter(f -> f.in(Facts.Output.JSON)).toList();
      RecordComponent[] components = Layout.class.getRecordComponents();
      assertEquals(facts.size(), components.length, "a component each fact of the document");
      String unsolvable = db.find(Map.of("class", "5-4-1", "solvable", "false"), 1).get(0).code();
      String solved = db.find(Map.of("class", "0-3-0", "min_steps", "0", "max_steps", "0"), 1).get(0).code();
      for (String text : List.of("横刀立马", unsolvable, solved, "0-3-0-0-77")) {
        Layout l = db.layout(text);
        Map<String, Object> document = db.document(text);
        for (int i = 0; i < facts.size(); i++) {
          String name = facts.get(i).name();
          int dot = name.indexOf('.');
          Object expected = dot < 0 ? document.get(name) : document.get(name.substring(0, dot)) == null ? null
              : ((Map<?, ?>) document.get(name.substring(0, dot))).get(name.substring(dot + 1));
          Object actual = components[i].getAccessor().invoke(l);
          assertEquals(expected, actual, text + ": " + name + " as " + components[i].getName());
          assertEquals(name.replace(".", "_").replace("_", ""), components[i].getName().toLowerCase(Locale.ROOT),
              "its name");
        }
      }
      assertEquals(null, db.layout("横刀立马").farthestStep(), "5-4-1 is not analysed");
      assertEquals(SmallDatabase.farthestOf(0x0000003C3L), db.layout("0000003C3").farthestStep(), "0-3-0 is");
      assertEquals(null, db.layout(unsolvable).minSolutionStep());
      assertEquals(null, db.layout(unsolvable).difficultyWord());
      assertEquals(0, db.layout(solved).minSolutionStep());
    }
  }
}
