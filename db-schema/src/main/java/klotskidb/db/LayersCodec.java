package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code layers} family: a group's members by layer (steps from its seed), each layer one
 * range in group_index order.
 *
 * <pre>
 *   key   jiang bing style(1 each) group_num(2) layer(2) group_index(4)   5-4-1-1, layer 0, index 0
 *   value code(5)                                                          the group's seed
 * </pre>
 */
public final class LayersCodec {
  public static final String FAMILY = Schema.LAYERS;
  public static final int KEY_BYTES = Schema.GROUP_KEY_BYTES + 2 + 4;

  private LayersCodec() {}

  public static void putKey(ByteBuffer b, int jiang, int bing, int style, int groupNum, int layer, int groupIndex) {
    Schema.putGroupKey(b, jiang, bing, style, groupNum);
    b.putShort((short) layer).putInt(groupIndex);
  }

  /** The prefix of every row of one layer of one group. */
  public static byte[] layerPrefix(int jiang, int bing, int style, int groupNum, int layer) {
    ByteBuffer b = ByteBuffer.allocate(Schema.GROUP_KEY_BYTES + 2);
    Schema.putGroupKey(b, jiang, bing, style, groupNum);
    return b.putShort((short) layer).array();
  }

  public static void putValue(ByteBuffer b, long code) {
    Schema.putCode(b, code);
  }

  public static long decodeValue(byte[] value) {
    return Schema.getCode(value, 0);
  }
}
