package klotskidb.db;

/**
 * A read that RocksDB refused: a block whose checksum does not match, a file that cannot be
 * read. Names the column family and the table file:
 * {@code the database at data/klotski-db is damaged: column family 'cases', file 000008.sst:
 * block checksum mismatch: ...}.
 */
public final class DamagedDatabaseException extends DatabaseException {
  private static final long serialVersionUID = 1L;

  private final String family;
  private final String detail;

  DamagedDatabaseException(String message, String family, String detail, Throwable cause) {
    super(message, cause);
    this.family = family;
    this.detail = detail;
  }

  /** The column family that failed to read. */
  public String family() {
    return family;
  }

  /** "file 000008.sst: " and RocksDB's reason. */
  public String detail() {
    return detail;
  }
}
