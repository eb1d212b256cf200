package klotskidb.datasets;

import java.util.List;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The columns of the Parquet tables ({@link ParquetExport}) and how each is written: a layout
 * row such as
 *
 * <pre>
 *   code 1A9BF0C00, code_value 7140544512, id 4091296, short_code 4WVE1, jiang 5, bing 4,
 *   style 1, group_num 1, group_index 7472, name 5-4-1-1-7472, layer 26, min_solution_step 81,
 *   symmetric true, solved false, minimal true (null when a class one piece smaller was not
 *   built), optimal_solution_num 256, harder_than_percent 99.91, harder_than_percent_in_class
 *   99.64 (exact decimals; null when unsolvable), farthest_step 124 (null until 5-4-1 is analysed), ...
 * </pre>
 *
 * <p>Narrow types (8- and 16-bit integer annotations on INT32), dictionary encoding only on the
 * columns of few values (class, group_num, layer, steps); the columns unique per row (code, id,
 * name, short code) use delta encodings, which sorted codes and ids compress to almost nothing.
 */
public final class ParquetSchemas {
  private ParquetSchemas() {}

  /** Columns of the layouts table, in order. */
  public static final MessageType LAYOUTS = MessageTypeParser.parseMessageType("""
      message layout {
        required binary code (STRING);
        required int64 code_value;
        required int32 id;
        required binary short_code (STRING);
        required int32 jiang (INTEGER(8,true));
        required int32 bing (INTEGER(8,true));
        required int32 style (INTEGER(8,true));
        required int32 group_num (INTEGER(16,true));
        required int32 group_index;
        required binary name (STRING);
        required int32 layer (INTEGER(16,true));
        optional int32 min_solution_step (INTEGER(16,true));
        required boolean symmetric;
        required boolean solved;
        optional boolean minimal;
        required int64 optimal_solution_num;
        optional int32 harder_than_percent (DECIMAL(4,2));
        optional int32 harder_than_percent_in_class (DECIMAL(4,2));
        optional int32 farthest_step (INTEGER(16,true));
        optional int32 farthest_num;
        optional int32 min_solution_num;
        optional int32 solution_num;
      }""");

  /** Columns of the groups table, in order. */
  public static final MessageType GROUPS = MessageTypeParser.parseMessageType("""
      message group {
        required int32 jiang (INTEGER(8,true));
        required int32 bing (INTEGER(8,true));
        required int32 style (INTEGER(8,true));
        required int32 group_num (INTEGER(16,true));
        required binary name (STRING);
        required int32 size;
        required binary seed (STRING);
        required int32 layers (INTEGER(16,true));
        required boolean solvable;
        required int32 solved_num;
        optional int32 max_min_solution_step (INTEGER(16,true));
        optional int32 hardest_num;
        optional int32 diameter (INTEGER(16,true));
      }""");

  /** Columns with few distinct values: dictionary-encoded. */
  static final List<String> DICTIONARY = List.of("jiang", "bing", "style", "group_num", "layer",
      "min_solution_step", "harder_than_percent", "harder_than_percent_in_class", "farthest_step", "farthest_num",
      "min_solution_num", "solution_num", "layers", "max_min_solution_step", "diameter");

  /**
   * Columns with min/max statistics (per row group and page): the sort keys and the class, what
   * readers filter on to skip row groups. The others go without: it saves a tenth of the time.
   */
  static final List<String> STATISTICS = List.of("code", "code_value", "id", "jiang", "bing", "style",
      "group_num", "name", "size");
}
