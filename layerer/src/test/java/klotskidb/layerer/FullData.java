package klotskidb.layerer;

import klotskidb.base.Progress;
import klotskidb.enumerator.AllLayouts;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;

/**
 * All 29,334,498 layouts and their groups, built once per test JVM and shared by this module's
 * test classes and analysis' (Surefire runs them in one JVM; each building its own copy cost a grouping pass
 * per class and kept every copy reachable from its static fields).
 */
public final class FullData {
  private static AllLayouts all;
  private static Groups groups;
  private static Layers layers;

  private FullData() {}

  public static synchronized AllLayouts all() {
    if (all == null) {
      all = AllLayouts.build();
    }
    return all;
  }

  public static synchronized Groups groups() {
    if (groups == null) {
      groups = new Grouper(all(), null, Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
    }
    return groups;
  }

  public static synchronized Layers layers() {
    if (layers == null) {
      layers = new Layerer(groups(), Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
    }
    return layers;
  }
}
