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
