package klotskidb.enumerator;

import java.util.Arrays;
import klotskidb.base.InputException;
import klotskidb.base.UserText;

/**
 * The 5-character short code of a layout, as the modern klotski core (dnomd343/klotski) names
 * layouts: the layout's id (its rank in code order, 0..29,334,497) in base 32, most significant
 * digit first, over the alphabet {@code 123456789ABCDEFGHJKMNPQRSTUVWXYZ} (no 0, I, L, O), read
 * case-insensitively (SPEC section 7).
 *
 * <pre>
 *   1A9BF0C00 = id 4,091,296 = 3*32^4 + 28*32^3 + 27*32^2 + 13*32 + 0 -> "4", "W", "V", "E", "1" = "4WVE1"
 *   4FEA13400 = id 10,399,732 -> "AXCZN";   id 0 -> "11111";   "ZZZZZ" = 33,554,431: no layout
 * </pre>
 *
 * A 5-character text can also be a code with its trailing zeros dropped ({@code 1A9BF} is the
 * short code of id 303,438 and the layout {@code 1A9BF0000}); how commands read such text is
 * {@code LayoutRef}'s rule, not this class's.
 */
public final class ShortCode {
  public static final String ALPHABET = "123456789ABCDEFGHJKMNPQRSTUVWXYZ";
  public static final int LENGTH = 5;

  private static final int[] DIGIT = new int[128];

  static {
    Arrays.fill(DIGIT, -1);
    for (int i = 0; i < ALPHABET.length(); i++) {
      DIGIT[ALPHABET.charAt(i)] = i;
      DIGIT[Character.toLowerCase(ALPHABET.charAt(i))] = i;
    }
  }

  private ShortCode() {}

  /** The short code of layout {@code id}. */
  public static String of(int id) {
    if (id < 0 || id >= AllLayouts.COUNT) {
      throw InputException.because("id_out_of_range", "id " + id + " is out of range 0.." + (AllLayouts.COUNT - 1),
          "id", id, "last", AllLayouts.COUNT - 1);
    }
    char[] c = new char[LENGTH];
    for (int i = LENGTH - 1; i >= 0; i--) {
      c[i] = ALPHABET.charAt(id & 31);
      id >>>= 5;
    }
    return new String(c);
  }

  /** Why {@code text} is not a short code, or null when it is one. */
  public static String problem(String text) {
    if (text.length() != LENGTH) {
      return "a short code has " + LENGTH + " characters, not " + text.length();
    }
    long value = 0;
    for (int i = 0; i < LENGTH; i++) {
      char ch = text.charAt(i);
      int d = ch < 128 ? DIGIT[ch] : -1;
      if (d < 0) {
        return "a short code has no " + UserText.quote(String.valueOf(ch)) + " (its alphabet is " + ALPHABET
            + ": no 0, I, L, O)";
      }
      value = value * 32 + d;
    }
    if (value >= AllLayouts.COUNT) {
      return "short code " + UserText.quote(text) + " is id " + value + ", past the last id " + (AllLayouts.COUNT - 1);
    }
    return null;
  }

  /** The id of a short code (case-insensitive). */
  public static int parse(String text) {
    String p = problem(text);
    if (p != null) {
      throw InputException.because("bad_short_code", p, "input", text);
    }
    int value = 0;
    for (int i = 0; i < LENGTH; i++) {
      value = value * 32 + DIGIT[text.charAt(i)];
    }
    return value;
  }
}
