package klotskidb.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * How every answer of {@link KlotskiServer} goes on the wire: its type and the headers every
 * answer carries (no sniffing, no caching unless it may be kept, no referrer; a JSON answer may
 * never run anything or be framed), in one write with its length; a 200 that may be kept with its
 * ETag, answered 304 while {@code If-None-Match} matches.
 *
 * <pre>
 *   Answers.send(response, callback, 404, Answers.JSON, Answers.error(404, "no such resource: '/x'"))
 *   Answers.tag("publication\n/api/layout/1A9BF0C?null")   ->  "\"3f0c...\"" (16 hex digits)
 * </pre>
 */
final class Answers {
  private Answers() {}

  static final HttpField NO_SNIFF = new HttpField("X-Content-Type-Options", "nosniff");
  static final HttpField NO_STORE = new HttpField(HttpHeader.CACHE_CONTROL, "no-store");
  static final HttpField JSON = new HttpField(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
  static final HttpField HTML = new HttpField(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
  static final HttpField SVG = new HttpField(HttpHeader.CONTENT_TYPE, "image/svg+xml");
  static final HttpField NO_REFERRER = new HttpField("Referrer-Policy", "no-referrer");
  /** A 200 that may be kept, but asked again (If-None-Match) before it is used: it changes with a publication. */
  static final HttpField REVALIDATE = new HttpField(HttpHeader.CACHE_CONTROL, "public, no-cache");
  /** A sheet to print: its own inline style sheet and pictures, no script, nothing fetched, never framed. */
  static final HttpField SHEET_CSP = new HttpField("Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  /** JSON is never a page: nothing may run or be framed from it. */
  static final HttpField API_CSP = new HttpField("Content-Security-Policy",
      "default-src 'none'; frame-ancestors 'none'");

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] error(int status, String message) {
    return bytes(Api.Response.error(status, message).body());
  }

  /** The whole answer in one write (Jetty sends no body for HEAD, the same Content-Length). */
  static void send(Response response, Callback callback, int status, HttpField type, byte[] body) {
    response.setStatus(status);
    headers(response.getHeaders(), type);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  /**
   * A 200 that clients and proxies may keep: its ETag names the publication and the URL (the
   * answer never changes within a publication), {@code Cache-Control: public, no-cache} has them
   * ask again with {@code If-None-Match}, answered 304 without a body while it matches.
   */
  static void cacheable(Response response, Callback callback, HttpField type, byte[] body, String etag,
      String ifNoneMatch) {
    response.getHeaders().put(HttpHeader.ETAG, etag);
    if (ifNoneMatch != null && (ifNoneMatch.equals("*") || Arrays.stream(ifNoneMatch.split(","))
        .map(String::trim).map(t -> t.startsWith("W/") ? t.substring(2) : t).anyMatch(etag::equals))) {
      response.setStatus(304);
      headers(response.getHeaders(), type);
      response.getHeaders().put(REVALIDATE);
      response.write(true, null, callback);
      return;
    }
    response.setStatus(200);
    headers(response.getHeaders(), type);
    response.getHeaders().put(REVALIDATE);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  /** A strong ETag: the first 16 hex digits of the SHA-256 of what identifies the answer. */
  static String tag(String identity) {
    try {
      byte[] sha = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      return "\"" + HexFormat.of().formatHex(sha, 0, 8) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JVM", e);
    }
  }

  /**
   * The headers of every answer, errors included: its type, no sniffing, no caching, no referrer;
   * a JSON answer may never run anything or be framed (the page has its own policy).
   */
  static void headers(HttpFields.Mutable h, HttpField type) {
    h.put(type);
    h.put(NO_SNIFF);
    h.put(NO_STORE);
    h.put(NO_REFERRER);
    if (type == JSON) {
      h.put(API_CSP);
    }
  }
}
