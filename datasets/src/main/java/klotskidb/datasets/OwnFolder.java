package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.base.InputException;
import klotskidb.db.IoErrors;
import klotskidb.db.Scratch;
import klotskidb.db.WriteTarget;

/**
 * A folder of files klotski names itself, for {@code klotski tables --out out/tables} (
 * {@code style_count.tsv}, {@code style_count.md}, ...) and {@code klotski plot --out out/plots}:
 *
 * <pre>
 *   out/tables/style_count.tsv      the table
 *   out/tables/.klotski-files       "9f86d081...  style_count.tsv": the SHA-256 of every file klotski
 *                                   wrote here, one line each (sha256sum -c reads it)
 * </pre>
 *
 * A file already at one of the names is klotski's own when its SHA-256 is the one recorded in
 * {@code .klotski-files}: it is replaced. Anything else follows {@link OwnFile}'s rule: a user's
 * plain file is refused unless {@code --force}, a link, folder, FIFO or device always. All names
 * are checked ({@link #check}) before anything is computed or written.
 *
 * <p>Crash safety: a file's digest is added to the record before the file is renamed into place,
 * so a run killed at any point leaves every file it wrote recognisable; {@link #seal} then keeps
 * one digest per file present. What a killed run left as scratch is removed by the next run.
 */
public final class OwnFolder {
  /** The record of what klotski wrote in the folder. */
  public static final String RECORD = ".klotski-files";

  private static final Pattern LINE = Pattern.compile("([0-9a-f]{64})  ([^/\\n]+)");

  private final Path dir;
  private final Map<String, Set<String>> recorded = new TreeMap<>(); // name -> digests
  private final Map<String, String> written = new TreeMap<>(); // name -> digest, by this run

  private OwnFolder(Path dir) {
    this.dir = dir;
  }

  /**
   * The folder {@code out}: missing (made when the first file is written), or a folder (a link the
   * user named to one is followed). Its record must be klotski's own. Throws {@link
   * IllegalArgumentException} naming what is there otherwise; removes what killed runs left.
   */
  public static OwnFolder of(Path out, boolean force, Consumer<String> notes) {
    if (out.toString().equals(OutputTarget.STDOUT)) {
      throw new InputException("--out names a folder for several files: - (standard output) "
          + "does not apply");
    }
    Path abs = out.toAbsolutePath().normalize();
    Path real = abs;
    if (Files.exists(abs)) {
      if (!Files.isDirectory(abs)) {
        throw new IllegalArgumentException("refusing to write into " + out + ": it is " + WriteTarget.describe(abs)
            + "; --out names a folder");
      }
      try {
        real = abs.toRealPath();
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot follow " + out + ": " + IoErrors.reason(e), e);
      }
    } else if (Files.isSymbolicLink(abs)) {
      throw new IllegalArgumentException("refusing to write into " + out + ": it is " + WriteTarget.describe(abs)
          + ", which does not exist");
    } else {
      try { // the folder named is the output, made as named (out/tables: out too); the files in it, nothing else
        Files.createDirectories(abs);
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot make the folder " + out + ": " + IoErrors.reason(e), e);
      }
    }
    OwnFolder f = new OwnFolder(real);
    Path record = real.resolve(RECORD);
    OwnFile.check(record, "klotski's record of its files", p -> f.readRecord(p) != null, force);
    Map<String, Set<String>> read = f.readRecord(record);
    if (read != null) {
      f.recorded.putAll(read);
    }
    Scratch.removeStaleIn(real, notes);
    return f;
  }

  /** The record's entries, or null when the file is not one klotski wrote (or cannot be read). */
  private Map<String, Set<String>> readRecord(Path record) {
    if (!Files.isRegularFile(record, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    byte[] bytes = OwnFile.head(record, 1 << 20);
    Map<String, Set<String>> entries = new TreeMap<>();
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (!text.isEmpty() && !text.endsWith("\n")) {
      return null;
    }
    for (String line : text.split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        return null;
      }
      entries.computeIfAbsent(m.group(2), k -> new LinkedHashSet<>()).add(m.group(1));
    }
    return entries;
  }

  /** Checks every name before anything is written ({@link OwnFile#check}, klotski's own by its recorded digest). */
  public void check(Collection<String> names, boolean force) {
    for (String name : names) {
      OwnFile.check(dir.resolve(name), name, p -> recorded.getOrDefault(name, Set.of()).contains(sha256(p)), force);
    }
  }

  /** The path of a file in the folder. */
  public Path resolve(String name) {
    return dir.resolve(name);
  }

  /** Writes one file whole; its digest is recorded before it takes its name. */
  public void write(String name, AtomicFile.Body body) throws IOException {
    AtomicFile.writePath(dir.resolve(name), tmp -> {
      MessageDigest sha = Release.sha256();
      try (OutputStream out = new DigestOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp,
          StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS), 1 << 20), sha)) {
        body.write(out);
      }
      String digest = HexFormat.of().formatHex(sha.digest());
      recorded.computeIfAbsent(name, k -> new LinkedHashSet<>()).add(digest);
      written.put(name, digest);
      saveRecord();
    });
  }

  /** Writes text as UTF-8 ({@link #write(String, AtomicFile.Body)}). */
  public void write(String name, String text) throws IOException {
    write(name, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * Keeps one digest per file present that klotski wrote (those of this run as written, the others
   * read again); forgets the rest.
   */
  public void seal() throws IOException {
    Map<String, Set<String>> kept = new TreeMap<>();
    for (Map.Entry<String, Set<String>> e : recorded.entrySet()) {
      Path f = dir.resolve(e.getKey());
      String now = written.containsKey(e.getKey()) ? written.get(e.getKey())
          : Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) ? sha256(f) : "";
      if (e.getValue().contains(now)) {
        kept.put(e.getKey(), new LinkedHashSet<>(List.of(now)));
      }
    }
    recorded.clear();
    recorded.putAll(kept);
    saveRecord();
  }

  private void saveRecord() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    List<String> lines = new ArrayList<>();
    recorded.forEach((name, digests) -> digests.forEach(d -> lines.add(d + "  " + name + "\n")));
    for (String line : lines) {
      b.write(line.getBytes(StandardCharsets.UTF_8));
    }
    AtomicFile.write(dir.resolve(RECORD), out -> b.writeTo(out));
  }

  /** The SHA-256 of a file in hex ({@link Release#sha256Of}), "" when it cannot be read. */
  static String sha256(Path p) {
    try {
      return Release.sha256Of(p);
    } catch (IOException e) {
      return "";
    }
  }
}
