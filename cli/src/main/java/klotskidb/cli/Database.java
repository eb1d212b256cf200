package klotskidb.cli;

import java.nio.file.Path;
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
    try {
      return Lookup.layout(db, ref);
    } catch (Lookup.NotFoundException e) {
      throw namingTheDatabase(db, e);
    }
  }

  /** The group a group's name or a layout of it names ({@link Lookup#groupFor}); errors name the database. */
  static GroupRecord groupFor(KlotskiDb db, String text) {
    try {
      return Lookup.groupFor(db, text);
    } catch (Lookup.NotFoundException e) {
      throw namingTheDatabase(db, e);
    }
  }

  /** The stored record of a group named J-B-S-G; one clear error naming the database otherwise. */
  static GroupRecord group(KlotskiDb db, String name) {
    try {
      return Lookup.group(db, name);
    } catch (Lookup.NotFoundException e) {
      throw namingTheDatabase(db, e);
    }
  }

  private static IllegalArgumentException namingTheDatabase(KlotskiDb db, Lookup.NotFoundException e) {
    return new IllegalArgumentException(e.getMessage().replace("in the database", "in the database at " + db.dir()), e);
  }

  static GroupRecord groupOf(KlotskiDb db, CaseRecord c) {
    return Lookup.groupOf(db, c);
  }
}
