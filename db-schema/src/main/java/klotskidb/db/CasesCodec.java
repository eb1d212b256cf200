package klotskidb.db;

import java.nio.ByteBuffer;
import java.util.Locale;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.Layers;

/**
 * The {@code cases} family, encoded and decoded here only: one row per layout, keyed by code, its
 * value the stored facts' fields ({@link CaseField}) in their order, big-endian and fixed-width, so
 * the rows scan in code order (the bulk load writes them so).
 *
 * <pre>
 *   key   code(5)                    1A9BF0C00      -> 01 A9 BF 0C 00
 *   value #4091296, 5-4-1, group 1, index 7472, layer 26, 81 steps, symmetric, not solved,
 *         minimal, 256 optimal solutions
 *         -> 00 3E 6D A0  05 04 01  00 01  00 00 1D 30  00 1A  00 51  05  00 00 01 00
 * </pre>
 *
 * The fields are declared once, in {@code codegen/layout-facts.txt} (each its width in bits, whether
 * it is signed, what stands for null, and how a build computes it; graphhopper's {@code
 * EncodedValue} is the model), and the build makes from it the field's enum with the row's layout
 * ({@link CaseField}: offsets, the flag byte that fields of a few bits share, {@link
 * #VALUE_BYTES}), the record ({@link CaseRecord}) and the straight code ({@code CaseRows}): the bulk
 * load's writer ({@link Built}) and the reader ({@link #decode}). The declared encoding here
 * ({@link #putValue}, a loop over the fields) is what the tests hold the straight code to. A
 * layout's rank is not in its row: it follows from its class and steps, one row of {@code ranks}
 * ({@link RanksCodec}), which {@link #decode} is given.
 */
public final class CasesCodec {
  public static final String FAMILY = Schema.CASES;
  public static final int KEY_BYTES = Schema.CODE_BYTES;

  private static final CaseField[] FIELDS = CaseField.values();

  /** The value's length: the fields laid out in order, fields of a few bits sharing a byte. */
  public static final int VALUE_BYTES = CaseField.VALUE_BYTES;

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
   * The class index of the row whose value {@code b} holds (from its position, which does not
   * move): its jiang, bing and style fields; -1 when they name no class (a damaged row).
   */
  public static int classOf(ByteBuffer b) {
    int base = b.position();
    return LayoutClass.index(b.get(base + CaseField.JIANG.offset) & 0xFF, b.get(base + CaseField.BING.offset) & 0xFF,
        b.get(base + CaseField.STYLE.offset) & 0xFF);
  }

  /** Field {@code f} of a record, as stored (its null as {@link CaseField#isNull} tells). */
  public static long ofRecord(CaseField f, CaseRecord c) {
    return CaseRows.ofRecord(f, c);
  }

  /**
   * The rows of a build, written by one thread: the bulk load's fast path (29 million rows), the
   * fields in their declared order as straight code generated from the declaration. DatabaseTest
   * holds its bytes equal to {@link #putValue}'s (the declared encoding) for every layout of its
   * build, and every stored row read back through {@link #decode} equal to its record. (A loop over
   * the declarations here was slower a row: BENCHMARKS.md, row "cases rows from their declarations".)
   */
  public static final class Built {
    private final Layers layers;
    private final Mover mover = new Mover();

    public Built(Layers layers) {
      this.layers = layers;
    }

    /** The value of layout {@code index} (code {@code code}), written at {@code b}'s position. */
    public void put(ByteBuffer b, int index, long code) {
      CaseRows.put(b, layers, mover, index, code);
    }
  }

  /** The value of a record's row (its rank aside: not stored in the row). */
  public static void putValue(ByteBuffer b, CaseRecord c) {
    int base = b.position();
    for (int at : CaseField.FLAG_BYTES) {
      b.put(base + at, (byte) 0);
    }
    for (CaseField f : FIELDS) {
      put(b, base, f, ofRecord(f, c));
    }
    b.position(base + VALUE_BYTES);
  }

  /** Field {@code f} of the row at {@code base}: {@code v} as wide as the field; one that does not fit refused. */
  static void put(ByteBuffer b, int base, CaseField f, long v) {
    if (v < f.min || v > f.max) {
      throw new IllegalArgumentException(f.name().toLowerCase(Locale.ROOT) + " " + v + " does not fit "
          + f.bits + " bits");
    }
    int at = base + f.offset;
    switch (f.bits) {
      case 8 -> b.put(at, (byte) v);
      case 16 -> b.putShort(at, (short) v);
      case 32 -> b.putInt(at, (int) v);
      default -> b.put(at, (byte) (b.get(at) | v << f.bit));
    }
  }

  /**
   * The record of the row of {@code code} whose value {@code b} holds (from its position, which
   * moves past it), with its rank from {@code ranks}: each field where the declaration puts it,
   * read as wide as it says (CodecsTest holds every field read back as written).
   */
  public static CaseRecord decode(long code, ByteBuffer b, Ranks ranks) {
    return CaseRows.decode(code, b, ranks);
  }
}
