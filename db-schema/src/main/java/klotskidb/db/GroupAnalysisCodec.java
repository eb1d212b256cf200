package klotskidb.db;

import java.nio.ByteBuffer;
import klotskidb.enumerator.LayoutClass;

/**
 * The {@code group_analysis} family ({@code klotski analyse}): an analysed group's diameter, its
 * largest farthest_step.
 *
 * <pre>
 *   key   jiang bing style(1 each) group_num(2)    5-4-1-1
 *   value diameter(2)
 * </pre>
 */
public final class GroupAnalysisCodec {
  public static final String FAMILY = Schema.GROUP_ANALYSIS;

  private GroupAnalysisCodec() {}

  public static byte[] key(int jiang, int bing, int style, int groupNum) {
    return Schema.groupKey(jiang, bing, style, groupNum);
  }

  /** The class index of a key (-1 when it names none). */
  public static int classOf(byte[] key) {
    return LayoutClass.index(key[0], key[1], key[2]);
  }

  public static byte[] value(int diameter) {
    return ByteBuffer.allocate(2).putShort((short) diameter).array();
  }

  public static int decodeValue(byte[] value) {
    return ByteBuffer.wrap(value).getShort();
  }
}
