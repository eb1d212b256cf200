package klotskidb.db;

import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.HarderThan;
import klotskidb.layerer.OneGroup;

/**
 * One row of {@code cases}: everything the database stores about a layout.
 *
 * @param minSolutionStep steps to the nearest solved layout, -1 when the group is unsolvable
 * @param minimal a minimal puzzle (every piece but the 2x2 matters); null when not known (a class
 *     one piece smaller was not built)
 * @param optimalSolutionNum how many shortest move sequences solve it (0: unsolvable, 1: solved)
 * @param harderThan hundredths of a percent of all solvable layouts that need fewer steps; -1 when
 *     unsolvable
 * @param harderThanInClass the same among the solvable layouts of its class
 */
public record CaseRecord(long code, int id, int jiang, int bing, int style, int groupNum,
    int groupIndex, int layer, int minSolutionStep, boolean symmetric, boolean solved, Boolean minimal,
    long optimalSolutionNum, int harderThan, int harderThanInClass) {

  /**
   * The record of layout {@code index} of a group flooded alone ({@code info X} with no database),
   * as a build would store it: the same passes, its ranks from the shipped tables.
   */
  public static CaseRecord of(OneGroup group, int index, Boolean minimal) {
    long code = group.code(index);
    int cls = group.classIndex();
    int steps = group.minSolutionStep(index);
    HarderThan rank = HarderThan.shipped();
    return new CaseRecord(code, AllLayouts.rank(code), LayoutClass.jiangOf(cls),
        LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), group.groupNum(),
        index, group.layer(index), steps, new Mover().mirror(code) == code,
        Code.isSolved(code), minimal, group.optimalSolutionNum(index),
        steps < 0 ? HarderThan.NONE : rank.harderThanSteps(steps),
        steps < 0 ? HarderThan.NONE : rank.harderThanInClass(cls, steps));
  }

  public boolean isSolvable() {
    return minSolutionStep >= 0;
  }

  /** {@code jiang-bing-style-group_num-group_index}. */
  public String name() {
    return jiang + "-" + bing + "-" + style + "-" + groupNum + "-" + groupIndex;
  }

  public String groupName() {
    return jiang + "-" + bing + "-" + style + "-" + groupNum;
  }
}
