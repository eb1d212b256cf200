package klotskidb.enumerator;

import java.util.Locale;
import klotskidb.base.InputException;

/** Thrown for text or numbers that are not the code of a legal layout; {@link #reason()} says which rule failed. */
public final class IllegalCodeException extends InputException {
  private static final long serialVersionUID = 1L;

  /** Every way a code can be wrong, one per rule of SPEC section 2. */
  public enum Reason {
    EMPTY,
    NOT_HEX,
    TOO_LONG,
    BAD_BLOCK_POSITION,
    OFF_BOARD,
    OVERLAP,
    NONZERO_PADDING,
    TOO_FEW_EMPTY
  }

  private final Reason reason;

  /** {@code subject}: the text or code refused, as the client's sentence names it. */
  public IllegalCodeException(Reason reason, String message, String subject) {
    super(message, "code_" + reason.name().toLowerCase(Locale.ROOT), pairs("input", subject));
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
