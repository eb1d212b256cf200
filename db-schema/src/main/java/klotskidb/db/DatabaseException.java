package klotskidb.db;

/** A database that is missing, incomplete, of another schema version, or unreadable. */
public class DatabaseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DatabaseException(String message) {
    super(message);
  }

  public DatabaseException(String message, Throwable cause) {
    super(message, cause);
  }
}
