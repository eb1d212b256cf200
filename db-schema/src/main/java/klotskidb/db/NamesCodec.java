package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code names} family: a layout's name (group, group_index) to its code; a group's rows are
 * one range, its members in group_index (= code) order.
 *
 * <pre>
 *   key   jiang bing style(1 each) group_num(2) group_index(4)    5-4-1-1-7472 -> 05 04 01 00 01 00 00 1D 30
 *   value code(5)                                                  1A9BF0C00
 * </pre>
 */
public final class NamesCodec {
  public static final String FAMILY = Schema.NAMES;
  public static final int KEY_BYTES = Schema.GROUP_KEY_BYTES + 4;

  private NamesCodec() {}

  public static byte[] key(int jiang, int bing, int style, int groupNum, int groupIndex) {
    ByteBuffer b = ByteBuffer.allocate(KEY_BYTES);
    putKey(b, jiang, bing, style, groupNum, groupIndex);
    return b.array();
  }

  public static void putKey(ByteBuffer b, int jiang, int bing, int style, int groupNum, int groupIndex) {
    Schema.putGroupKey(b, jiang, bing, style, groupNum);
    b.putInt(groupIndex);
  }

  /** The prefix of every row of one group. */
  public static byte[] groupPrefix(int jiang, int bing, int style, int groupNum) {
    return Schema.groupKey(jiang, bing, style, groupNum);
  }

  public static void putValue(ByteBuffer b, long code) {
    Schema.putCode(b, code);
  }

  public static long decodeValue(byte[] value) {
    return Schema.getCode(value, 0);
  }
}
