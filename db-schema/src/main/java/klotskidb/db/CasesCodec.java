package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code cases} family, encoded and decoded here only: one row per layout, keyed by code.
 *
 * <pre>
 *   key   code(5)                    1A9BF0C00      -> 01 A9 BF 0C 00
 *   value id(4) jiang bing style(1 each) group_num(2) group_index(4) layer(2)
 *         min_solution_step(2, -1 = none) flags(1: 1 symmetric, 2 solved)
 *         #4091296, 5-4-1, group 1, index 7472, layer 26, 81 steps, symmetric, not solved
 * </pre>
 *
 * Big-endian and fixed-width, so the rows scan in code order (the bulk load writes them so).
 */
public final class CasesCodec {
  public static final String FAMILY = Schema.CASES;
  public static final int KEY_BYTES = Schema.CODE_BYTES;
  public static final int VALUE_BYTES = 4 + 3 + 2 + 4 + 2 + 2 + 1;
  static final int FLAG_SYMMETRIC = 1;
  static final int FLAG_SOLVED = 2;

  private CasesCodec() {}

  public static byte[] key(long code) {
    return Schema.codeKey(code);
  }

  public static void putKey(ByteBuffer b, long code) {
    Schema.putCode(b, code);
  }

  public static long decodeKey(ByteBuffer b) {
    return Schema.getCode(b);
  }

  /** The value of one layout's row. */
  public static void putValue(ByteBuffer b, int id, int jiang, int bing, int style, int groupNum, int groupIndex,
      int layer, int minSolutionStep, boolean symmetric, boolean solved) {
    b.putInt(id).put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) groupNum)
        .putInt(groupIndex).putShort((short) layer).putShort((short) minSolutionStep)
        .put((byte) ((symmetric ? FLAG_SYMMETRIC : 0) | (solved ? FLAG_SOLVED : 0)));
  }

  /** The record of the row of {@code code} whose value {@code b} holds (from its position). */
  public static CaseRecord decode(long code, ByteBuffer b) {
    int id = b.getInt();
    int jiang = b.get();
    int bing = b.get();
    int style = b.get();
    int groupNum = b.getShort() & 0xFFFF;
    int groupIndex = b.getInt();
    int layer = b.getShort() & 0xFFFF;
    int step = b.getShort();
    int flags = b.get();
    return new CaseRecord(code, id, jiang, bing, style, groupNum, groupIndex, layer, step,
        (flags & FLAG_SYMMETRIC) != 0, (flags & FLAG_SOLVED) != 0);
  }
}
