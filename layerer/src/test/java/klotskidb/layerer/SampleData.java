package klotskidb.layerer;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import klotskidb.base.Progress;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;

/**
 * The classes the engine's tests need, grouped and layered once per test JVM: a fifth of the 203
 * classes, about 2.1 million layouts instead of 29,334,498. Each class is here for a layout or group a
 * test names, or for what a fact of theirs depends on:
 *
 * <pre>
 *   5-4-1   横刀立马 (1A9BF0C00), its group 5-4-1-1 (closed under the mirror, long: anchors and candidates)
 *   5-4-2   the six layouts of 138 steps (4FEA13400 ...), group 5-4-2-0
 *   5-4-0   0E83ABC00, group 5-4-0-2: no solved layout
 *   5-4-5   5-4-5-0, the long group the candidates' shortcut is checked on
 *   2-2-1   2-2-1-0, one group of 68,904 closed under both mirror and flip
 *   1-2-0, 2-2-0   dense groups (about 30 moves a layout)
 *   3-3-2   381,600 layouts in groups of every size, one layout to tens of thousands
 *   {@link #SMALL} and every class below them (fewer generals, soldiers or horizontal generals):
 *           crowded and sparse, every kind of piece, short and long solutions; with the classes
 *           below, each of their layouts' {@code minimal} is known
 * </pre>
 *
 * A class's groups do not depend on the other classes, so numbers and names such as 5-4-1-1 are the
 * full build's. A layout outside {@link #SMALL} may have its {@code minimal} unknown here (the class
 * one piece fewer is absent). Checks over every layout are FullDatabaseTest's (the cli module), on the
 * full build's own results: the whole space is grouped and layered once in a test run.
 */
public final class SampleData {
  /** Classes whose every layout's facts the tests check, {@code minimal} included. */
  public static final List<String> SMALL =
      List.of("0-3-0", "1-2-1", "2-1-1", "3-0-2", "5-1-1", "6-1-3", "0-13-0", "7-0-3", "4-0-4");
  public static final ClassSet CLASSES = classes();
  private static Groups groups;
  private static Layers layers;

  private SampleData() {}

  private static ClassSet classes() {
    Set<Integer> set = new TreeSet<>();
    for (String name : List.of("5-4-1", "5-4-2", "5-4-0", "5-4-5", "2-2-1", "1-2-0", "2-2-0", "3-3-2")) {
      set.add(LayoutClass.parse(name));
    }
    for (String name : SMALL) {
      int c = LayoutClass.parse(name);
      for (int j = 0; j <= LayoutClass.jiangOf(c); j++) {
        for (int b = 0; b <= LayoutClass.bingOf(c); b++) {
          for (int s = 0; s <= Math.min(j, LayoutClass.styleOf(c)); s++) {
            int below = LayoutClass.index(j, b, s);
            if (below >= 0) {
              set.add(below);
            }
          }
        }
      }
    }
    return ClassSet.ofIndexes(set);
  }

  public static synchronized Groups groups() {
    if (groups == null) {
      groups = Grouper.of(CLASSES, Runtime.getRuntime().availableProcessors(), Progress.NONE);
    }
    return groups;
  }

  public static LayoutSpace space() {
    return groups().layouts();
  }

  public static synchronized Layers layers() {
    if (layers == null) {
      layers = new Layerer(groups(), Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
    }
    return layers;
  }
}
