package klotskidb.db;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The on-disk layout of the case database (see {@code db-schema/SCHEMA.md}): column family
 * names, key and value encodings. All integers are big-endian and keys fixed-width, so byte
 * order is numeric order: codes, ids, names and layers scan in their natural order.
 *
 * <pre>
 *   cases   code(5)                          -> id(4) jiang bing style(1 each) group_num(2)
 *                                               group_index(4) layer(2) min_solution_step(2,
 *                                               -1 = none) flags(1: 1 symmetric, 2 solved)
 *   ids     id(4)                            -> code(5)
 *   names   jiang bing style group_num(2) group_index(4)      -> code(5)
 *   groups  jiang bing style group_num(2)    -> size(4) seed(5) layers(2) solved(4)
 *                                               max_min_solution_step(2) hardest(4)
 *                                               layer sizes(4 each)
 *   layers  jiang bing style group_num(2) layer(2) group_index(4) -> code(5)
 *   find    jiang bing style min_solution_step+1(2, 0 = none) symmetric(1) chunk(2)
 *                                            -> up to 4,096 codes(5 each), ascending
 *   analysis        code(5)                  -> farthest_step(2) farthest_num(4)
 *                                               min_solution_num(4) solution_num(4)
 *   group_analysis  jiang bing style group_num(2) -> diameter(2)
 *   meta    UTF-8 name                       -> UTF-8 text
 * </pre>
 */
public final class Schema {
  /** Bumped whenever an encoding changes; readers refuse any other version. */
  public static final int VERSION = 3;

  public static final String CASES = "cases";
  public static final String IDS = "ids";
  public static final String NAMES = "names";
  public static final String GROUPS = "groups";
  public static final String LAYERS = "layers";
  public static final String FIND = "find";
  public static final String ANALYSIS = "analysis";
  public static final String GROUP_ANALYSIS = "group_analysis";
  public static final String META = "meta";
  /** The bulk-loaded families, in the order they are written and verified. */
  public static final List<String> DATA_FAMILIES = List.of(CASES, IDS, NAMES, GROUPS, LAYERS, FIND);
  /** Filled class by class by {@code klotski analyse}; empty after a build. */
  public static final List<String> ANALYSIS_FAMILIES = List.of(ANALYSIS, GROUP_ANALYSIS);
  /** Every family of a database, in the order they are opened. */
  public static final List<String> ALL_FAMILIES = List.of(CASES, IDS, NAMES, GROUPS, LAYERS, FIND, ANALYSIS,
      GROUP_ANALYSIS, META);

  /** meta keys. */
  public static final String META_SCHEMA_VERSION = "schema_version";
  public static final String META_COMPLETE = "complete";
  public static final String META_LAYOUTS = "layouts";
  public static final String META_GROUPS = "groups";
  public static final String META_CLASSES = "classes";
  public static final String META_STEP_RULE = "step_rule";
  public static final String META_BUILT_AT = "built_at";
  public static final String META_TOOL_VERSION = "tool_version";
  public static final String META_ROWS_PREFIX = "rows.";
  public static final String META_CHECKSUM_PREFIX = "checksum.";
  /**
   * analysed.J-B-S: written after the class's analysis rows, as "farthest MD5 LINES BYTES;
   * solution MD5 LINES BYTES;SECONDS" of the per-class files the values give.
   */
  public static final String META_ANALYSED_PREFIX = "analysed.";
  public static final int ANALYSIS_VALUE_BYTES = 2 + 4 + 4 + 4;
  public static final String STEP_RULE =
      "one piece, any distance, any path: a step moves one piece to any position it reaches by "
          + "unit slides through empty cells";

  public static final int CODE_BYTES = 5;
  public static final int CASE_VALUE_BYTES = 4 + 3 + 2 + 4 + 2 + 2 + 1;
  public static final int GROUP_KEY_BYTES = 5;
  public static final int NAME_KEY_BYTES = 9;
  public static final int LAYER_KEY_BYTES = 11;
  public static final int GROUP_VALUE_FIXED_BYTES = 4 + 5 + 2 + 4 + 2 + 4;

  public static final int FIND_KEY_BYTES = 3 + 2 + 1 + 2;
  /** Codes in one find row at most. */
  public static final int FIND_CHUNK = 4096;

  public static final int FLAG_SYMMETRIC = 1;
  public static final int FLAG_SOLVED = 2;

  private Schema() {}

  public static void putCode(ByteBuffer b, long code) {
    b.put((byte) (code >>> 32)).putInt((int) code);
  }

  public static long getCode(ByteBuffer b) {
    return ((long) (b.get() & 0xFF) << 32) | (b.getInt() & 0xFFFFFFFFL);
  }

  public static long getCode(byte[] bytes, int offset) {
    return ((long) (bytes[offset] & 0xFF) << 32)
            | ((long) (bytes[offset + 1] & 0xFF) << 24)
            | ((bytes[offset + 2] & 0xFF) << 16)
            | ((bytes[offset + 3] & 0xFF) << 8)
            | (bytes[offset + 4] & 0xFF);
  }

  public static byte[] codeKey(long code) {
    ByteBuffer b = ByteBuffer.allocate(CODE_BYTES);
    putCode(b, code);
    return b.array();
  }

  public static byte[] idKey(int id) {
    return ByteBuffer.allocate(4).putInt(id).array();
  }

  /** (jiang, bing, style, group_num), the key of a group and the prefix of its names and layers. */
  public static void putGroupKey(ByteBuffer b, int jiang, int bing, int style, int groupNum) {
    b.put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) groupNum);
  }

  public static byte[] groupKey(int jiang, int bing, int style, int groupNum) {
    ByteBuffer b = ByteBuffer.allocate(GROUP_KEY_BYTES);
    putGroupKey(b, jiang, bing, style, groupNum);
    return b.array();
  }

  public static byte[] nameKey(int jiang, int bing, int style, int groupNum, int groupIndex) {
    ByteBuffer b = ByteBuffer.allocate(NAME_KEY_BYTES);
    putGroupKey(b, jiang, bing, style, groupNum);
    return b.putInt(groupIndex).array();
  }

  /** Prefix of all layers keys of one layer of one group. */
  public static byte[] layerPrefix(int jiang, int bing, int style, int groupNum, int layer) {
    ByteBuffer b = ByteBuffer.allocate(GROUP_KEY_BYTES + 2);
    putGroupKey(b, jiang, bing, style, groupNum);
    return b.putShort((short) layer).array();
  }

  /**
   * A find row's key: the class, min_solution_step + 1 (0: unsolvable), 1 if symmetric, the
   * chunk number in the bucket.
   */
  public static void putFindKey(ByteBuffer b, int jiang, int bing, int style, int steps1, int symmetric, int chunk) {
    b.put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) steps1).put((byte) symmetric)
        .putShort((short) chunk);
  }
}
