package klotskidb.enumerator;

/**
 * What was typed is wrong: a malformed code ({@code 1A9BF0CZ}), class, name, short code, number
 * or filter, or options that contradict each other. The command line exits 2 for it (a usage
 * error, as for an unknown option), the API answers 400. A question that is well formed but
 * fails against the database or the files (a layout it does not hold, an unsolvable layout, a
 * folder it may not write) is another exception, and exits 1.
 */
public class InputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  public InputException(String message, Throwable cause) {
    super(message, cause);
  }
}
