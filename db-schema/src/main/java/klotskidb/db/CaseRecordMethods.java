package klotskidb.db;

/**
 * What a layout's record answers beyond its stored facts: its names and whether it can be solved.
 * {@link CaseRecord} (generated from {@code codegen/layout-facts.txt}) has them through this.
 *
 * <pre>
 *   the record of 1A9BF0C00 (5-4-1, group 1, index 7472, 81 steps)
 *     name()        5-4-1-1-7472
 *     groupName()   5-4-1-1
 *     isSolvable()  true (min_solution_step is -1 where no solved layout can be reached)
 * </pre>
 */
public interface CaseRecordMethods {
  int jiang();

  int bing();

  int style();

  int groupNum();

  int groupIndex();

  int minSolutionStep();

  default boolean isSolvable() {
    return minSolutionStep() >= 0;
  }

  /** {@code jiang-bing-style-group_num-group_index}. */
  default String name() {
    return jiang() + "-" + bing() + "-" + style() + "-" + groupNum() + "-" + groupIndex();
  }

  default String groupName() {
    return jiang() + "-" + bing() + "-" + style() + "-" + groupNum();
  }
}
