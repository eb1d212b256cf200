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
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.testing.Published;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Groups of all 29,334,498 layouts against the published tables. */
class GrouperTest {
  private static AllLayouts all;
  private static Groups groups;

  @BeforeAll
  static void build() {
    all = AllLayouts.build();
    groups = new Grouper(all, null, Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
  }

  @Test
  void groupCountsPerClassEqualThePublishedTable() {
    assertEquals(25_422, groups.count());
    assertEquals(all.size(), groups.layoutCount());
    List<long[]> rows = Published.numbers("group_num.tsv");
    assertEquals(LayoutClass.COUNT, rows.size());
    for (long[] row : rows) {
      int cls = LayoutClass.index((int) row[0], (int) row[1], (int) row[2]);
      assertEquals(row[3], groups.groupsInClass(cls), "groups of class " + LayoutClass.name(cls));
    }
  }

  @Test
  void everyGroupSizeInGroupNumOrderEqualsThePublishedTable() {
    List<long[]> rows = Published.numbers("group_size.tsv");
    assertEquals(25_422, rows.size());
    int g = 0;
    for (long[] row : rows) {
      int cls = LayoutClass.index((int) row[0], (int) row[1], (int) row[2]);
      assertEquals(groups.group(cls, (int) row[3]), g, "row order is class then group_num");
      assertEquals(row[4], groups.size(g), "size of group " + groups.groupName(g));
      g++;
    }
  }

  @Test
  void classicStartHasItsPublishedName() {
    long classic = Code.parse("1A9BF0C00");
    int id = all.id(classic);
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
    BitSet seen = new BitSet(all.size());
    int[] members = groups.members();
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      for (int i = 0; i < groups.size(g); i++) {
        int id = groups.member(g, i);
        assertTrue(!seen.get(id), "id in two groups");
        seen.set(id);
        if (groups.groupOf(id) != g || groups.groupIndex(id) != i
            || LayoutClass.of(all.code(id)) != cls || (i > 0 && groups.member(g, i - 1) >= id)) {
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
    assertEquals(all.size(), seen.cardinality());
    assertEquals(all.size(), members.length);
  }

  /** Flood fill by BFS over full moves from a group's seed: a reference with no union-find. */
  private static int[] floodFill(int seed) {
    BitSet seen = new BitSet();
    IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    seen.set(seed);
    queue.enqueue(seed);
    while (!queue.isEmpty()) {
      int id = queue.dequeueInt();
      int n = mover.neighbours(all.code(id), next);
      for (int i = 0; i < n; i++) {
        int nid = all.id(next[i]);
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
    sample[0] = groups.groupOf(all.id(0x1A9BF0C00L));
    sample[1] = 0; // a whole class in one group
    for (int g : sample) {
      int[] expected = Arrays.copyOfRange(groups.members(), groups.start(g), groups.start(g + 1));
      assertTrue(Arrays.equals(expected, floodFill(groups.seed(g))), groups.groupName(g));
    }
  }

  @Test
  void aSubsetOfClassesIsGroupedTheSameWay() {
    boolean[] selected = new boolean[LayoutClass.COUNT];
    int cls = LayoutClass.index(5, 4, 1);
    selected[cls] = true;
    selected[LayoutClass.index(0, 2, 0)] = true;
    Groups part = new Grouper(all, selected, 2, Progress.NONE).run();
    assertEquals(groups.groupsInClass(cls), part.groupsInClass(cls));
    assertEquals(0, part.groupsInClass(LayoutClass.index(2, 6, 1)));
    int id = all.id(0x1A9BF0C00L);
    assertEquals("5-4-1-1-7472", part.name(id));
    assertEquals(-1, part.groupOf(all.id(Code.parse("4FEA134"))), "class 5-4-2 was not selected");
    for (int g = part.group(cls, 0); g < part.group(cls, 0) + part.groupsInClass(cls); g++) {
      assertEquals(groups.size(groups.group(cls, part.groupNum(g))), part.size(g));
    }
  }

  /**
   * Classes grouped alone, as {@code build --classes} and a layout's group without a database do
   * ({@link Grouper#of}: their layouts spawned directly), name every layout as the whole space
   * does: 5-4-1, the largest class (2-6-1) and ten seeded others, layout for layout.
   */
  @Test
  void classesGroupedAloneNameEveryLayoutAsTheWholeSpace() {
    List<Integer> picked = new ArrayList<>(List.of(LayoutClass.index(5, 4, 1),
        LayoutClass.index(2, 6, 1)));
    Random random = TestSeed.random("GrouperTest.classesGroupedAloneNameEveryLayoutAsTheWholeSpace");
    while (picked.size() < 12) {
      int c = random.nextInt(LayoutClass.COUNT);
      if (!picked.contains(c)) {
        picked.add(c);
      }
    }
    for (int cls : picked) {
      Groups alone = Grouper.of(ClassSet.ofIndexes(List.of(cls)), 2, Progress.NONE);
      LayoutSpace space = alone.layouts();
      assertEquals(groups.groupsInClass(cls), alone.groupsInClass(cls), LayoutClass.name(cls));
      for (int i = 0; i < space.size(); i++) {
        int id = all.id(space.code(i));
        assertEquals(id, space.globalId(i));
        if (alone.groupNum(alone.groupOf(i)) != groups.groupNum(groups.groupOf(id))
            || alone.groupIndex(i) != groups.groupIndex(id)) {
          assertEquals(groups.name(id), alone.name(i), Code.format(space.code(i)));
        }
      }
    }
  }
}
