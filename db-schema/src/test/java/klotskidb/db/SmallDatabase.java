package klotskidb.db;

import java.io.IOException;
import java.nio.file.Path;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;

/**
 * A database of a few classes made by the real pipeline (grouper, layerer, writer, publisher),
 * for the tests of this module and of the server: {@code SmallDatabase.publish(layers("5-4-1",
 * "0-3-0"), dir)}.
 */
public final class SmallDatabase {
  private SmallDatabase() {}

  /** The layers (and through them the groups) of classes given as J-B-S, over all layouts. */
  public static Layers layers(AllLayouts all, String... classes) {
    boolean[] selected = new boolean[LayoutClass.COUNT];
    for (String c : classes) {
      selected[LayoutClass.parse(c)] = true;
    }
    Groups groups = new Grouper(all, selected, 2, Progress.NONE).run();
    return new Layerer(groups, 2, Progress.NONE).run();
  }

  public static Layers layers(String... classes) {
    return layers(AllLayouts.build(), classes);
  }

  /** Writes, checks and publishes a database of {@code layers} at {@code dir}; returns dir. */
  public static Path publish(Layers layers, Path dir) throws IOException {
    new Publisher(dir).publish(d -> new DatabaseWriter(layers, 2, Progress.NONE, "test").write(d));
    return dir;
  }
}
