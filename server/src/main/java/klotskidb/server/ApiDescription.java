package klotskidb.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import klotskidb.query.Facts;
import klotskidb.query.Json;

/**
 * The API's description (OpenAPI 3.0, {@code openapi.json} beside this class) as served at
 * {@code /api/openapi.json}, and the index {@code GET /api} answers from it.
 *
 * <pre>
 *   ApiDescription.INDEX.get("endpoints")  ->  [{path=/api, summary=...}, {path=/api/openapi.json, ...}, ...]
 * </pre>
 *
 * The layout, group and find schemas are not written in the file: each {@code {"x-generated":
 * "Layout"}} is replaced by the schema made from the catalogue of facts ({@link
 * klotskidb.query.Facts#openApi}), so they cannot drift from the documents.
 */
public final class ApiDescription {
  private ApiDescription() {}

  /**
   * This API's description (OpenAPI 3.0), served at /api/openapi.json: the resource, its schemas of
   * the layout, group and find documents made from the catalogue of facts ({@code {"x-generated":
   * "Layout"}} and the others replaced by {@link klotskidb.query.Facts#openApi}).
   */
  static final String TEXT;

  static {
    try (InputStream in = ApiDescription.class.getResourceAsStream("openapi.json")) {
      String text = in == null ? "{}" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      for (String schema : List.of("Layout", "Group", "FindResult")) {
        text = text.replace("{\"x-generated\": \"" + schema + "\"}",
            Json.write(Facts.openApi(schema)));
      }
      TEXT = text;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The description as served ({@link #TEXT}). */
  public static String text() {
    return TEXT;
  }

  /**
   * A route of the API as the description declares it: its path's segments ({@code {X}} a
   * parameter), its operation (the {@code operationId} that names its handler in {@link Api}) and
   * the query words it takes (its parameters {@code in: query}, {@code $ref}s followed).
   *
   * <pre>
   *   /api/layout/{X}/farthest  ->  Route([api, layout, {X}, farthest], layoutFarthest, [offset, limit])
   *   .match([api, layout, 1A9BF0C, farthest])  ->  [1A9BF0C]
   * </pre>
   */
  record Route(List<String> segments, String operationId, List<String> words) {
    /** The path parameters of a request's segments if they are this route's, in order; null if not. */
    List<String> match(List<String> parts) {
      if (parts.size() != segments.size()) {
        return null;
      }
      List<String> params = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        String s = segments.get(i);
        if (s.startsWith("{") && s.endsWith("}")) {
          params.add(parts.get(i));
        } else if (!s.equals(parts.get(i))) {
          return null;
        }
      }
      return params;
    }
  }

  /** Every route of the description, in its order: the one table the dispatch and the allowed words follow. */
  static final List<Route> ROUTES = routes();

  private static List<Route> routes() {
    Map<?, ?> all = (Map<?, ?>) Json.read(TEXT);
    Map<?, ?> shared = (Map<?, ?>) ((Map<?, ?>) all.get("components")).get("parameters");
    List<Route> routes = new ArrayList<>();
    for (Map.Entry<?, ?> e : ((Map<?, ?>) all.get("paths")).entrySet()) {
      Map<?, ?> get = (Map<?, ?>) ((Map<?, ?>) e.getValue()).get("get");
      List<String> words = new ArrayList<>();
      Object declared = get.get("parameters");
      for (Object o : declared == null ? List.of() : (List<?>) declared) {
        Map<?, ?> p = (Map<?, ?>) o;
        if (p.get("$ref") instanceof String ref) {
          p = (Map<?, ?>) shared.get(ref.substring(ref.lastIndexOf('/') + 1));
        }
        if ("query".equals(p.get("in"))) {
          words.add((String) p.get("name"));
        }
      }
      String path = (String) e.getKey();
      routes.add(new Route(List.of(path.substring(1).split("/")), (String) get.get("operationId"), List.copyOf(words)));
    }
    return List.copyOf(routes);
  }

  /** GET /api's document, read once from the description. */
  static final Map<String, Object> INDEX = index();

  /** GET /api: what there is, each path with its summary (from the OpenAPI description), and where that is. */
  static Map<String, Object> index() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", "klotski-db");
    m.put("description", "the read-only API over the database of all 29,334,498 Klotski layouts");
    m.put("openapi", "/api/openapi.json");
    List<Object> endpoints = new ArrayList<>();
    Map<?, ?> paths = (Map<?, ?>) ((Map<?, ?>) Json.read(TEXT)).get("paths");
    for (Map.Entry<?, ?> e : paths.entrySet()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("path", e.getKey());
      one.put("summary", ((Map<?, ?>) ((Map<?, ?>) e.getValue()).get("get")).get("summary"));
      endpoints.add(one);
    }
    m.put("endpoints", endpoints);
    return m;
  }
}
