package klotskidb.db;

import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layers;
import klotskidb.layerer.OneGroup;

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

  /** The record of group {@code g} of an in-memory build, as the writer stores it. */
  public static GroupRecord of(Layers layers, int g) {
    Groups groups = layers.groups();
    int cls = groups.classOf(g);
    int[] sizes = new int[layers.layerCount(g)];
    for (int k = 0; k < sizes.length; k++) {
      sizes[k] = layers.layerSize(g, k);
    }
    return new GroupRecord(LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls),
        LayoutClass.styleOf(cls), groups.groupNum(g), groups.size(g),
        groups.layouts().code(groups.seed(g)), sizes.length, layers.solvedCount(g), layers.maxMinSolutionStep(g),
        layers.hardestCount(g), sizes);
  }


  /** The record of a group flooded alone, as a build would store it. */
  public static GroupRecord of(OneGroup group) {
    int cls = group.classIndex();
    int[] sizes = group.layerSizes();
    return new GroupRecord(LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls),
        LayoutClass.styleOf(cls), group.groupNum(), group.size(), group.code(0), sizes.length,
        group.solvedCount(), group.maxMinSolutionStep(), group.hardestCount(), sizes);
  }

  public boolean isSolvable() {
    return solved > 0;
  }

  public String name() {
    return jiang + "-" + bing + "-" + style + "-" + groupNum;
  }
}
