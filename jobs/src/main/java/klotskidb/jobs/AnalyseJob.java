package klotskidb.jobs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import klotskidb.analysis.AllRootsBfs;
import klotskidb.analysis.ClassDriver;
import klotskidb.analysis.ClassScheduler;
import klotskidb.analysis.Kernels;
import klotskidb.analysis.LanePool;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.db.AnalysisMarker;
import klotskidb.db.AnalysisWriter;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;

/**
 * {@code klotski analyse}, and the analysis inside {@code klotski release}: a BFS from every
 * layout of each class ({@link ClassAnalysis}), the classes costliest first on the
 * {@link ClassScheduler}, each class's values stored by the {@link AnalysisWriter} (and its two
 * files written, for a release) as it finishes.
 *
 * <pre>
 *   AnalyseJob.analyse(Path.of("data/klotski-db"), ClassSet.of(List.of("5-4-1")), 2, Kernels::fastest, progress, l)
 *   // stores farthest_step etc. of 5-4-1's 65,880 layouts (1A9BF0C00: farthest_step 124) and its groups' diameters
 * </pre>
 *
 * {@link #run} is the one loop over classes: {@code analyse} runs it with no files,
 * {@code release} ({@link ReleaseJob}) with a class's two files opened before its BFS and
 * committed after it.
 */
public final class AnalyseJob {
  private AnalyseJob() {}

  /** Where the run reports; every method is called under one lock, so lines never mix. */
  public interface Listener {
    /** A line to print. */
    default void note(String line) {}

    /** A class is done: its figures, and whether its values were stored (now published). */
    default void classDone(ClassAnalysis.Done done, boolean stored) {}
  }

  /** A class's two files, when the run writes them (a release). */
  public interface ClassFiles {
    /** Opens the files of class {@code cls}. */
    Open open(int cls) throws IOException;

    /** The open files of one class: committed once its BFS is done, else removed on close. */
    interface Open extends AutoCloseable {
      OutputStream farthest();

      OutputStream solution();

      void commit(ClassAnalysis.Done done) throws IOException;

      @Override
      void close() throws IOException;
    }
  }

  /** What {@link #analyse} did: the classes analysed now and before, the work (sum of size^2), the time. */
  public record Result(int classes, int alreadyDone, long work, double seconds, int threads) {
    /**
     * This run's work below this share of the work left gives no estimate of the time left: the
     * rate per size^2 grows with a class's groups (a batch of roots sweeps a large group whole, a
     * small group's run is mostly its start), so a run of small classes overestimates the rest many
     * times over (BENCHMARKS.md, row "the analysis's estimate of the time left").
     */
    static final double LEAST_SHARE = 0.005;

    /** The measured rate and what it predicts for the classes of {@code dir} not analysed yet. */
    public String projection(Path dir) {
      long[] remaining = new long[1];
      Set<String> left = new TreeSet<>();
      try (KlotskiDb kdb = KlotskiDb.open(dir)) {
        Map<String, AnalysisMarker> done = kdb.analysedClasses();
        kdb.forEachGroup(g -> {
          String cls = g.jiang() + "-" + g.bing() + "-" + g.style();
          if (!done.containsKey(cls)) {
            remaining[0] += (long) g.size() * g.size();
            left.add(cls);
          }
        });
      }
      return projection(left.size(), remaining[0]);
    }

    /**
     * The rate, and the time {@code classesLeft} classes of {@code remaining} size^2 would take at
     * it, where this run's work is at least {@link #LEAST_SHARE} of theirs:
     * <pre>
     *   rate R size^2/s on T threads; N classes left (W size^2): about H h more at this rate
     *   rate R size^2/s on T threads; N classes left (W size^2): this run did P% as much, too little
     *       to estimate their time (larger classes run faster per size^2)      (after 5-4-1 alone)
     * </pre>
     */
    String projection(int classesLeft, long remaining) {
      double rate = work / Math.max(seconds, 1e-9);
      String head = String.format(Locale.ROOT, "rate %.3g size^2/s on %s; ", rate, UserText.count(threads, "thread", "threads"));
      if (classesLeft == 0) {
        return head + "every class of the database is analysed";
      }
      head += String.format(Locale.ROOT, "%s left (%.3g size^2): ", UserText.count(classesLeft, "class", "classes"),
          (double) remaining);
      if (work < LEAST_SHARE * remaining) {
        return head + String.format(Locale.ROOT, "this run did %.2g%% as much, too little to estimate their time "
            + "(larger classes run faster per size^2)", 100.0 * work / remaining);
      }
      return head + String.format(Locale.ROOT, "about %.1f h more at this rate", remaining / rate / 3600);
    }
  }

