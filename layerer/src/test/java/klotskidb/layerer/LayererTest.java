package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * BFS layers and distances to a solution on the sample classes ({@link SampleData}); the same
 * checks over every move of all 29,334,498 layouts are FullDatabaseTest's, on the full build.
 */
class LayererTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();
  private static Layers layers;

  @BeforeAll
  static void build() {
    layers = SampleData.layers();
  }

  @Test
  void classicStartNeedsEightyOneSteps() {
    int id = all.index(0x1A9BF0C00L);
    assertEquals(81, layers.minSolutionStep(id));
    int g = groups.groupOf(id);
    assertTrue(layers.isSolvable(g));
    assertTrue(layers.maxMinSolutionStep(g) >= 81);
  }

  @Test
  void layerSizesAddUpAndLayerZeroIsTheSeed() {
    for (int g = 0; g < groups.count(); g++) {
      long sum = 0;
      for (int k = 0; k < layers.layerCount(g); k++) {
        assertTrue(layers.layerSize(g, k) > 0);
        sum += layers.layerSize(g, k);
      }
      assertEquals(groups.size(g), sum, groups.groupName(g));
      assertEquals(1, layers.layerSize(g, 0));
      assertEquals(0, layers.layer(groups.seed(g)));
      int solved = 0;
      for (int i = 0; i < groups.size(g); i++) {
        solved += Code.isSolved(all.code(groups.member(g, i))) ? 1 : 0;
      }
      assertEquals(solved, layers.solvedCount(g));
    }
  }

  @Test
  void aGroupWithoutSolvedLayoutsIsUnsolvable() {
    int g = groups.groupOf(all.index(Code.parse("0E83ABC")));
    assertEquals("5-4-0-2", groups.groupName(g));
    assertEquals(27, groups.size(g));
    assertEquals(0, layers.solvedCount(g));
    assertEquals(Layers.NONE, layers.maxMinSolutionStep(g));
    assertTrue(!layers.isSolvable(g));
    assertEquals(0, layers.hardestLayouts(g).length);
  }

  @Test
  void hardestLayoutsOfAGroupAreTheFarthestFromASolution() {
    int g = groups.groupOf(all.index(0x1A9BF0C00L));
    int[] hardest = layers.hardestLayouts(g);
    assertEquals(layers.hardestCount(g), hardest.length);
    for (int id : hardest) {
      assertEquals(layers.maxMinSolutionStep(g), layers.minSolutionStep(id));
      assertEquals(layers.maxMinSolutionStep(g) + 1, Solver.solve(all.code(id)).length);
    }
  }
}
