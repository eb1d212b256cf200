package klotskidb.db;

/**
 * What a group's record answers beyond its stored facts: its name and whether it can be solved.
 * {@link GroupRecord} (generated from {@code codegen/layout-facts.txt}) has them through this.
 *
 * <pre>
 *   the record of group 5-4-1-1 (1A9BF0C00's: 25,955 layouts, 964 of them solved)
 *     name()        5-4-1-1
 *     isSolvable()  true (solved_num is 0 in a group with no solved layout)
 * </pre>
 */
public interface GroupRecordMethods {
  int jiang();

  int bing();

  int style();

  int groupNum();

  int solvedNum();

  default boolean isSolvable() {
    return solvedNum() > 0;
  }

  /** {@code jiang-bing-style-group_num}. */
  default String name() {
    return jiang() + "-" + bing() + "-" + style() + "-" + groupNum();
  }
}
