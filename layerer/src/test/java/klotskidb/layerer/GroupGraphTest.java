package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/** The group graph, built once per symmetry orbit, against moves generated for every layout. */
class GroupGraphTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();

  /** Every layout's neighbour list and every image, against the mover and the hash. */
  private static int[] check(int g) {
    GroupGraph graph = new GroupGraph();
    graph.load(groups, g);
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    int[] closed = new int[4];
    for (int i = 0; i < graph.size(); i++) {
      long code = graph.code(i);
      int n = mover.neighbours(code, next);
      int[] expected = new int[n];
      for (int k = 0; k < n; k++) {
        expected[k] = graph.localIndex(next[k]);
      }
      int[] actual = Arrays.copyOfRange(graph.edges(), graph.edgeStart(i), graph.edgeStart(i + 1));
      Arrays.sort(expected);
      Arrays.sort(actual);
      String where = groups.groupName(g) + " " + Code.format(code);
      assertArrayEquals(expected, actual, where);
      long[] transformed = {code, mover.mirror(code), mover.flip(code), mover.flip(mover.mirror(code))};
      for (int t = 1; t < 4; t++) {
        int j = graph.find(transformed[t]);
        assertEquals(j >= 0, graph.closedUnder(t), where + " transform " + t);
        if (j >= 0) {
          assertEquals(j, graph.image(t, i), where + " transform " + t);
          closed[t]++;
        }
      }
    }
    return closed;
  }

  @Test
  void symmetricGroupsGetTheSameMovesAsAPlainGeneration() {
    // the classic group is its own mirror image, not its own flip; 2-2-1-0 (one group of
    // 68,904) is closed under both
    int classic = groups.groupOf(all.index(0x1A9BF0C00L));
    int[] c = check(classic);
    assertTrue(c[GroupGraph.MIRROR] > 0 && c[GroupGraph.FLIP] == 0);
    int[] d = check(groups.groupOfName("2-2-1-0"));
    assertTrue(d[GroupGraph.MIRROR] > 0 && d[GroupGraph.FLIP] > 0 && d[GroupGraph.BOTH] > 0);
    Random random = TestSeed.random("GroupGraphTest.symmetricGroupsGetTheSameMovesAsAPlainGeneration");
    for (int k = 0; k < 200; k++) {
      check(random.nextInt(groups.count()));
    }
  }
}
