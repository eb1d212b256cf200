package klotskidb.server;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.util.concurrent.UncheckedExecutionException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import klotskidb.analysis.RootFacts;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.CaseRecord;
import klotskidb.db.DatabaseException;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.LiveDatabase;
import klotskidb.enumerator.Code;
import klotskidb.query.BoardPicture;
import klotskidb.query.Catalogue;
import klotskidb.query.Documents;
import klotskidb.query.Errors;
import klotskidb.query.Facts;
import klotskidb.query.FindFilter;
import klotskidb.query.FindQuestion;
import klotskidb.query.Finder;
import klotskidb.query.Json;
import klotskidb.query.Lookup;
import klotskidb.query.PuzzleSheet;
import klotskidb.query.Queries;

/**
 * The read-only JSON API over one database, as plain functions from a path and query to a status
 * and a body, so that it is tested without sockets and served by {@link KlotskiServer}.
 *
 * <pre>
 *   GET /api/layout/1A9BF0C             every field of 'info --json'; X = code, @short, %23id, name
 *   GET /api/find?class=5-4-1&amp;minimal=true&amp;order=hardest&amp;limit=50   layouts by facts, a page at a time
 *   GET /api/sheet?class=5-4-1&amp;minimal=true&amp;order=hardest&amp;lang=en   the same question as a sheet to print
 * </pre>
 *
 * Every route, its words and its answers: {@code openapi.json} (served at {@code
 * /api/openapi.json}, listed by {@code serve --help}, every route of it asked and its answer
 * checked against it by KlotskiServerTest), the one table: the dispatch matches a request's path
 * against its paths ({@link ApiDescription#ROUTES}) and refuses any query word its route does not
 * list; this class holds only each operation's handler ({@code operationId} to code), and ApiTest
 * that the handlers are the described operations, no more and no fewer.
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
  public record Response(int status, String body, String publication, Kind kind) {
    /** What the body is: a JSON document, a picture (image/svg+xml), or a document to print (text/html). */
    public enum Kind { JSON, PICTURE, SHEET }

    public Response(int status, String body) {
      this(status, body, null, Kind.JSON);
    }

    /** A picture (image/svg+xml): a board. */
    static Response picture(String svg) {
      return new Response(200, svg, null, Kind.PICTURE);
    }

    /** A sheet of puzzles to print (text/html). */
    static Response sheet(String html) {
      return new Response(200, html, null, Kind.SHEET);
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
  /**
   * The last 8 searches' facts by code: a layout's lists searched once however many requests ask
   * for it at once (two concurrent requests for one layout both ran the BFS before).
   */
  private final Cache<Long, RootFacts> recent =
      CacheBuilder.newBuilder().maximumSize(8).build();

  /** Every slot for a search is taken: the request is answered 503. */
  private static final class Busy extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Busy() {
      super(null, null, false, false);
    }
  }

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

  /** What answers one route: the database, the path's parameters in order, the query words. */
  @FunctionalInterface
  private interface Handler {
    Response answer(KlotskiDb db, List<String> params, Map<String, String> q);
  }

  /**
   * Each route's handler by its operation ({@code operationId} in openapi.json): the description
   * says which paths and words there are, this says what answers them. ApiTest holds the two equal:
   * every operation described has a handler here, and every handler here is described.
   */
  private final Map<String, Handler> handlers = Map.ofEntries(
      Map.entry("index", (db, p, q) -> Response.ok(ApiDescription.INDEX)),
      Map.entry("openapi", (db, p, q) -> new Response(200, ApiDescription.TEXT)),
      Map.entry("meta", (db, p, q) -> Response.ok(Queries.meta(db))),
      Map.entry("facts", (db, p, q) -> Response.ok(Facts.document())),
      Map.entry("catalogue", (db, p, q) -> Response.ok(Queries.catalogue(db))),
      Map.entry("layout", (db, p, q) -> Response.ok(Documents.layout(db, Lookup.layout(db, p.get(0))))),
      Map.entry("layoutNext", (db, p, q) -> Response.ok(Queries.next(db, Lookup.layout(db, p.get(0))))),
      Map.entry("layoutSolution", (db, p, q) -> Response.ok(Queries.solution(db, Lookup.layout(db, p.get(0))))),
      Map.entry("layoutFarthest", (db, p, q) -> lists(db, Lookup.layout(db, p.get(0)), true, q)),
      Map.entry("layoutSolutions", (db, p, q) -> lists(db, Lookup.layout(db, p.get(0)), false, q)),
      Map.entry("layoutBoard", (db, p, q) -> Response.picture(BoardPicture.svg(Lookup.layout(db, p.get(0)).code(),
          ApiParameters.yesNo(q, "names", false), ApiParameters.oneOf(q, "lang", "zh", "zh", "en")))),
      Map.entry("find", (db, p, q) -> find(db, q)),
      Map.entry("sheet", (db, p, q) -> sheet(db, q)),
      Map.entry("board", (db, p, q) -> Response.ok(Documents.layout(db, Lookup.layout(db,
          Code.format(BoardPieces.code(ApiParameters.required(q, "pieces"))))))),
      Map.entry("path", (db, p, q) -> path(db, ApiParameters.required(q, "from"), ApiParameters.required(q, "to"))),
      Map.entry("group", (db, p, q) -> Response.ok(Documents.group(db, Lookup.groupFor(db, p.get(0))))),
      Map.entry("groupSteps", (db, p, q) -> Response.ok(Queries.groupSteps(db, Lookup.groupFor(db, p.get(0))))),
      Map.entry("groupLayer", (db, p, q) -> layer(db, Lookup.groupFor(db, p.get(0)), p.get(1), q)));

  /** The operations this API answers (its handlers), for the test that they are the described ones. */
  Set<String> operations() {
    return handlers.keySet();
  }

  /** Answers a GET of {@code path} (raw, still percent-encoded) with the raw {@code query} (may be null). */
  public Response get(String path, String query) {
    try (LiveDatabase.Lease lease = live.lease()) {
      Response r = get(lease.db(), path, query);
      return r.status() == 200 ? new Response(200, r.body(), lease.db().publication(), r.kind()) : r;
    }
  }

  private Response get(KlotskiDb db, String path, String query) {
    try {
      Map<String, String> q = ApiParameters.query(query);
      List<String> parts = ApiParameters.segments(path);
      if (parts.isEmpty() || !parts.get(0).equals("api")) {
        return Response.error(404, "no such resource: " + UserText.quote(path));
      }
      // the route the description declares for this path, its query words checked against the
      // description's, then its handler: one table (openapi.json) for the dispatch and the words
      for (ApiDescription.Route route : ApiDescription.ROUTES) {
        List<String> params = route.match(parts);
        if (params != null) {
          ApiParameters.allow(q, route.words().toArray(String[]::new));
          return handlers.get(route.operationId()).answer(db, params, q);
        }
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

  /** One page of the layouts a filter finds, and the cursor of the next. */
  private Response find(KlotskiDb db, Map<String, String> q) {
    FindFilter f = FindFilter.parse(q);
    int limit = ApiParameters.number(q, "limit", 100, 1, Finder.MAX_LIMIT);
    String cursor = q.get("cursor");
    if (q.containsKey("offset") && cursor != null) {
      throw new InputException("give 'offset' or 'cursor', not both");
    }
    FindQuestion question = FindQuestion.on(db, f);
    Finder.Page p = q.containsKey("offset")
        ? question.pageAt(ApiParameters.number(q, "offset", 0, 0, Integer.MAX_VALUE), limit)
        : question.page(cursor, limit);
    return Response.ok(Documents.findPage(question.filter(), p));
  }

  /**
   * A sheet to print of find's first {@code limit} answers (default 12) to the filter of the other
   * words, in {@code lang} (en or zh; en as {@code klotski sheet}): the bytes {@code klotski sheet}
   * writes for the same question.
   */
  private Response sheet(KlotskiDb db, Map<String, String> q) {
    Map<String, String> words = new LinkedHashMap<>(q);
    String lang = ApiParameters.oneOf(q, "lang", "en", "zh", "en"); // as klotski sheet: English unless asked
    words.remove("lang");
    // no cursor or offset: the route's words (openapi.json) do not list them, so the dispatch refused them
    String source = words.remove("source");
    if (source != null) { // a source of the catalogue, in its order: all its layouts (at most 200) unless a limit is given
      words.remove("limit");
      if (!words.isEmpty()) {
        throw new InputException("'source' names the puzzles: no filter beside it (" + String.join(", ", words.keySet()) + ")");
      }
      Catalogue.Source from = Catalogue.get().source(source, FindFilter.QUOTED);
      int limit = ApiParameters.number(q, "limit", PuzzleSheet.MAX, 1, PuzzleSheet.MAX);
      return Response.sheet(PuzzleSheet.ofSource(db, from, limit, lang).html());
    }
    FindFilter f = FindFilter.parseSheet(words);
    int limit = ApiParameters.number(q, "limit", 12, 1, PuzzleSheet.MAX);
    return Response.sheet(PuzzleSheet.of(db, f, limit, lang).html());
  }

  /** One page of a layout's farthest layouts or solutions, from its facts. */
  private Response lists(KlotskiDb db, CaseRecord c, boolean farthest, Map<String, String> q) {
    int offset = ApiParameters.number(q, "offset", 0, 0, Integer.MAX_VALUE / 2);
    int limit = ApiParameters.number(q, "limit", 100, 1, MAX_LIMIT);
    RootFacts f = facts(db, c);
    if (f == null) {
      return Response.error(503, "busy: " + listSlots + " list searches under way; try again");
    }
    return Response.ok(Queries.lists(c, f, farthest, offset, limit));
  }

  /** The facts of {@code c}: kept from a recent search, or searched now; null when every slot is busy. */
  private RootFacts facts(KlotskiDb db, CaseRecord c) {
    try {
      return recent.get(c.code(), () -> {
        if (!searches.tryAcquire()) {
          throw new Busy();
        }
        try {
          GroupRecord g = Lookup.groupOf(db, c);
          return RootFacts.of(c.code(), (int) g.size(), 1);
        } finally {
          searches.release();
        }
      });
    } catch (UncheckedExecutionException | ExecutionException e) {
      if (e.getCause() instanceof Busy) {
        return null;
      }
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }

  private Response path(KlotskiDb db, String from, String to) {
    CaseRecord a = Lookup.layout(db, from);
    CaseRecord b = Lookup.layout(db, to);
    Map<String, Object> doc = Queries.path(a.code(), b.code());
    return doc == null ? Response.error(404, Queries.noPath(a.code(), b.code())) : Response.ok(doc);
  }

  private Response layer(KlotskiDb db, GroupRecord g, String layerText, Map<String, String> q) {
    int layer = ApiParameters.number(Map.of("layer", layerText), "layer", 0, 0, Queries.MAX_LAYER);
    int offset = ApiParameters.number(q, "offset", 0, 0, Integer.MAX_VALUE / 2);
    int limit = ApiParameters.number(q, "limit", 100, 1, MAX_LIMIT);
    Map<String, Object> doc = Queries.layer(db, g, layer, offset, limit);
    return doc == null ? Response.error(404, Queries.noLayer(g, layer)) : Response.ok(doc);
  }

}
