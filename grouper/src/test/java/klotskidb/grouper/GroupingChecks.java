package klotskidb.grouper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import klotskidb.base.Progress;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.testing.Published;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The checks of a grouping against the published tables and against groupings made other ways,
 * on the classes a subclass groups: {@link GrouperTest} some classes (the quick tier),
 * {@link AllLayoutsGrouperTest} all 29,334,498 layouts (the slow one). A class's groups do not
 * depend on the other classes, so each published row of a class grouped is checked as it is.
 *
 * <pre>
 *   5-4-1 grouped: 2,173 groups as group_num.tsv says; 1A9BF0C00 is 5-4-1-1-7472 in either space
 * </pre>
 *
 * The tests only read the one grouping, so they run two at a time (one test instance per class).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Execution(ExecutionMode.CONCURRENT)
abstract class GroupingChecks {
  /** The classic start's class, always grouped. */
  static final int CLASSIC = LayoutClass.index(5, 4, 1);
  /** The largest class (964,656 layouts), always grouped. */
  static final int LARGEST = LayoutClass.index(2, 6, 1);
  /** A small class, always grouped: selected beside 5-4-1 in {@link #aSubsetOfClassesIsGroupedTheSameWay}. */
  static final int SMALL = LayoutClass.index(0, 2, 0);

  LayoutSpace space;
  Groups groups;

  /** The classes grouped ({@link ClassSet#ALL}: every layout). */
  abstract ClassSet classes();

  /** Their layouts. */
  abstract LayoutSpace space();

  /** The classes grouped alone and compared layout for layout: the classic's, the largest and ten more. */
  abstract List<Integer> groupedAlone();

