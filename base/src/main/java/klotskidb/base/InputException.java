package klotskidb.base;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What was typed is wrong: a malformed code ({@code 1A9BF0CZ}), class, name, short code, number
 * or filter, or options that contradict each other. The command line exits 2 for it (a usage
 * error, as for an unknown option), the API answers 400. A question that is well formed but
 * fails against the database or the files (a layout it does not hold, an unsolvable layout, a
 * folder it may not write) is another exception, and exits 1.
 *
 * <pre>
 *   InputException.because("ambiguous_short_code", "'1A9BF' is ambiguous: ...", "input", "1A9BF",
 *       "code", "1A9BF0000", "id", 303438)
 *   e.kind()      "ambiguous_short_code"      e.details()   {input=1A9BF, code=1A9BF0000, id=303438}
 * </pre>
 *
 * The message is English, for the command line; a refusal a page or a client may show in its own
 * language also has a {@link #kind()} and its {@link #details()} (the API's {@code reason} and
 * {@code details}), from which it says the same in its words.
 */
public class InputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String kind;
  private final Map<String, Object> details;

  public InputException(String message) {
    this(message, null, Map.of());
  }

  public InputException(String message, Throwable cause) {
    super(message, cause);
    this.kind = null;
    this.details = Map.of();
  }

  protected InputException(String message, String kind, Map<String, Object> details) {
    super(message);
    this.kind = kind;
    this.details = details;
  }

  /** A refusal of kind {@code kind}, its details as key, value, key, value, ... in that order. */
  public static InputException because(String kind, String message, Object... keysAndValues) {
    return new InputException(message, kind, pairs(keysAndValues));
  }

  protected static Map<String, Object> pairs(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(m);
  }

  /** Which refusal this is, in words a client can look up ({@code ambiguous_short_code}); null when only the message says. */
  public String kind() {
    return kind;
  }

  /** What the refusal is about (the text typed, the numbers it names), for a client's own sentence. */
  public Map<String, Object> details() {
    return details;
  }
}
