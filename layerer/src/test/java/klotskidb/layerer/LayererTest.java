package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;
import klotskidb.testing.Parallel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** BFS layers and distances to a solution: the sample classes ({@link SampleData}), and every move of all 29,334,498 layouts (slow). */
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

  /**
   * For every layout and both distance fields (layer from the seed, min_solution_step): every
   * neighbour differs by at most 1, a layout at 0 is the seed / solved, and a layout at k > 0 has
   * a neighbour at k - 1. Unsolvable groups have NONE everywhere and solved layouts 0.
   */
  @Test
  @Tag("slow")
  void distancesAreConsistentAcrossEveryMove() {
    LayoutSpace all = FullData.all();
    Groups groups = FullData.groups();
    Layers layers = FullData.layers();
    long bad = Parallel.sum(all.size(), () -> new long[Mover.MAX_NEIGHBOURS], (next, from, to) -> {
      Mover mover = new Mover();
      long wrong = 0;
      for (int id = from; id < to; id++) {
        long code = all.code(id);
        int g = groups.groupOf(id);
        int step = layers.minSolutionStep(id);
        int layer = layers.layer(id);
        int n = mover.neighbours(code, next);
        boolean stepDown = false;
        boolean layerDown = false;
        for (int i = 0; i < n; i++) {
          int nid = all.index(next[i]);
          int s = layers.minSolutionStep(nid);
          int l = layers.layer(nid);
          wrong += Math.abs(s - step) > 1 || Math.abs(l - layer) > 1 ? 1 : 0;
          stepDown |= s == step - 1;
          layerDown |= l == layer - 1;
        }
        if (!layers.isSolvable(g)) {
          wrong += step == Layers.NONE ? 0 : 1;
        } else if (Code.isSolved(code)) {
          wrong += step == 0 ? 0 : 1;
        } else {
          wrong += step > 0 && stepDown ? 0 : 1;
        }
        wrong += layer == 0 ? (groups.seed(g) == id ? 0 : 1) : (layerDown ? 0 : 1);
        if (wrong > 0) {
          throw new AssertionError("distances inconsistent at " + Code.format(code));
        }
      }
      return wrong;
    });
    assertEquals(0, bad);
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