  @BeforeAll
  void group() {
    space = space();
    groups = new Grouper(space, null, Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
  }

  /** Classic's, the largest, the small one and {@code more} others drawn with the run's seed. */
  static List<Integer> drawn(String label, int more) {
    List<Integer> picked = new ArrayList<>(List.of(CLASSIC, LARGEST, SMALL));
    Random random = TestSeed.random(label);
    while (picked.size() < 3 + more) {
      int c = random.nextInt(LayoutClass.COUNT);
      if (!picked.contains(c)) {
        picked.add(c);
      }
    }
    return picked;
  }

  private boolean grouped(long[] row) {
    return classes().contains(LayoutClass.index((int) row[0], (int) row[1], (int) row[2]));
  }

  @Test
  void groupCountsPerClassEqualThePublishedTable() {
    assertEquals(space.size(), groups.layoutCount());
    long layouts = 0;
    for (long[] row : Published.numbers("style_count.tsv")) {
      layouts += grouped(row) ? row[3] : 0;
    }
    assertEquals(layouts, space.size(), "the layouts of the classes grouped, as style_count.tsv says");
    int count = 0;
    List<long[]> rows = Published.numbers("group_num.tsv");
    assertEquals(LayoutClass.COUNT, rows.size());
    for (long[] row : rows) {
      int cls = LayoutClass.index((int) row[0], (int) row[1], (int) row[2]);
      if (grouped(row)) {
        assertEquals(row[3], groups.groupsInClass(cls), "groups of class " + LayoutClass.name(cls));
        count += (int) row[3];
      }
    }
    assertEquals(count, groups.count());
    if (space.isAll()) {
      assertEquals(25_422, groups.count());
    }
  }

  @Test
  void everyGroupSizeInGroupNumOrderEqualsThePublishedTable() {
    List<long[]> rows = Published.numbers("group_size.tsv");
    assertEquals(25_422, rows.size());
    int g = 0;
    for (long[] row : rows) {
      if (!grouped(row)) {
        continue;
      }
      int cls = LayoutClass.index((int) row[0], (int) row[1], (int) row[2]);
      assertEquals(groups.group(cls, (int) row[3]), g, "row order is class then group_num");
      assertEquals(row[4], groups.size(g), "size of group " + groups.groupName(g));
      g++;
    }
    assertEquals(groups.count(), g);
  }

  @Test
  void classicStartHasItsPublishedName() {
    long classic = Code.parse("1A9BF0C00");
    int id = space.index(classic);
    assertEquals("5-4-1-1-7472", groups.name(id));
    assertEquals(id, groups.idOfName("5-4-1-1-7472"));
    int g = groups.groupOf(id);
    assertEquals(25_955, groups.size(g));
    int other = groups.groupOfName("5-4-1-0");
    assertEquals(25_955, groups.size(other), "group 5-4-1-0 has the same size ...");
    assertTrue(groups.seed(other) < groups.seed(g), "... and a smaller seed");
  }

  @Test
  void namesThatDoNotExistAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> groups.idOfName("7-0-0-0-0"));
    assertThrows(IllegalArgumentException.class, () -> groups.idOfName("5-4-1-999999-0"));
    assertThrows(IllegalArgumentException.class, () -> groups.idOfName("5-4-1-1-25955"));
    assertThrows(IllegalArgumentException.class, () -> groups.idOfName("5-4-1-1"));
    assertThrows(IllegalArgumentException.class, () -> groups.idOfName("x-4-1-1-0"));
  }

  @Test
  void everyIdHasOneGroupAndIndicesRunFromZero() {
    BitSet seen = new BitSet(space.size());
    int[] members = groups.members();
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      for (int i = 0; i < groups.size(g); i++) {
        int id = groups.member(g, i);
        assertTrue(!seen.get(id), "id in two groups");
        seen.set(id);
        if (groups.groupOf(id) != g || groups.groupIndex(id) != i
            || LayoutClass.of(space.code(id)) != cls || (i > 0 && groups.member(g, i - 1) >= id)) {
          throw new AssertionError("group " + groups.groupName(g) + " member " + i);
        }
      }
      if (g > 0 && groups.classOf(g - 1) == cls) {
        // size descending, then seed ascending
        int a = groups.size(g - 1);
        int b = groups.size(g);
        assertTrue(a > b || (a == b && groups.seed(g - 1) < groups.seed(g)), groups.groupName(g));
      }
    }
    assertEquals(space.size(), seen.cardinality());
    assertEquals(space.size(), members.length);
  }

  /** Flood fill by BFS over full moves from a group's seed: a reference with no union-find. */
  private int[] floodFill(int seed) {
    BitSet seen = new BitSet();
    IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    seen.set(seed);
    queue.enqueue(seed);
    while (!queue.isEmpty()) {
      int id = queue.dequeueInt();
      int n = mover.neighbours(space.code(id), next);
      for (int i = 0; i < n; i++) {
        int nid = space.index(next[i]); // a move keeps the class: in the space
        if (!seen.get(nid)) {
          seen.set(nid);
          queue.enqueue(nid);
        }
      }
    }
    return seen.stream().toArray();
  }

  @Test
  void floodFillFromTheSeedGivesTheSameMembersOnASample() {
    Random random = TestSeed.random("GrouperTest.floodFillFromTheSeedGivesTheSameMembersOnASample");
    int[] sample = new int[200];
    for (int i = 0; i < sample.length; i++) {
      sample[i] = random.nextInt(groups.count());
    }
    sample[0] = groups.groupOf(space.index(0x1A9BF0C00L));
    sample[1] = groups.group(SMALL, 0); // a whole class in one group
    assertEquals(1, groups.groupsInClass(SMALL));
    for (int g : sample) {
      int[] expected = Arrays.copyOfRange(groups.members(), groups.start(g), groups.start(g + 1));
      assertTrue(Arrays.equals(expected, floodFill(groups.seed(g))), groups.groupName(g));
    }
  }

  @Test
  void aSubsetOfClassesIsGroupedTheSameWay() {
    boolean[] selected = new boolean[LayoutClass.COUNT];
    selected[CLASSIC] = true;
    selected[SMALL] = true;
    Groups part = new Grouper(space, selected, 2, Progress.NONE).run();
    assertEquals(groups.groupsInClass(CLASSIC), part.groupsInClass(CLASSIC));
    assertEquals(0, part.groupsInClass(LARGEST));
    int id = space.index(0x1A9BF0C00L);
    assertEquals("5-4-1-1-7472", part.name(id));
    for (int g = part.group(CLASSIC, 0); g < part.group(CLASSIC, 0) + part.groupsInClass(CLASSIC); g++) {
      assertEquals(groups.size(groups.group(CLASSIC, part.groupNum(g))), part.size(g));
    }
  }

  /**
   * Classes grouped alone, as {@code build --classes} and a layout's group without a database do
   * ({@link Grouper#of}: their layouts spawned directly), name every layout as the grouping of
   * more classes does, layout for layout.
   */
  @Test
  void classesGroupedAloneNameEveryLayoutAsTheGroupingOfMore() {
    for (int cls : groupedAlone()) {
      Groups alone = Grouper.of(ClassSet.ofIndexes(List.of(cls)), 2, Progress.NONE);
      LayoutSpace spawned = alone.layouts();
      assertEquals(groups.groupsInClass(cls), alone.groupsInClass(cls), LayoutClass.name(cls));
      for (int i = 0; i < spawned.size(); i++) {
        int id = space.index(spawned.code(i));
        assertEquals(space.globalId(id), spawned.globalId(i));
        if (alone.groupNum(alone.groupOf(i)) != groups.groupNum(groups.groupOf(id))
            || alone.groupIndex(i) != groups.groupIndex(id)) {
          assertEquals(groups.name(id), alone.name(i), Code.format(spawned.code(i)));
        }
      }
    }
  }
}
