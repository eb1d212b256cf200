package klotskidb.db;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.Layers;

/**
 * The {@code cases} family, declared, encoded and decoded here only: one row per layout, keyed by
 * code, its value the {@link Field}s below in their order, big-endian and fixed-width, so the rows
 * scan in code order (the bulk load writes them so).
 *
 * <pre>
 *   key   code(5)                    1A9BF0C00      -> 01 A9 BF 0C 00
 *   value id(4) jiang bing style(1 each) group_num(2) group_index(4) layer(2)
 *         min_solution_step(2, -1 = none) flags(1: 1 symmetric, 2 solved, 4 minimal,
 *         8 minimal not known) optimal_solution_num(4, unsigned)
 *         #4091296, 5-4-1, group 1, index 7472, layer 26, 81 steps, symmetric, not solved,
 *         minimal, 256 optimal solutions
 *         -> 00 3E 6D A0  05 04 01  00 01  00 00 1D 30  00 1A  00 51  05  00 00 01 00
 * </pre>
 *
 * The storage follows from the declarations (graphhopper's {@code EncodedValue} is the model):
 * each field says its width in bits, whether it is signed and what stands for null; the layout (offsets, the flag byte that fields of a few
 * bits share, {@link #VALUE_BYTES}) is worked out from them once, in declaration order, and the
 * record's encoding ({@link #putValue}) and the reader ({@link #decode}) go through it; the bulk
 * load's writer ({@link Built}) is its fast path, held equal to it by the tests. A new stored fact is its
 * computation, one {@link Field}, its case in {@link #ofRecord} and its put in {@link Built#put}, the
 * record's component (and its place in {@link #decode}), and the catalogue of facts for the
 * readers; the compiler names each place the switches miss. A layout's rank is not in its row: it
 * follows from its class and steps, one row of {@code ranks} ({@link RanksCodec}), which {@link
 * #decode} is given.
 */
public final class CasesCodec {
  public static final String FAMILY = Schema.CASES;
  public static final int KEY_BYTES = Schema.CODE_BYTES;

  /**
   * The stored facts of a layout, in the row's order: each its width in bits, whether it is
   * signed, and the value that stands for null (none for most). The catalogue of facts ({@code
   * query/Facts}) names a stored fact by its field: its readers and the Parquet column's width
   * follow from here.
   */
  public enum Field {
    ID(32, false),
    JIANG(8, false),
    BING(8, false),
    STYLE(8, false),
    GROUP_NUM(16, false),
    GROUP_INDEX(32, false),
    LAYER(16, false),
    /** -1 when the group has no solved layout. */
    MIN_SOLUTION_STEP(16, true, -1),
    SYMMETRIC(1, false),
    SOLVED(1, false),
    /** 0 no, 1 yes, 2 not known (a class one piece smaller not built): the null. */
    MINIMAL(2, false, 2),
    /** At most 2^32 - 1: a larger count stops the build ({@code OptimalSolutions.MAX}). */
    OPTIMAL_SOLUTION_NUM(32, false);

    /** A field that is never null. */
    private static final long NEVER = Long.MIN_VALUE;

    final int bits;
    final boolean signed;
    /** The values it holds: min .. max. */
    final long min;
    final long max;
    /** The value that stands for null, {@link #NEVER} when none does. */
    private final long nullValue;
    /** Byte offset in the value; for a field of fewer than 8 bits, also its lowest bit there. */
    int offset;
    int bit;

    Field(int bits, boolean signed) {
      this(bits, signed, NEVER);
    }

    Field(int bits, boolean signed, long nullValue) {
      this.bits = bits;
      this.signed = signed;
      this.min = signed ? -(1L << (bits - 1)) : 0;
      this.max = signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
      this.nullValue = nullValue;
    }

    /** Its width in bits. */
    public int bits() {
      return bits;
    }

    /** Whether {@code v} stands for null (not known, or not applicable). */
    public boolean isNull(long v) {
      return v == nullValue;
    }

    /** Whether some value of it stands for null. */
    public boolean nullable() {
      return nullValue != NEVER;
    }

    /** The value's length, and the bytes that fields of a few bits share (zeroed before they are filled). */
    static final int VALUE_BYTES;
    static final int[] FLAG_BYTES;

    // the layout, worked out once, when the declarations are first used (before any offset is read)
    static {
      int[] flags = new int[0];
      int at = 0;
      int flagByte = -1;
      int nextBit = 8;
      for (Field f : values()) {
        if (f.bits % 8 == 0) {
          f.offset = at;
          at += f.bits / 8;
          nextBit = 8; // a whole field closes the flag byte
        } else {
          if (nextBit + f.bits > 8) {
            flagByte = at++;
            nextBit = 0;
            flags = Arrays.copyOf(flags, flags.length + 1);
            flags[flags.length - 1] = flagByte;
          }
          f.offset = flagByte;
          f.bit = nextBit;
          nextBit += f.bits;
        }
      }
      VALUE_BYTES = at;
      FLAG_BYTES = flags;
    }
  }

  private static final Field[] FIELDS = Field.values();

  /** The value's length: the fields laid out in order, fields of a few bits sharing a byte. */
  public static final int VALUE_BYTES = Field.VALUE_BYTES;

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

  /** Field {@code f} of a record, as stored (its null as {@link Field#isNull} tells). */
  public static long ofRecord(Field f, CaseRecord c) {
    return switch (f) {
      case ID -> c.id();
      case JIANG -> c.jiang();
      case BING -> c.bing();
      case STYLE -> c.style();
      case GROUP_NUM -> c.groupNum();
      case GROUP_INDEX -> c.groupIndex();
      case LAYER -> c.layer();
      case MIN_SOLUTION_STEP -> c.minSolutionStep();
      case SYMMETRIC -> c.symmetric() ? 1 : 0;
      case SOLVED -> c.solved() ? 1 : 0;
      case MINIMAL -> minimal(c.minimal());
      case OPTIMAL_SOLUTION_NUM -> c.optimalSolutionNum();
    };
  }

