package klotskidb.enumerator;

import static klotskidb.enumerator.IllegalCodeException.Reason;

import java.nio.charset.StandardCharsets;
import klotskidb.base.UserText;

/**
 * The 36-bit code of a layout (SPEC section 2), handled as a plain {@code long}.
 *
 * <pre>
 *   1A9BF0C00   the classic start (横刀立马)
 *   |\______/
 *   |  range: 2-bit symbols for the uncovered cells in address order, most significant first
 *   head: address of the 2x2's top-left cell (0 1 2 4 5 6 8 9 A C D E)
 *
 *   range 0xA9BF0C00 = 10 10 10 01 10 11 11 11 00 00 11 00 00 00 00 00
 *                      V  V  V  H  V  1  1  1  .  .  1  (padding)
 *   cells walked:      0  3  8  9  11 13 14 16 17 18 19
 * </pre>
 *
 * Symbols: {@code 00} empty, {@code 01} horizontal 1x2, {@code 10} vertical 2x1, {@code 11} 1x1.
 * Text form: 9 upper-case hex digits; trailing zeros may be dropped ({@code 1A9BF0C}), parsing is
 * case-insensitive. Code order is numeric order of the value.
 */
public final class Code {
  /** Number of hex digits in the full text form. */
  public static final int DIGITS = 9;
  /** One past the largest 36-bit value. */
  public static final long LIMIT = 1L << 36;

  private Code() {}

  /** Address of the 2x2's top-left cell (the first hex digit). */
  public static int head(long code) {
    return (int) (code >>> 32);
  }

  /** Whether a layout is solved: the 2x2 at the bottom middle (address 13, code digit D). */
  public static boolean isSolved(long code) {
    return head(code) == 0xD;
  }

  /** The 32 bits of 2-bit symbols. */
  public static int range(long code) {
    return (int) code;
  }

  public static long of(int head, int range) {
    return ((long) head << 32) | (range & 0xFFFFFFFFL);
  }

  /**
   * Parses 1 to 9 hex digits (right-padded with zeros) and checks that they are the code of a legal
   * layout.
   *
   * @throws IllegalCodeException saying which rule the text breaks
   */
  public static long parse(String text) {
    String s = text == null ? "" : text.trim();
    if (s.isEmpty()) {
      throw new IllegalCodeException(Reason.EMPTY, "empty code: expected 1 to 9 hex digits", s);
    }
    if (s.length() > DIGITS) {
      throw new IllegalCodeException(Reason.TOO_LONG,
          "code " + UserText.quote(s) + " is too long: " + s.length() + " characters, at most " + DIGITS
              + " hex digits", s);
    }
    long value = 0;
    for (int i = 0; i < s.length(); i++) {
      int d = Character.digit(s.charAt(i), 16);
      if (d < 0 || s.charAt(i) > 0x7f) {
        throw new IllegalCodeException(Reason.NOT_HEX,
            "code " + UserText.quote(s) + " is not hex: " + UserText.quote(String.valueOf(s.charAt(i)))
                + " at position " + (i + 1), s);
      }
      value = (value << 4) | d;
    }
    value <<= 4 * (DIGITS - s.length());
    check(value);
    return value;
  }

  /** The full 9-digit upper-case form, e.g. {@code 1A9BF0C00}. */
  public static String format(long code) {
    byte[] out = new byte[DIGITS];
    formatInto(code, out, 0);
    return new String(out, StandardCharsets.US_ASCII);
  }

  /** Writes the code's 9 upper-case hex digits (as {@link #format}) into {@code out} at {@code off}. */
  public static void formatInto(long code, byte[] out, int off) {
    for (int i = DIGITS - 1; i >= 0; i--) {
      out[off + i] = HEX[(int) (code & 0xF)];
      code >>>= 4;
    }
  }

  /** The short form without trailing zeros, e.g. {@code 1A9BF0C}; at least one digit. */
  public static String formatShort(long code) {
    String full = format(code);
    int end = DIGITS;
    while (end > 1 && full.charAt(end - 1) == '0') {
      end--;
    }
    return full.substring(0, end);
  }

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  /** Whether the value is the code of a legal layout (fast: the rank walk, no exception built). */
  public static boolean isLegal(long code) {
    return AllLayouts.rank(code) >= 0;
  }

  /**
   * Throws unless the value is the code of a legal layout.
   *
   * @throws IllegalCodeException saying which rule the value breaks
   */
  public static void check(long code) {
    IllegalCodeException e = problem(code);
    if (e != null) {
      throw e;
    }
  }

  /** The first rule this value breaks, or null for a legal code. Not for hot paths. */
  static IllegalCodeException problem(long code) {
    if (code < 0 || code >= LIMIT) {
      return new IllegalCodeException(Reason.TOO_LONG, "value " + code + " does not fit in 36 bits", Long.toHexString(code).toUpperCase());
    }
    int head = head(code);
    if (!Pieces.fits(Pieces.BLOCK, head)) {
      return new IllegalCodeException(Reason.BAD_BLOCK_POSITION, "code " + format(code)
          + ": the 2x2 cannot start at address " + Integer.toHexString(head).toUpperCase()
          + " (allowed: 0 1 2 4 5 6 8 9 A C D E)", format(code));
    }
    int range = range(code);
    int occupied = Pieces.mask(Pieces.BLOCK, head);
    int empty = 0;
    int shift = 30;
    while (occupied != Pieces.FULL) {
      int cell = Integer.numberOfTrailingZeros(~occupied);
      int symbol = (range >>> shift) & 3;
      shift -= 2;
      if (symbol == 0) {
        empty++;
        occupied |= 1 << cell;
        continue;
      }
      int type = Pieces.typeOfSymbol(symbol);
      int cells = Pieces.mask(type, cell);
      if (cells == 0) {
        return new IllegalCodeException(Reason.OFF_BOARD, "code " + format(code) + ": the "
            + Pieces.name(type) + " at cell " + cell + " would leave the board", format(code));
      }
      if ((cells & occupied) != 0) {
        return new IllegalCodeException(Reason.OVERLAP, "code " + format(code) + ": the "
            + Pieces.name(type) + " at cell " + cell + " overlaps another piece", format(code));
      }
      occupied |= cells;
    }
    // shift + 2 low bits were not read; they must be zero.
    int unread = shift + 2;
    if (unread > 0 && (range & ((1 << unread) - 1)) != 0) {
      return new IllegalCodeException(Reason.NONZERO_PADDING, "code " + format(code)
          + ": the board is full after " + (15 - shift / 2) + " symbols but the padding is not zero", format(code));
    }
    if (empty < 2) {
      return new IllegalCodeException(Reason.TOO_FEW_EMPTY,
          "code " + format(code) + ": " + UserText.count(empty, "empty cell", "empty cells") + ", at least 2 are needed",
          format(code));
    }
    return null;
  }
}
