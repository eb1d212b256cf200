package klotskidb.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;
import java.util.function.Predicate;
import klotskidb.db.IoErrors;
import klotskidb.db.Scratch;
import klotskidb.db.WriteTarget;

/**
 * A file klotski writes under a name the user never typed: the card and checksum beside an
 * export ({@code out/main.csv.md}, {@code out/main.csv.sha256}), the count tables and the charts
 * in a folder ({@link OwnFolder}). For {@code klotski export --format main-csv --out out/main.csv}
 * and the name {@code out/main.csv.sha256}:
 *
 * <pre>
 *   nothing there                                        written
 *   klotski's own earlier file, by its content           replaced
 *   (the checksum line "SHA256  main.csv")
 *   a user's plain file                                  refused; --force replaces it (the file, never
 *                                                        what a link points to)
 *   a symbolic link (to a file, a folder, a FIFO, a      refused, --force or not: nothing is written
 *   device, or to nothing), a folder, a FIFO, a device   through it or into it
 * </pre>
 *
 * Unlike {@code --out} ({@link OutputTarget}), which the user named and may point at a FIFO or
 * through a link, a name the tool chose is never followed: the check reads what is there without
 * following links, and the write ({@link AtomicFile}: a scratch file made where nothing is, then
 * renamed) replaces the directory entry itself, so a link planted between the check and the write
 * is replaced, never written through. Recognising its own file by content rather than by name
 * alone is what keeps a user's {@code notes.md} safe from an export named {@code notes}.
 */
public final class OwnFile {
  private final Path path;

  private OwnFile(Path path) {
    this.path = path;
  }

  /**
   * Checks what is at {@code path} (links not followed) and whether klotski may write it there;
   * throws {@link IllegalArgumentException} (one line naming what is there) when not.
   *
   * @param what the file's part, for the message ("the dataset card of out/main.csv")
   * @param ours whether the plain file at the path is klotski's own, by its content ({@link #head})
   * @param force whether a user's plain file may be replaced
   */
  public static OwnFile check(Path path, String what, Predicate<Path> ours, boolean force) {
    Path abs = path.toAbsolutePath().normalize();
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(abs, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return new OwnFile(abs);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + path + ": " + IoErrors.reason(e), e);
    }
    if (!a.isRegularFile()) {
      throw new IllegalArgumentException("refusing to write " + what + " at " + path + ": it is "
          + WriteTarget.describe(abs) + "; klotski writes that name only where nothing is or over its own file "
          + "(move it away" + (what.contains("card") ? ", or give --no-card" : "") + ")");
    }
    if (!force && !ours.test(abs)) {
      throw new IllegalArgumentException("refusing to replace " + path + ": it is " + WriteTarget.describe(abs)
          + " that klotski did not write; give --force to replace it" + (what.contains("card")
              ? ", --no-card to write no card, or another --out" : ", or another --out"));
    }
    return new OwnFile(abs);
  }

  /** The first {@code bytes} of a plain file (links not followed), empty when it cannot be read. */
  public static byte[] head(Path p, int bytes) {
    try (InputStream in = Files.newInputStream(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      return in.readNBytes(bytes);
    } catch (IOException e) {
      return new byte[0]; // unreadable: not recognised as ours
    }
  }

  /** Writes the file whole (scratch beside it, renamed over the name, never through a link). */
  public void write(AtomicFile.Body body) throws IOException {
    AtomicFile.write(path, body);
  }

  /** The file's path. */
  public Path path() {
    return path;
  }

  /** Removes what a killed run left beside this name ({@link Scratch#removeStale}). */
  public OwnFile sweep(Consumer<String> notes) {
    Scratch.removeStale(path, notes);
    return this;
  }
}
