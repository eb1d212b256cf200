package klotskidb.db;

import java.nio.ByteBuffer;
import klotskidb.enumerator.LayoutClass;

/**
 * The {@code ranks} family: for each class and each min_solution_step its solvable layouts have,
 * the share of solvable layouts that need fewer steps, of the whole database and of the class, in
 * hundredths of a percent rounded down ({@code klotskidb.layerer.HarderThan}). Every layout's rank is
 * the row of its class and steps ({@link Ranks}).
 *
 * <pre>
 *   key   jiang bing style(1 each) min_solution_step(2)     5-4-1, 81 steps -> 05 04 01 00 51
 *   value harder_than(2) harder_than_in_class(2)            99.91%, 99.64%  -> 27 07 26 EC
 * </pre>
 */
public final class RanksCodec {
  public static final String FAMILY = Schema.RANKS;
  public static final int KEY_BYTES = 3 + 2;
  public static final int VALUE_BYTES = 2 + 2;

  private RanksCodec() {}

  public static void putKey(ByteBuffer b, int jiang, int bing, int style, int steps) {
    b.put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) steps);
  }

  public static void putValue(ByteBuffer b, int harderThan, int harderThanInClass) {
    b.putShort((short) harderThan).putShort((short) harderThanInClass);
  }

  /** The class index of a key, as {@code LayoutClass.index}. */
  static int classOf(byte[] key) {
    return LayoutClass.index(key[0], key[1], key[2]);
  }

  static int stepsOf(byte[] key) {
    return ((key[3] & 0xFF) << 8) | (key[4] & 0xFF);
  }

  static int harderThanOf(byte[] value) {
    return ((value[0] & 0xFF) << 8) | (value[1] & 0xFF);
  }

  static int harderThanInClassOf(byte[] value) {
    return ((value[2] & 0xFF) << 8) | (value[3] & 0xFF);
  }
}
