package klotskidb.server;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import klotskidb.analysis.RootFacts;
import klotskidb.db.CaseRecord;
import klotskidb.db.DatabaseException;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.LiveDatabase;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Pieces;
import klotskidb.enumerator.UserText;
import klotskidb.query.Documents;
import klotskidb.query.Errors;
import klotskidb.query.Finder;
import klotskidb.query.Json;
import klotskidb.query.Lookup;
import klotskidb.query.Queries;
import klotskidb.enumerator.InputException;

/**
 * The read-only JSON API over one database, as plain functions from a path and query to a status
 * and a body, so that it is tested without sockets and served by {@link KlotskiServer}.
 *
 * <pre>
 *   GET /api/meta                               counts, versions, analysed classes
 *   GET /api/layout/{X}                         every field of 'info --json'; X = code, @short, %23id, name
 *   GET /api/layout/{X}/next                    every move: the layout, its step, optimal marked
 *   GET /api/layout/{X}/solution                an optimal solution: codes, one per step
 *   GET /api/layout/{X}/farthest?offset=0&amp;limit=100    its farthest layouts (one BFS in its group)
 *   GET /api/layout/{X}/solutions?offset=0&amp;limit=100   its solutions by step, minimum ones marked
 *   GET /api/find?class=5-4-1&amp;min_steps=100&amp;max_steps=120&amp;min_farthest=110&amp;limit=50&amp;cursor=...
 *                                               layouts by facts, a page at a time ({@link Finder})
 *   GET /api/board?pieces=2x2@1,2x1@0,...       a layout given as pieces (the page's editor)
 *   GET /api/path?from=X&amp;to=Y                   a shortest path between two layouts of one group
 *   GET /api/group/{J-B-S-G}                    summary and layer profile
 *   GET /api/group/{J-B-S-G}/steps              how many members need each number of steps to solve
 *   GET /api/catalogue                          the named layouts (横刀立马, ...) with their steps
 *   GET /api/facts                              every fact of a layout and a group: name, type, null rule, meaning
 *   GET /api/group/{J-B-S-G}/layer/{K}?offset=0&amp;limit=100   one layer's members, paged
 * </pre>
 *
 * Errors are JSON {@code {"error": "..."}}: 400 for a malformed request (the message says what is
 * wrong, echoing at most 200 characters of it), 404 for a layout, group or route the database
 * does not have, 503 when more list searches are asked at once than {@link #listSlots} allows,
 * 500 for anything else (no stack trace, no path of this machine).
 *
 * <p>The lists of a layout (farthest layouts, solutions) come from one BFS from it over its
 * group ({@link RootFacts}, as {@code klotski info --farthest --solutions}), analysed class or
 * not: up to about a second in the largest group. At most {@link #listSlots} run at once, on one
 * thread each, so a burst of them leaves a core to the look-ups; the last few results are kept,
 * so the page asking for both lists and then for more of one costs one search.
 */
public final class Api {
  /** The most members one layer page returns. */
  public static final int MAX_LIMIT = Queries.MAX_LIMIT;

  /** A status and a JSON body. */
  /**
   * An answer; {@code publication} is the database publication that gave a 200 (null otherwise):
   * the same URL answers the same body until the next publication (the server's ETag).
   */
  public record Response(int status, String body, String publication) {
    public Response(int status, String body) {
      this(status, body, null);
    }

    static Response ok(Object document) {
      return new Response(200, Json.write(document));
    }

    static Response error(int status, String message) {
      return new Response(status, Json.write(Errors.of(status, message)));
    }

    /** The answer to a question refused: its status, the message and its code ({@link Errors}). */
    static Response error(IllegalArgumentException e) {
      return new Response(Errors.status(e), Json.write(Errors.of(e)));
    }
  }

