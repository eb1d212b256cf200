package klotskidb.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import klotskidb.base.UserText;
import klotskidb.jobs.ClassAnalysis;
import klotskidb.jobs.AnalyseJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;


/**
 * Adds farthest_step, farthest_num, min_solution_num, solution_num and group diameters to the
 * database, class by class: a BFS from every layout (bit-parallel, {@code AllRootsBfs}). Each
 * finished class is checkpointed; a killed run goes on where it stopped.
 */
@Command(name = "analyse", mixinStandardHelpOptions = true,
    description = {"Run a BFS from every layout of the given classes (default: all classes of the "
        + "database) and store farthest_step, farthest_num, min_solution_num and solution_num per "
        + "layout and the diameter per group. Work is checkpointed per class: a killed run resumes "
        + "with the classes not yet done. Also records the checksums of the per-class "
        + "farthest/solution files for 'klotski verify'."})
final class AnalyseCommand implements Callable<Integer> {
  @Mixin DbOption db;

  @Mixin ClassesOption classes;

  @Mixin ThreadsOption threadsOption;

  @Mixin ProgressOption progressOption;

  @Mixin KernelOption kernel;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    AnalyseJob.Result r = AnalyseJob.analyse(db.dir(), classes.set(), threadsOption.count(),
        () -> kernel.choose(err), progressOption.on(err), new AnalyseJob.Listener() {
          @Override
          public void note(String line) {
            PrintWriter to = line.startsWith("klotski: ") ? err : out;
            to.println(line);
            to.flush();
          }

          @Override
          public void classDone(ClassAnalysis.Done d, boolean stored) {
            out.println(String.format(Locale.ROOT, "  analysed %-7s %,9d layouts %,6d %-6s %9.1f s",
                d.className(), d.layouts(), d.groups(), UserText.noun(d.groups(), "group", "groups"), d.seconds()));
            out.flush();
          }
        });
    if (r.classes() > 0) {
      out.println(r.projection(db.dir()));
    }
    return 0;
  }
}
