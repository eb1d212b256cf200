package klotskidb.cli;

import java.nio.file.Path;
import klotskidb.db.KlotskiDb;
import picocli.CommandLine.Option;

/**
 * {@code --db}, declared once for every command that reads or writes the database; {@code solve}
 * and {@code group} also work without one, and say in their help what {@code --db} changes.
 */
final class DbOption {
  @Option(names = "--db", paramLabel = "DIR", description = "Database directory (default: data/klotski-db).")
  private Path db;

  /** Whether {@code --db} was given. */
  boolean given() {
    return db != null;
  }

  /** The directory given, or the default. */
  Path dir() {
    return db == null ? Database.DEFAULT : db;
  }

  /** The database, opened read-only. */
  KlotskiDb open() {
    return Database.open(dir());
  }
}
