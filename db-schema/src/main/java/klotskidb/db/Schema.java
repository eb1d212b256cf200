package klotskidb.db;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The index of the on-disk layout (see {@code db-schema/SCHEMA.md}): the schema version, the
 * column families and the meta keys. Each family's keys and values are encoded and decoded
 * side by side in its own codec:
 *
 * <pre>
 *   cases           {@link CasesCodec}           code -> the layout's record
 *   ids             {@link IdsCodec}             id -> code
 *   names           {@link NamesCodec}           group, group_index -> code
 *   groups          {@link GroupsCodec}          group -> its summary and layer sizes
 *   layers          {@link LayersCodec}          group, layer, group_index -> code
 *   find            {@link FindCodec}            class, steps, symmetric, minimal, chunk -> up to 4,096 codes
 *   ranks           {@link RanksCodec}           class, steps -> harder than what share of all, of the class
 *   analysis        {@link AnalysisCodec}        code -> farthest and solution facts
 *   group_analysis  {@link GroupAnalysisCodec}   group -> diameter
 *   find_farthest   {@link FindFarthestCodec}    a find row's key -> its codes' farthest_step
 *   meta            UTF-8 name -> UTF-8 text (the keys below)
 * </pre>
 *
 * All integers are big-endian and keys fixed-width, so byte order is numeric order: codes, ids,
 * names and layers scan in their natural order. The two parts every codec shares, a code in 5
 * bytes and a group key in 5, are here.
 */
public final class Schema {
  /** Bumped whenever an encoding changes; readers refuse any other version. */
  public static final int VERSION = 4;

  public static final String CASES = "cases";
  public static final String IDS = "ids";
  public static final String NAMES = "names";
  public static final String GROUPS = "groups";
  public static final String LAYERS = "layers";
  public static final String FIND = "find";
  public static final String RANKS = "ranks";
  public static final String ANALYSIS = "analysis";
  public static final String GROUP_ANALYSIS = "group_analysis";
  public static final String FIND_FARTHEST = "find_farthest";
  public static final String META = "meta";
  /** The bulk-loaded families, in the order they are written and verified. */
  public static final List<String> DATA_FAMILIES = List.of(CASES, IDS, NAMES, GROUPS, LAYERS, FIND, RANKS);
  /** Filled class by class by {@code klotski analyse}; empty after a build. */
  public static final List<String> ANALYSIS_FAMILIES = List.of(ANALYSIS, GROUP_ANALYSIS, FIND_FARTHEST);
  /**
   * Families made from the values stored in others: when a table file of one is damaged,
   * {@code klotski analyse} drops the family and makes it again (find_farthest from each analysed
   * class's stored farthest_step), instead of a rebuild that would lose every analysed class.
   */
  public static final List<String> DERIVED_FAMILIES = List.of(FIND_FARTHEST);
  /** Every family of a database, in the order they are opened. */
  public static final List<String> ALL_FAMILIES = List.of(CASES, IDS, NAMES, GROUPS, LAYERS, FIND, RANKS, ANALYSIS,
      GROUP_ANALYSIS, FIND_FARTHEST, META);
  /**
   * Families a database of this version may lack: {@code find_farthest} came after version 4's
   * first databases; a reader takes such a database as one with no class indexed by farthest_step,
   * and {@code klotski analyse} adds the family (SCHEMA.md, Versions).
   */
  public static final List<String> OPTIONAL_FAMILIES = List.of(FIND_FARTHEST);

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
  public static final String STEP_RULE =
      "one piece, any distance, any path: a step moves one piece to any position it reaches by "
          + "unit slides through empty cells";

  public static final int CODE_BYTES = 5;
  public static final int GROUP_KEY_BYTES = 5;

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

  /** (jiang, bing, style, group_num), the key of a group and the prefix of its names and layers. */
  public static void putGroupKey(ByteBuffer b, int jiang, int bing, int style, int groupNum) {
    b.put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) groupNum);
  }

  public static byte[] groupKey(int jiang, int bing, int style, int groupNum) {
    ByteBuffer b = ByteBuffer.allocate(GROUP_KEY_BYTES);
    putGroupKey(b, jiang, bing, style, groupNum);
    return b.array();
  }
}
