package klotskidb.query;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of the documents of the API and {@code --json}, through Jackson's streaming core: maps
 * (in their order), collections, long and int arrays, strings, numbers, booleans and null.
 *
 * <pre>
 *   Json.write(Map.of("code", "1A9BF0C00", "path", new long[] {1, 2}))  ->  {"code":"1A9BF0C00","path":[1,2]}
 *   Json.read("{\"a\":[1,\"x\"]}")                                       ->  {a=[1, x]}
 * </pre>
 *
 * Why Jackson: its escaping and number writing are kept by many and tested against the
 * standard; the generator writes straight into one buffer, no tree. On top of its standard
 * escapes, {@code <} and the line and paragraph separators are written as {@code \\u} escapes, so
 * a document is safe inside a page's script too.
 */
public final class Json {
  private Json() {}

  private static final JsonFactory FACTORY = new JsonFactoryBuilder()
      .characterEscapes(new PageSafe()).build();

  /** Jackson's escapes, and {@code <}, U+2028 and U+2029 as {@code \\u} escapes. */
  private static final class PageSafe extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] ascii;

    PageSafe() {
      ascii = CharacterEscapes.standardAsciiEscapesForJSON();
      ascii['<'] = CharacterEscapes.ESCAPE_CUSTOM;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    private static final SerializableString LT = new SerializedString("\\u003c");
    private static final SerializableString LINE = new SerializedString("\\u2028");
    private static final SerializableString PARAGRAPH = new SerializedString("\\u2029");

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return switch (ch) {
        case '<' -> LT;
        case 0x2028 -> LINE;
        case 0x2029 -> PARAGRAPH;
        default -> null;
      };
    }
  }

  public static String write(Object value) {
    StringWriter out = new StringWriter(1024);
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      write(g, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  private static void write(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof String s) {
      g.writeString(s);
    } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Double d) {
      g.writeNumber(d);
    } else if (v instanceof Float f) {
      g.writeNumber(f);
    } else if (v instanceof BigDecimal d) {
      g.writeNumber(d);
    } else if (v instanceof BigInteger i) {
      g.writeNumber(i);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName(e.getKey().toString());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof Collection<?> c) {
      g.writeStartArray();
      for (Object o : c) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (v instanceof long[] a) {
      g.writeArray(a, 0, a.length);
    } else if (v instanceof int[] a) {
      g.writeArray(a, 0, a.length);
    } else {
      g.writeString(v.toString());
    }
  }

  /**
   * A JSON text as maps (in their order), lists, strings, longs or doubles, booleans and null;
   * throws {@link IllegalArgumentException} saying where it is not JSON.
   */
  public static Object read(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      p.nextToken();
      Object v = value(p);
      if (p.nextToken() != null) {
        throw new IllegalArgumentException("more than one JSON value");
      }
      return v;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a String does not fail
    }
  }

  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == null) {
      throw new IllegalArgumentException("no JSON value");
    }
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          m.put(name, value(p));
        }
        return m;
      }
      case START_ARRAY -> {
        List<Object> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(value(p));
        }
        return list;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT -> {
        return p.getLongValue();
      }
      case VALUE_NUMBER_FLOAT -> {
        return p.getDoubleValue();
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return p.getBooleanValue();
      }
      case VALUE_NULL -> {
        return null;
      }
      default -> throw new IllegalArgumentException("unexpected " + t);
    }
  }
}