  private final LiveDatabase live;
  private final int listSlots;
  private final Semaphore searches;
  /** The last searches' facts by code, most recent last. */
  private final Map<Long, RootFacts> recent = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, RootFacts> eldest) {
      return size() > 8;
    }
  };

  /** Over one database handle (the caller's, which it closes). */
  public Api(KlotskiDb db) {
    this(db, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
  }

  /** With at most {@code listSlots} list searches at once. */
  public Api(KlotskiDb db, int listSlots) {
    this(LiveDatabase.fixed(db), listSlots);
  }

  /** Over a database that follows publications: each request reads the publication current when it starts. */
  public Api(LiveDatabase live, int listSlots) {
    this.live = live;
    this.listSlots = listSlots;
    this.searches = new Semaphore(listSlots);
  }

  /** How many list searches may run at once. */
  public int listSlots() {
    return listSlots;
  }

  /** Answers a GET of {@code path} (raw, still percent-encoded) with the raw {@code query} (may be null). */
  public Response get(String path, String query) {
    try (LiveDatabase.Lease lease = live.lease()) {
      Response r = get(lease.db(), path, query);
      return r.status() == 200 ? new Response(200, r.body(), lease.db().publication()) : r;
    }
  }

  private Response get(KlotskiDb db, String path, String query) {
    try {
      Map<String, String> q = query(query);
      List<String> parts = segments(path);
      if (parts.isEmpty() || !parts.get(0).equals("api")) {
        return Response.error(404, "no such resource: " + UserText.quote(path));
      }
      int n = parts.size();
      if (n == 1) {
        allow(q);
        return Response.ok(index());
      }
      String what = parts.get(1);
      if (what.equals("openapi.json") && n == 2) {
        allow(q);
        return new Response(200, OPENAPI);
      }
      if (what.equals("meta") && n == 2) {
        allow(q);
        return Response.ok(Queries.meta(db));
      }
      if (what.equals("facts") && n == 2) {
        allow(q);
        return Response.ok(klotskidb.query.Facts.document());
      }
      if (what.equals("layout") && n >= 3 && n <= 4) {
        boolean lists = n == 4 && (parts.get(3).equals("farthest") || parts.get(3).equals("solutions"));
        if (lists) {
          allow(q, "offset", "limit");
        } else {
          allow(q);
        }
        CaseRecord c = Lookup.layout(db, parts.get(2));
        if (n == 3) {
          return Response.ok(Documents.layout(db, c));
        }
        switch (parts.get(3)) {
          case "next":
            return Response.ok(Queries.next(db, c));
          case "solution":
            return Response.ok(Queries.solution(db, c));
          case "farthest":
          case "solutions":
            return lists(db, c, parts.get(3).equals("farthest"), q);
          default:
            break;
        }
      }
      if (what.equals("find") && n == 2) {
        return find(db, q); // the filter refuses unknown words itself
      }
      if (what.equals("board") && n == 2) {
        allow(q, "pieces");
        return Response.ok(Documents.layout(db, Lookup.layout(db, Code.format(board(required(q, "pieces"))))));
      }
      if (what.equals("path") && n == 2) {
        allow(q, "from", "to");
        return path(db, required(q, "from"), required(q, "to"));
      }
      if (what.equals("catalogue") && n == 2) {
        allow(q);
        return Response.ok(Queries.catalogue(db));
      }
      if (what.equals("group") && (n == 3 || n == 4 && parts.get(3).equals("steps")
          || n == 5 && parts.get(3).equals("layer"))) {
        if (n == 5) {
          allow(q, "offset", "limit");
        } else {
          allow(q);
        }
        GroupRecord g = Lookup.group(db, parts.get(2));
        if (n == 3) {
          return Response.ok(Documents.group(db, g));
        }
        if (n == 4) {
          return Response.ok(Queries.groupSteps(db, g));
        }
        return layer(db, g, parts.get(4), q);
      }
      return Response.error(404, "no such resource: " + UserText.quote(path));
    } catch (IllegalArgumentException e) {
      return Response.error(e);
    } catch (DatabaseException e) {
      // the family and the file, never the server's own paths
      String dir = db.dir().toAbsolutePath().toString();
      return Response.error(500, "the database could not answer: " + e.getMessage()
          .replace("the database at " + dir, "the database").replace("the database at " + db.dir(), "the database")
          .replace(dir, "(the database's folder)"));
    }
  }

  /** Refuses a query parameter the endpoint does not take (a typo would otherwise pass unnoticed). */
  private static void allow(Map<String, String> q, String... known) {
    List<String> words = List.of(known);
    for (String k : q.keySet()) {
      if (!words.contains(k)) {
        throw new InputException("unknown parameter " + UserText.quote(k) + (words.isEmpty()
            ? ": this endpoint takes none" : ": expected " + String.join(", ", words)));
      }
    }
  }

  /**
   * This API's description (OpenAPI 3.0), served at /api/openapi.json: the resource, its schemas of
   * the layout, group and find documents made from the catalogue of facts ({@code {"x-generated":
   * "Layout"}} and the others replaced by {@link klotskidb.query.Facts#openApi}).
   */
  static final String OPENAPI;

  static {
    try (java.io.InputStream in = Api.class.getResourceAsStream("openapi.json")) {
      String text = in == null ? "{}" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      for (String schema : List.of("Layout", "Group", "FindResult")) {
        text = text.replace("{\"x-generated\": \"" + schema + "\"}",
            klotskidb.query.Json.write(klotskidb.query.Facts.openApi(schema)));
      }
      OPENAPI = text;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The description as served ({@link #OPENAPI}). */
  public static String openApi() {
    return OPENAPI;
  }

  /** GET /api: what there is, each path with its summary (from the OpenAPI description), and where that is. */
  private static Map<String, Object> index() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", "klotski-db");
    m.put("description", "the read-only API over the database of all 29,334,498 Klotski layouts");
    m.put("openapi", "/api/openapi.json");
    List<Object> endpoints = new ArrayList<>();
    java.util.regex.Matcher e = java.util.regex.Pattern.compile(
        "\"(/api[^\"]*)\": \\{\\s*\"get\": \\{\"summary\": \"([^\"]*)\"").matcher(OPENAPI);
    while (e.find()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("path", e.group(1));
      one.put("summary", e.group(2));
      endpoints.add(one);
    }
    m.put("endpoints", endpoints);
    return m;
  }

  private static List<String> segments(String path) {
    List<String> out = new ArrayList<>();
    for (String s : path.split("/")) {
      if (!s.isEmpty()) {
        out.add(decode(s.replace("+", "%2B")));
      }
    }
    return out;
  }

  /** Percent-decoded (and '+' as a space); a malformed escape is the client's error, said plainly. */
  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new InputException("malformed percent-encoding in " + UserText.quote(s));
    }
  }

  private static Map<String, String> query(String query) {
    Map<String, String> q = new LinkedHashMap<>();
    if (query == null || query.isEmpty()) {
      return q;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String k = decode(eq < 0 ? pair : pair.substring(0, eq));
      String v = eq < 0 ? "" : decode(pair.substring(eq + 1));
      q.put(k, v);
    }
    return q;
  }

  private static String required(Map<String, String> q, String key) {
    String v = q.get(key);
    if (v == null || v.isBlank()) {
      throw new InputException("missing query parameter '" + key + "'");
    }
    return v;
  }

  private static int number(Map<String, String> q, String key, int fallback, int min, int max) {
    String v = q.get(key);
    if (v == null) {
      return fallback;
    }
    if (v.isEmpty() || v.length() > 9 || !v.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new InputException("'" + key + "' must be a whole number, not " + UserText.quote(v));
    }
    int n = Integer.parseInt(v);
    if (n < min || n > max) {
      throw new InputException("'" + key + "' must be from " + min + " to " + max + ", not " + n);
    }
    return n;
  }

  /**
   * The code of a board given as pieces, {@code 2x2@1,2x1@0,1x2@9,1x1@13,...} (kind and top-left
   * cell 0..19), checked by the same rules as a typed code: the reason of an illegal board is
   * the command line's.
   */
  static long board(String pieces) {
    String[] items = pieces.split(",", -1);
    if (items.length > 20) {
      throw new InputException("a board has at most 20 pieces, not " + items.length);
    }
    int[] types = new int[items.length];
    int[] cells = new int[items.length];
    for (int i = 0; i < items.length; i++) {
      String item = items[i].trim();
      int at = item.indexOf('@');
      int type = -1;
      for (int t = 0; at > 0 && t < 4; t++) {
        if (Pieces.name(t).equals(item.substring(0, at))) {
          type = t;
        }
      }
      String cell = at < 0 ? "" : item.substring(at + 1);
      if (type < 0 || !cell.matches("[0-9]{1,2}") || Integer.parseInt(cell) >= Pieces.CELLS) {
        throw new InputException("piece " + UserText.quote(item) + " is not KIND@CELL with KIND 2x2, "
            + "1x2, 2x1 or 1x1 and CELL 0 to 19");
      }
      types[i] = type;
      cells[i] = Integer.parseInt(cell);
    }
    return Board.of(types, cells).code();
  }

  /** One page of the layouts a filter finds, and the cursor of the next. */
  private Response find(KlotskiDb db, Map<String, String> q) {
    Finder.Filter f = Finder.Filter.parse(q);
    int limit = number(q, "limit", 100, 1, Finder.MAX_LIMIT);
    String cursor = q.get("cursor");
    if (q.containsKey("offset")) {
      if (cursor != null) {
        throw new InputException("give 'offset' or 'cursor', not both");
      }
      return Response.ok(Finder.document(f, Finder.findAt(db, f, number(q, "offset", 0, 0, Integer.MAX_VALUE), limit)));
    }
    Finder.Page p = Finder.find(db, f, cursor == null || cursor.isEmpty() ? null : cursor, limit);
    return Response.ok(Finder.document(f, p));
  }

  /** One page of a layout's farthest layouts or solutions, from its facts. */
  private Response lists(KlotskiDb db, CaseRecord c, boolean farthest, Map<String, String> q) {
    int offset = number(q, "offset", 0, 0, Integer.MAX_VALUE / 2);
    int limit = number(q, "limit", 100, 1, MAX_LIMIT);
    RootFacts f = facts(db, c);
    if (f == null) {
      return Response.error(503, "busy: " + listSlots + " list searches under way; try again");
    }
    return Response.ok(Queries.lists(c, f, farthest, offset, limit));
  }

  /** The facts of {@code c}: kept from a recent search, or searched now; null when every slot is busy. */
  private RootFacts facts(KlotskiDb db, CaseRecord c) {
    synchronized (recent) {
      RootFacts kept = recent.get(c.code());
      if (kept != null) {
        return kept;
      }
    }
    if (!searches.tryAcquire()) {
      return null;
    }
    try {
      GroupRecord g = Lookup.groupOf(db, c);
      RootFacts f = RootFacts.of(c.code(), (int) g.size(), 1);
      synchronized (recent) {
        recent.put(c.code(), f);
      }
      return f;
    } finally {
      searches.release();
    }
  }

  private Response path(KlotskiDb db, String from, String to) {
    CaseRecord a = Lookup.layout(db, from);
    CaseRecord b = Lookup.layout(db, to);
    Map<String, Object> doc = Queries.path(a.code(), b.code());
    return doc == null ? Response.error(404, Queries.noPath(a.code(), b.code())) : Response.ok(doc);
  }

  private Response layer(KlotskiDb db, GroupRecord g, String layerText, Map<String, String> q) {
    int layer = number(Map.of("layer", layerText), "layer", 0, 0, 0xFFFF);
    int offset = number(q, "offset", 0, 0, Integer.MAX_VALUE / 2);
    int limit = number(q, "limit", 100, 1, MAX_LIMIT);
    Map<String, Object> doc = Queries.layer(db, g, layer, offset, limit);
    return doc == null ? Response.error(404, Queries.noLayer(g, layer)) : Response.ok(doc);
  }

}