  /**
   * Analyses the classes of {@code classes} (all: every class of the database) not analysed yet
   * and stores their values. The lock is taken first: the classes to do are read from the
   * database this run changes, and nothing is printed before a second writer is refused.
   */
  public static Result analyse(Path dir, ClassSet classes, int threads, Supplier<Kernels> kernels, Progress progress,
      Listener listener) throws IOException {
    try (AnalysisWriter writer = AnalysisWriter.open(dir, LanePool.threadsFor(threads),
        note -> listener.note("klotski: " + note))) {
      List<Integer> todo = new ArrayList<>();
      List<String> unindexed = new ArrayList<>();
      Map<String, AnalysisMarker> done;
      try (KlotskiDb kdb = KlotskiDb.open(dir)) {
        done = kdb.analysedClasses();
        List<String> built = kdb.classes();
        for (String name : classes.isAll() ? built : classes.names()) {
          if (!built.contains(name)) {
            throw new IllegalArgumentException("class " + name + " is not in the database at " + dir);
          }
          if (!done.containsKey(name)) {
            todo.add(LayoutClass.parse(name));
          } else if (!done.get(name).indexed()) {
            unindexed.add(name);
          }
        }
        if (!unindexed.isEmpty()) {
          index(kdb, unindexed, done, writer, progress, listener);
        }
      }
      if (todo.isEmpty()) {
        writer.close(); // the indexes stored before the line below
        // the classes asked for, by name; all of them, by count
        int asked = classes.isAll() ? done.size() : classes.names().size();
        listener.note((unindexed.isEmpty() ? "nothing to analyse: " : "nothing else to analyse: ")
            + (classes.isAll() ? UserText.count(asked, "class", "classes") + " of the database"
                : UserText.noun(asked, "class ", "classes ") + String.join(", ", classes.names()))
            + " " + UserText.noun(asked, "is", "are") + " analysed");
        return new Result(0, done.size(), 0, 0, threads);
      }
      Kernels k = kernels.get();
      Groups groups = group(todo, threads);
      listener.note(String.format(Locale.ROOT, "analysing %s (%,d already done) on %s, kernel %s",
          UserText.count(todo.size(), "class", "classes"), done.size(),
          UserText.count(LanePool.threadsFor(threads), "thread", "threads"), k.describe()));
      long t0 = System.nanoTime();
      long work = run("analyse", groups, todo, threads, k, writer, Set.of(), null, progress, listener);
      return new Result(todo.size(), done.size(), work, (System.nanoTime() - t0) / 1e9, LanePool.threadsFor(threads));
    }
  }

  /**
   * Indexes by farthest_step the classes analysed before {@code find_farthest} existed, from their
   * stored values (no BFS): each class's codes and farthest_steps read by batched look-ups and
   * queued on the writer, which writes the rows beside the class's {@code find} rows and adds the
   * sizes and the index's checksum to its marker.
   */
  static void index(KlotskiDb kdb, List<String> classes, Map<String, AnalysisMarker> markers, AnalysisWriter writer,
      Progress progress, Listener listener) {
    listener.note(String.format(Locale.ROOT, "indexing %s analysed before find's farthest_step index "
        + "(from their stored values, no BFS)", UserText.count(classes.size(), "class", "classes")));
    long t0 = System.nanoTime();
    progress.begin("index", classes.size());
    AtomicLong stored = new AtomicLong();
    for (String name : classes) {
      long[] codes = kdb.codesOfClass(LayoutClass.parse(name));
      int[] steps = new int[codes.length];
      int[] i = {0};
      kdb.forEachCaseWithAnalysis(codes, (c, a) -> {
        if (a == null) {
          throw new IllegalStateException("the database is inconsistent: class " + name + " is marked analysed but "
              + Code.format(c.code()) + " has no analysed values");
        }
        steps[i[0]++] = a.farthestStep();
      });
      writer.submitIndex(name, markers.get(name), codes, steps, () -> progress.advance(stored.incrementAndGet()));
    }
    writer.flush();
    progress.end("index", System.nanoTime() - t0, UserText.count(classes.size(), "class", "classes"));
  }

  /** The groups of the classes given (grouped anew: the database stores no edges). */
  static Groups group(List<Integer> classes, int threads) {
    return Grouper.of(ClassSet.ofIndexes(classes), threads, Progress.NONE);
  }

  /**
   * The loop: every class of {@code classes}, costliest first; each one's values stored by
   * {@code writer} unless it is null or the class is in {@code stored} already, its files written
   * when {@code files} is not null. The progress counts work (sum of size^2) and ends at 100%.
   * Returns the work done.
   */
  static long run(String label, Groups groups, List<Integer> classes, int threads, Kernels kernels,
      AnalysisWriter writer, Set<String> stored, ClassFiles files, Progress progress, Listener listener) {
    return run(label, groups, classes, pool(groups, classes, threads, kernels, writer != null, listener), kernels,
        writer, stored, files, progress, listener);
  }

