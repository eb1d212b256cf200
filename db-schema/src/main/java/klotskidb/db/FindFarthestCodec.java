package klotskidb.db;

/**
 * The {@code find_farthest} family ({@code klotski analyse}, class by class): beside every row of
 * {@link FindCodec find}, under the same key, the farthest_step of each of its codes in the same
 * order, after the row's smallest and largest, so a search by a range of farthest_step passes over
 * a row by its first four bytes and never looks a code up.
 *
 * <pre>
 *   key   the find row's key (9 bytes)              5-4-1, 81 steps, symmetric, minimal, chunk 0
 *                                                   -> 05 04 01 00 52 01 01 00 00
 *   value min(2) max(2) farthest_step(2) per code   a row of 1A9BF0C00 (farthest_step 124) and a
 *                                                   layout of farthest_step 7
 *                                                   -> 00 07 00 7C 00 7C 00 07
 * </pre>
 *
 * Two bytes a step, as in {@link AnalysisCodec}: some layouts' farthest_step is above 255.
 */
public final class FindFarthestCodec {
  public static final String FAMILY = Schema.FIND_FARTHEST;
  /** Bytes before the codes' steps: the row's smallest and largest. */
  public static final int HEADER = 4;

  private FindFarthestCodec() {}

  /** A row's value: the header and each of the first {@code n} steps, in the find row's order. */
  public static byte[] value(int[] farthestSteps, int n) {
    byte[] v = new byte[HEADER + 2 * n];
    int min = 0xFFFF;
    int max = 0;
    for (int i = 0; i < n; i++) {
      int s = farthestSteps[i];
      if (s < 0 || s > 0xFFFF) {
        throw new IllegalArgumentException("farthest_step " + s + " does not fit two bytes of " + FAMILY);
      }
      min = Math.min(min, s);
      max = Math.max(max, s);
      put(v, HEADER + 2 * i, s);
    }
    put(v, 0, n == 0 ? 0 : min);
    put(v, 2, max);
    return v;
  }

  private static void put(byte[] v, int at, int s) {
    v[at] = (byte) (s >>> 8);
    v[at + 1] = (byte) s;
  }

  private static int get(byte[] v, int at) {
    return (v[at] & 0xFF) << 8 | v[at + 1] & 0xFF;
  }

  /** The smallest farthest_step of the row. */
  public static int min(byte[] value) {
    return get(value, 0);
  }

  /** The largest farthest_step of the row. */
  public static int max(byte[] value) {
    return get(value, 2);
  }

  /** Codes of the row. */
  public static int count(byte[] value) {
    return (value.length - HEADER) / 2;
  }

  /** The farthest_step of the row's {@code i}-th code. */
  public static int stepAt(byte[] value, int i) {
    return get(value, HEADER + 2 * i);
  }
}
