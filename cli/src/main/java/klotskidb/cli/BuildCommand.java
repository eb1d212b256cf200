package klotskidb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import klotskidb.base.UserText;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.Groups;
import klotskidb.jobs.BuildJob;
import klotskidb.jobs.Stages;
import klotskidb.layerer.Layers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The main job: enumerate -> group -> layer -> write -> check -> publish, then a summary. */
@Command(name = "build", mixinStandardHelpOptions = true,
    description = {"Build the case database: enumerate all layouts, group them, layer every group, "
        + "bulk-load RocksDB, check it and publish it atomically (an existing database is "
        + "replaced only on success).",
        "--db must name a new path, an empty folder or a klotski database: a file, a folder "
        + "holding anything else, or a link to one is refused and left as it is."})
final class BuildCommand implements Callable<Integer> {
  @Mixin DbOption db;

  @Mixin ThreadsOption threadsOption;

  @Mixin ProgressOption progressOption;

  @Mixin ClassesOption classes;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Stages stages = new Stages(err);
    BuildJob.Built built = BuildJob.run(db.dir(), classes.set(), threadsOption.count(), progressOption.on(err), stages,
        note -> err.println("klotski: " + note));
    out.print(summary(built.layers(), built.database(), stages));
    return 0;
  }

  /** The summary printed at the end of a build (FullDatabaseTest makes it from the job on all 29M layouts). */
  static String summary(Layers layers, Path target, Stages stages) throws IOException {
    Groups groups = layers.groups();
    LayoutSpace all = groups.layouts();
    int solvable = 0;
    long inSolvable = 0;
    int hardest = -1;
    for (int g = 0; g < groups.count(); g++) {
      if (layers.isSolvable(g)) {
        solvable++;
        inSolvable += groups.size(g);
        hardest = Math.max(hardest, layers.maxMinSolutionStep(g));
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%nDatabase %s%n", target));
    sb.append(String.format(Locale.ROOT, "  layouts              %,d%n", groups.layoutCount()));
    sb.append(String.format(Locale.ROOT, "  groups               %,d%n", groups.count()));
    int unsolvable = groups.count() - solvable;
    long inUnsolvable = groups.layoutCount() - inSolvable;
    sb.append(String.format(Locale.ROOT, "  solvable groups      %,d (%,d %s; %,d unsolvable %s, %,d %s)%n",
        solvable, inSolvable, UserText.noun(inSolvable, "layout", "layouts"), unsolvable,
        UserText.noun(unsolvable, "group", "groups"), inUnsolvable, UserText.noun(inUnsolvable, "layout", "layouts")));
    sb.append(hardest < 0 ? String.format(Locale.ROOT, "  hardest layouts      none: no layout here can be solved%n")
        : String.format(Locale.ROOT, "  hardest layouts      %s to solve:%n", UserText.count(hardest, "step", "steps")));
    for (int g = 0; g < groups.count(); g++) {
      if (layers.isSolvable(g) && layers.maxMinSolutionStep(g) == hardest) {
        for (int id : layers.hardestLayouts(g)) {
          sb.append("                       ").append(Code.format(all.code(id))).append("  ")
              .append(groups.name(id)).append('\n');
        }
      }
    }
    sb.append(String.format(Locale.ROOT, "  database size        %s%n", UserText.size(Stages.sizeOf(target))));
    sb.append(String.format(Locale.ROOT, "  peak RSS             %s%n", UserText.size(Stages.peakRss())));
    sb.append("Stages\n").append(stages.table());
    return sb.toString();
  }
}