  private static long minimal(Boolean m) {
    return m == null ? Field.MINIMAL.nullValue : m ? 1 : 0;
  }

  /**
   * The rows of a build, written by one thread: the bulk load's fast path (29 million rows), the
   * fields in their declared order as straight code, relative puts, the flag bits at their declared
   * places. Held to the declarations, not kept beside them: DatabaseTest holds its bytes equal to
   * {@link #putValue}'s (the declared encoding) for every layout of its build, and every stored row
   * read back through {@link #decode} equal to its record. (A loop over the declarations here was
   * slower a row: BENCHMARKS.md, row "cases rows from their declarations".)
   */
  public static final class Built {
    private final Layers layers;
    private final Mover mover = new Mover();
    private static final int SYMMETRIC = 1 << Field.SYMMETRIC.bit;
    private static final int SOLVED = 1 << Field.SOLVED.bit;
    private static final int MINIMAL_BIT = Field.MINIMAL.bit;

    public Built(Layers layers) {
      this.layers = layers;
    }

    /** The value of layout {@code index} (code {@code code}), written at {@code b}'s position. */
    public void put(ByteBuffer b, int index, long code) {
      var groups = layers.groups();
      int g = groups.groupOf(index);
      int cls = groups.classOf(g);
      long optimal = layers.optimalSolutionNum(index);
      if (optimal > Field.OPTIMAL_SOLUTION_NUM.max) {
        CasesCodec.put(b, b.position(), Field.OPTIMAL_SOLUTION_NUM, optimal); // says what does not fit
      }
      b.putInt(groups.layouts().globalId(index))
          .put((byte) LayoutClass.jiangOf(cls)).put((byte) LayoutClass.bingOf(cls)).put((byte) LayoutClass.styleOf(cls))
          .putShort((short) groups.groupNum(g)).putInt(groups.groupIndex(index))
          .putShort((short) layers.layer(index)).putShort((short) layers.minSolutionStep(index))
          .put((byte) ((mover.mirror(code) == code ? SYMMETRIC : 0) | (Code.isSolved(code) ? SOLVED : 0)
              | (int) minimal(layers.isMinimal(index)) << MINIMAL_BIT))
          .putInt((int) optimal);
    }
  }

  /** The value of a record's row (its rank aside: not stored in the row). */
  public static void putValue(ByteBuffer b, CaseRecord c) {
    int base = b.position();
    for (int at : Field.FLAG_BYTES) {
      b.put(base + at, (byte) 0);
    }
    for (Field f : FIELDS) {
      put(b, base, f, ofRecord(f, c));
    }
    b.position(base + VALUE_BYTES);
  }

  private static void put(ByteBuffer b, int base, Field f, long v) {
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



  // the layout as constants, for the reader's straight code (a switch a field was slower: BENCHMARKS.md,
  // row "cases rows from their declarations")
  private static final int ID_AT = Field.ID.offset;
  private static final int JIANG_AT = Field.JIANG.offset;
  private static final int BING_AT = Field.BING.offset;
  private static final int STYLE_AT = Field.STYLE.offset;
  private static final int GROUP_NUM_AT = Field.GROUP_NUM.offset;
  private static final int GROUP_INDEX_AT = Field.GROUP_INDEX.offset;
  private static final int LAYER_AT = Field.LAYER.offset;
  private static final int STEP_AT = Field.MIN_SOLUTION_STEP.offset;
  private static final int SYMMETRIC_AT = Field.SYMMETRIC.offset;
  private static final int SYMMETRIC_BIT = Field.SYMMETRIC.bit;
  private static final int SOLVED_AT = Field.SOLVED.offset;
  private static final int SOLVED_BIT = Field.SOLVED.bit;
  private static final int MINIMAL_AT = Field.MINIMAL.offset;
  private static final int MINIMAL_BIT = Field.MINIMAL.bit;
  private static final int OPTIMAL_AT = Field.OPTIMAL_SOLUTION_NUM.offset;

  /**
   * The record of the row of {@code code} whose value {@code b} holds (from its position, which
   * moves past it), with its rank from {@code ranks}: each field where the declarations put it,
   * read as wide as they say (CodecsTest holds every field read back as written).
   */
  public static CaseRecord decode(long code, ByteBuffer b, Ranks ranks) {
    int base = b.position();
    int jiang = b.get(base + JIANG_AT) & 0xFF;
    int bing = b.get(base + BING_AT) & 0xFF;
    int style = b.get(base + STYLE_AT) & 0xFF;
    int step = b.getShort(base + STEP_AT); // signed: -1 when unsolvable
    int minimal = b.get(base + MINIMAL_AT) >>> MINIMAL_BIT & 3;
    CaseRecord c = new CaseRecord(code, b.getInt(base + ID_AT), jiang, bing, style, b.getShort(base + GROUP_NUM_AT) & 0xFFFF,
        b.getInt(base + GROUP_INDEX_AT), b.getShort(base + LAYER_AT) & 0xFFFF, step,
        (b.get(base + SYMMETRIC_AT) >>> SYMMETRIC_BIT & 1) != 0, (b.get(base + SOLVED_AT) >>> SOLVED_BIT & 1) != 0,
        Field.MINIMAL.isNull(minimal) ? null : minimal == 1, b.getInt(base + OPTIMAL_AT) & 0xFFFF_FFFFL,
        ranks.harderThan(jiang, bing, style, step), ranks.harderThanInClass(jiang, bing, style, step));
    b.position(base + VALUE_BYTES);
    return c;
  }

}
