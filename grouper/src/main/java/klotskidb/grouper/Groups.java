package klotskidb.grouper;

import klotskidb.base.UserText;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.LayoutClass;

/**
 * The groups (connected components of the step graph) of all layouts, numbered as SPEC 4 says,
 * in flat primitive arrays that later stages and the database writer read without recomputing.
 *
 * <pre>
 *   g        global group number 0..count()-1: classes in (jiang, bing, style) order, inside a
 *            class by group_num (size descending, then smallest member code)
 *   groupOf(id), groupIndex(id)      the layout's group g and its rank by code inside it
 *   start(g), size(g), member(g, i)  members in code order: member(g, 0) is the seed
 *   classOf(g), groupNum(g), group(cls, groupNum)
 *
 *   1A9BF0C00 -> class 5-4-1, group_num 1, group_index 7472: name "5-4-1-1-7472"
 * </pre>
 *
 * Built by {@link Grouper}, possibly for a subset of classes; ids of other classes have
 * {@code groupOf(id) == -1}.
 */
public final class Groups {
  private final LayoutSpace all;
  private final int[] groupOf;
  private final int[] groupIndex;
  private final int[] members;
  private final int[] start;
  private final int[] classOfGroup;
  /** First global group number of each class, length 204; a class's groups are contiguous. */
  private final int[] classStart;

  Groups(LayoutSpace all, int[] groupOf, int[] groupIndex, int[] members, int[] start,
      int[] classOfGroup, int[] classStart) {
    this.all = all;
    this.groupOf = groupOf;
    this.groupIndex = groupIndex;
    this.members = members;
    this.start = start;
    this.classOfGroup = classOfGroup;
    this.classStart = classStart;
  }

  /** The layouts grouped: ids here are indexes into this space (the id itself when it is every layout). */
  public LayoutSpace layouts() {
    return all;
  }

  /** Number of groups. */
  public int count() {
    return classOfGroup.length;
  }

  /** Number of layouts that have a group (all of them unless built for a subset of classes). */
  public int layoutCount() {
    return start[count()];
  }

  /** The group of a layout, or -1 when its class was not grouped. */
  public int groupOf(int id) {
    return groupOf[id];
  }

  /** The rank of a layout's code among its group's members. */
  public int groupIndex(int id) {
    return groupIndex[id];
  }

  public int size(int g) {
    return start[g + 1] - start[g];
  }

  /** Position of the group's first member in {@link #members()} order. */
  public int start(int g) {
    return start[g];
  }

  /** The id of the {@code index}-th member (code order) of group g; index 0 is the seed. */
  public int member(int g, int index) {
    return members[start[g] + index];
  }

  /** The id of the group's seed: its smallest code, group_index 0. */
  public int seed(int g) {
    return members[start[g]];
  }

  public int classOf(int g) {
    return classOfGroup[g];
  }

  public int groupNum(int g) {
    return g - classStart[classOfGroup[g]];
  }

  /** Number of groups in a class (0 when the class was not grouped). */
  public int groupsInClass(int cls) {
    return classStart[cls + 1] - classStart[cls];
  }

  /** The global group number of (class, group_num), or -1 when there is no such group. */
  public int group(int cls, int groupNum) {
    if (cls < 0 || cls >= LayoutClass.COUNT || groupNum < 0 || groupNum >= groupsInClass(cls)) {
      return -1;
    }
    return classStart[cls] + groupNum;
  }

  /** All ids ordered by (group, group_index): one group's members are a contiguous slice. */
  public int[] members() {
    return members;
  }

  /** The name {@code jiang-bing-style-group_num-group_index} of a layout. */
  public String name(int id) {
    int g = groupOf[id];
    if (g < 0) {
      throw new IllegalArgumentException("layout #" + id + " is in a class that was not grouped");
    }
    return LayoutClass.name(classOfGroup[g]) + "-" + groupNum(g) + "-" + groupIndex[id];
  }

  /** The name of a group, {@code jiang-bing-style-group_num}. */
  public String groupName(int g) {
    return LayoutClass.name(classOfGroup[g]) + "-" + groupNum(g);
  }

  /**
   * The id of the layout with name {@code J-B-S-G-I}.
   *
   * @throws IllegalArgumentException naming the part of the name that does not exist
   */
  public int idOfName(String name) {
    int[] parts = Names.parse(name, 5);
    int cls = LayoutClass.index(parts[0], parts[1], parts[2]);
    if (cls < 0) {
      throw new IllegalArgumentException("no class " + parts[0] + "-" + parts[1] + "-" + parts[2]
          + " in name '" + name + "'");
    }
    int g = group(cls, parts[3]);
    if (g < 0) {
      throw new IllegalArgumentException("class " + LayoutClass.name(cls) + " has "
          + UserText.count(groupsInClass(cls), "group", "groups") + ", no group_num " + parts[3] + " (name '" + name + "')");
    }
    if (parts[4] >= size(g)) {
      throw new IllegalArgumentException("group " + groupName(g) + " has " + UserText.count(size(g), "layout", "layouts")
          + ", no group_index " + parts[4] + " (name '" + name + "')");
    }
    return member(g, parts[4]);
  }

  /** The group named {@code J-B-S-G}. */
  public int groupOfName(String name) {
    int[] parts = Names.parse(name, 4);
    int cls = LayoutClass.index(parts[0], parts[1], parts[2]);
    if (cls < 0) {
      throw new IllegalArgumentException("no class " + parts[0] + "-" + parts[1] + "-" + parts[2]);
    }
    int g = group(cls, parts[3]);
    if (g < 0) {
      throw new IllegalArgumentException("class " + LayoutClass.name(cls) + " has "
          + UserText.count(groupsInClass(cls), "group", "groups") + ", no group_num " + parts[3]);
    }
    return g;
  }
}
