package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import klotskidb.analysis.ClassScheduler;
import klotskidb.analysis.Kernels;
import klotskidb.db.AnalysisWriter;
import klotskidb.db.IoErrors;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Scratch;
import klotskidb.db.WriteTarget;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;

/**
 * The original HRD_Database release regenerated in one run, each file checked as it is written:
 *
 * <pre>
 *   DIR/All_Case.txt, DIR/main.csv                   from a scan of the database
 *   DIR/farthest_J-B-S.csv, DIR/solution_J-B-S.csv   203 classes, from one all-roots analysis pass
 *                                                    per class ({@link ClassAnalysis}), which also
 *                                                    stores the values when the class is not analysed
 *   DIR/MD5SUMS, DIR/MANIFEST.tsv                    md5sum -c format; file, md5, lines, bytes
 * </pre>
 *
 * DIR is missing, empty, or a folder a release made ({@link #folder}): a release never writes into
 * a folder holding anything else. Each file goes to a scratch file beside it ({@link
 * klotskidb.db.Scratch}: an unpredictable name) and is renamed into place when complete, after its
 * checksum is kept in {@code DIR/.release/NAME.sum}: a file under its final name is whole, and
 * a killed run resumes with the files not yet there. Classes run largest first, one per worker,
 * each sharing its groups' BFS batches among all threads (as {@code analyse} does). With gzip the
 * files are {@code NAME.gz}; their uncompressed content is what is checksummed and compared.
 * All_Case.txt and main.csv (the original engine's mirror rule) are written only for a database
 * of all 203 classes and no class filter: they are whole-database files. Every file is compared
 * with the published checksums ({@link PublishedReference}: the copy shipped in the jar unless
 * another folder is given).
 */
public final class Release {
  /**
   * What to release. {@code classes} null: every class of the database; {@code published} null: the
   * files are summed, not compared ({@code --no-compare}).
   */
  public record Options(Path out, PublishedReference published, int threads, Kernels kernels, boolean gzip,
      List<String> classes, int maxClassLayouts) {}

  /** A file of the release and how it compares with the published checksums. */
  public record FileResult(String file, String md5, long lines, long bytes, String expected) {
    /** null: no reference; else whether md5, lines and bytes all match. */
    public Boolean matches() {
      return expected == null ? null : expected.equals(md5 + " " + lines + " " + bytes)
          || expected.equals(md5 + " ? ?");
    }
  }

  /** Where the run reports: a class started or finished, a file checked. */
  public interface Listener {
    default void note(String line) {}

    default void classDone(ClassAnalysis.Done done, boolean stored) {}

    default void file(FileResult result) {}
  }

  /** Layouts per class in a full database, for the space estimate without a reference. */
  private static final double BYTES_PER_LAYOUT = 28.5e9 / AllLayouts.COUNT;

  private Release() {}

