package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import klotskidb.base.InputException;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.GroupTable;
import klotskidb.grouper.Groups;
import org.junit.jupiter.api.Test;

/**
 * A group flooded alone ({@link OneGroup}) against the build of its classes ({@link SampleData}):
 * the same members, name, layers, steps and counts, flooded from any member or from its name.
 */
class OneGroupTest {
  @Test
  void aGroupFloodedAloneIsTheBuildsGroup() {
    Groups groups = SampleData.groups();
    Layers layers = SampleData.layers();
    LayoutSpace space = groups.layouts();
    int checked = 0;
    for (int g = 0; g < groups.count(); g += g < 40 ? 1 : 23) { // the largest groups of each class come first
      int size = groups.size(g);
      int from = groups.member(g, (int) ((g * 7919L) % size)); // any member
      OneGroup one = g % 2 == 0 ? OneGroup.of(space.code(from)) : OneGroup.named(groups.classOf(g), groups.groupNum(g));
      String name = groups.groupName(g);
      assertEquals(groups.classOf(g), one.classIndex(), name);
      assertEquals(groups.groupNum(g), one.groupNum(), name);
      assertEquals(size, one.size(), name);
      int[] sizes = new int[layers.layerCount(g)];
      for (int k = 0; k < sizes.length; k++) {
        sizes[k] = layers.layerSize(g, k);
      }
      assertArrayEquals(sizes, one.layerSizes(), name);
      assertEquals(layers.solvedCount(g), one.solvedCount(), name);
      assertEquals(layers.maxMinSolutionStep(g), one.maxMinSolutionStep(), name);
      assertEquals(layers.hardestCount(g), one.hardestCount(), name);
      for (int i = 0; i < size; i++) {
        int id = groups.member(g, i);
        assertEquals(space.code(id), one.code(i), name);
        assertEquals(i, one.index(space.code(id)), name);
        assertEquals(layers.layer(id), one.layer(i), name);
        assertEquals(layers.minSolutionStep(id), one.minSolutionStep(i), name);
        assertEquals(layers.optimalSolutionNum(id), one.optimalSolutionNum(i), name);
      }
      checked++;
    }
    assertEquals(true, checked > 100, "groups checked: " + checked);
  }

  @Test
  void theShippedTableNamesTheSampleClassesGroups() {
    Groups groups = SampleData.groups();
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      assertEquals(groups.groupsInClass(cls), GroupTable.count(cls));
      assertEquals(groups.size(g), GroupTable.size(cls, groups.groupNum(g)));
      assertEquals(groups.layouts().code(groups.seed(g)), GroupTable.seed(cls, groups.groupNum(g)));
    }
  }

  @Test
  void aGroupNumBeyondTheClassIsAnInputError() {
    int cls = LayoutClass.index(5, 4, 1);
    InputException e = assertThrows(InputException.class, () -> OneGroup.named(cls, GroupTable.count(cls)));
    assertEquals("class 5-4-1 has " + GroupTable.count(cls) + " groups, no group_num " + GroupTable.count(cls), e.getMessage());
  }

  @Test
  void theClassicGroupAsItsCommentSaysIt() {
    OneGroup g = OneGroup.of(0x1A9BF0C00L);
    assertEquals(25_955, g.size());
    assertEquals(1, g.groupNum());
    assertEquals(7472, g.index(0x1A9BF0C00L));
    assertEquals(81, g.minSolutionStep(7472));
    assertEquals(128, g.layerSizes().length);
    assertEquals(964, g.solvedCount());
    assertEquals(93, g.maxMinSolutionStep());
    assertEquals(2, g.hardestCount());
  }
}
