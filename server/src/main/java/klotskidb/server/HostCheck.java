package klotskidb.server;

import java.util.Locale;

/**
 * Which Host a server bound to loopback answers: this machine's names only, so a page of another
 * site that resolves its name to 127.0.0.1 (DNS rebinding) never reads the API (421 otherwise).
 *
 * <pre>
 *   HostCheck.isLocal("localhost:8080")  ->  true
 *   HostCheck.isLocal("evil.example")    ->  false
 * </pre>
 */
final class HostCheck {
  private HostCheck() {}

  /** A Host header naming this machine: localhost, 127.x.x.x or [::1], with or without a port. */
  static boolean isLocal(String host) {
    String h = host.trim().toLowerCase(Locale.ROOT);
    if (h.startsWith("[")) {
      return h.startsWith("[::1]") && (h.length() == 5 || h.charAt(5) == ':');
    }
    int colon = h.indexOf(':');
    String name = colon < 0 ? h : h.substring(0, colon);
    return name.equals("localhost") || name.endsWith(".localhost") || name.matches("127(\\.\\d{1,3}){3}");
  }
}
