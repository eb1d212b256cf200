package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.testing.SameAsReference;
import org.junit.jupiter.api.Test;

class SolverTest {
  private static boolean isMove(long from, long to) {
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    int n = new Mover().neighbours(from, next);
    return Arrays.stream(next, 0, n).anyMatch(c -> c == to);
  }

  @Test
  void classicStartIsSolvedInEightyOneLegalSteps() {
    long[] path = Solver.solve(0x1A9BF0C00L);
    assertEquals(82, path.length, "81 steps");
    assertEquals(0x1A9BF0C00L, path[0]);
    assertTrue(Code.isSolved(path[81]));
    for (int i = 1; i < path.length; i++) {
      assertTrue(isMove(path[i - 1], path[i]), "step " + i + " is one move");
      assertTrue(!Code.isSolved(path[i - 1]), "no solved layout before the end");
    }
  }

  /**
   * The rule, from the steps of every layout of the sample classes ({@link SampleData}): from each layout the move to
   * the smallest code among those one step closer. Solver.solve, with no steps known, gives that
   * path on 200 seeded solvable layouts of those classes.
   */
  @Test
  void everySolutionIsTheRuleWalkedOverEveryLayoutsSteps() {
    Layers layers = SampleData.layers();
    LayoutSpace all = layers.groups().layouts();
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    SameAsReference.check("Solver.solve", 200, r -> {
      while (true) {
        int id = r.nextInt(all.size());
        if (layers.minSolutionStep(id) >= 0) {
          return all.code(id);
        }
      }
    }, code -> Arrays.stream(Solver.solve(code)).boxed().toList(), code -> {
      List<Long> path = new ArrayList<>(List.of(code));
      for (long at = code; layers.minSolutionStep(all.index(at)) > 0; path.add(at)) {
        int steps = layers.minSolutionStep(all.index(at));
        int n = mover.neighbours(at, next);
        long best = Long.MAX_VALUE;
        for (int j = 0; j < n; j++) {
          if (next[j] < best && layers.minSolutionStep(all.index(next[j])) == steps - 1) {
            best = next[j];
          }
        }
        at = best;
      }
      return path;
    }, Code::format);
  }

  @Test
  void aSolvedLayoutIsItsOwnSolution() {
    long solved = Code.parse("DAA7F3");
    assertEquals(1, Solver.solve(solved).length);
  }

  @Test
  void pathsRunBothWaysWithTheSameLength() {
    long a = 0x1A9BF0C00L;
    long b = Code.parse("DAAF4CC");
    long[] ab = Solver.path(a, b);
    long[] ba = Solver.path(b, a);
    assertEquals(ab.length, ba.length);
    assertEquals(b, ab[ab.length - 1]);
    for (int i = 1; i < ab.length; i++) {
      assertTrue(isMove(ab[i - 1], ab[i]));
    }
  }

  @Test
  void layoutsInDifferentGroupsHaveNoPath() {
    // same class 5-4-1: 006ABFC00 is the seed of group 5-4-1-0, the classic start is in 5-4-1-1
    assertNull(Solver.path(0x1A9BF0C00L, Code.parse("006ABFC")));
    // different classes
    assertNull(Solver.path(0x1A9BF0C00L, Code.parse("4FEA134")));
  }

  @Test
  void aLayoutWithoutSolvedLayoutsInItsGroupHasNoSolution() {
    // 0E83ABC00 seeds group 5-4-0-2 (27 layouts): five vertical pieces keep the 2x2 from the
    // bottom row (LayererTest checks that the group has no solved layout)
    assertNull(Solver.solve(Code.parse("0E83ABC")));
  }
}
