package klotskidb.db;

import java.nio.ByteBuffer;
import klotskidb.enumerator.LayoutClass;

/**
 * The {@code find} family: every layout's code in the bucket of (class, min_solution_step + 1,
 * symmetric, minimal), fewest optimal solutions first, then by code, {@link #CHUNK} codes a row,
 * so a search for a class and a step range reads one range of rows.
 *
 * <pre>
 *   key   jiang bing style(1 each) min_solution_step+1(2, 0 = none) symmetric(1) minimal(1) chunk(2)
 *         5-4-1, 81 steps, symmetric, minimal, chunk 0      -> 05 04 01 00 52 01 01 00 00
 *   value up to 4,096 codes(5 each)                            ... 01 A9 BF 0C 00 ...
 * </pre>
 */
public final class FindCodec {
  public static final String FAMILY = Schema.FIND;
  public static final int KEY_BYTES = 3 + 2 + 1 + 1 + 2;
  /** Codes in one row at most. */
  public static final int CHUNK = 4096;

  private FindCodec() {}

  /**
   * A row's key: the class, min_solution_step + 1 (0: unsolvable), 1 if symmetric, 1 if minimal
   * (known to be: 0 when not known), the chunk in the bucket.
   */
  public static void putKey(ByteBuffer b, int jiang, int bing, int style, int steps1, int symmetric, int minimal,
      int chunk) {
    b.put((byte) jiang).put((byte) bing).put((byte) style).putShort((short) steps1).put((byte) symmetric)
        .put((byte) minimal).putShort((short) chunk);
  }

  /** The key where the rows of a class from {@code steps1} on start. */
  public static byte[] seek(int cls, int steps1) {
    ByteBuffer b = ByteBuffer.allocate(KEY_BYTES);
    putKey(b, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), steps1, 0, 0, 0);
    return b.array();
  }

  /** The class index of a key (-1 when it names none). */
  public static int classOf(byte[] key) {
    return LayoutClass.index(key[0], key[1], key[2]);
  }

  /** min_solution_step + 1 of a key (0: unsolvable). */
  public static int steps1Of(byte[] key) {
    return ((key[3] & 0xFF) << 8) | (key[4] & 0xFF);
  }

  public static boolean symmetricOf(byte[] key) {
    return key[5] == 1;
  }

  public static boolean minimalOf(byte[] key) {
    return key[6] == 1;
  }

  /** The chunk of a key: the row's place in its bucket (its first code is the bucket's chunk * {@link #CHUNK}-th). */
  public static int chunkOf(byte[] key) {
    return ((key[7] & 0xFF) << 8) | (key[8] & 0xFF);
  }

  public static void putCode(ByteBuffer b, long code) {
    Schema.putCode(b, code);
  }

  /** Codes in a row's value. */
  public static int count(byte[] value) {
    return count(value.length);
  }

  /** Codes in a row's value of {@code valueBytes} bytes. */
  public static int count(int valueBytes) {
    return valueBytes / Schema.CODE_BYTES;
  }

  /** The {@code i}-th code of a row's value. */
  public static long codeAt(byte[] value, int i) {
    return Schema.getCode(value, i * Schema.CODE_BYTES);
  }
}
