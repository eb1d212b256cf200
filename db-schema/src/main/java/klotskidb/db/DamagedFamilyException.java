package klotskidb.db;

import java.nio.file.Path;

/**
 * A table file of one column family that does not read (a flipped byte in its footer, say), named
 * with its family and what mends it:
 *
 * <pre>
 *   the database at data/klotski-db is damaged: column family 'find_farthest', file 000042.sst: Bad
 *   table magic number: expected ..., found ...; it is made from the stored values: 'klotski analyse
 *   --db data/klotski-db' makes it again
 * </pre>
 *
 * A family of {@link Schema#DERIVED_FAMILIES} is made again by {@code klotski analyse}
 * ({@link AnalysisWriter} drops it and indexes every analysed class from its stored values); any
 * other takes a rebuild. RocksDB's own message named the MANIFEST ("may be corrupted") and no family.
 */
public final class DamagedFamilyException extends DatabaseException {
  private static final long serialVersionUID = 1L;

  private final String family;

  DamagedFamilyException(Path dir, String family, String file, String reason, Throwable cause) {
    super("the database at " + dir + " is damaged: column family '" + family + "', file " + file + ": " + reason
        + (Schema.DERIVED_FAMILIES.contains(family)
            ? "; it is made from the stored values: 'klotski analyse --db " + dir + "' makes it again"
            : "; rebuild it with 'klotski build --db " + dir + "'"), cause);
    this.family = family;
  }

  /** The family whose file does not read. */
  public String family() {
    return family;
  }

  /** Whether {@code klotski analyse} mends it (the family is made from the stored values). */
  public boolean derived() {
    return Schema.DERIVED_FAMILIES.contains(family);
  }
}
