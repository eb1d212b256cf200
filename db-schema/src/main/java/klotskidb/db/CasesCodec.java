package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code cases} family, encoded and decoded here only: one row per layout, keyed by code.
 *
 * <pre>
 *   key   code(5)                    1A9BF0C00      -> 01 A9 BF 0C 00
 *   value id(4) jiang bing style(1 each) group_num(2) group_index(4) layer(2)
 *         min_solution_step(2, -1 = none) flags(1: 1 symmetric, 2 solved, 4 minimal,
 *         8 minimal not known) optimal_solution_num(4, unsigned)
 *         #4091296, 5-4-1, group 1, index 7472, layer 26, 81 steps, symmetric, not solved,
 *         minimal, 256 optimal solutions
 * </pre>
 *
 * Big-endian and fixed-width, so the rows scan in code order (the bulk load writes them so). A
 * layout's rank is not in its row: it follows from its class and steps, one row of {@code ranks}
 * ({@link RanksCodec}), which {@link #decode} is given.
 */
public final class CasesCodec {
  public static final String FAMILY = Schema.CASES;
  public static final int KEY_BYTES = Schema.CODE_BYTES;
  public static final int VALUE_BYTES = 4 + 3 + 2 + 4 + 2 + 2 + 1 + 4;
  static final int FLAG_SYMMETRIC = 1;
  static final int FLAG_SOLVED = 2;
  static final int FLAG_MINIMAL = 4;
  static final int FLAG_MINIMAL_UNKNOWN = 8;

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

  /**
   * The value of one layout's row. {@code minimal}: true, false, or null when not known (a class
   * one piece smaller was not built); {@code optimalSolutionNum} at most 2^32 - 1.
   */
  public static void putValue(ByteBuffer b, int id, int jiang, int bing, int style, int groupNum, int groupIndex,
      int layer, int minSolutionStep, boolean symmetric, boolean solved, Boolean minimal, long optimalSolutionNum) {
    if (optimalSolutionNum < 0 || optimalSolutionNum > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("optimal_solution_num " + optimalSolutionNum + " does not fit 32 bits");
    }
    int flags = (symmetric ? FLAG_SYMMETRIC : 0) | (solved ? FLAG_SOLVED : 0)
        | (minimal == null ? FLAG_MINIMAL_UNKNOWN : minimal ? FLAG_MINIMAL : 0);
    b.putInt(id).put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) groupNum)
        .putInt(groupIndex).putShort((short) layer).putShort((short) minSolutionStep).put((byte) flags)
        .putInt((int) optimalSolutionNum);
  }

  /** The value of a record's row (its rank aside: not stored in the row). */
  public static void putValue(ByteBuffer b, CaseRecord c) {
    putValue(b, c.id(), c.jiang(), c.bing(), c.style(), c.groupNum(), c.groupIndex(), c.layer(), c.minSolutionStep(),
        c.symmetric(), c.solved(), c.minimal(), c.optimalSolutionNum());
  }

  /**
   * The record of the row of {@code code} whose value {@code b} holds (from its position), with
   * its rank from {@code ranks}.
   */
  public static CaseRecord decode(long code, ByteBuffer b, Ranks ranks) {
    int id = b.getInt();
    int jiang = b.get();
    int bing = b.get();
    int style = b.get();
    int groupNum = b.getShort() & 0xFFFF;
    int groupIndex = b.getInt();
    int layer = b.getShort() & 0xFFFF;
    int step = b.getShort();
    int flags = b.get();
    long optimal = b.getInt() & 0xFFFF_FFFFL;
    return new CaseRecord(code, id, jiang, bing, style, groupNum, groupIndex, layer, step,
        (flags & FLAG_SYMMETRIC) != 0, (flags & FLAG_SOLVED) != 0,
        (flags & FLAG_MINIMAL_UNKNOWN) != 0 ? null : (flags & FLAG_MINIMAL) != 0, optimal,
        ranks.harderThan(jiang, bing, style, step), ranks.harderThanInClass(jiang, bing, style, step));
  }
}
