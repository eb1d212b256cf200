package klotskidb.jobs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import klotskidb.analysis.Kernels;
import klotskidb.datasets.AtomicFile;
import klotskidb.datasets.ClassAnalysis;
import klotskidb.datasets.HrdFiles;
import klotskidb.datasets.PublishedReference;
import klotskidb.datasets.Release;
import klotskidb.db.AnalysisWriter;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Scratch;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Groups;

/**
 * {@code klotski release}: the original HRD_Database release regenerated in one run, each file
 * checked as it is written.
 *
 * <pre>
 *   DIR/All_Case.txt, DIR/main.csv                   from a scan of the database
 *   DIR/farthest_J-B-S.csv, DIR/solution_J-B-S.csv   203 classes, from the analysis ({@link AnalyseJob#run}
 *                                                    with each class's files), which also stores the
 *                                                    values when the class is not analysed yet
 *   DIR/MD5SUMS, DIR/MANIFEST.tsv                    md5sum -c format; file, md5, lines, bytes
 * </pre>
 *
 * Three steps: plan the files (those not complete yet, the room they need), run them (the
 * whole-database files, then the analysis), seal (MD5SUMS and MANIFEST.tsv from every file's kept
 * checksum). The folder's rules, the files' atomic writes and their checksums are
 * {@link Release}'s; DIR is missing, empty, or a folder a release made. All_Case.txt and main.csv
 * (the original engine's mirror rule) are written only for a database of all 203 classes and no
 * class filter. Every file is compared with the published checksums ({@link PublishedReference}:
 * the copy shipped in the jar unless another folder is given).
 */
public final class ReleaseJob {
  private ReleaseJob() {}

  /**
   * What to release. {@code classes}: all, every class of the database; {@code published} null:
   * the files are summed, not compared ({@code --no-compare}).
   */
  public record Options(Path out, PublishedReference published, int threads, Kernels kernels, boolean gzip,
      ClassSet classes, int maxClassLayouts) {}

  /** Where the run reports: the analysis's lines and classes, and each file checked. */
  public interface Listener extends AnalyseJob.Listener {
    default void file(Release.FileResult result) {}
  }

