package klotskidb.enumerator;

/**
 * Generates the layouts one step away (SPEC 4): one piece moves to any other position it can
 * reach by unit slides through empty cells, turning corners if it likes; everything else stays.
 *
 * <pre>
 *   Mover m = new Mover();          // one per thread: it keeps scratch state
 *   long[] out = new long[Mover.MAX_NEIGHBOURS];
 *   int n = m.neighbours(0x1A9BF0C00L, out);   // 8: each 1x1 next to the gap, 1 or 2 cells
 * </pre>
 *
 * How: the code is unpacked once into a "raw" long with 3 bits per cell (0 empty, 1/2/3 the
 * top-left cell of a 1x2/2x1/1x1, 4 the 2x2's top-left, 7 a cell covered by a piece's other
 * half) and a mask of empty cells. For each piece that has room to slide at all, a flood fill over
 * its top-left positions (a 20-bit visited mask) finds every position it reaches with itself
 * lifted off the board; each one is written back as raw bits and re-encoded row by row through a
 * 4096-entry table. Nothing is allocated per layout. The flood fill is bit-parallel: the positions
 * where the lifted piece fits form a 20-bit mask, and growing the start position inside it by
 * shifts until nothing changes gives all positions it reaches, in a few word operations.
 *
 * <p>{@link #slides} gives only unit slides down and right: each undirected unit-slide edge once.
 * Their connectivity is that of the step graph (a step is a chain of unit slides, each one a step
 * itself), which is all that union-find needs.
 */
public final class Mover {
  /** More than any layout has (the largest count over all layouts is checked by the tests). */
  public static final int MAX_NEIGHBOURS = 128;

  private static final int UP = 0;
  private static final int DOWN = 1;
  private static final int LEFT = 2;
  private static final int RIGHT = 3;
  private static final int[] DELTA = {-Pieces.COLS, Pieces.COLS, -1, 1};

  private static final int FILL = 7;
  /** Raw bits of the 3-bit fields a piece covers, by type * 20 + address. */
  private static final long[] RAW_MASK = new long[4 * Pieces.CELLS];
  /** Raw bits of a piece placed there: its kind at the top-left, FILL in its other cells. */
  private static final long[] RAW_PIECE = new long[4 * Pieces.CELLS];
  /** Target address of a unit slide, by (type * 20 + address) * 4 + direction, or -1. */
  private static final int[] NEXT = new int[4 * Pieces.CELLS * 4];
  /** Cells that must be empty for that unit slide; all bits set when it cannot happen. */
  private static final int[] NEED = new int[4 * Pieces.CELLS * 4];
  /** Symbols emitted by one row of raw bits: symbols | count << 8. */
  private static final int[] ROW_SYMBOLS = new int[1 << 12];
  private static final int[] RAW_KIND = {3, 1, 2, 4}; // by piece type

  static {
    for (int t = 0; t < 4; t++) {
      for (int a = 0; a < Pieces.CELLS; a++) {
        int k = t * Pieces.CELLS + a;
        int cells = Pieces.mask(t, a);
        for (int c = 0; c < Pieces.CELLS; c++) {
          if ((cells >>> c & 1) != 0) {
            RAW_MASK[k] |= 7L << (3 * c);
            RAW_PIECE[k] |= (long) (c == a ? RAW_KIND[t] : FILL) << (3 * c);
          }
        }
        for (int d = 0; d < 4; d++) {
          int q = a + DELTA[d];
          boolean ok = cells != 0 && q >= 0 && q < Pieces.CELLS && Pieces.fits(t, q)
              && (d < LEFT || q / Pieces.COLS == a / Pieces.COLS);
          NEXT[k * 4 + d] = ok ? q : -1;
          NEED[k * 4 + d] = ok ? Pieces.mask(t, q) & ~cells : -1;
        }
      }
    }
    for (int row = 0; row < (1 << 12); row++) {
      int symbols = 0;
      int count = 0;
      for (int c = 0; c < 4; c++) {
        int kind = (row >>> (3 * c)) & 7;
        if (kind <= 3) {
          symbols = (symbols << 2) | kind;
          count++;
        }
      }
      ROW_SYMBOLS[row] = symbols | (count << 8);
    }
  }

