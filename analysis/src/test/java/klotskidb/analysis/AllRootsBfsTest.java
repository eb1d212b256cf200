package klotskidb.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;
import klotskidb.layerer.GroupGraph;
import klotskidb.layerer.Layers;
import klotskidb.layerer.SampleData;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The bit-parallel all-roots BFS against a plain BFS from one root at a time. Its tests run two at
 * a time when a worker is free: they share read-only fixtures and one concurrent map of references.
 */
@Execution(ExecutionMode.CONCURRENT)
class AllRootsBfsTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();

  /** One root, one BFS, the definitions of SPEC 5 applied literally. */
  private static final class Reference {
    int farthestStep;
    int minStep = Layers.NONE;
    int solutions;
    LongArrayList farthest = new LongArrayList();
    LongArrayList minSolutions = new LongArrayList();

    Reference(GroupGraph g, int root) {
      int n = g.size();
      int[] dist = new int[n];
      int[] queue = new int[n];
      // a plain BFS, independent of the engine's; in the same walk of the edges, the layouts
      // reached from a solved layout going one layer further (marked). A layout's mark is whole
      // when it leaves the queue: every layout one layer nearer the root left it before
      Arrays.fill(dist, -1);
      boolean[] marked = new boolean[n];
      int[] edges = g.edges();
      dist[root] = 0;
      queue[0] = root;
      int reached = 1;
      for (int q = 0; q < reached; q++) {
        int v = queue[q];
        boolean passesOn = marked[v] || g.isSolved(v);
        for (int e = g.edgeStart(v); e < g.edgeStart(v + 1); e++) {
          int w = edges[e];
          if (dist[w] < 0) {
            dist[w] = dist[v] + 1;
            queue[reached++] = w;
          }
          if (passesOn && dist[w] == dist[v] + 1) {
            marked[w] = true;
          }
        }
      }
      for (int v = 0; v < n; v++) {
        farthestStep = Math.max(farthestStep, dist[v]);
        if (g.isSolved(v)) {
          if (minStep == Layers.NONE || dist[v] < minStep) {
            minStep = dist[v];
          }
          solutions += marked[v] ? 0 : 1;
        }
      }
      for (int v = 0; v < n; v++) {
        if (dist[v] == farthestStep) {
          farthest.add(((long) root << 32) | v);
        }
        if (g.isSolved(v) && dist[v] == minStep) {
          minSolutions.add(((long) root << 32) | v);
        }
      }
    }
  }

  /**
   * Every kernel this JVM has, each a way the engine can run: scalar (4 words), vector with its
   * own choice of width, vector forced to 8 words (512 roots) on every short group, and where the
   * processor has 512-bit vectors the same with 8 words as two 256-bit ones.
   */
  /** A long group whose farthest pass takes the candidates' shortcut. */
  private static final String LONG_GROUP = "5-4-5-0";

  static List<AllRootsBfs> engines(int threads, int longDepth) {
    List<AllRootsBfs> engines = new ArrayList<>();
    engines.add(new AllRootsBfs(threads, Kernels.scalar(), longDepth));
    if (KernelsTest.vectorHere()) {
      engines.add(new AllRootsBfs(threads, Kernels.vector(), longDepth));
      engines.add(new AllRootsBfs(threads, Kernels.vector(), longDepth, 0));
      if (Kernels.vector().wideVectors()) {
        engines.add(new AllRootsBfs(threads, Kernels.vector256(), longDepth, 0));
      }
    }
    return engines;
  }

  private static void compare(int g, int[] roots) {
    compare(g, roots, 1);
  }

  private static void compare(int g, int[] roots, int threads) {
    compare(g, roots, engines(threads, AllRootsBfs.LONG_DEPTH));
  }

  /** Every engine's values and lists of {@code roots} against one plain BFS per root; returns each engine's result. */
  private static List<AllRootsBfs.Result> compare(int g, int[] roots, List<AllRootsBfs> engines) {
    GroupGraph graph = new GroupGraph();
    graph.load(groups, g);
    List<AllRootsBfs.Result> results = new ArrayList<>();
    for (AllRootsBfs engine : engines) {
      results.add(engine.run(graph, true));
    }
    Reference[] refs = references(g, graph, roots);
    for (int i = 0; i < roots.length; i++) {
      int root = roots[i];
      Reference ref = refs[i];
      for (int k = 0; k < results.size(); k++) {
        AllRootsBfs.Result r = results.get(k);
        AllRootsBfs engine = engines.get(k);
        String where = groups.groupName(g) + " root " + Code.format(graph.code(root)) + ", kernel "
            + engine.kernels().name() + ", " + engine.farthestWords + "/" + engine.solutionWords + " words";
        assertEquals(ref.farthestStep, r.farthestStep[root], where);
        assertEquals(ref.farthest.size(), r.farthestNum[root], where);
        assertEquals(ref.minStep, r.minSolutionStep[root], where);
        assertEquals(ref.minSolutions.size(), r.minSolutionNum[root], where);
        assertEquals(ref.solutions, r.solutionNum[root], where);
        assertArrayEquals(ref.farthest.toLongArray(), pairs(root, r.farthest(root)), where);
        assertArrayEquals(ref.minSolutions.toLongArray(), pairs(root, r.minSolutions(root)), where);
      }
    }
    return results;
  }

  /** Every whole group's references, kept for the next test of the same group (the classic's: three). */
  private static final Map<Integer, Reference[]> WHOLE = new ConcurrentHashMap<>();

  /** The plain BFS of each root, on every core (the references cost far more than the engines). */
  private static Reference[] references(int g, GroupGraph graph, int[] roots) {
    boolean whole = roots.length == graph.size() && Arrays.equals(roots, everyRoot(g));
    Reference[] kept = whole ? WHOLE.get(g) : null;
    if (kept != null) {
      return kept;
    }
    Reference[] refs = new Reference[roots.length];
    IntStream.range(0, roots.length).parallel().forEach(i -> refs[i] = new Reference(graph, roots[i]));
    if (whole && graph.size() > 20_000) {
      WHOLE.put(g, refs);
    }
    return refs;
  }

  private static long[] pairs(int root, int[] layouts) {
    return Arrays.stream(layouts).mapToLong(v -> ((long) root << 32) | v).toArray();
  }

  private static int[] everyRoot(int g) {
    return IntStream.range(0, groups.size(g)).toArray();
  }

  /**
   * The classic start's published values from every engine, and a sample of other roots of its
   * group against the reference.
   */
  @Test
  void theClassicStartHasItsPublishedValues() {
    int id = all.index(0x1A9BF0C00L);
    int g = groups.groupOf(id);
    int i = groups.groupIndex(id);
    Random random = TestSeed.random("AllRootsBfsTest.theClassicStartHasItsPublishedValues");
    int[] roots = IntStream.concat(IntStream.of(i), random.ints(150, 0, groups.size(g))).toArray();
    List<AllRootsBfs> engines = engines(1, AllRootsBfs.LONG_DEPTH);
    List<AllRootsBfs.Result> results = compare(g, roots, engines);
    GroupGraph graph = new GroupGraph();
    graph.load(groups, g);
    for (int k = 0; k < results.size(); k++) {
      AllRootsBfs.Result r = results.get(k);
      String engine = engines.get(k).kernels().name() + ", " + engines.get(k).farthestWords + " words";
      assertEquals(124, r.farthestStep[i], engine);
      assertEquals(8, r.farthestNum[i], engine);
      assertEquals(81, r.minSolutionStep[i], engine);
      assertEquals(2, r.minSolutionNum[i], engine);
      assertEquals(6, r.solutionNum[i], engine);
      int[] min = r.minSolutions(i);
      assertEquals("DAA7F3000", Code.format(graph.code(min[0])), engine);
      assertEquals("DAAF4CC00", Code.format(graph.code(min[1])), engine);
    }
  }

  /**
   * A dense group (1-2-0-0: 12,012 layouts, 30 moves each) runs its middle levels over every open
   * layout and its first and last over the touched ones: seeded random roots against the reference.
   */
  @Test
  void aDenseGroupSweptBothWaysEqualsAPlainBfs() {
    int g = groups.group(LayoutClass.index(1, 2, 0), 0);
    List<AllRootsBfs> engines = engines(2, AllRootsBfs.LONG_DEPTH);
    Random random = TestSeed.random("AllRootsBfsTest.aDenseGroupSweptBothWaysEqualsAPlainBfs");
    int[] roots = random.ints(300, 0, groups.size(g)).toArray();
    compare(g, roots, engines);
    for (AllRootsBfs engine : engines) {
      long[] levels = engine.sweptLevels();
      assertTrue(levels[0] > 0 && levels[1] > 0, levels[0] + " touched levels, " + levels[1] + " open levels");
    }
    // the vector kernel's own choice here is 512 roots a batch
    assertEquals(KernelsTest.vectorHere() ? 8 : 4, engines.get(engines.size() - 1).farthestWords);
  }

  /** Ten seeded groups of at most 3,000 layouts in the quick tier; twenty-five others in the slow one. */
  @Test
  void everyRootOfSeveralWholeGroupsEqualsAPlainBfs() {
    everyRootOfWholeGroups(TestSeed.of("AllRootsBfsTest.severalWholeGroups"), 10);
  }

  @Test
  @Tag("slow")
  void everyRootOfManyWholeGroupsEqualsAPlainBfs() {
    everyRootOfWholeGroups(TestSeed.of("AllRootsBfsTest.manyWholeGroups"), 25);
  }

  private static void everyRootOfWholeGroups(long seed, int count) {
    Random random = new Random(seed);
    int checked = 0;
    int solvable = 0;
    while (checked < count) {
      int g = random.nextInt(groups.count());
      // half the sample solvable (only 1,981 of the 25,422 groups are: ten draws held none four runs in ten)
      if (groups.size(g) > 3000 || checked < count / 2 && !solvable(g)) {
        continue;
      }
      compare(g, everyRoot(g));
      checked++;
      solvable += solvable(g) ? 1 : 0;
    }
    // and a solvable mid-sized group for sure: the group of 4FEA13400's class with most layouts <= 3000
    int cls = LayoutClass.index(1, 2, 1);
    for (int g = groups.group(cls, 0); g < groups.group(cls, 0) + groups.groupsInClass(cls); g++) {
      if (groups.size(g) <= 3000) {
        compare(g, everyRoot(g));
        break;
      }
    }
    assertTrue(solvable > 0, "the sample holds solvable groups");
  }

  /** Whether a transform of the seed (mirror, flip or both) lands in the group: it maps the group onto itself. */
  private static boolean closedUnder(int g, LongUnaryOperator transform) {
    return groups.groupOf(all.index(transform.applyAsLong(all.code(groups.member(g, 0))))) == g;
  }

  /**
   * Whole groups that use each kind of symmetry the engine exploits, several batches in each pass,
   * on two threads: every root against the reference.
   */
  @Test
  void symmetricGroupsAndSeveralThreadsEqualAPlainBfs() {
    Mover mover = new Mover();
    boolean mirrorAndFlip = false;
    boolean mirrorOnly = false;
    boolean neither = false; // not its own mirror image (the largest such groups are small)
    int[] bySize = IntStream.range(0, groups.count()).boxed()
        .sorted(Comparator.comparingInt(groups::size)).mapToInt(Integer::intValue).toArray();
    for (int g : bySize) {
      if (groups.size(g) < 300) {
        continue;
      }
      boolean mirror = closedUnder(g, mover::mirror);
      boolean flip = closedUnder(g, mover::flip);
      boolean solvable = solvable(g);
      boolean large = groups.size(g) > 1500; // several batches of the farthest pass
      if (mirror && flip && solvable && large && !mirrorAndFlip) {
        mirrorAndFlip = true;
      } else if (mirror && !flip && solvable && large && !mirrorOnly) {
        mirrorOnly = true;
      } else if (!mirror && !neither) {
        neither = true;
      } else {
        continue;
      }
      compare(g, everyRoot(g), 2);
      if (mirrorAndFlip && mirrorOnly && neither) {
        return;
      }
    }
    throw new AssertionError("no group for every kind of symmetry: " + mirrorAndFlip + mirrorOnly + neither);
  }

  /**
   * A long group (5-4-5-0: 7,888 layouts, its seed 83 layers deep, a class of the catalogue's):
   * its farthest pass goes through anchors and a few hundred candidates, not a BFS per root. Every
   * root against the reference. (The classic group, three times the size, is long too: its values
   * in {@link #theClassicStartHasItsPublishedValues}, every root in the test below.)
   */
  @Test
  @Tag("slow")
  void theCandidateShortcutOfALongGroupEqualsAPlainBfs() {
    int g = groups.groupOfName(LONG_GROUP);
    List<AllRootsBfs> engines = engines(2, AllRootsBfs.LONG_DEPTH);
    compare(g, everyRoot(g), engines);
    for (AllRootsBfs engine : engines) {
      assertTrue(engine.usedCandidates && engine.candidateCount < groups.size(g) / 20,
          "candidates: " + engine.candidateCount);
    }
  }

  /**
   * Anchors stopped early (as in 3-7-1-0, whose candidates outnumber its other roots): the
   * engine falls back to the other roots and the anchors not run, at 8 words where the kernels
   * have them, keeping the values and lists of the anchors that ran. Forced on the classic group
   * (its anchors fill more batches than two threads start at once, so some are left unrun) by
   * stopping its anchors at the first candidate; every root against the reference.
   */
  @Test
  @Tag("slow")
  void anchorsStoppedEarlyFallBackToTheRootsLeftAndStillEqualAPlainBfs() {
    int g = groups.groupOf(all.index(0x1A9BF0C00L));
    List<AllRootsBfs> engines = engines(2, AllRootsBfs.LONG_DEPTH);
    for (AllRootsBfs engine : engines) {
      engine.stopAnchorsAt(1);
    }
    compare(g, everyRoot(g), engines);
    for (AllRootsBfs engine : engines) {
      assertTrue(!engine.usedCandidates && engine.candidateCount > 0 && engine.anchorsNotRun() > 0,
          engine.candidateCount + " candidates, " + engine.anchorsNotRun() + " anchors not run");
      assertEquals(engine.kernels().hasEight() ? 8 : 4, engine.farthestWords, engine.kernels().name());
    }
  }

  /**
   * The shortcut forced onto groups of every kind (short and dense ones too, where the candidates
   * are the whole group and the engine falls back to the roots left after the anchors): whole
   * groups of 1,024 to 12,000 layouts from classes of all kinds, against the reference: three
   * long groups that use it as they are and three short ones where it is forced and falls back.
   */
  @Test
  @Tag("slow")
  void theShortcutForcedOnShortGroupsStillEqualsAPlainBfs() {
    int usedCandidates = 0;
    int fellBack = 0;
    int seen = 0;
    for (int g = 0; g < groups.count() && (usedCandidates < 3 || fellBack < 3); g++) {
      int n = groups.size(g);
      if (n < 1024 || n > 12_000) {
        continue;
      }
      GroupGraph graph = new GroupGraph();
      graph.load(groups, g);
      boolean isLong = seedDepth(graph) >= AllRootsBfs.LONG_DEPTH;
      // long groups (they use the shortcut as they are) and every 7th short one (forced)
      if (isLong ? usedCandidates >= 3 : fellBack >= 3 || seen++ % 7 != 0) {
        continue;
      }
      List<AllRootsBfs> engines = engines(2, isLong ? AllRootsBfs.LONG_DEPTH : 0);
      compare(g, everyRoot(g), engines);
      AllRootsBfs engine = engines.get(0);
      if (engine.usedCandidates) {
        usedCandidates++;
      } else if (engine.candidateCount >= 0) {
        fellBack++;
      }
    }
    assertTrue(usedCandidates > 0 && fellBack > 0, usedCandidates + " used, " + fellBack + " fell back");
  }

  private static int seedDepth(GroupGraph graph) {
    int[] queue = new int[graph.size()];
    return Bfs.distances(graph.edgeStarts(), graph.edges(), graph.size(), queue, 1, new int[graph.size()]);
  }


  /**
   * The edge cases of the definitions: every group of two layouts of the sample classes (142 of the
   * 610 of all; each layout the other's only farthest one) and unsolvable groups of growing sizes (no solution values at all, the
   * solution pass has no source), every root against the reference.
   */
  @Test
  void twoLayoutGroupsAndUnsolvableGroupsEqualAPlainBfs() {
    int pairs = 0;
    int unsolvable = 0;
    List<AllRootsBfs> engine = engines(2, AllRootsBfs.LONG_DEPTH);
    for (int g = 0; g < groups.count(); g++) {
      int n = groups.size(g);
      if (n == 2) {
        compare(g, everyRoot(g), engine);
        pairs++;
      } else if (unsolvable < 5 && n >= 64 << unsolvable && n <= 5000 && !solvable(g)) {
        compare(g, everyRoot(g), engine);
        unsolvable++;
      }
    }
    assertEquals(142, pairs, "groups of two layouts in the sample classes");
    assertEquals(5, unsolvable, "unsolvable groups of at most 5,000 layouts, the k-th of at least 64 << k");
  }

  /** Whether some layout of group g is solved. */
  static boolean solvable(int g) {
    for (int i = 0; i < groups.size(g); i++) {
      if (Code.isSolved(all.code(groups.member(g, i)))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aGroupOfOneLayoutIsItsOwnFarthest() {
    for (int g = 0; g < groups.count(); g++) {
      if (groups.size(g) == 1) {
        GroupGraph graph = new GroupGraph();
        graph.load(groups, g);
        AllRootsBfs.Result r = new AllRootsBfs(Kernels.fastest()).run(graph, true);
        assertEquals(0, r.farthestStep[0]);
        assertEquals(1, r.farthestNum[0]);
        assertArrayEquals(new int[] {0}, r.farthest(0));
        assertArrayEquals(r.minSolutionStep[0] == 0 ? new int[] {0} : new int[0], r.minSolutions(0));
        return;
      }
    }
    throw new AssertionError("no group of one layout");
  }
}