  /** Runs the release of the database at {@code dbDir}; returns every file's result, in order. */
  public static List<Release.FileResult> run(Path dbDir, Options o, Progress progress, Listener listener)
      throws IOException {
    Path out = Release.folder(o.out());
    Path sums = out.resolve(Release.SUMS);
    Map<String, String> reference = o.published() == null ? Map.of() : o.published().fileChecksums();
    listener.note(o.published() == null ? "not compared (--no-compare): the files are written and summed"
        : "comparing every file with " + o.published().source());

    // plan: the classes, the files, those still to write and the room they need
    List<String> dbClasses;
    Map<String, Long> classSizes = new TreeMap<>();
    Set<String> analysed = new TreeSet<>();
    try (KlotskiDb db = KlotskiDb.open(dbDir)) {
      dbClasses = db.classes();
      db.forEachGroup(g -> classSizes.merge(g.jiang() + "-" + g.bing() + "-" + g.style(), (long) g.size(), Long::sum));
      analysed.addAll(db.analysedClasses().keySet());
    }
    List<String> chosen = new ArrayList<>();
    for (String c : o.classes().isAll() ? dbClasses : o.classes().names()) {
      if (!dbClasses.contains(c)) {
        throw new IllegalArgumentException("class " + c + " is not in the database at " + dbDir);
      }
      if (classSizes.getOrDefault(c, 0L) <= o.maxClassLayouts()) {
        chosen.add(c);
      }
    }
    boolean whole = o.classes().isAll() && o.maxClassLayouts() >= AllLayouts.COUNT
        && dbClasses.size() == LayoutClass.COUNT;
    List<String> names = new ArrayList<>();
    if (whole) {
      names.add("All_Case.txt");
      names.add("main.csv");
    }
    for (String c : chosen) {
      names.add("farthest_" + c + ".csv");
      names.add("solution_" + c + ".csv");
    }
    List<String> todo = new ArrayList<>();
    long needed = 0;
    for (String name : names) {
      if (!Release.done(out, sums, name, o.gzip())) {
        todo.add(name);
        long bytes = Release.expectedBytes(name, reference.get(name), classSizes);
        needed += o.gzip() ? bytes / 4 : bytes;
      }
    }
    long free = Files.getFileStore(Release.existing(out)).getUsableSpace();
    if (needed > free) {
      throw new IOException(String.format(Locale.ROOT, "not enough room in %s: the %d files still to write need "
          + "about %.1f GB%s, %.1f GB are free%s", out, todo.size(), needed / 1e9, o.gzip() ? " (gzip, estimated)" : "",
          free / 1e9, o.gzip() ? "" : "; --gzip needs about a quarter"));
    }
    Files.createDirectories(out);
    if (!Files.isDirectory(sums, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectory(sums);
    }
    Scratch.removeStaleIn(out, listener::note);
    Scratch.removeStaleIn(sums, listener::note);
    Release.removeOldTemporaries(out, listener::note);
    listener.note(String.format(Locale.ROOT, "release of %d classes into %s: %d of %d files to write (about %.1f GB), "
        + "%d already complete%s", chosen.size(), out, todo.size(), names.size(), needed / 1e9, names.size() - todo.size(),
        whole ? "" : "; All_Case.txt and main.csv are written only for a whole database"));

    // run: the whole-database files, then the classes' files from their analysis
    if (whole) {
      try (KlotskiDb db = KlotskiDb.open(dbDir)) {
        if (todo.contains("All_Case.txt")) {
          Release.write(out, sums, "All_Case.txt", o.gzip(), s -> HrdFiles.allCases(db, -1, s, n -> { }));
        }
        if (todo.contains("main.csv")) {
          Release.write(out, sums, "main.csv", o.gzip(),
              s -> HrdFiles.mainCsv(db, -1, HrdFiles.MirrorRule.LEGACY, s, n -> { }));
        }
      }
    }
    List<Integer> classes = new ArrayList<>();
    for (String c : chosen) {
      if (todo.contains("farthest_" + c + ".csv") || todo.contains("solution_" + c + ".csv")) {
        classes.add(LayoutClass.parse(c));
      }
    }
    if (!classes.isEmpty()) {
      Groups groups = AnalyseJob.group(classes, o.threads());
      boolean store = classes.stream().anyMatch(c -> !analysed.contains(LayoutClass.name(c)));
      try (AnalysisWriter writer = store ? AnalysisWriter.open(dbDir, listener::note) : null) {
        AnalyseJob.run("release", groups, classes, o.threads(), o.kernels(), writer, analysed,
            cls -> new ClassFiles(out, sums, LayoutClass.name(cls), o.gzip()), progress, listener);
      }
    }

    // seal: every file's result, MD5SUMS and MANIFEST.tsv
    List<Release.FileResult> results = new ArrayList<>();
    StringBuilder md5sums = new StringBuilder();
    StringBuilder manifest = new StringBuilder("file\tmd5\tlines\tbytes\n");
    for (String name : names) {
      String[] sum = Files.readString(sums.resolve(name + ".sum")).trim().split(" ");
      String file = o.gzip() ? name + ".gz" : name;
      Release.FileResult r = new Release.FileResult(name, sum[0], Long.parseLong(sum[1]), Long.parseLong(sum[2]),
          reference.get(name));
      results.add(r);
      listener.file(r);
      md5sums.append(sum[0]).append("  ").append(o.gzip() ? name : file).append('\n');
      manifest.append(file).append('\t').append(sum[0]).append('\t').append(sum[1]).append('\t').append(sum[2])
          .append('\n');
    }
    AtomicFile.write(out.resolve("MD5SUMS"), md5sums.toString());
    AtomicFile.write(out.resolve("MANIFEST.tsv"), manifest.toString());
    return results;
  }

  /**
   * A class's two files under scratch names, removed by a hook if the process is stopped before
   * they are committed (renamed into place with their checksums kept).
   */
  private static final class ClassFiles implements AnalyseJob.ClassFiles.Open {
    private final Release.Target farthest;
    private final Release.Target solution;
    private final Thread hook;

    ClassFiles(Path out, Path sums, String cls, boolean gzip) throws IOException {
      farthest = new Release.Target(out, sums, "farthest_" + cls + ".csv", gzip);
      Release.Target s;
      try {
        s = new Release.Target(out, sums, "solution_" + cls + ".csv", gzip);
      } catch (IOException e) {
        farthest.close();
        throw e;
      }
      solution = s;
      hook = new Thread(() -> {
        Scratch.deleteQuietly(farthest.tmp);
        Scratch.deleteQuietly(solution.tmp);
      }, "klotski-cleanup");
      Runtime.getRuntime().addShutdownHook(hook);
    }

    @Override
    public OutputStream farthest() {
      return farthest.file;
    }

    @Override
    public OutputStream solution() {
      return solution.file;
    }

    @Override
    public void commit(ClassAnalysis.Done done) throws IOException {
      farthest.commit(done.farthest());
      solution.commit(done.solution());
    }

    @Override
    public void close() throws IOException {
      try {
        farthest.close();
        solution.close();
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // runs anyway
        }
      }
    }
  }
}
