package klotskidb.db;

/**
 * One row of {@code cases}: everything the database stores about a layout.
 *
 * @param minSolutionStep steps to the nearest solved layout, -1 when the group is unsolvable
 */
public record CaseRecord(long code, int id, int jiang, int bing, int style, int groupNum,
    int groupIndex, int layer, int minSolutionStep, boolean symmetric, boolean solved) {

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
