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
import java.util.concurrent.ConcurrentHashMap;
import klotskidb.analysis.Kernels;
import klotskidb.analysis.LanePool;
import klotskidb.base.InputException;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.datasets.AtomicFile;
import klotskidb.datasets.HrdCsv;
import klotskidb.datasets.HrdFiles;
import klotskidb.datasets.PublishedReference;
import klotskidb.datasets.Release;
import klotskidb.db.AnalysisWriter;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Schema;
import klotskidb.db.Scratch;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
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
 *   DIR/MD5SUMS, DIR/SHA256SUMS, DIR/MANIFEST.tsv    md5sum -c and sha256sum -c; file, md5, lines, bytes
 *   DIR/README.md                                    the dataset card
 * </pre>
 *
 * Three steps: plan the files (those not complete yet, the room they need), run them (the
 * whole-database files, then the analysis), seal (MD5SUMS, SHA256SUMS, MANIFEST.tsv and the card
 * from every file's kept checksum). The folder's rules, the files' atomic writes and their checksums are
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
  public record Options(Release.Folder out, PublishedReference published, int threads, Kernels kernels, boolean gzip,
      ClassSet classes, int maxClassLayouts) {}

  /** Where the run reports: the analysis's lines and classes, and each file checked. */
  public interface Listener extends AnalyseJob.Listener {
    default void file(Release.FileResult result) {}
  }

  /** Runs the release of the database at {@code dbDir}; returns every file's result, in order. */
  public static List<Release.FileResult> run(Path dbDir, Options o, Progress progress, Listener listener)
      throws IOException {
    Path out = o.out().path(); // checked by Release.folder, once, before the run
    Path sums = o.out().sums();
    Map<String, String> reference = o.published() == null ? Map.of() : o.published().fileChecksums();
    listener.note(o.published() == null ? "not compared (--no-compare): the files are written and summed"
        : "comparing every file with " + o.published().source());
    // every file's checksums as the seal writes them: read once for the files complete before, handed
    // on by the writes of this run (from the analysis's threads too)
    Map<String, Release.Sum> kept = new ConcurrentHashMap<>();

    Plan plan;
    try (KlotskiDb db = KlotskiDb.open(dbDir)) { // one open for the plan and the whole-database files
      plan = plan(db, dbDir, o, reference, kept);
      Files.createDirectories(out);
      if (!Files.isDirectory(sums, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectory(sums);
      }
      Scratch.removeStaleIn(out, listener::note);
      Scratch.removeStaleIn(sums, listener::note);
      Release.removeOldTemporaries(out, listener::note);
      String files = plan.todo().isEmpty()
          ? String.format(Locale.ROOT, "nothing to write, all %d files already complete", plan.names().size())
          : String.format(Locale.ROOT, "%d of %d files to write (about %s), %d already complete", plan.todo().size(),
              plan.names().size(), UserText.size(plan.needed()), plan.names().size() - plan.todo().size());
      listener.note(String.format(Locale.ROOT, "release of %s into %s: %s%s", UserText.count(plan.chosen().size(), "class",
          "classes"), out, files, plan.whole() ? "" : "; All_Case.txt and main.csv are written only for a whole database"));

      // run: the whole-database files, then the classes' files from their analysis
      if (plan.todo().contains("All_Case.txt")) {
        kept.put("All_Case.txt", Release.write(o.out(), "All_Case.txt", o.gzip(),
            s -> HrdFiles.allCases(db, -1, o.threads(), s, n -> { })));
      }
      if (plan.todo().contains("main.csv")) {
        kept.put("main.csv", Release.write(o.out(), "main.csv", o.gzip(),
            s -> HrdFiles.mainCsv(db, -1, HrdFiles.MirrorRule.LEGACY, o.threads(), s, n -> { })));
      }
    }
    List<Integer> classes = new ArrayList<>();
    for (String c : plan.chosen()) {
      if (plan.todo().contains(HrdCsv.Kind.FARTHEST.fileName(c)) || plan.todo().contains(HrdCsv.Kind.SOLUTION.fileName(c))) {
        classes.add(LayoutClass.parse(c));
      }
    }
    if (!classes.isEmpty()) {
      Groups groups = AnalyseJob.group(classes, o.threads());
      boolean store = classes.stream().anyMatch(c -> !plan.analysed().contains(LayoutClass.name(c)));
      try (AnalysisWriter writer = store
          ? AnalysisWriter.open(dbDir, LanePool.threadsFor(o.threads()), listener::note) : null) {
        AnalyseJob.run("release", groups, classes, o.threads(), o.kernels(), writer, plan.analysed(),
            cls -> new ClassFiles(o.out(), LayoutClass.name(cls), o.gzip(), kept), progress, listener);
      }
    }
    return seal(out, o, plan, kept, reference, listener);
  }

  /**
   * What a run writes: the database's tool version, the classes chosen, the files (the whole
   * database's first), those still to write and the bytes they need, the classes analysed before.
   */
  private record Plan(String builtBy, List<String> chosen, List<String> names, List<String> todo, long needed,
      Set<String> analysed, boolean whole) {}

  /** The plan, from the open database and the folder; the checksums of the files complete before go to {@code kept}. */
  private static Plan plan(KlotskiDb db, Path dbDir, Options o, Map<String, String> reference,
      Map<String, Release.Sum> kept) throws IOException {
    String builtBy = db.meta().getOrDefault(Schema.META_TOOL_VERSION, "unknown");
    List<String> dbClasses = db.classes();
    Map<String, Long> classSizes = new TreeMap<>();
    db.forEachGroup(g -> classSizes.merge(g.jiang() + "-" + g.bing() + "-" + g.style(), (long) g.size(), Long::sum));
    Set<String> analysed = new TreeSet<>(db.analysedClasses().keySet());
    List<String> chosen = new ArrayList<>();
    for (String c : o.classes().isAll() ? dbClasses : o.classes().names()) {
      if (!dbClasses.contains(c)) {
        throw new IllegalArgumentException("class " + c + " is not in the database at " + dbDir);
      }
      if (classSizes.getOrDefault(c, 0L) <= o.maxClassLayouts()) {
        chosen.add(c);
      }
    }
    if (chosen.isEmpty()) { // nothing to write is no release: never an empty folder called a success
      long smallest = classSizes.values().stream().mapToLong(Long::longValue).min().orElse(0);
      throw new InputException("--max-class-layouts " + o.maxClassLayouts() + " leaves no class: "
          + "the smallest class here has " + smallest + " layouts");
    }
    boolean whole = o.classes().isAll() && o.maxClassLayouts() >= AllLayouts.COUNT
        && dbClasses.size() == LayoutClass.COUNT;
    List<String> names = new ArrayList<>();
    if (whole) {
      names.add("All_Case.txt");
      names.add("main.csv");
    }
    for (String c : chosen) {
      names.add(HrdCsv.Kind.FARTHEST.fileName(c));
      names.add(HrdCsv.Kind.SOLUTION.fileName(c));
    }
    List<String> todo = new ArrayList<>();
    long needed = 0;
    for (String name : names) {
      Release.Sum done = Release.kept(o.out(), name, o.gzip());
      if (done != null) {
        kept.put(name, done);
      } else {
        todo.add(name);
        long bytes = Release.expectedBytes(name, reference.get(name), classSizes);
        needed += o.gzip() ? bytes / 4 : bytes;
      }
    }
    Path out = o.out().path();
    long free = Files.getFileStore(Release.existing(out)).getUsableSpace();
    if (needed > free) {
      throw new IOException(String.format(Locale.ROOT, "not enough room in %s: the %s still to write need "
          + "about %s%s, %s %s free%s", out, UserText.count(todo.size(), "file", "files"), UserText.size(needed), o.gzip() ? " (gzip, estimated)" : "",
          UserText.size(free), UserText.noun(free, "is", "are"), o.gzip() ? "" : "; --gzip needs about a quarter"));
    }
    return new Plan(builtBy, chosen, names, todo, needed, analysed, whole);
  }

  /**
   * Seals the release from the checksums kept (this run's writes and the files complete before):
   * every file's result, MD5SUMS, SHA256SUMS, MANIFEST.tsv and the dataset card.
   */
  private static List<Release.FileResult> seal(Path out, Options o, Plan plan, Map<String, Release.Sum> kept,
      Map<String, String> reference, Listener listener) throws IOException {
    List<Release.FileResult> results = new ArrayList<>();
    StringBuilder md5sums = new StringBuilder();
    StringBuilder sha256sums = new StringBuilder();
    StringBuilder manifest = new StringBuilder("file\tmd5\tlines\tbytes\n");
    for (String name : plan.names()) {
      Release.Sum sum = kept.get(name);
      if (sum == null) {
        throw new IllegalStateException("the release's " + name + " was neither complete nor written");
      }
      String file = o.gzip() ? name + ".gz" : name;
      sha256sums.append(sum.sha256()).append("  ").append(file).append('\n');
      Release.FileResult r = new Release.FileResult(name, sum.md5(), sum.lines(), sum.bytes(), reference.get(name));
      results.add(r);
      listener.file(r);
      md5sums.append(sum.md5()).append("  ").append(name).append('\n');
      manifest.append(file).append('\t').append(sum.md5()).append('\t').append(sum.lines()).append('\t')
          .append(sum.bytes()).append('\n');
    }
    AtomicFile.write(out.resolve("MD5SUMS"), md5sums.toString());
    AtomicFile.write(out.resolve("SHA256SUMS"), sha256sums.toString());
    AtomicFile.write(out.resolve("MANIFEST.tsv"), manifest.toString());
    AtomicFile.write(out.resolve("README.md"), card(plan.builtBy(), o, plan.whole(), plan.chosen().size(), results));
    return results;
  }

  /**
   * The dataset card: a YAML header in the common dataset-card form, then what each file holds,
   * how many there are, which tool wrote them from which database, and how to check them.
   */
  static String card(String builtBy, Options o, boolean whole, int classes, List<Release.FileResult> results) {
    long lines = results.stream().mapToLong(Release.FileResult::lines).sum();
    long bytes = results.stream().mapToLong(Release.FileResult::bytes).sum();
    long matched = results.stream().filter(r -> Boolean.TRUE.equals(r.matches())).count();
    // its layouts: a line each in its classes' farthest files
    long layouts = results.stream().filter(r -> r.file().startsWith("farthest_")).mapToLong(Release.FileResult::lines)
        .sum();
    String gz = o.gzip() ? ".gz" : "";
    StringBuilder c = new StringBuilder();
    c.append("---\n")
        .append("pretty_name: \"Klotski (华容道) layouts: the HRD_Database release, regenerated by klotski-db\"\n")
        .append("license: unknown\n")
        .append("size_categories:\n- ").append(sizeCategory(layouts)).append('\n')
        .append("tags:\n- klotski\n- huarongdao\n- sliding-block-puzzle\n")
        .append("---\n\n")
        .append("# The HRD_Database release, regenerated\n\n")
        .append(String.format(Locale.ROOT, "%d files, %,d lines, %,d bytes%s: %s of Klotski (a 4x5 board, one 2x2 "
            + "block, any mix of 1x2, 2x1 and 1x1 pieces, at least two cells empty).%n%n",
            results.size(), lines, bytes, o.gzip() ? " before compression" : "",
            whole ? String.format(Locale.ROOT, "all %,d layouts, in %d classes,", layouts, classes)
                : String.format(Locale.ROOT, "the %,d layouts of %d of the %d classes", layouts, classes, LayoutClass.COUNT)))
        .append("Written by klotski-db ").append(Version.current()).append(" from a database built by klotski-db ")
        .append(builtBy).append(".\n\n")
        .append("## Files\n\n")
        .append("| file | one line per | columns |\n| --- | --- | --- |\n");
    if (whole) {
      c.append("| `All_Case.txt").append(gz).append("` | layout, in code order | the code: 9 upper-case hex digits |\n")
          .append("| `main.csv").append(gz).append("` | layout, in code order | `id,CODE,Y|N,jiang,bing,style,group_num,"
              + "group_index` (Y: the original engine's mirror rule) |\n");
    }
    c.append("| `farthest_J-B-S.csv").append(gz).append("` | layout of class J-B-S | `CODE,farthest_step,farthest_num,"
            + "F1-...-Fn`: the most steps to any layout of its group, how many are that far, which |\n")
        .append("| `solution_J-B-S.csv").append(gz).append("` | layout of class J-B-S | `CODE,min_solution_step,"
            + "min_solution_num,M1-...-Mk,solution_num`: the steps to the nearest solved layout, how many solved layouts "
            + "are that near, which, and its solutions in all (solved layouts with no other solved layout on a "
            + "shortest way to them) |\n\n")
        .append("A step moves one piece to any position it reaches by unit slides through empty cells. Every file, "
            + "its MD5, lines and bytes: `MANIFEST.tsv`.\n\n")
        .append("## Check\n\n```sh\n")
        .append(o.gzip() ? "zcat each file | md5sum   # MD5SUMS holds the uncompressed files' MD5s\n"
            : "md5sum -c MD5SUMS\n")
        .append("sha256sum -c SHA256SUMS\n```\n\n")
        .append(o.published() == null ? "Not compared with the published checksums (--no-compare).\n"
            : String.format(Locale.ROOT, "%d of %d files match the published MD5, lines and bytes: compared with %s.%n",
                matched, results.size(), o.published().source()));
    return c.toString();
  }

  /** The dataset card's size category of {@code n} rows, as the common dataset-card form names them: 1M<n<10M. */
  static String sizeCategory(long n) {
    String[] names = {"n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M", "1M<n<10M", "10M<n<100M", "100M<n<1B"};
    int k = 0;
    for (long bound = 1000; n >= bound && k < names.length - 1; bound *= 10) {
      k++;
    }
    return names[k];
  }

  /**
   * A class's two files under scratch names (each removed if the process is stopped before it is
   * committed: renamed into place with its checksums kept).
   */
  private static final class ClassFiles implements AnalyseJob.ClassFiles.Open {
    private final Release.Target farthest;
    private final Release.Target solution;
    private final String farthestName;
    private final String solutionName;
    /** Where each committed file's checksums go, for the seal. */
    private final Map<String, Release.Sum> kept;

    ClassFiles(Release.Folder out, String cls, boolean gzip, Map<String, Release.Sum> kept) throws IOException {
      this.kept = kept;
      farthest = new Release.Target(out, HrdCsv.Kind.FARTHEST.fileName(cls), gzip);
      farthestName = HrdCsv.Kind.FARTHEST.fileName(cls);
      solutionName = HrdCsv.Kind.SOLUTION.fileName(cls);
      Release.Target s;
      try {
        s = new Release.Target(out, solutionName, gzip);
      } catch (IOException e) {
        farthest.close();
        throw e;
      }
      solution = s;
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
      kept.put(farthestName, farthest.commit(done.farthest()));
      kept.put(solutionName, solution.commit(done.solution()));
    }

    @Override
    public void close() throws IOException {
      try {
        farthest.close();
      } finally {
        solution.close();
      }
    }
  }
}
