package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code analysis} family ({@code klotski analyse}, class by class): a layout's farthest and
 * solution facts, keyed by code like {@code cases}.
 *
 * <pre>
 *   key   code(5)                                        1A9BF0C00
 *   value farthest_step(2) farthest_num(4) min_solution_num(4) solution_num(4)
 *                                                         124, 8, 2, 6: 00 7C 00 00 00 08 00 00 00 02 00 00 00 06
 * </pre>
 *
 * <p>The key is here; the value is the analysed facts of {@code codegen/layout-facts.txt} in their
 * declared order and widths, written and read by the generated {@link AnalysisRecord#put} and {@link
 * AnalysisRecord#decode} (CodecsTest holds them to the bytes above).
 */
public final class AnalysisCodec {
  public static final String FAMILY = Schema.ANALYSIS;

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
}
