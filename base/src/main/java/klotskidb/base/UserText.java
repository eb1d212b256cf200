package klotskidb.base;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * User input as it may be echoed in an error message: quoted, control and invisible characters
 * escaped, at most {@link #MAX} characters, so that every error stays one readable line whatever
 * was typed, and shows what was typed (a right-to-left override U+202E, which would reorder the
 * rest of the line, is shown as the six characters backslash, u, 2, 0, 2, e).
 *
 * <pre>
 *   quote("1A9BF0CZ")          -> '1A9BF0CZ'
 *   quote("1A9\nBF")           -> '1A9\nBF'          (a backslash and an n, not a line break)
 *   quote("F".repeat(100000))  -> 'FFF...FFF' (100,000 characters)   (200 shown)
 *   shown("F".repeat(100000))  -> FFF...             (the first 200, for a JSON field)
 *   message("'" + "9".repeat(5000) + "' is not an int")  -> '999...' (5,000 characters) is not an int
 * </pre>
 */
public final class UserText {
  /** Characters of the input shown at most. */
  public static final int MAX = 200;

  private UserText() {}

  public static String quote(String text) {
    if (text == null) {
      return "(none)";
    }
    StringBuilder sb = new StringBuilder(Math.min(text.length(), MAX) + 40).append('\'');
    int shown = Math.min(text.length(), MAX);
    escape(sb, text, 0, shown);
    sb.append('\'');
    if (shown < text.length()) {
      sb.setLength(sb.length() - 1);
      sb.append("...' (").append(String.format(Locale.ROOT, "%,d", text.length())).append(" characters)");
    }
    return sb.toString();
  }

  /**
   * Input echoed as a value (a JSON field of an error): the first {@link #MAX} characters and
   * "..." when there are more; never half of a surrogate pair.
   */
  public static String shown(String text) {
    if (text == null || text.codePointCount(0, text.length()) <= MAX) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, MAX)) + "...";
  }

  /**
   * A message as one line ({@link #oneLine}), any quoted part of it longer than {@link #MAX} cut as
   * {@link #quote} cuts it: a library's message (picocli's "Invalid value for option '--limit':
   * '999...' is not an int") echoes what was typed whole.
   */
  public static String message(String text) {
    if (text == null) {
      return "";
    }
    Matcher m = LONG_QUOTED.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) { // one quote has cut already ends with "..."
      String q = m.group(1);
      m.appendReplacement(sb, Matcher.quoteReplacement(q.endsWith("...") ? m.group() : quote(q)));
    }
    m.appendTail(sb);
    return oneLine(sb.toString());
  }

  private static final Pattern LONG_QUOTED = Pattern.compile("'([^']{" + (MAX + 1) + ",})'");

  /** The text with every control character written as an escape, so it prints as one line. */
  public static String oneLine(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    escape(sb, text, 0, text.length());
    return sb.toString();
  }

  /**
   * Whether the char at {@code i} would not print as itself: a control character, a line or
   * paragraph separator, a format character (the bidi overrides U+202E and U+2066-2069 that reorder
   * what follows, zero-width spaces and joiners U+200B-200D, U+2060, U+FEFF) or half of a broken
   * surrogate pair.
   */
  static boolean invisible(String text, int i) {
    char c = text.charAt(i);
    int type = Character.getType(c);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
    }
    return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR;
  }

  private static void escape(StringBuilder sb, String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (invisible(text, i)) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
  }

  /**
   * A yes or no as the API and the command line take it (true, yes, 1; false, no, 0; any case),
   * null when not given; a refusal naming {@code key} otherwise.
   */
  public static Boolean yesNo(String key, String value) {
    return yesNoNamed("'" + key + "'", value);
  }

  /** The same, the refusal naming the word as its caller spells it ({@code --minimal}, {@code 'minimal'}). */
  public static Boolean yesNoNamed(String named, String value) {
    if (value == null) {
      return null;
    }
    switch (value.toLowerCase(Locale.ROOT)) {
      case "true", "yes", "1":
        return true;
      case "false", "no", "0":
        return false;
      default:
        throw new InputException(named + " must be true or false, not " + quote(value));
    }
  }

  /**
   * How many of a thing, its noun as English counts it, the number grouped by thousands as every
   * count the commands print: {@code count(1, "class", "classes")} is "1 class", {@code count(25422,
   * "row", "rows")} "25,422 rows" (where a line once said "1 classes", "1 groups", "25422 rows"). A
   * count a command prints beside its noun goes through here, or through {@link #noun} where the
   * number has a format of its own.
   */
  public static String count(long n, String one, String many) {
    return String.format(Locale.ROOT, "%,d %s", n, noun(n, one, many));
  }

  /**
   * {@code one} for 1, else {@code many}: a noun for a count formatted apart ("%,6d %-6s", a table's
   * column), or the verb or pronoun that agrees with a count ("1 row differs", "2 rows differ").
   */
  public static String noun(long n, String one, String many) {
    return n == 1 ? one : many;
  }

  /**
   * A size in the unit that shows it, decimal as df -H prints it: 512 bytes, 37.0 MB, 28.5 GB (never
   * "0.0 GB" for 37 MB). Every size a command prints goes through here.
   */
  public static String size(long bytes) {
    if (bytes < 1000) {
      return count(bytes, "byte", "bytes");
    }
    String[] units = {"kB", "MB", "GB", "TB", "PB"};
    double v = bytes / 1000.0;
    int u = 0;
    while (v >= 999.95 && u < units.length - 1) {
      v /= 1000;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
