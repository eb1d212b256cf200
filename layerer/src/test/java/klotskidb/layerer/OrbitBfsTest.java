package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/** The BFS over orbits against a plain BFS over every layout's moves, on seeded random sources. */
class OrbitBfsTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();

  /** Plain BFS over the full adjacency: the reference. */
  private static int[] plainBfs(GroupGraph graph, int[] sources, int count) {
    int n = graph.size();
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    int[] queue = new int[n];
    int tail = 0;
    for (int k = 0; k < count; k++) {
      if (dist[sources[k]] < 0) {
        dist[sources[k]] = 0;
        queue[tail++] = sources[k];
      }
    }
    for (int head = 0; head < tail; head++) {
      int u = queue[head];
      for (int e = graph.edgeStart(u); e < graph.edgeStart(u + 1); e++) {
        int v = graph.edges()[e];
        if (dist[v] < 0) {
          dist[v] = dist[u] + 1;
          queue[tail++] = v;
        }
      }
    }
    return dist;
  }

  /** Orbits, lanes and distances of group g from {@code rounds} random source sets. */
  private static void check(int g, Random random, int rounds) {
    GroupGraph graph = new GroupGraph();
    graph.load(groups, g);
    int n = graph.size();
    String name = groups.groupName(g);
    // every layout is t(its canonical layout); the stabilizer is exactly the t with t(c) = c
    for (int i = 0; i < n; i++) {
      int o = graph.orbitOf(i);
      assertEquals(i, graph.canonicalImage(o >>> 2, o & 3), name);
    }
    for (int r = 0; r < graph.orbitCount(); r++) {
      int c = graph.canonicalImage(r, 0);
      assertEquals(r << 2, graph.orbitOf(c), name);
      for (int t = 0; t < 4; t++) {
        boolean stable = graph.canonicalImage(r, t) == c;
        assertEquals(stable, (graph.stabilizer(r) >>> t & 1) != 0, name + " orbit " + r);
      }
    }
    OrbitBfs bfs = new OrbitBfs();
    int[] sources = new int[8];
    for (int round = 0; round < rounds; round++) {
      int count = round == 0 ? 1 : 1 + random.nextInt(sources.length);
      for (int k = 0; k < count; k++) {
        sources[k] = round == 0 ? 0 : random.nextInt(n);
      }
      int[] expected = plainBfs(graph, sources, count);
      int levels = bfs.run(graph, sources, count);
      assertEquals(Arrays.stream(expected).max().getAsInt() + 1, levels, name);
      for (int i = 0; i < n; i++) {
        assertEquals(expected[i], bfs.distance(graph, i), name + " " + Code.format(graph.code(i)));
      }
    }
  }

  @Test
  void distancesEqualAPlainBfs() {
    Random random = TestSeed.random("OrbitBfsTest.distancesEqualAPlainBfs");
    // classic: closed under the mirror, with symmetric layouts; 2-2-1-0: closed under all
    int classic = groups.groupOf(all.index(0x1A9BF0C00L));
    GroupGraph graph = new GroupGraph();
    graph.load(groups, classic);
    assertTrue(graph.closedUnder(GroupGraph.MIRROR) && !graph.closedUnder(GroupGraph.FLIP));
    assertTrue(graph.orbitCount() < graph.size());
    check(classic, random, 10);
    check(groups.groupOfName("2-2-1-0"), random, 10);
    for (int k = 0; k < 300; k++) {
      check(random.nextInt(groups.count()), random, 3);
    }
  }

  @Test
  void unreachedLayoutsAndAGroupOfOne() {
    // a group of a single layout: one level, distance 0
    int single = -1;
    for (int g = 0; g < groups.count() && single < 0; g++) {
      single = groups.size(g) == 1 ? g : -1;
    }
    assertTrue(single >= 0);
    GroupGraph graph = new GroupGraph();
    graph.loadOrbits(groups, single);
    OrbitBfs bfs = new OrbitBfs();
    assertEquals(1, bfs.run(graph, new int[] {0}, 1));
    assertEquals(0, bfs.distance(graph, 0));
    // no sources: nothing reached
    graph.loadOrbits(groups, groups.groupOf(all.index(0x1A9BF0C00L)));
    assertEquals(0, bfs.run(graph, new int[0], 0));
    assertEquals(-1, bfs.distance(graph, 0));
  }
}
