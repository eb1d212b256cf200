package klotskidb.query;

import java.util.Collection;
import java.util.Map;

/**
 * Just enough JSON for the documents of the API and {@code info --json}: maps (in their order),
 * collections, long and int arrays, strings, numbers, booleans and null.
 *
 * <pre>
 *   Json.write(Map.of("code", "1A9BF0C00", "path", new long[] {1, 2}))  ->  {"code":"1A9BF0C00","path":[1,2]}
 * </pre>
 */
public final class Json {
  private Json() {}

  public static String write(Object value) {
    StringBuilder sb = new StringBuilder(1024);
    write(sb, value);
    return sb.toString();
  }

  private static void write(StringBuilder sb, Object v) {
    if (v == null) {
      sb.append("null");
    } else if (v instanceof Number || v instanceof Boolean) {
      sb.append(v);
    } else if (v instanceof Map<?, ?> m) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          sb.append(',');
        }
        first = false;
        string(sb, e.getKey().toString());
        sb.append(':');
        write(sb, e.getValue());
      }
      sb.append('}');
    } else if (v instanceof Collection<?> c) {
      sb.append('[');
      boolean first = true;
      for (Object o : c) {
        if (!first) {
          sb.append(',');
        }
        first = false;
        write(sb, o);
      }
      sb.append(']');
    } else if (v instanceof long[] a) {
      sb.append('[');
      for (int i = 0; i < a.length; i++) {
        sb.append(i == 0 ? "" : ",").append(a[i]);
      }
      sb.append(']');
    } else if (v instanceof int[] a) {
      sb.append('[');
      for (int i = 0; i < a.length; i++) {
        sb.append(i == 0 ? "" : ",").append(a[i]);
      }
      sb.append(']');
    } else {
      string(sb, v.toString());
    }
  }

  private static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (char ch : s.toCharArray()) {
      switch (ch) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '<' -> sb.append("\\u003c"); // safe inside a page's script, too
        default -> {
          if (ch < 0x20 || ch == '\u2028' || ch == '\u2029') {
            sb.append(String.format("\\u%04x", (int) ch));
          } else {
            sb.append(ch);
          }
        }
      }
    }
    sb.append('"');
  }
}
