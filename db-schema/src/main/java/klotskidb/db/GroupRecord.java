package klotskidb.db;

/**
 * One row of {@code groups}.
 *
 * @param layers number of layers from the seed
 * @param solved number of solved layouts (0: unsolvable)
 * @param maxMinSolutionStep the largest min_solution_step in the group, -1 when unsolvable
 * @param hardest how many layouts need that many steps
 * @param layerSizes size of each layer from the seed
 */
public record GroupRecord(int jiang, int bing, int style, int groupNum, int size, long seed,
    int layers, int solved, int maxMinSolutionStep, int hardest, int[] layerSizes) {

  public boolean isSolvable() {
    return solved > 0;
  }

  public String name() {
    return jiang + "-" + bing + "-" + style + "-" + groupNum;
  }
}
