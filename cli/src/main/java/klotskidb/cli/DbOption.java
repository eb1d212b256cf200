package klotskidb.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import klotskidb.db.KlotskiDb;
import picocli.CommandLine.Option;

/**
 * {@code --db}, declared once for every command that reads or writes the database; {@code solve}
 * and {@code group} also work without one, and say in their help what {@code --db} changes. The
 * default is {@code $KLOTSKI_DB} where it is set ({@link Database#ENV}), else data/klotski-db.
 */
final class DbOption {
  @Option(names = "--db", converter = PathArgument.class, paramLabel = "DIR", description = "Database directory (default: " + Database.DEFAULT_TEXT + ").")
  private Path db;

  /** Whether a database was named: {@code --db}, or {@code $KLOTSKI_DB}. */
  boolean given() {
    return db != null || Database.fromEnvironment() != null;
  }

  /**
   * Whether there is no database to read: none named (--db, $KLOTSKI_DB) and none at the default.
   * Where so, info, group and next compute their answer for the layout's group alone ({@code Computed}).
   */
  boolean noneThere() {
    return !given() && !Files.exists(dir());
  }

  /** The directory given, or the default. */
  Path dir() {
    return db == null ? Database.defaultDir() : db;
  }

  /** The database, opened read-only. */
  KlotskiDb open() {
    return Database.open(dir());
  }
}
