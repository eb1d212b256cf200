package klotskidb.server;

import java.nio.ByteBuffer;
import java.util.Locale;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Every error Jetty answers itself (a request it cannot parse, an ambiguous path, an error after
 * a handler) as the API's JSON: {@code {"error": "..."}} with the status's reason and, when it is
 * plain words, Jetty's detail; never a class name.
 *
 * <pre>
 *   GET /%jO   ->  400 {"error":"malformed request (request line, header, URL or its percent-encoding)",...}
 * </pre>
 */
final class JsonErrors extends ErrorHandler {
  /**
   * The body of the answer to a request Jetty could not parse ({@code %zz} in a URL, a garbled
   * request line), for its access-log line: Jetty answers it through an error response of its own
   * whose bytes the log does not count (it said 0), then logs it on the same thread.
   */
  static final ThreadLocal<Long> BAD_MESSAGE_BYTES = new ThreadLocal<>();

  /** The method of the request Jetty makes up for one it could not parse ("BAD /badMessage" in the log). */
  private static final String UNPARSED = "BAD";

  /** {@link KlotskiServer}'s limit of requests waiting, for the busy message. */
  private final int queued;

  JsonErrors(int queued) {
    this.queued = queued;
  }

  static String busy(int queued) {
    return "busy: every worker is answering and " + queued + " requests' work is queued (or this one waited "
        + KlotskiServer.MAX_WAIT.toSeconds() + " s); try again";
  }

  /** Jetty writes an error body only for GET, POST and HEAD by default: here for every method (PUT *). */
  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
      Callback callback) {
    String text = code == 503 ? busy(queued) : text(code, message);
    byte[] body = Answers.error(code, text);
    if (request.getMethod().equals(UNPARSED)) {
      BAD_MESSAGE_BYTES.set((long) body.length);
    }
    Answers.send(response, callback, code, Answers.JSON, body);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    Answers.headers(fields, Answers.JSON);
    return ByteBuffer.wrap(Answers.error(status, text(status, reason)));
  }

  /** "bad request: Bad URI" style: the status's words, then Jetty's detail if it is plain words. */
  static String text(int code, String detail) {
    String what = HttpStatus.getMessage(code);
    what = what == null ? "error " + code : what.toLowerCase(Locale.ROOT);
    if (code == 400) {
      what = "malformed request (request line, header, URL or its percent-encoding)";
    }
    if (code == 426) {
      return "this server speaks HTTP/1.1 only (an HTTP/2 preface or an upgrade was sent)";
    }

    if (detail == null || detail.isBlank() || detail.equalsIgnoreCase(HttpStatus.getMessage(code))
        || !detail.matches("[A-Za-z0-9 ,:=/'._-]{1,120}") || detail.contains("Exception") || detail.contains("java")) {
      return what;
    }
    return what + ": " + detail;
  }
}
