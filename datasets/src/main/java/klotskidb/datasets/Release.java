package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import klotskidb.base.InputException;
import klotskidb.db.IoErrors;
import klotskidb.db.Scratch;
import klotskidb.db.WriteTarget;
import klotskidb.enumerator.AllLayouts;

/**
 * The files of the original HRD_Database release, each checked as it is written (the run is
 * {@code klotskidb.jobs.ReleaseJob}):
 *
 * <pre>
 *   DIR/All_Case.txt, DIR/main.csv                   from a scan of the database
 *   DIR/farthest_J-B-S.csv, DIR/solution_J-B-S.csv   203 classes, from one all-roots analysis pass
 *                                                    per class (klotskidb.jobs.ClassAnalysis), which also
 *                                                    stores the values when the class is not analysed
 *   DIR/MD5SUMS, DIR/SHA256SUMS, DIR/MANIFEST.tsv    md5sum -c and sha256sum -c; file, md5, lines, bytes
 *   DIR/README.md                                    the dataset card
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
  /** A file of the release and how it compares with the published checksums. */
  public record FileResult(String file, String md5, long lines, long bytes, String expected) {
    /** null: no reference; else whether md5, lines and bytes all match. */
    public Boolean matches() {
      return expected == null ? null : expected.equals(md5 + " " + lines + " " + bytes)
          || expected.equals(md5 + " ? ?");
    }
  }

  /** Layouts per class in a full database, for the space estimate without a reference. */
  static final double BYTES_PER_LAYOUT = 28.5e9 / AllLayouts.COUNT;

  private Release() {}

  /** The folder of the release's checksums, inside the release folder. */
  public static final String SUMS = ".release";

  /** The names a release writes into its folder (and the scratch files of its writes). */
  private static final Pattern RELEASE_NAME = Pattern.compile(
      "(All_Case\\.txt|main\\.csv|(farthest|solution)_\\d+-\\d+-\\d+\\.csv)(\\.gz)?(\\.tmp-\\d+)?"
          + "|MD5SUMS|SHA256SUMS|MANIFEST\\.tsv|README\\.md|" + Pattern.quote(SUMS));

  /** A release folder as {@link #folder} checked it: its real path (a link to it followed). */
  public record Folder(Path path) {
    /** The folder of its kept checksums. */
    public Path sums() {
      return path.resolve(SUMS);
    }
  }

  /**
   * The release folder, checked once, before anything is written or computed: missing, empty, or
   * one a release made (only its files, {@code .release} holding only checksums). Anything else
   * is refused, one line naming what is there; a link to a release folder is followed.
   */
  public static Folder folder(Path dir) throws IOException {
    if (dir.toString().equals(OutputTarget.STDOUT)) {
      throw new InputException("a release is a folder of 410 files: --out - (standard output) "
          + "does not apply; give --out a new or empty folder");
    }
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
    // a release writes only plain files: a link, FIFO or device under one of its names is not its own
    // (a killed run's scratch, links included, is removed without being followed)
    if (Files.isDirectory(real)) {
      List<Path> all = new ArrayList<>();
      try (var entries = Files.list(real)) {
        entries.forEach(all::add);
      }
      if (Files.isDirectory(sums, LinkOption.NOFOLLOW_LINKS)) {
        try (var entries = Files.list(sums)) {
          entries.forEach(all::add);
        }
      }
      {
        for (Path p : all) {
          String n = p.getFileName().toString();
          boolean plain = n.equals(SUMS) ? Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
              : Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
          if (!plain && !Scratch.isScratchName(n)) {
            throw new IllegalArgumentException("refusing to write a release into " + dir + ": its " + n + " is "
                + WriteTarget.describe(p) + ", which a release did not make; move it away or give --out a new folder");
          }
        }
      }
    }
    return new Folder(real);
  }

  /** The nearest folder that exists, for the free-space check of a folder not made yet. */
  public static Path existing(Path p) {
    Path q = p;
    while (q != null && !Files.exists(q)) {
      q = q.getParent();
    }
    return q == null ? p : q;
  }

  /** Temporary files of a killed run of an earlier version (NAME.tmp-PID of a process that is gone). */
  public static void removeOldTemporaries(Path out, Consumer<String> notes) throws IOException {
    Pattern tmp = Pattern.compile(".*\\.tmp-(\\d+)");
    try (var files = Files.list(out)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Matcher m = tmp.matcher(f.getFileName().toString());
        if (m.matches() && RELEASE_NAME.matcher(f.getFileName().toString()).matches()
            && !Scratch.alive(Long.parseLong(m.group(1)))) {
          Files.deleteIfExists(f);
          notes.accept("removed " + f.getFileName() + ", left by an interrupted run");
        }
      }
    }
  }

  /** The bytes a file of the release is expected to take: the reference's, else an estimate from its layouts. */
  public static long expectedBytes(String name, String reference, Map<String, Long> classSizes) {
    return reference != null && !reference.endsWith("?")
        ? Long.parseLong(reference.substring(reference.lastIndexOf(' ') + 1))
        : (long) (BYTES_PER_LAYOUT * sizeOf(name, classSizes));
  }

  private static long sizeOf(String name, Map<String, Long> classSizes) {
    if (name.equals("All_Case.txt") || name.equals("main.csv")) {
      return AllLayouts.COUNT / 20;
    }
    String cls = name.substring(name.indexOf('_') + 1, name.length() - 4);
    return classSizes.getOrDefault(cls, 0L) / 2;
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JVM", e);
    }
  }

  /**
   * A file's checksums, kept beside it ({@code .release/NAME.sum}, "MD5 LINES BYTES SHA256"): the
   * MD5, lines and bytes of its content (uncompressed), the SHA-256 of what is on the disk (what
   * {@code sha256sum} reads). The run that writes a file hands these on to the seal; a file
   * complete from a run before is read once, when the run is planned.
   */
  public record Sum(String md5, long lines, long bytes, String sha256) {
    String line() {
      return md5 + " " + lines + " " + bytes + " " + sha256;
    }

    /** A kept line; the SHA-256 read from the file when a run before SHA-256 was kept wrote it. */
    static Sum parse(String line, Path file) throws IOException {
      String[] p = line.trim().split(" ");
      return new Sum(p[0], Long.parseLong(p[1]), Long.parseLong(p[2]), p.length >= 4 ? p[3] : sha256Of(file));
    }
  }

  /** A file's SHA-256, in hex, read from the disk. */
  public static String sha256Of(Path file) throws IOException {
    MessageDigest d = sha256();
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), d)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(d.digest());
  }

  /** The checksums of a complete file (under its final name, its checksums kept), null when it is not. */
  public static Sum kept(Folder out, String name, boolean gzip) throws IOException {
    Path file = out.path().resolve(gzip ? name + ".gz" : name);
    Path sum = out.sums().resolve(name + ".sum");
    return Files.exists(file) && Files.exists(sum) ? Sum.parse(Files.readString(sum), file) : null;
  }

  /** A whole-database file's content: written to a stream, its line count returned. */
  public interface Content {
    long write(OutputStream out) throws IOException;
  }

  /** Writes one whole-database file: temporary name, checksum kept, renamed; its checksums. */
  public static Sum write(Folder out, String name, boolean gzip, Content content) throws IOException {
    try (Target t = new Target(out, name, gzip)) {
      FileChecksum sum = new FileChecksum();
      content.write(sum.tee(t.file));
      return t.commit(sum.toString());
    }
  }

  /**
   * One file being written under its temporary name (gzip-compressed when asked), removed if the
   * process is stopped before it is committed.
   */
  public static final class Target implements AutoCloseable {
    private final Path tmp;
    final Path target;
    final Path sumFile;
    public final OutputStream file;
    /** The SHA-256 of the bytes that reach the disk (compressed ones, with gzip): what sha256sum reads. */
    private final MessageDigest sha256;
    /** The temporary file removed if the process is stopped before the file is committed. */
    private final Scratch.OnExit onExit;
    private boolean committed;

    public Target(Folder out, String name, boolean gzip) throws IOException {
      target = out.path().resolve(gzip ? name + ".gz" : name);
      sumFile = out.sums().resolve(name + ".sum");
      try {
        onExit = Scratch.newFile(target); // an unpredictable name, made where nothing is
      } catch (IOException e) {
        throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
      }
      tmp = onExit.path();
      sha256 = sha256();
      OutputStream f;
      try {
        f = new BufferedOutputStream(new DigestOutputStream(Files.newOutputStream(tmp, StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS), sha256), 1 << 20);
        if (gzip) {
          f = new GZIPOutputStream(f, 1 << 16);
        }
      } catch (IOException e) {
        onExit.close();
        Scratch.deleteQuietly(tmp);
        throw new IOException("cannot write " + target + ": " + IoErrors.reason(e), e);
      }
      file = f;
    }

    /**
     * Closes the file, keeps its checksums ({@code sum}: "MD5 LINES BYTES" of the uncompressed
     * bytes, with the SHA-256 of the file's), renames it into place; the checksums kept.
     */
    public Sum commit(String sum) throws IOException {
      try {
        file.close();
        Sum kept = Sum.parse(sum + " " + HexFormat.of().formatHex(sha256.digest()), tmp);
        AtomicFile.write(sumFile, kept.line() + "\n");
        AtomicFile.readable(tmp, target);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        committed = true;
        return kept;
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
      onExit.close();
    }
  }
}
