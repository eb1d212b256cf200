package klotskidb.server;

import java.math.BigInteger;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import klotskidb.base.InputException;
import klotskidb.base.UserText;

/**
 * A request's path and query as {@link Api}'s routes read them: segments and parameters
 * percent-decoded, numbers checked against their range, unknown parameters refused; each
 * refusal an {@link InputException} (400) saying what is wrong.
 *
 * <pre>
 *   ApiParameters.segments("/api/layout/%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC")  ->  [api, layout, 横刀立马]
 *   ApiParameters.number(Map.of("limit", "0"), "limit", 100, 1, 1000)
 *       -> 'limit' must be from 1 to 1000, not 0
 * </pre>
 */
final class ApiParameters {
  private ApiParameters() {}

  static List<String> segments(String path) {
    List<String> out = new ArrayList<>();
    for (String s : path.split("/")) {
      if (!s.isEmpty()) {
        out.add(decode(s.replace("+", "%2B")));
      }
    }
    return out;
  }

  /** Percent-decoded (and '+' as a space); a malformed escape is the client's error, said plainly. */
  static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new InputException("malformed percent-encoding in " + UserText.quote(s));
    }
  }

  static Map<String, String> query(String query) {
    Map<String, String> q = new LinkedHashMap<>();
    if (query == null || query.isEmpty()) {
      return q;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String k = decode(eq < 0 ? pair : pair.substring(0, eq));
      String v = eq < 0 ? "" : decode(pair.substring(eq + 1));
      if (q.put(k, v) != null) { // which one counts would be a guess: refused, as the command line refuses it
        throw new InputException("parameter " + UserText.quote(k) + " is given more than once: give it once");
      }
    }
    return q;
  }

  static String required(Map<String, String> q, String key) {
    String v = q.get(key);
    if (v == null || v.isBlank()) {
      throw new InputException("missing query parameter '" + key + "'");
    }
    return v;
  }

  static int number(Map<String, String> q, String key, int fallback, int min, int max) {
    String v = q.get(key);
    if (v == null) {
      return fallback;
    }
    if (!v.matches("-?[0-9]+")) {
      throw new InputException("'" + key + "' must be a whole number from " + min + " to " + max + ", not "
          + UserText.quote(v));
    }
    // any number of digits: past the range is said as such, with the range (a 10-digit offset too)
    BigInteger n = new BigInteger(v);
    if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new InputException("'" + key + "' must be from " + min + " to " + max + ", not "
          + (v.length() > 40 ? UserText.quote(v.substring(0, 40) + "...") : v));
    }
    return n.intValueExact();
  }

  /** A yes/no parameter (true, false, yes, no, 1, 0), {@code fallback} when not given. */
  static boolean yesNo(Map<String, String> q, String key, boolean fallback) {
    Boolean v = UserText.yesNo(key, q.get(key));
    return v == null ? fallback : v;
  }

  /** One of the words given, {@code fallback} when not given. */
  static String oneOf(Map<String, String> q, String key, String fallback, String... words) {
    String v = q.get(key);
    if (v == null) {
      return fallback;
    }
    if (!List.of(words).contains(v)) {
      throw new InputException("'" + key + "' must be " + String.join(" or ", words) + ", not " + UserText.quote(v));
    }
    return v;
  }

  /** Refuses a query parameter the endpoint does not take (a typo would otherwise pass unnoticed). */
  static void allow(Map<String, String> q, String... known) {
    List<String> words = List.of(known);
    for (String k : q.keySet()) {
      if (!words.contains(k)) {
        throw new InputException("unknown parameter " + UserText.quote(k) + (words.isEmpty()
            ? ": this endpoint takes none" : ": expected " + String.join(", ", words)));
      }
    }
  }
}
