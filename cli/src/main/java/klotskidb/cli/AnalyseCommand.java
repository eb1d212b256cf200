package klotskidb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import klotskidb.analysis.ClassScheduler;
import klotskidb.analysis.Kernels;
import klotskidb.datasets.ClassAnalysis;
import klotskidb.db.AnalysisMarker;
import klotskidb.db.AnalysisWriter;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
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

  @Option(names = {"--classes", "--class"}, paramLabel = "J-B-S", split = ",", description = "Only these classes.")
  String[] classes;

  @Mixin ThreadsOption threadsOption;

  @Mixin ProgressOption progressOption;

  private int threads;

  @Mixin KernelOption kernel;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    threads = threadsOption.count();
    Path dir = db.dir();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long t0;
    long total = 0;
    int count = 0;
    // the lock first: the classes to do are read from the database this run will change, and
    // nothing is printed before a second writer is refused
    try (AnalysisWriter writer = AnalysisWriter.open(dir, note -> err.println("klotski: " + note))) {
      boolean[] todo = new boolean[LayoutClass.COUNT];
      Map<String, AnalysisMarker> done;
      try (KlotskiDb kdb = KlotskiDb.open(dir)) {
        done = kdb.analysedClasses();
        List<String> built = kdb.classes();
        List<String> wanted = classes == null ? built : Arrays.asList(classes);
        for (String c : wanted) {
          int cls = LayoutClass.parse(c);
          if (!built.contains(LayoutClass.name(cls))) {
            throw new IllegalArgumentException("class " + LayoutClass.name(cls) + " is not in the database at " + dir);
          }
          if (!done.containsKey(LayoutClass.name(cls)) && !todo[cls]) {
            todo[cls] = true;
            count++;
          }
        }
      }
      if (count == 0) {
        out.println("nothing to analyse: " + done.size() + " classes of the database are analysed");
        return 0;
      }
      Kernels kernels = kernel.choose(err);
      AllLayouts all = AllLayouts.build();
      Groups groups = new Grouper(all, todo, threads, Progress.NONE).run();
      List<Integer> classList = new ArrayList<>();
      for (int c = 0; c < LayoutClass.COUNT; c++) {
        if (todo[c]) {
          classList.add(c);
          total += ClassScheduler.work(groups, c);
        }
      }
      out.println(String.format(Locale.ROOT, "analysing %d classes (%,d already done) on %d threads, kernel %s",
          count, done.size(), threads, kernels.describe()));
      out.flush();
      Progress progress = progressOption.on(err);
      progress.begin("analyse", total);
      AtomicLong workDone = new AtomicLong();
      t0 = System.nanoTime();
      ClassScheduler.run("analyse", groups, classList, threads, cls ->
          // the line and the progress come once the class is stored (the writer's thread)
          ClassAnalysis.run(threads, kernels, groups, cls, null, null, writer, d -> {
            synchronized (out) {
              out.println(String.format(Locale.ROOT, "  analysed %-7s %,9d layouts %,6d groups %9.1f s",
                  d.className(), d.layouts(), d.groups(), d.seconds()));
              out.flush();
            }
            progress.advance(workDone.addAndGet(ClassScheduler.work(groups, cls)));
          }));
      writer.close(); // every class stored before the end line
      progress.end("analyse", System.nanoTime() - t0, count + " classes");
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    out.println(projection(dir, total, seconds));
    return 0;
  }

  /**
   * The measured rate (sum over groups of size^2: one BFS per layout of a group costs about that)
   * and what it predicts for the classes not analysed yet.
   */
  private String projection(Path dir, long work, double seconds) {
    long[] remaining = new long[1];
    int[] classesLeft = new int[1];
    try (KlotskiDb kdb = KlotskiDb.open(dir)) {
      Map<String, AnalysisMarker> done = kdb.analysedClasses();
      java.util.Set<String> left = new java.util.TreeSet<>();
      kdb.forEachGroup(g -> {
        String cls = g.jiang() + "-" + g.bing() + "-" + g.style();
        if (!done.containsKey(cls)) {
          remaining[0] += (long) g.size() * g.size();
          left.add(cls);
        }
      });
      classesLeft[0] = left.size();
    }
    double rate = work / Math.max(seconds, 1e-9);
    return String.format(Locale.ROOT, "rate %.3g size^2/s on %d threads; %d classes left (%.3g size^2): "
        + "about %.1f h more at this rate", rate, threads, classesLeft[0], (double) remaining[0],
        remaining[0] / rate / 3600);
  }
}
