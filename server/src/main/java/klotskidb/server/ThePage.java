package klotskidb.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpField;

/**
 * The explorer page as served: {@code index.html} (one file beside this class, no build step), its
 * Content-Security-Policy (its own inline script by hash, nothing else may run), its icon (the
 * SVG of its {@code <link rel="icon">}, also served at {@code /favicon.ico}) and their ETags.
 *
 * <pre>
 *   ThePage.read().policy()   ->  Content-Security-Policy: default-src 'none'; script-src 'sha256-...'; ...
 * </pre>
 */
record ThePage(byte[] html, HttpField policy, String tag, byte[] icon, String iconTag) {
  /** The page from the jar; fails naming it when it is missing. */
  static ThePage read() throws IOException {
    byte[] page;
    try (InputStream in = ThePage.class.getResourceAsStream("index.html")) {
      if (in == null) {
        throw new IOException("the page (klotskidb/server/index.html) is missing from the jar");
      }
      page = in.readAllBytes();
    }
    String text = new String(page, StandardCharsets.UTF_8);
    byte[] icon = icon(text);
    return new ThePage(page, new HttpField("Content-Security-Policy", pagePolicy(text)), Answers.tag(text), icon,
        Answers.tag(new String(icon, StandardCharsets.UTF_8)));
  }

  /** The page's icon: the SVG of its {@code <link rel="icon" href="data:image/svg+xml,...">}, decoded. */
  static byte[] icon(String html) {
    Matcher m = Pattern.compile("<link rel=\"icon\" href=\"data:image/svg\\+xml,([^\"]*)\">")
        .matcher(html);
    if (!m.find()) {
      throw new IllegalStateException("the page has no icon (<link rel=\"icon\" href=\"data:image/svg+xml,...\">)");
    }
    return URLDecoder.decode(m.group(1).replace("+", "%2B"), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The page's policy: its one inline script by hash (nothing else may run), its inline styles,
   * requests to this server only, never framed.
   */
  static String pagePolicy(String html) {
    StringBuilder scripts = new StringBuilder();
    Matcher m = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL)
        .matcher(html);
    while (m.find()) {
      try {
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(m.group(1).getBytes(StandardCharsets.UTF_8));
        scripts.append(" 'sha256-").append(Base64.getEncoder().encodeToString(sha)).append('\'');
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("no SHA-256 in this JVM", e);
      }
    }
    return "default-src 'none'; script-src" + scripts + "; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
  }
}
