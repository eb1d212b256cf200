package klotskidb.cli;

import java.nio.file.Path;
import java.util.function.Supplier;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;

/** The database of the query commands: the default path, and look-ups whose errors name it. */
final class Database {
  static final Path DEFAULT = Path.of("data/klotski-db");
  /**
   * The environment variable naming the default database, for a klotski installed outside the
   * checkout (KLOTSKI_DB=~/klotski/db klotski info 横刀立马); {@code --db} still wins.
   */
  static final String ENV = "KLOTSKI_DB";
  /** How every {@code --db} help names the default. */
  static final String DEFAULT_TEXT = "$" + ENV + ", else data/klotski-db";

  private Database() {}

  /** The database named by {@value #ENV}, or null when it is unset or empty. */
  static Path fromEnvironment() {
    String dir = System.getenv(ENV);
    return dir == null || dir.isEmpty() ? null : Path.of(dir);
  }

  /** The default database: {@value #ENV}'s, else {@link #DEFAULT}. */
  static Path defaultDir() {
    Path env = fromEnvironment();
    return env == null ? DEFAULT : env;
  }

  static KlotskiDb open(Path dir) {
    return KlotskiDb.open(dir == null ? defaultDir() : dir);
  }

  /** The stored record of a layout given as text; one clear error naming the database otherwise. */
  static CaseRecord lookup(KlotskiDb db, String text) {
    return lookup(db, LayoutRef.parse(text));
  }

  /** The same for a layout parsed already. */
  static CaseRecord lookup(KlotskiDb db, LayoutRef ref) {
    return naming(db, () -> Lookup.layout(db, ref));
  }

  /** The group a group's name or a layout of it names ({@link Lookup#groupFor}); errors name the database. */
  static GroupRecord groupFor(KlotskiDb db, String text) {
    return naming(db, () -> Lookup.groupFor(db, text));
  }

  /** The stored record of a group named J-B-S-G; one clear error naming the database otherwise. */
  static GroupRecord group(KlotskiDb db, String name) {
    return naming(db, () -> Lookup.group(db, name));
  }

  /**
   * The answer of {@code question}; what it does not find in the database ("no group 5-4-1-999 in
   * the database") said naming the database ("... in the database at data/klotski-db").
   */
  static <T> T naming(KlotskiDb db, Supplier<T> question) {
    try {
      return question.get();
    } catch (Lookup.NotFoundException e) {
      throw new IllegalArgumentException(e.getMessage().replace("in the database", "in the database at " + db.dir()), e);
    }
  }

  static GroupRecord groupOf(KlotskiDb db, CaseRecord c) {
    return Lookup.groupOf(db, c);
  }
}