  /** Runs the release of the database at {@code dbDir}; returns every file's result, in order. */
  public static List<FileResult> run(Path dbDir, Options o, Progress progress, Listener listener) throws IOException {
    Path out = folder(o.out());
    Path sums = out.resolve(SUMS);
    Map<String, String> reference = o.published() == null ? Map.of() : o.published().fileChecksums();
    listener.note(o.published() == null ? "not compared (--no-compare): the files are written and summed"
        : "comparing every file with " + o.published().source());

    List<String> dbClasses;
    Map<String, Long> classSizes = new TreeMap<>();
    Map<String, Boolean> analysed = new TreeMap<>();
    try (KlotskiDb db = KlotskiDb.open(dbDir)) {
      dbClasses = db.classes();
      db.forEachGroup(g -> classSizes.merge(g.jiang() + "-" + g.bing() + "-" + g.style(), (long) g.size(), Long::sum));
      db.analysedClasses().keySet().forEach(c -> analysed.put(c, true));
    }
    List<String> chosen = new ArrayList<>();
    for (String c : o.classes() == null ? dbClasses : o.classes()) {
      if (!dbClasses.contains(c)) {
        throw new IllegalArgumentException("class " + c + " is not in the database at " + dbDir);
      }
      if (classSizes.getOrDefault(c, 0L) <= o.maxClassLayouts()) {
        chosen.add(c);
      }
    }
    boolean whole = o.classes() == null && o.maxClassLayouts() >= AllLayouts.COUNT
        && dbClasses.size() == LayoutClass.COUNT;

    // files to write, and the room they need
    List<String> todo = new ArrayList<>();
    long needed = 0;
    List<String> names = new ArrayList<>();
    if (whole) {
      names.add("All_Case.txt");
      names.add("main.csv");
    }
    for (String c : chosen) {
      names.add("farthest_" + c + ".csv");
      names.add("solution_" + c + ".csv");
    }
    for (String name : names) {
      if (!done(out, sums, name, o.gzip())) {
        todo.add(name);
        String ref = reference.get(name);
        long bytes = ref != null && !ref.endsWith("?") ? Long.parseLong(ref.substring(ref.lastIndexOf(' ') + 1))
            : (long) (BYTES_PER_LAYOUT * sizeOf(name, classSizes));
        needed += o.gzip() ? bytes / 4 : bytes;
      }
    }
    long free = Files.getFileStore(existing(out)).getUsableSpace();
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
    removeOldTemporaries(out, listener);
    listener.note(String.format(Locale.ROOT, "release of %d classes into %s: %d of %d files to write (about %.1f GB), "
        + "%d already complete%s", chosen.size(), out, todo.size(), names.size(), needed / 1e9, names.size() - todo.size(),
        whole ? "" : "; All_Case.txt and main.csv are written only for a whole database"));

    if (whole) {
      try (KlotskiDb db = KlotskiDb.open(dbDir)) {
        if (todo.contains("All_Case.txt")) {
          write(out, sums, "All_Case.txt", o.gzip(), s -> HrdFiles.allCases(db, -1, s, n -> { }));
        }
        if (todo.contains("main.csv")) {
          write(out, sums, "main.csv", o.gzip(), s -> HrdFiles.mainCsv(db, -1, HrdFiles.MirrorRule.LEGACY, s, n -> { }));
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
      analyse(dbDir, out, sums, o, classes, analysed, progress, listener);
    }

    List<FileResult> results = new ArrayList<>();
    StringBuilder md5sums = new StringBuilder();
    StringBuilder manifest = new StringBuilder("file\tmd5\tlines\tbytes\n");
    for (String name : names) {
      String[] sum = Files.readString(sums.resolve(name + ".sum")).trim().split(" ");
      String file = o.gzip() ? name + ".gz" : name;
      FileResult r = new FileResult(name, sum[0], Long.parseLong(sum[1]), Long.parseLong(sum[2]), reference.get(name));
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

  /** The folder of the release's checksums, inside the release folder. */
  private static final String SUMS = ".release";

  /** The names a release writes into its folder (and the scratch files of its writes). */
  private static final Pattern RELEASE_NAME = Pattern.compile(
      "(All_Case\\.txt|main\\.csv|(farthest|solution)_\\d+-\\d+-\\d+\\.csv)(\\.gz)?(\\.tmp-\\d+)?"
          + "|MD5SUMS|MANIFEST\\.tsv|" + Pattern.quote(SUMS));

  /**
   * The release folder, checked before anything is written: missing, empty, or one a release made
   * (only its files, {@code .release} holding only checksums). Anything else is refused, one line
   * naming what is there; a link to a release folder is followed.
   */
  public static Path folder(Path dir) throws IOException {
    Path abs = dir.toAbsolutePath().normalize();
    Path real = Files.exists(abs) ? abs.toRealPath() : abs;
    if (Files.exists(abs) && !Files.isDirectory(real)) {
      throw new IllegalArgumentException("refusing to write a release into " + dir + ": it is "
          + WriteTarget.describe(abs));
    }
    Path sums = real.resolve(SUMS);
    boolean ours = WriteTarget.holdsOnly(real, n -> RELEASE_NAME.matcher(n).matches() || Scratch.isScratchName(n))
        && (!Files.exists(sums, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(sums, LinkOption.NOFOLLOW_LINKS)
            && WriteTarget.holdsOnly(sums, n -> n.endsWith(".sum") || Scratch.isScratchName(n)));
    if (!ours) {
      throw new IllegalArgumentException("refusing to write a release into " + dir + ": it is "
          + WriteTarget.describe(real) + ", which a release did not make; give --out a new or empty folder");
    }
    return real;
  }

  /** The nearest folder that exists, for the free-space check of a folder not made yet. */
  private static Path existing(Path p) {
    Path q = p;
    while (q != null && !Files.exists(q)) {
      q = q.getParent();
    }
    return q == null ? p : q;
  }

  /** Temporary files of a killed run of an earlier version (NAME.tmp-PID of a process that is gone). */
  private static void removeOldTemporaries(Path out, Listener listener) throws IOException {
    Pattern tmp = Pattern.compile(".*\\.tmp-(\\d+)");
    try (var files = Files.list(out)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Matcher m = tmp.matcher(f.getFileName().toString());
        if (m.matches() && RELEASE_NAME.matcher(f.getFileName().toString()).matches()
            && !Scratch.alive(Long.parseLong(m.group(1)))) {
          Files.deleteIfExists(f);
          listener.note("removed " + f.getFileName() + ", left by an interrupted run");
        }
      }
    }
  }

  private static long sizeOf(String name, Map<String, Long> classSizes) {
    if (name.equals("All_Case.txt") || name.equals("main.csv")) {
      return AllLayouts.COUNT / 20;
    }
    String cls = name.substring(name.indexOf('_') + 1, name.length() - 4);
    return classSizes.getOrDefault(cls, 0L) / 2;
  }

  /** Whether a file is complete: under its final name, with its checksum kept. */
  private static boolean done(Path out, Path sums, String name, boolean gzip) {
    return Files.exists(out.resolve(gzip ? name + ".gz" : name)) && Files.exists(sums.resolve(name + ".sum"));
  }

  private interface Content {
    long write(OutputStream out) throws IOException;
  }

  /** Writes one whole-database file: temporary name, checksum kept, renamed. */
  private static void write(Path out, Path sums, String name, boolean gzip, Content content) throws IOException {
    try (Target t = new Target(out, sums, name, gzip)) {
      FileChecksum sum = new FileChecksum();
      content.write(sum.tee(t.file));
      t.commit(sum.toString());
    }
  }

  /** One file being written under its temporary name (gzip-compressed when asked). */
  private static final class Target implements AutoCloseable {
    final Path tmp;
    final Path target;
    final Path sumFile;
    final OutputStream file;
    private boolean committed;

    Target(Path out, Path sums, String name, boolean gzip) throws IOException {
      target = out.resolve(gzip ? name + ".gz" : name);
      sumFile = sums.resolve(name + ".sum");
      OutputStream f;
      try {
        tmp = Scratch.file(target); // an unpredictable name, made where nothing is
        f = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
            1 << 20);
        if (gzip) {
          f = new GZIPOutputStream(f, 1 << 16);
        }
      } catch (IOException e) {
        throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
      }
      file = f;
    }

    /** Closes the file, keeps its checksum ("MD5 LINES BYTES" of the uncompressed bytes), renames it into place. */
    void commit(String sum) throws IOException {
      try {
        file.close();
        AtomicFile.write(sumFile, sum + "\n");
        AtomicFile.readable(tmp, target);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        committed = true;
      } catch (IOException e) {
        throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
      }
    }

    @Override
    public void close() throws IOException {
      if (!committed) {
        try {
          file.close();
        } catch (IOException ignored) {
          // failing already
        }
        Scratch.deleteQuietly(tmp);
      }
    }
  }

  private static void analyse(Path dbDir, Path out, Path sums, Options o, List<Integer> classes,
      Map<String, Boolean> analysed, Progress progress, Listener listener) throws IOException {
    boolean[] selected = new boolean[LayoutClass.COUNT];
    classes.forEach(c -> selected[c] = true);
    Groups groups = new Grouper(AllLayouts.build(), selected, o.threads(), Progress.NONE).run();
    long total = 0;
    for (int c : classes) {
      total += ClassScheduler.work(groups, c);
    }
    boolean store = classes.stream().anyMatch(c -> !analysed.containsKey(LayoutClass.name(c)));
    long started = System.nanoTime();
    progress.begin("release", total);
    java.util.concurrent.atomic.AtomicLong workDone = new java.util.concurrent.atomic.AtomicLong();
    List<Thread> cleanup = Collections.synchronizedList(new ArrayList<>());
    try (AnalysisWriter writer = store ? AnalysisWriter.open(dbDir, listener::note) : null) {
      ClassScheduler.run("release", groups, classes, o.threads(), cls -> {
        String name = LayoutClass.name(cls);
        try (Target f = new Target(out, sums, "farthest_" + name + ".csv", o.gzip());
            Target s = new Target(out, sums, "solution_" + name + ".csv", o.gzip())) {
          Thread hook = new Thread(() -> {
            Scratch.deleteQuietly(f.tmp);
            Scratch.deleteQuietly(s.tmp);
          }, "klotski-cleanup");
          Runtime.getRuntime().addShutdownHook(hook);
          cleanup.add(hook);
          boolean storeThis = writer != null && !analysed.containsKey(name);
          ClassAnalysis.Done d = ClassAnalysis.run(o.threads(), o.kernels(), groups, cls, f.file, s.file,
              storeThis ? writer : null, stored -> listener.classDone(stored, storeThis));
          f.commit(d.farthest());
          s.commit(d.solution());
        }
        progress.advance(workDone.addAndGet(ClassScheduler.work(groups, cls)));
      });
    } finally {
      for (Thread h : cleanup) {
        try {
          Runtime.getRuntime().removeShutdownHook(h);
        } catch (IllegalStateException shuttingDown) {
          // runs anyway
        }
      }
    }
    progress.end("release", System.nanoTime() - started, classes.size() + " classes");
  }
}
