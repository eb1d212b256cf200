package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code analysis} family ({@code klotski analyse}, class by class): a layout's farthest and
 * solution facts, keyed by code like {@code cases}.
 *
 * <pre>
 *   key   code(5)                                        1A9BF0C00
 *   value farthest_step(2) farthest_num(4) min_solution_num(4) solution_num(4)
 * </pre>
 */
public final class AnalysisCodec {
  public static final String FAMILY = Schema.ANALYSIS;
  public static final int VALUE_BYTES = 2 + 4 + 4 + 4;

  private AnalysisCodec() {}

  public static byte[] key(long code) {
    return Schema.codeKey(code);
  }

  public static void putKey(ByteBuffer b, long code) {
    Schema.putCode(b, code);
  }

  public static long decodeKey(byte[] key) {
    return Schema.getCode(key, 0);
  }

  public static void putValue(ByteBuffer b, int farthestStep, int farthestNum, int minSolutionNum, int solutionNum) {
    b.putShort((short) farthestStep).putInt(farthestNum).putInt(minSolutionNum).putInt(solutionNum);
  }

  public static KlotskiDb.Analysis decode(byte[] value) {
    ByteBuffer b = ByteBuffer.wrap(value);
    return new KlotskiDb.Analysis(b.getShort(), b.getInt(), b.getInt(), b.getInt());
  }
}
