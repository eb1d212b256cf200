package klotskidb.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * What a command that writes may replace: only what klotski made. For {@code klotski build --db
 * data/klotski-db}:
 *
 * <pre>
 *   data/klotski-db missing, or an empty folder        build there
 *   data/klotski-db a klotski database                 replace it (atomically, see Publisher)
 *   a link to a klotski database                       replace the database it points to
 *   a plain file, a folder holding important.txt, a    refused, one line naming what is there,
 *   link to such a folder, '.' with a user's files     nothing touched
 * </pre>
 *
 * A klotski database is recognised by its own identity file, {@link Publisher#PUBLICATION} (what
 * a publish writes, see {@link #isDatabase}), and no entry but the names RocksDB and klotski write ({@code 000012.sst},
 * {@code MANIFEST-000005}, {@code OPTIONS-000007}, {@code LOG.old.1700000000}, ...). A database that
 * does not open (damaged, another schema version) is still one klotski made, so a new build may
 * replace it; a folder with one foreign file is not.
 *
 * <p>Why names and not an open: a folder a user keeps is refused before anything is read from it,
 * and a half-deleted database left by a killed publish still counts as klotski's own.
 */
public final class WriteTarget {
  private WriteTarget() {}

  /**
   * The table file a writer makes for one class of one family before it ingests it into the
   * database being built ({@code analysis-5-4-1.sst}, {@code find_farthest-5-4-1.sst}): writers
   * name these files here and nowhere else, and {@link #DATABASE_FILE} accepts this form for every
   * family of {@link Schema#ALL_FAMILIES}, so a building folder a killed run left with a new
   * family's file in it is still recognised, and removed, by the next run.
   */
  public static Path classFile(Path building, String family, String className) {
    return building.resolve(checkedFamily(family) + "-" + className + ".sst");
  }

  /** The table file a build stages for part {@code part} of a family ({@code staging/cases-00.sst}). */
  public static Path stagedFile(Path staging, String family, int part) {
    return staging.resolve(String.format("%s-%02d.sst", checkedFamily(family), part));
  }

  private static String checkedFamily(String family) {
    if (!Schema.ALL_FAMILIES.contains(family)) {
      throw new IllegalArgumentException("not a family of the schema: " + family);
    }
    return family;
  }

  private static final String FAMILIES = String.join("|", Schema.ALL_FAMILIES.stream().map(Pattern::quote).toList());

  /** The names RocksDB and a klotski publish put into a database folder (and {@link #classFile}'s). */
  private static final Pattern DATABASE_FILE = Pattern.compile(
      "CURRENT|IDENTITY|LOCK|LOG|LOG\\.old\\.\\d+|MANIFEST-\\d+|OPTIONS-\\d+(\\.dbtmp)?|\\d+\\.(sst|log|blob|dbtmp)"
          + "|" + Pattern.quote(Publisher.PUBLICATION) + "|(" + FAMILIES + ")-\\d+-\\d+-\\d+\\.sst");

  /**
   * The folder a database writer may publish at {@code dir}: {@code dir} itself, or the folder a
   * link there points to. Throws {@link DatabaseException} naming what is there otherwise.
   */
  public static Path database(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(abs)) {
      if (!Files.exists(abs)) {
        throw refused(abs, "it is a symbolic link to " + linkTarget(abs) + ", which does not exist");
      }
      Path real;
      try {
        real = abs.toRealPath();
      } catch (IOException e) {
        throw new DatabaseException("cannot follow the link " + abs + ": " + IoErrors.reason(e), e);
      }
      if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS) || !isDatabase(real)) {
        throw refused(abs, "it is a symbolic link to " + real + ", " + describe(real));
      }
      return real;
    }
    if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      return abs;
    }
    if (!Files.isDirectory(abs, LinkOption.NOFOLLOW_LINKS)) {
      throw refused(abs, "it is " + describe(abs));
    }
    if (!isDatabase(abs) && !isEmpty(abs)) {
      throw refused(abs, "it is " + describe(abs));
    }
    return abs;
  }

  private static DatabaseException refused(Path dir, String what) {
    return new DatabaseException("refusing to write a database at " + dir + ": " + what
        + "; klotski replaces only a klotski database or an empty folder (give --db a new path)");
  }

  /**
   * Whether {@code dir} is a folder klotski published as a database: its identity file {@link
   * Publisher#PUBLICATION} as a publish writes it (or, damaged, beside RocksDB's own {@code CURRENT}
   * naming a manifest), and no entry but the names RocksDB and klotski write. Names alone are not
   * enough: a user's folder of {@code CURRENT} and {@code 000001.log} is not a database.
   */
  public static boolean isDatabase(Path dir) {
    List<String> names = names(dir);
    if (names == null || !names.contains(Publisher.PUBLICATION)
        || !names.stream().allMatch(n -> DATABASE_FILE.matcher(n).matches())) {
      return false;
    }
    if (!Files.isRegularFile(dir.resolve(Publisher.PUBLICATION), LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    return Publisher.readPublication(dir) != null || currentNamesAManifest(dir);
  }

  private static boolean currentNamesAManifest(Path dir) {
    Path current = dir.resolve("CURRENT");
    try {
      return Files.isRegularFile(current, LinkOption.NOFOLLOW_LINKS) && Files.size(current) < 100
          && Files.readString(current, StandardCharsets.ISO_8859_1).matches("MANIFEST-\\d+\n");
    } catch (IOException e) {
      return false;
    }
  }

  /** The folder a build stages its table files in ({@code staging/cases-00.sst}), inside its building folder. */
  private static final Pattern STAGED_FILE = Pattern.compile("(" + FAMILIES + ")-\\d+\\.sst");

  /**
   * Whether {@code dir} is a folder a klotski run made and may delete: a database, or one being
   * built (RocksDB's names, and a {@code staging} folder of staged table files), or empty.
   */
  public static boolean isMadeByKlotski(Path dir) {
    List<String> names = names(dir);
    return names != null && names.stream().allMatch(n -> DATABASE_FILE.matcher(n).matches()
        || n.equals("staging") && holdsOnly(dir.resolve(n), f -> STAGED_FILE.matcher(f).matches())
            && Files.isDirectory(dir.resolve(n), LinkOption.NOFOLLOW_LINKS));
  }

  /** Whether {@code dir} is a folder with nothing in it. */
  public static boolean isEmpty(Path dir) {
    List<String> names = names(dir);
    return names != null && names.isEmpty();
  }

  /** Whether every entry of folder {@code dir} has a name {@code ours} accepts (a missing folder: true). */
  public static boolean holdsOnly(Path dir, Predicate<String> ours) {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return true;
    }
    List<String> names = names(dir);
    return names != null && names.stream().allMatch(ours);
  }

  /** The entries of a real folder (not a link), or null. */
  private static List<String> names(Path dir) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      s.forEach(p -> names.add(p.getFileName().toString()));
    } catch (IOException e) {
      return null;
    }
    return names;
  }

  /**
   * What is at {@code p} in a few words, for a refusal: "a plain file (12 bytes)", "a folder holding
   * important.txt, notes/", "a FIFO", "a symbolic link to /home/ann".
   */
  public static String describe(Path p) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return "nothing that can be read (" + IoErrors.reason(e) + ")";
    }
    if (a.isSymbolicLink()) {
      Path to = p.resolveSibling(linkTarget(p));
      return "a symbolic link to " + linkTarget(p) + (Files.exists(to) && !Files.isSymbolicLink(to)
          ? ", " + describe(to) : "");
    }
    if (a.isRegularFile()) {
      return "a plain file (" + String.format(Locale.ROOT, "%,d", a.size()) + " bytes)";
    }
    if (a.isDirectory()) {
      List<String> names = new ArrayList<>();
      int count = 0;
      try (DirectoryStream<Path> s = Files.newDirectoryStream(p)) {
        for (Path e : s) {
          if (count++ < 3) {
            names.add(e.getFileName() + (Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS) ? "/" : ""));
          }
        }
      } catch (IOException e) {
        return "a folder that cannot be listed (" + IoErrors.reason(e) + ")";
      }
      names.sort(null);
      return count == 0 ? "an empty folder" : "a folder holding " + String.join(", ", names)
          + (count > 3 ? " and " + (count - 3) + " more" : "");
    }
    return a.isOther() ? "a special file (a FIFO, socket or device)" : "something that is not a file";
  }

  private static String linkTarget(Path link) {
    try {
      return String.valueOf(Files.readSymbolicLink(link));
    } catch (IOException e) {
      return "(unreadable)";
    }
  }
}
