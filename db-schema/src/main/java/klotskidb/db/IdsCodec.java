package klotskidb.db;

import java.nio.ByteBuffer;

/**
 * The {@code ids} family: a layout's id (its rank in code order) to its code.
 *
 * <pre>
 *   key   id(4)      #4091296   -> 00 3E 6D A0
 *   value code(5)    1A9BF0C00  -> 01 A9 BF 0C 00
 * </pre>
 */
public final class IdsCodec {
  public static final String FAMILY = Schema.IDS;

  private IdsCodec() {}

  public static byte[] key(int id) {
    return ByteBuffer.allocate(4).putInt(id).array();
  }

  public static void putKey(ByteBuffer b, int id) {
    b.putInt(id);
  }

  public static int decodeKey(ByteBuffer key) {
    return key.getInt(0);
  }

  public static void putValue(ByteBuffer b, long code) {
    Schema.putCode(b, code);
  }

  public static long decodeValue(byte[] value) {
    return Schema.getCode(value, 0);
  }

  public static long decodeValue(ByteBuffer value) {
    return Schema.getCode(value);
  }
}
