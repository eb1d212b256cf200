package klotskidb.datasets;

import java.util.List;
import java.util.stream.Stream;
import klotskidb.query.Facts;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The columns of the Parquet tables ({@link ParquetExport}), made from the catalogue of facts
 * ({@link Facts}: every fact of its Parquet output, in its order): a layout row such as
 *
 * <pre>
 *   code 1A9BF0C00, code_value 7140544512, id 4091296, short_code 4WVE1, jiang 5, bing 4,
 *   style 1, group_num 1, group_index 7472, name 5-4-1-1-7472, layer 26, min_solution_step 81,
 *   symmetric true, solved false, minimal true (null when a class one piece smaller was not
 *   built), ..., harder_than_percent 99.91, harder_than_percent_in_class 99.64 (exact decimals;
 *   null when unsolvable), farthest_step 124 (null until 5-4-1 is analysed), ...
 * </pre>
 *
 * <p>A fact's type gives the column's: text a STRING, a whole number INT32 with its width's
 * annotation (8 or 16 bits: {@code Fact.bits}, a stored fact's field's) or INT64, a percent
 * DECIMAL(4,2) in hundredths; a fact that may be null is optional. Dictionary encoding only on the
 * columns of few values (class, group_num, layer, steps); the columns unique per row (code, id,
 * name, short code) use delta encodings, which sorted codes and ids compress to almost nothing.
 */
public final class ParquetSchemas {
  private ParquetSchemas() {}

  /** Columns of the layouts table, in order. */
  public static final MessageType LAYOUTS = of("layout", Facts.LAYOUT);

  /** Columns of the groups table, in order. */
  public static final MessageType GROUPS = of("group", Facts.GROUP);

  /** The columns of the facts' Parquet output. */
  static List<Facts.Fact> columns(List<Facts.Fact> facts) {
    return facts.stream().filter(f -> f.in(Facts.Output.PARQUET)).toList();
  }

  private static MessageType of(String message, List<Facts.Fact> facts) {
    Types.MessageTypeBuilder b = Types.buildMessage();
    for (Facts.Fact f : columns(facts)) {
      Type.Repetition r = f.nullable() ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
      switch (f.type()) {
        case STRING -> b.primitive(PrimitiveTypeName.BINARY, r).as(LogicalTypeAnnotation.stringType()).named(f.column());
        case LONG -> b.primitive(PrimitiveTypeName.INT64, r).named(f.column());
        case BOOLEAN -> b.primitive(PrimitiveTypeName.BOOLEAN, r).named(f.column());
        case PERCENT -> b.primitive(PrimitiveTypeName.INT32, r).as(LogicalTypeAnnotation.decimalType(2, 4))
            .named(f.column());
        case INT -> b.primitive(PrimitiveTypeName.INT32, r)
            .as(f.bits() < 32 ? LogicalTypeAnnotation.intType(f.bits(), true) : null).named(f.column());
        case NAMES, INTS -> throw new IllegalStateException(f.name() + ": a list has no Parquet column");
      }
    }
    return b.named(message);
  }

  /**
   * Columns with few distinct values: dictionary-encoded. Declared with each fact ({@code encoded
   * dictionary} in {@code codegen/layout-facts.txt}).
   */
  static final List<String> DICTIONARY = ParquetEncodings.DICTIONARY;

  /**
   * Columns with min/max statistics (per row group and page): the sort keys and the class, what
   * readers filter on to skip row groups. The others go without: it saves a tenth of the time.
   * Declared with each fact ({@code encoded statistics}).
   */
  static final List<String> STATISTICS = ParquetEncodings.STATISTICS;

  /** The columns named by the two lists above. */
  public static List<String> encodedColumns() {
    return Stream.concat(DICTIONARY.stream(), STATISTICS.stream()).distinct().toList();
  }
}
