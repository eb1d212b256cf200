package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;
import klotskidb.base.OutputClosedException;
import klotskidb.base.UserText;
import klotskidb.db.IoErrors;
import klotskidb.db.Scratch;
import klotskidb.db.WriteTarget;

/**
 * The file a user names with {@code --out}, and what a command may do to it:
 *
 * <pre>
 *   --out out/main.csv   nothing there, or an empty file        written atomically (AtomicFile)
 *                        a plain file with bytes in it          refused unless --force
 *                        a folder, a link to nothing            refused
 *                        a FIFO, a device (/dev/null), or a     written into, never replaced
 *                        link to one (/dev/stdout)
 *   --out -              standard output                        written into
 * </pre>
 *
 * The rule is checked by {@link #of} before the command prints or computes anything; a command
 * writes the file it names and nothing else (its scratch files, see {@link Scratch}, are its own
 * and go at the end; the ones a killed run left are removed by the next export to the same name,
 * or for a stream by the next stream export, from the temporary folder's {@code .klotski-export.*}).
 * A format that needs a path of its own (SQLite, Parquet) writes a scratch file first, then copies
 * it into a stream target.
 */
public final class OutputTarget {
  /** The {@code --out} value for standard output. */
  public static final String STDOUT = "-";

  private final Path path;      // the file as the user named it (null: standard output)
  private final Path real;      // where it is written: the link's target for a special file
  private final boolean stream; // written into (stdout, FIFO, device), not replaced

  private OutputTarget(Path path, Path real, boolean stream) {
    this.path = path;
    this.real = real;
    this.stream = stream;
  }

  /**
   * Checks what is at {@code out} and whether the command may write it; throws
   * {@link IllegalArgumentException} (one line naming what is there) when not.
   *
   * @param force whether a plain file with bytes in it may be replaced
   * @param notes receives a line for each scratch file of a killed run that is removed
   */
  public static OutputTarget of(Path out, boolean force, Consumer<String> notes) {
    if (out.toString().equals(STDOUT)) {
      return streamed(new OutputTarget(null, null, true), notes);
    }
    Path abs = out.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(abs) && !Files.exists(abs)) {
      throw new IllegalArgumentException("refusing to write " + out + ": it is " + WriteTarget.describe(abs)
          + ", which does not exist");
    }
    if (!Files.exists(abs)) {
      Scratch.removeStale(abs, notes);
      return new OutputTarget(out, abs, false);
    }
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(abs, BasicFileAttributes.class); // through links
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + out + ": " + IoErrors.reason(e), e);
    }
    if (a.isDirectory()) {
      throw new IllegalArgumentException("refusing to write " + out + ": it is " + WriteTarget.describe(abs)
          + "; --out names the file to write");
    }
    if (!a.isRegularFile()) {
      // a FIFO, a device, /dev/stdout on a pipe: opened through the name, its reader or driver takes the bytes
      return streamed(new OutputTarget(out, abs, true), notes);
    }
    Path real;
    try {
      real = abs.toRealPath(); // a link to a file: the file is replaced, the link kept
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot follow " + out + ": " + IoErrors.reason(e), e);
    }
    long size;
    try {
      size = Files.size(real);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + out + ": " + IoErrors.reason(e), e);
    }
    // what killed runs left beside it goes first, even when this run is refused: a rerun without
    // --force is the natural next step after a kill, and it must not keep their scratch alive
    Scratch.removeStale(real, notes);
    if (size > 0 && !force) {
      throw new IllegalArgumentException("refusing to replace " + out + ": it is " + WriteTarget.describe(real)
          + " already; give --force to replace it, or another --out");
    }
    return new OutputTarget(out, real, false);
  }

  /** A stream's target, after removing the scratch a killed stream export left in the temporary folder. */
  private static OutputTarget streamed(OutputTarget t, Consumer<String> notes) {
    Scratch.removeStale(t.scratchBeside(), notes);
    return t;
  }

  /**
   * What is written, for reports and errors: the path, or "standard output". Control and invisible
   * characters of the name are escaped ({@link klotskidb.base.UserText#oneLine}): a name
   * holding U+202E or a newline prints as one line that shows them.
   */
  public String name() {
    return path == null ? "standard output" : UserText.oneLine(path.toString());
  }

  /** The path the user gave; null for standard output. */
  public Path path() {
    return path;
  }

  /** Whether the bytes go into a stream (stdout, FIFO, device) rather than a file replaced whole. */
  public boolean isStream() {
    return stream;
  }

  /**
   * A path beside which scratch files and folders may go ({@link Scratch#folder}): the file's own
   * folder, or the system's temporary folder for a stream.
   */
  public Path scratchBeside() {
    return stream ? Path.of(System.getProperty("java.io.tmpdir"), "klotski-export") : real;
  }

  /** Writes the bytes: atomically into a file, straight into a stream. */
  public void write(AtomicFile.Body body) throws IOException {
    if (!stream) {
      AtomicFile.write(real, body);
      return;
    }
    try (OutputStream out = new BufferedOutputStream(open(), 1 << 20)) {
      body.write(out);
    } catch (IOException e) {
      throw failed(e);
    }
  }

  /** As {@link #write(AtomicFile.Body)} for a writer that makes its file at a path of its own. */
  public void writePath(AtomicFile.PathBody body) throws IOException {
    if (!stream) {
      AtomicFile.writePath(real, body);
      return;
    }
    Files.createDirectories(scratchBeside().getParent());
    Scratch.OnExit scratch = Scratch.newFile(scratchBeside());
    Path tmp = scratch.path();
    try (scratch) {
      body.write(tmp);
      try (InputStream in = Files.newInputStream(tmp, LinkOption.NOFOLLOW_LINKS); OutputStream out = open()) {
        in.transferTo(out);
      } catch (IOException e) {
        throw failed(e);
      }
    } finally {
      Scratch.deleteQuietly(tmp);
    }
  }

  /** A stream's write failed: its reader gone ({@link OutputClosedException}: quiet, exit 141), or why. */
  private IOException failed(IOException e) {
    if (OutputClosedException.in(e)) {
      return new OutputClosedException(name(), e);
    }
    return new IOException("cannot write " + name() + ": " + IoErrors.reason(e), e);
  }

  private OutputStream open() throws IOException {
    if (path == null) { // standard output stays open for whatever the process prints after
      return new FilterOutputStream(new FileOutputStream(FileDescriptor.out)) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          flush();
        }
      };
    }
    return Files.newOutputStream(real, StandardOpenOption.WRITE); // never created, never replaced
  }
}