  private final int[] pieceType = new int[16];
  private final int[] pieceAddress = new int[16];
  private int pieces;
  private long raw;
  private int empty;
  private int block;

  /**
   * Writes every layout one step from {@code code} into {@code out} (in no particular order) and
   * returns how many. {@code code} must be legal; {@code out} must hold {@link #MAX_NEIGHBOURS}.
   */
  public int neighbours(long code, long[] out) {
    unpack(code);
    int free = empty;
    // cells next to an empty cell: a piece touching none of them cannot move
    int near = grow(free);
    int n = 0;
    for (int i = 0; i < pieces; i++) {
      int type = pieceType[i];
      int from = pieceAddress[i];
      int k = type * Pieces.CELLS + from;
      int cells = Pieces.mask(type, from);
      if ((cells & near) == 0) {
        continue;
      }
      int room = free | cells;
      int valid = room & (room >>> SPAN_RIGHT[type]) & (room >>> SPAN_DOWN[type]) & (room >>> SPAN_BOTH[type])
          & TOP_LEFTS[type];
      int start = 1 << from;
      int reach = start;
      int last;
      do {
        last = reach;
        reach = (reach | grow(reach)) & valid;
      } while (reach != last);
      reach ^= start;
      if (reach == 0) {
        continue;
      }
      long lifted = raw & ~RAW_MASK[k];
      int base = type * Pieces.CELLS;
      int head = type == Pieces.BLOCK ? -1 : block;
      do {
        int q = Integer.numberOfTrailingZeros(reach);
        reach &= reach - 1;
        out[n++] = encode(lifted | RAW_PIECE[base + q], head < 0 ? q : head);
      } while (reach != 0);
    }
    return n;
  }

  /** Cells one unit slide away from a set of cells (top-left positions), staying on the board. */
  private static int grow(int cells) {
    return ((cells << 4) | (cells >>> 4) | ((cells << 1) & ~COLUMN_0) | ((cells >>> 1) & ~COLUMN_3))
        & Pieces.FULL;
  }

  private static final int COLUMN_0 = 0x11111;
  private static final int COLUMN_3 = 0x88888;
  /**
   * A piece fits at q when q, q + SPAN_RIGHT, q + SPAN_DOWN and q + SPAN_BOTH are all in room
   * (the spans of a 1x1 are 0) and q is one of its possible top-left cells.
   */
  private static final int[] SPAN_RIGHT = {0, 1, 0, 1};
  private static final int[] SPAN_DOWN = {0, 0, 4, 4};
  private static final int[] SPAN_BOTH = {0, 1, 4, 5};
  private static final int[] TOP_LEFTS = new int[4];

  static {
    for (int t = 0; t < 4; t++) {
      for (int a = 0; a < Pieces.CELLS; a++) {
        if (Pieces.fits(t, a)) {
          TOP_LEFTS[t] |= 1 << a;
        }
      }
    }
  }

  /**
   * Writes the layouts one unit slide down or right from {@code code} into {@code out} and returns
   * how many: every undirected unit-slide edge is produced from exactly one of its two ends.
   */
  public int slides(long code, long[] out) {
    unpack(code);
    int n = 0;
    for (int i = 0; i < pieces; i++) {
      int type = pieceType[i];
      int k = type * Pieces.CELLS + pieceAddress[i];
      for (int d = DOWN; d <= RIGHT; d += RIGHT - DOWN) {
        if ((NEED[k * 4 + d] & ~empty) == 0) {
          int q = NEXT[k * 4 + d];
          long moved = (raw & ~RAW_MASK[k]) | RAW_PIECE[type * Pieces.CELLS + q];
          out[n++] = encode(moved, type == Pieces.BLOCK ? q : block);
        }
      }
    }
    return n;
  }

  /**
   * The code of the left-right mirror image (SPEC 2), without allocating: each raw row is
   * reversed through a table that also moves the head of a 1x2 or 2x2 back to its left cell
   * (reversed, a head lands right of its own filled half).
   */
  public long mirror(long code) {
    unpack(code);
    long r = raw;
    long m = 0;
    for (int row = 0; row < Pieces.ROWS; row++) {
      m |= (long) MIRROR_ROW[(int) (r >>> (12 * row)) & 0xFFF] << (12 * row);
    }
    int head = (block & ~3) | (2 - (block & 3));
    return encode(m, head);
  }

