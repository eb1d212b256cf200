package klotskidb.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;
import klotskidb.layerer.SampleData;
import klotskidb.layerer.GroupGraph;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/**
 * One root's lists from a BFS over codes against the all-roots engine on the same roots, on one
 * thread and with every level shared by two.
 */
class RootFactsTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();

  @Test
  void theClassicStart() {
    RootFacts f = RootFacts.of(0x1A9BF0C00L, 25_955);
    assertEquals(124, f.farthestStep());
    assertEquals(8, f.farthest().length);
    assertEquals(8, f.farthestNum());
    assertEquals(81, f.minSolutionStep());
    assertEquals(2, f.minSolutionNum());
    assertEquals(6, f.solutions().length);
    assertEquals(6, f.solutionNum());
    assertEquals("DAA7F3000", Code.format(f.solutions()[0]));
    assertEquals("DAAF4CC00", Code.format(f.solutions()[1]));
    int[] steps = f.steps();
    for (int k = 1; k < steps.length; k++) {
      assertTrue(steps[k] >= steps[k - 1] && steps[k] > 81 == k >= 2, Arrays.toString(steps));
    }
  }

  /** Sampled roots of random groups (solvable or not, of one layout too) against AllRootsBfs. */
  @Test
  void sampledRootsEqualTheEngine() {
    sampledRootsEqualTheEngine(TestSeed.of("RootFactsTest.sampledRoots"), 4);
  }

  /** Thirty groups more, of another seed, every root also on two threads. */
  @Test
  @Tag("slow")
  void moreSampledRootsEqualTheEngine() {
    sampledRootsEqualTheEngine(TestSeed.of("RootFactsTest.moreSampledRoots"), 12);
  }

  /** Roots of 30 random groups; of each group's 12, the first {@code shared} also with every level shared by two threads. */
  private static void sampledRootsEqualTheEngine(long seed, int shared) {
    Random random = new Random(seed);
    AllRootsBfs engine = new AllRootsBfs(2, Kernels.fastest());
    GroupGraph graph = new GroupGraph();
    int unsolvable = 0;
    int solvedStarts = 0;
    int single = 0;
    for (int k = 0; k < 30; k++) {
      int g = k == 0 ? groups.groupOf(all.index(0x1A9BF0C00L)) : k == 1 ? firstOfSize(1) : random.nextInt(groups.count());
      if (groups.size(g) > 40_000) {
        continue;
      }
      graph.load(groups, g);
      AllRootsBfs.Result r = engine.run(graph, true);
      for (int s = 0; s < 12; s++) {
        int i = s == 0 && k % 2 == 0 ? firstSolved(graph) : random.nextInt(graph.size());
        if (i < 0) {
          i = 0;
        }
        String where = groups.groupName(g) + " " + Code.format(graph.code(i));
        // on one thread, and with every level shared by two threads (as large groups run)
        RootFacts f = RootFacts.of(graph.code(i), graph.size(), 1);
        if (s < shared) { // a thread started a level: the costly part of the check
          RootFacts two = RootFacts.of(graph.code(i), graph.size(), 2, 1);
          assertArrayEquals(f.farthest(), two.farthest(), where);
          assertArrayEquals(f.solutions(), two.solutions(), where);
          assertArrayEquals(f.steps(), two.steps(), where);
          assertEquals(f.minSolutionNum(), two.minSolutionNum(), where);
        }
        assertEquals(r.farthestStep[i], f.farthestStep(), where);
        assertArrayEquals(codes(graph, r.farthest(i)), f.farthest(), where);
        assertEquals(r.minSolutionStep[i], f.minSolutionStep(), where);
        assertEquals(r.minSolutionNum[i], f.minSolutionNum(), where);
        assertEquals(r.solutionNum[i], f.solutions().length, where);
        // each analysed fact the same by its accessor and by the all-roots engine's array of its name
        assertEquals(r.farthestNum[i], f.farthestNum(), where);
        assertEquals(r.solutionNum[i], f.solutionNum(), where);
        assertArrayEquals(codes(graph, r.minSolutions(i)),
            Arrays.copyOf(f.solutions(), f.minSolutionNum()), where);
        unsolvable += f.minSolutionStep() < 0 ? 1 : 0;
        solvedStarts += f.minSolutionStep() == 0 ? 1 : 0;
        single += graph.size() == 1 ? 1 : 0;
      }
    }
    assertTrue(unsolvable > 0 && solvedStarts > 0 && single > 0,
        unsolvable + " unsolvable, " + solvedStarts + " solved starts, " + single + " single");
  }

  private static int firstOfSize(int size) {
    for (int g = 0; g < groups.count(); g++) {
      if (groups.size(g) == size) {
        return g;
      }
    }
    throw new AssertionError("no group of " + size);
  }

  private static int firstSolved(GroupGraph graph) {
    for (int i = 0; i < graph.size(); i++) {
      if (graph.isSolved(i)) {
        return i;
      }
    }
    return -1;
  }

  private static long[] codes(GroupGraph graph, int[] local) {
    long[] out = new long[local.length];
    for (int k = 0; k < local.length; k++) {
      out[k] = graph.code(local[k]);
    }
    return out;
  }
}