  /** As above, on the engine threads and within the memory of {@code pool}. */
  static long run(String label, Groups groups, List<Integer> classes, LanePool pool, Kernels kernels,
      AnalysisWriter writer, Set<String> stored, ClassFiles files, Progress progress, Listener listener) {
    long total = 0;
    for (int c : classes) {
      total += ClassScheduler.work(groups, c);
    }
    long t0 = System.nanoTime();
    progress.begin(label, total);
    AtomicLong workDone = new AtomicLong();
    ClassScheduler.run(label, groups, classes, pool, cls -> {
      boolean store = writer != null && !stored.contains(LayoutClass.name(cls));
      // the line and the progress come once the class is stored (on the writer's thread)
      Consumer<ClassAnalysis.Done> finished = d -> {
        synchronized (listener) {
          listener.classDone(d, store);
        }
        progress.advance(workDone.addAndGet(ClassScheduler.work(groups, cls)));
      };
      if (files == null) {
        ClassAnalysis.run(pool, kernels, groups, cls, null, null, store ? writer : null, finished);
      } else {
        try (ClassFiles.Open f = files.open(cls)) {
          ClassAnalysis.Done d = ClassAnalysis.run(pool, kernels, groups, cls, f.farthest(), f.solution(),
              store ? writer : null, finished);
          f.commit(d);
        }
      }
    });
    if (writer != null) {
      writer.close(); // every class stored (and its line printed) before the end line; closing twice is harmless
    }
    listener.note(String.format(Locale.ROOT, "engine: at most %s leased of the %s budget, %s with the lists and logs "
        + "as they grew; %s at once", UserText.size(pool.peakBytes()), UserText.size(pool.budget()),
        UserText.size(pool.peakInUse()), UserText.count(pool.peakThreads(), "engine thread", "engine threads")));
    progress.end(label, System.nanoTime() - t0, UserText.count(classes.size(), "class", "classes"));
    return total;
  }

  /**
   * The run's pool: {@code threads} lanes and the heap this JVM has for them (what is not live now,
   * less the values of the classes that can be in flight at once and the writer's queue), and the
   * line that says so, with what the largest group gets.
   */
  static LanePool pool(Groups groups, List<Integer> classes, int threads, Kernels kernels, boolean storing,
      Listener listener) {
    long[] sizes = new long[classes.size()];
    int largest = 0;
    for (int k = 0; k < sizes.length; k++) {
      int c = classes.get(k);
      int first = groups.group(c, 0);
      for (int g = first; g >= 0 && g < first + groups.groupsInClass(c); g++) {
        sizes[k] += groups.size(g);
        largest = Math.max(largest, groups.size(g));
      }
    }
    Arrays.sort(sizes);
    long inFlight = 0; // the classes' values, as many classes as workers, the largest
    for (int k = sizes.length - 1; k >= Math.max(0, sizes.length - threads); k--) {
      inFlight += sizes[k] * ClassAnalysis.BYTES_PER_LAYOUT;
    }
    long queued = storing ? AnalysisWriter.MAX_QUEUED_ROWS * ClassAnalysis.BYTES_PER_LAYOUT : 0;
    int engine = LanePool.threadsFor(threads);
    // what each class in flight (one a worker) holds between its groups' leases
    long between = Math.min(engine, classes.size()) * ClassDriver.BYTES_BETWEEN_GROUPS;
    LanePool pool = new LanePool(engine, LanePool.heapBudget(inFlight + queued + between));
    long lane = AllRootsBfs.laneBytes(largest, kernels);
    long shared = largest * AllRootsBfs.GROUP_BYTES_PER_LAYOUT;
    int wanted = Math.min(engine, AllRootsBfs.usefulLanes(largest));
    int lanes = Math.min(wanted, pool.lanesThatFit(shared, lane));
    listener.note(String.format(Locale.ROOT, "engine: %s%s, a memory budget of %s of the %s that long-lived "
        + "arrays can take (a %s heap); the "
        + "largest group (%,d layouts) takes %s a lane at %d roots a batch: %s%s", UserText.count(engine, "thread", "threads"),
        engine < threads ? " (" + threads + " asked, " + engine + " processors)" : "", UserText.size(pool.budget()),
        UserText.size(LanePool.oldGeneration()[0]), UserText.size(Runtime.getRuntime().maxMemory()), largest, UserText.size(lane),
        kernels.hasEight() ? 512 : 256, UserText.count(lanes, "lane", "lanes"), lanes < wanted ? " (as many as the memory holds)" : ""));
    return pool;
  }
}
