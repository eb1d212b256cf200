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
 */
public final class GroupsCodec {
  public static final String FAMILY = Schema.GROUPS;
  public static final int KEY_BYTES = Schema.GROUP_KEY_BYTES;
  public static final int VALUE_FIXED_BYTES = 4 + 5 + 2 + 4 + 2 + 4;

  private GroupsCodec() {}

  public static byte[] key(int jiang, int bing, int style, int groupNum) {
    return Schema.groupKey(jiang, bing, style, groupNum);
  }

  public static void putKey(ByteBuffer b, int jiang, int bing, int style, int groupNum) {
    Schema.putGroupKey(b, jiang, bing, style, groupNum);
  }

  /** Bytes of the value of a group of {@code layers} layers. */
  public static int valueBytes(int layers) {
    return VALUE_FIXED_BYTES + 4 * layers;
  }

  /** The fixed part of the value; the layer sizes follow, one {@link #putLayerSize} each. */
  public static void putValue(ByteBuffer b, int size, long seed, int layers, int solved, int maxMinSolutionStep,
      int hardest) {
    b.putInt(size);
    Schema.putCode(b, seed);
    b.putShort((short) layers).putInt(solved).putShort((short) maxMinSolutionStep).putInt(hardest);
  }

  public static void putLayerSize(ByteBuffer b, int size) {
    b.putInt(size);
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
    ByteBuffer b = ByteBuffer.wrap(value);
    int size = b.getInt();
    long seed = Schema.getCode(b);
    int layers = b.getShort() & 0xFFFF;
    int solved = b.getInt();
    int hardestStep = b.getShort();
    int hardest = b.getInt();
    int[] sizes = new int[layers];
    for (int k = 0; k < layers; k++) {
      sizes[k] = b.getInt();
    }
    return new GroupRecord(jiang, bing, style, groupNum, size, seed, layers, solved, hardestStep, hardest, sizes);
  }
}