  private static final int[] MIRROR_ROW = new int[1 << 12];

  /**
   * The code of the top-bottom reflection ({@link Board#flip}), without allocating: every piece
   * goes to its reflected top-left cell and the layout is re-encoded.
   */
  public long flip(long code) {
    unpack(code);
    long r = 0;
    int head = 0;
    for (int i = 0; i < pieces; i++) {
      int type = pieceType[i];
      int a = pieceAddress[i];
      int q = (Pieces.ROWS - a / Pieces.COLS - Pieces.height(type)) * Pieces.COLS + a % Pieces.COLS;
      r |= RAW_PIECE[type * Pieces.CELLS + q];
      if (type == Pieces.BLOCK) {
        head = q;
      }
    }
    return encode(r, head);
  }

  static {
    for (int row = 0; row < (1 << 12); row++) {
      int[] cell = new int[4];
      for (int c = 0; c < 4; c++) {
        cell[3 - c] = (row >>> (3 * c)) & 7;
      }
      for (int c = 1; c < 4; c++) {
        boolean wideHead = cell[c] == RAW_KIND[Pieces.HORIZONTAL] || cell[c] == RAW_KIND[Pieces.BLOCK];
        if (wideHead && cell[c - 1] == FILL) {
          cell[c - 1] = cell[c];
          cell[c] = FILL;
        }
      }
      int out = 0;
      for (int c = 0; c < 4; c++) {
        out |= cell[c] << (3 * c);
      }
      MIRROR_ROW[row] = out;
    }
  }

  private void unpack(long code) {
    int head = (int) (code >>> 32);
    int range = (int) code;
    block = head;
    pieces = 1;
    pieceType[0] = Pieces.BLOCK;
    pieceAddress[0] = head;
    long bits = RAW_PIECE[Pieces.BLOCK * Pieces.CELLS + head];
    int occupied = Pieces.mask(Pieces.BLOCK, head);
    int free = 0;
    int shift = 30;
    while (occupied != Pieces.FULL) {
      int cell = Integer.numberOfTrailingZeros(~occupied);
      int symbol = (range >>> shift) & 3;
      shift -= 2;
      if (symbol == 0) {
        free |= 1 << cell;
        occupied |= 1 << cell;
      } else {
        int type = Pieces.typeOfSymbol(symbol);
        int k = type * Pieces.CELLS + cell;
        occupied |= Pieces.mask(type, cell);
        bits |= RAW_PIECE[k];
        pieceType[pieces] = type;
        pieceAddress[pieces++] = cell;
      }
    }
    raw = bits;
    empty = free;
  }

  /** Raw bits back to a code: each row's uncovered cells give their symbols, left-aligned. */
  private static long encode(long raw, int head) {
    int r0 = ROW_SYMBOLS[(int) raw & 0xFFF];
    int r1 = ROW_SYMBOLS[(int) (raw >>> 12) & 0xFFF];
    int r2 = ROW_SYMBOLS[(int) (raw >>> 24) & 0xFFF];
    int r3 = ROW_SYMBOLS[(int) (raw >>> 36) & 0xFFF];
    int r4 = ROW_SYMBOLS[(int) (raw >>> 48) & 0xFFF];
    long acc = r0 & 0xFF;
    acc = (acc << ((r1 >>> 8) << 1)) | (r1 & 0xFF);
    acc = (acc << ((r2 >>> 8) << 1)) | (r2 & 0xFF);
    acc = (acc << ((r3 >>> 8) << 1)) | (r3 & 0xFF);
    acc = (acc << ((r4 >>> 8) << 1)) | (r4 & 0xFF);
    int used = ((r0 >>> 8) + (r1 >>> 8) + (r2 >>> 8) + (r3 >>> 8) + (r4 >>> 8)) << 1;
    return ((long) head << 32) | ((acc << (32 - used)) & 0xFFFFFFFFL);
  }
}
