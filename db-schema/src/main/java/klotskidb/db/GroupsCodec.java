package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code groups} family: one row per group, its summary and its layer profile.
 *
 * <pre>
 *   key   jiang bing style(1 each) group_num(2)            5-4-1-1 -> 05 04 01 00 01
 *   value size(4) seed(5) layers(2) solved(4) max_min_solution_step(2, -1 = none) hardest(4)
 *         layer sizes(4 each)                               5-4-1-1: 25,955 layouts, seed 00A6BFC00, ...
 * </pre>
 *
 * <p>The key is laid out by {@link Schema#groupKey}; the value is the stored group facts of {@code
 * codegen/layout-facts.txt} in their declared order and widths, written and read by the generated
 * {@code GroupRows} (CodecsTest holds them to the bytes of a known group).
 */
public final class GroupsCodec {
  public static final String FAMILY = Schema.GROUPS;
  public static final int KEY_BYTES = Schema.GROUP_KEY_BYTES;

  private GroupsCodec() {}

  public static byte[] key(int jiang, int bing, int style, int groupNum) {
    return Schema.groupKey(jiang, bing, style, groupNum);
  }

  public static void putKey(ByteBuffer b, int jiang, int bing, int style, int groupNum) {
    Schema.putGroupKey(b, jiang, bing, style, groupNum);
  }

  /** Bytes of the value of a group of {@code layers} layers. */
  public static int valueBytes(int layers) {
    return GroupRows.valueBytes(layers);
  }

  /** Writes the value of {@code g} at {@code b}'s position: its stored facts in the declared order. */
  public static void putValue(ByteBuffer b, GroupRecord g) {
    GroupRows.put(b, g);
  }

  /** The record of a row: its key and value bytes. */
  public static GroupRecord decode(byte[] key, byte[] value) {
    ByteBuffer k = ByteBuffer.wrap(key);
    int jiang = k.get();
    int bing = k.get();
    int style = k.get();
    int groupNum = k.getShort() & 0xFFFF;
    return decode(jiang, bing, style, groupNum, value);
  }

  /** The record of group {@code jiang-bing-style-groupNum} from its value bytes. */
  public static GroupRecord decode(int jiang, int bing, int style, int groupNum, byte[] value) {
    return GroupRows.decode(jiang, bing, style, groupNum, ByteBuffer.wrap(value));
  }
}
