package klotskidb.jobs;

import java.nio.file.Path;
import java.util.function.Consumer;
import klotskidb.base.Progress;
import klotskidb.db.DatabaseLock;
import klotskidb.db.DatabaseWriter;
import klotskidb.db.Publisher;
import klotskidb.db.WriteTarget;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;

/**
 * {@code klotski build}: enumerate, group, layer, then write, check and publish the database
 * atomically, under the database's lock from the first stage on.
 *
 * <pre>
 *   Built b = BuildJob.run(Path.of("data/klotski-db"), ClassSet.ALL, 2, Progress.NONE, stages, notes);
 *   // 29,334,498 layouts in 25,422 groups; 1A9BF0C00 is 5-4-1-1-7472, 81 steps
 * </pre>
 *
 * What is at the path is checked before anything is made beside it or computed
 * ({@link WriteTarget}: only a klotski database or an empty folder is replaced), and the lock is
 * held from the start: a build that found out at the end that an analyse runs would have spent
 * its work for nothing.
 */
public final class BuildJob {
  private BuildJob() {}

  /** A published build: where (links followed) and its layers, for the summary. */
  public record Built(Path database, Layers layers) {}

  /** Builds and publishes the database of {@code classes} at {@code dir}. */
  public static Built run(Path dir, ClassSet classes, int threads, Progress progress, Stages stages,
      Consumer<String> notes) throws Exception {
    Path target = WriteTarget.database(dir);
    try (DatabaseLock lock = DatabaseLock.acquire(target, "build")) {
      // the classes' layouts only (every layout for a whole build): a class costs its own layouts
      LayoutSpace all = stages.run("enumerate", () -> LayoutSpace.of(classes));
      Groups groups = stages.run("group", () -> new Grouper(all, null, threads, progress).run());
      Layers layers = stages.run("layer", () -> new Layerer(groups, threads, progress).run());
      stages.run("write", () -> {
        new Publisher(target, notes)
            .publish(staging -> new DatabaseWriter(layers, threads, progress, Version.current()).write(staging));
        return null;
      });
      return new Built(target, layers);
    }
  }
}
