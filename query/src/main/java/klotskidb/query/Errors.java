package klotskidb.query;

import java.util.LinkedHashMap;
import java.util.Map;
import klotskidb.base.InputException;
import klotskidb.base.UserText;

/**
 * An error as the API and {@code info --stdin} answer it: the status, and a document with the
 * message in English and a stable {@code code} that a client can show in its own language.
 *
 * <pre>
 *   GET /api/layout/横刀力马   404 {"error": "'横刀力马' names no layout (...); did you mean 横刀立马?",
 *                                 "code": "unknown_name", "input": "横刀力马", "suggestions": ["横刀立马"]}
 *   GET /api/layout/四面楚歌   400 {"error": "...", "code": "ambiguous_name", "input": "四面楚歌",
 *                                 "choices": ["四面楚歌:1", "四面楚歌:2", "四面楚歌:3"]}
 *   GET /api/layout/1A9BF0CZ  400 {"error": "code '1A9BF0CZ' is not hex: ...", "code": "bad_request",
 *                                 "reason": "code_not_hex", "details": {"input": "1A9BF0CZ"}}
 * </pre>
 *
 * The codes: {@code bad_request} (what was asked is malformed), {@code unknown_name}, {@code
 * ambiguous_name}, {@code not_found} (the database does not hold it), {@code no_such_resource} (no
 * such route), {@code busy} (503), {@code server_error} (500 and any other status). A refusal of
 * what was typed or of what is not there may say more: its {@code reason} (the exception's
 * kind: {@code ambiguous_short_code}, {@code code_overlap}, {@code not_analysed}, ...) and the
 * {@code details} it names, so a page says all of it in its own language.
 */
public final class Errors {
  private Errors() {}

  /** The HTTP status of an error of what was asked: 404 for what is not there, else 400. */
  public static int status(IllegalArgumentException e) {
    return e instanceof Lookup.NotFoundException
        || e instanceof Catalogue.NameRefused r && r.kind == Catalogue.NameRefused.Kind.UNKNOWN ? 404 : 400;
  }

  /** The document of an error of what was asked. */
  public static Map<String, Object> of(IllegalArgumentException e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("error", UserText.message(e.getMessage()));
    if (e instanceof Catalogue.NameRefused r) {
      m.put("code", r.kind.code);
      m.put("input", UserText.shown(UserText.oneLine(r.input)));
      m.put(r.kind.listName, r.options);
    } else if (e instanceof Lookup.NotFoundException n) {
      m.put("code", "not_found");
      reason(m, n.kind(), n.details());
    } else {
      m.put("code", "bad_request");
      if (e instanceof InputException i) {
        reason(m, i.kind(), i.details());
      } else if (e instanceof Finder.NotAnalysedException) {
        reason(m, Finder.NotAnalysedException.KIND, Map.of());
      }
    }
    return m;
  }

  /**
   * Which refusal, and what it is about, when the error says ({@code reason}, {@code details}); the
   * input a detail echoes at most {@link UserText#MAX} characters, as the message quotes it.
   */
  private static void reason(Map<String, Object> m, String kind, Map<String, Object> details) {
    if (kind != null) {
      m.put("reason", kind);
      if (!details.isEmpty()) {
        Map<String, Object> shown = new LinkedHashMap<>();
        details.forEach((k, v) -> shown.put(k, v instanceof String text ? UserText.shown(text) : v));
        m.put("details", shown);
      }
    }
  }

  /** The document of an error known by its status alone (a route, a limit, the server). */
  public static Map<String, Object> of(int status, String message) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("error", message);
    m.put("code", status == 404 ? "no_such_resource" : status == 503 ? "busy" : status >= 500 ? "server_error"
        : "bad_request");
    return m;
  }
}
