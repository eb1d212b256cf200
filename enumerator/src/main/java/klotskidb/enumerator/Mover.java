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
 * How, with nothing allocated per layout:
 * <ol>
 *   <li>Unpack: the code is read a row at a time through a 4,096-entry table (cells covered from
 *       the row above x next four symbols), giving a "raw" long with 3 bits per cell (0 empty,
 *       1/2/3 the top-left cell of a 1x2/2x1/1x1, 4 the 2x2's top-left, 7 a cell covered by a
 *       piece's other half) and 20-bit masks of the empty cells and of each kind's top-lefts.
 *   <li>1x1 pieces (four moves in five): a 1x1 reaches exactly the cells of the empty regions it
 *       touches. Its move only swaps its {@code 11} with a {@code 00} further along the code, no
 *       cell turning from symbol to covered, so each move is an xor of the code.
 *   <li>1x2, 2x1, 2x2 that can make a unit slide at all (found for all pieces at once from shifted
 *       empty masks): a flood fill over the positions where the lifted piece fits (a 20-bit mask,
 *       grown by shifts until it stops changing) gives every position it reaches. A target in
 *       the same row is again an xor of the code (the 2x2: a new head digit); a target in another
 *       row is written into the raw bits and re-encoded row by row through a table.
 * </ol>
 *
 * <p>{@link #slides} gives only unit slides down and right: each undirected unit-slide edge once.
 * Their connectivity is that of the step graph (a step is a chain of unit slides, each one a step
 * itself), which is all that union-find needs.
 */
public final class Mover {
  /**
   * Size of the buffer {@link #neighbours} needs: the most any layout has is 68 (checked by the
   * tests), and the generator may write up to three entries past the count it returns.
   */
  public static final int MAX_NEIGHBOURS = 128;

  private static final int FILL = 7;
  /** Raw bits of the 3-bit fields a piece covers, by type * 20 + address. */
  private static final long[] RAW_MASK = new long[4 * Pieces.CELLS];
  /** Raw bits of a piece placed there: its kind at the top-left, FILL in its other cells. */
  private static final long[] RAW_PIECE = new long[4 * Pieces.CELLS];
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

  /** Scratch, set by {@link #unpack}: 3-bit cells, and per-kind masks of top-left cells. */
  private long raw;
  private int block;
  private int empty;
  private int singles;
  private int horizontals;
  private int verticals;
  /** Per region of empty cells: the xors that turn each cell's 00 into 11 in the code. */
  private final long[] regionInto = new long[Pieces.CELLS];

  /**
   * Writes every layout one step from {@code code} into {@code out} (in no particular order) and
   * returns how many. {@code code} must be legal; {@code out} must hold {@link #MAX_NEIGHBOURS}.
   */
  public int neighbours(long code, long[] out) {
    unpack(code);
    int free = empty;
    int symbols = free | singles | horizontals | verticals;
    int near = grow(free); // cells next to an empty cell: a piece touching none cannot move
    int n = 0;

    // 1x1 pieces (four moves in five): a 1x1 reaches exactly the empty regions it touches, and the
    // code only swaps its 11 with a 00 (no cell changes from symbol to covered), so each move
    // is two xors of the code.
    int movable = singles & near;
    if (movable != 0) {
      n = moveSingles(code, movable, symbols, out, n);
    }

    // the larger pieces that can make at least one unit slide: flood fill over their positions
    int upOrDown = free << 4 & free << 3 | free >>> 4 & free >>> 5;
    int side = free << 1 & ~COLUMN_0 | free >>> 2 & COLUMNS_01;
    for (int rest = horizontals & (upOrDown | side); rest != 0; rest &= rest - 1) {
      n = moveLarge(code, Pieces.HORIZONTAL, Integer.numberOfTrailingZeros(rest), symbols, out, n);
    }
    upOrDown = free << 4 | free >>> 8;
    side = free << 1 & free >>> 3 & ~COLUMN_0 | free >>> 1 & free >>> 5 & ~COLUMN_3;
    for (int rest = verticals & (upOrDown | side); rest != 0; rest &= rest - 1) {
      n = moveLarge(code, Pieces.VERTICAL, Integer.numberOfTrailingZeros(rest), symbols, out, n);
    }
    int twoBelow = free & free >>> 1 & ~COLUMN_3; // p and p + 1 empty
    int twoBeside = free & free >>> 4;            // p and p + 4 empty
    int blockMoves = twoBelow << 4 | twoBelow >>> 8 | (twoBeside << 1 & ~COLUMN_0) | (twoBeside >>> 2 & COLUMNS_01);
    if ((blockMoves >>> block & 1) != 0) {
      n = moveLarge(code, Pieces.BLOCK, block, symbols, out, n);
    }
    return n;
  }

  /**
   * The moves of the 1x1s in {@code movable}, region by region: every 1x1 next to an empty
   * region reaches each cell of it, so the region's xors are computed once and each of its 1x1s
   * writes a run of {@code size} codes. Regions are disjoint: a 1x1 between two gets both runs.
   * Over half the regions next to a 1x1 are a single cell (an empty cell with no empty
   * neighbour); those are found for all cells at once and need no fill.
   */
  private int moveSingles(long code, int movable, int symbols, long[] out, int n) {
    int free = empty;
    // an empty cell with no empty neighbour is a region of its own: no fill
    int isolated = free & ~grow(free);
    for (int rest = isolated & grow(movable); rest != 0; rest &= rest - 1) {
      int cell = Integer.numberOfTrailingZeros(rest);
      long into = code ^ (3L << symbolShift(symbols, cell));
      int touching = movable & grow(rest & -rest);
      do {
        out[n++] = into ^ (3L << symbolShift(symbols, Integer.numberOfTrailingZeros(touching)));
        touching &= touching - 1;
      } while (touching != 0);
    }
    long[] into = regionInto;
    for (int rest = free & ~isolated; rest != 0; ) {
      int region = fill(rest & -rest, free);
      rest &= ~region;
      int touching = movable & grow(region);
      if (touching == 0) {
        continue;
      }
      int size = 0;
      for (int cells = region; cells != 0; cells &= cells - 1) {
        into[size++] = 3L << symbolShift(symbols, Integer.numberOfTrailingZeros(cells));
      }
      long i0 = into[0];
      long i1 = into[1];
      long i2 = into[2];
      long i3 = into[3];
      do {
        long lifted = code ^ (3L << symbolShift(symbols, Integer.numberOfTrailingZeros(touching)));
        touching &= touching - 1;
        out[n] = lifted ^ i0; // regions are mostly small: four writes without a loop
        out[n + 1] = lifted ^ i1;
        out[n + 2] = lifted ^ i2;
        out[n + 3] = lifted ^ i3;
        for (int j = 4; j < size; j++) {
          out[n + j] = lifted ^ into[j];
        }
        n += size;
      } while (touching != 0);
    }
    return n;
  }

  /**
   * The moves of the 1x2, 2x1 or 2x2 at {@code from}. A target in the same row only trades places
   * with empty cells of the rows the piece spans, so every row keeps its string of symbols except
   * the head row, where the piece's symbol moves along a run of 00s: an xor (for the 2x2, which
   * has no symbol, only the head digit changes). A target in another row is re-encoded.
   */
  private int moveLarge(long code, int type, int from, int symbols, long[] out, int n) {
    int cells = Pieces.mask(type, from);
    int room = empty | cells;
    int valid = room & (room >>> SPAN_RIGHT[type]) & (room >>> SPAN_DOWN[type])
        & (room >>> SPAN_BOTH[type]) & TOP_LEFTS[type];
    int start = 1 << from;
    int reach = fill(start, valid) ^ start;
    if (reach == 0) {
      return n;
    }
    int k = type * Pieces.CELLS + from;
    long lifted = raw & ~RAW_MASK[k];
    int base = type * Pieces.CELLS;
    int row = from >>> 2;
    long symbol = SYMBOL[type];
    long away = code ^ (symbol << symbolShift(symbols, from)) & 0xFFFFFFFFL;
    int uncovered = symbols | cells;
    int pieces = symbols & ~empty;
    do {
      int q = Integer.numberOfTrailingZeros(reach);
      reach &= reach - 1;
      if (q >>> 2 != row || (type == Pieces.VERTICAL && (BETWEEN[from * Pieces.COLS + (q & 3)] & pieces) != 0)) {
        out[n++] = encode(lifted | RAW_PIECE[base + q], type == Pieces.BLOCK ? q : block);
      } else if (type == Pieces.BLOCK) {
        out[n++] = (code & 0xFFFFFFFFL) | ((long) q << 32);
      } else {
        int after = uncovered & ~(Pieces.mask(type, q) & ~(1 << q));
        out[n++] = away ^ (symbol << symbolShift(after, q)) & 0xFFFFFFFFL;
      }
    } while (reach != 0);
    return n;
  }

  /**
   * Cells strictly between a 2x1 at {@code from} and the same row's column {@code col}, in both
   * rows it spans, by from * 4 + col. A 1x2 or 2x2 covers every cell between its two positions;
   * a 2x1 can go round another piece, whose symbol would then change sides.
   */
  private static final int[] BETWEEN = new int[Pieces.CELLS * Pieces.COLS];

  static {
    for (int from = 0; from < Pieces.CELLS - Pieces.COLS; from++) {
      for (int col = 0; col < Pieces.COLS; col++) {
        int rowStart = from & ~3;
        for (int c = Math.min(from & 3, col) + 1; c < Math.max(from & 3, col); c++) {
          BETWEEN[from * Pieces.COLS + col] |= (1 << (rowStart + c)) | (1 << (rowStart + c + Pieces.COLS));
        }
      }
    }
  }

  /** Code symbol of a piece type (the 2x2 has none): 11, 01, 10. */
  private static final long[] SYMBOL = {3, 1, 2, 0};

  /** Where cell {@code cell}'s 2-bit symbol sits in a code whose symbol cells are {@code symbols}. */
  private static int symbolShift(int symbols, int cell) {
    return 30 - 2 * Integer.bitCount(symbols & ((1 << cell) - 1));
  }

  /** The cells of {@code within} connected to {@code start} (a subset of it) by unit slides. */
  private static int fill(int start, int within) {
    int reach = start;
    int last;
    do {
      last = reach;
      reach = (reach | grow(reach)) & within;
    } while (reach != last);
    return reach;
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
   * how many: every undirected unit-slide edge is produced from exactly one of its two ends. Slides
   * to the right and slides of a 1x1 are xors of the code (see {@link #neighbours}).
   */
  public int slides(long code, long[] out) {
    unpack(code);
    int free = empty;
    int symbols = free | singles | horizontals | verticals;
    int n = 0;
    for (int rest = singles & free >>> 1 & ~COLUMN_3; rest != 0; rest &= rest - 1) {
      int shift = symbolShift(symbols, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ ((3L << shift) | (3L << (shift - 2)));
    }
    for (int rest = singles & free >>> 4; rest != 0; rest &= rest - 1) {
      int p = Integer.numberOfTrailingZeros(rest);
      out[n++] = code ^ ((3L << symbolShift(symbols, p)) | (3L << symbolShift(symbols, p + 4)));
    }
    for (int rest = horizontals & free >>> 2 & COLUMNS_01; rest != 0; rest &= rest - 1) {
      int shift = symbolShift(symbols, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ ((1L << shift) | (1L << (shift - 2)));
    }
    for (int rest = verticals & free >>> 1 & free >>> 5 & ~COLUMN_3; rest != 0; rest &= rest - 1) {
      int shift = symbolShift(symbols, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ ((2L << shift) | (2L << (shift - 2)));
    }
    int blockCells = Pieces.mask(Pieces.BLOCK, block);
    if ((block & 3) < 2 && (blockCells << 1 & ~blockCells & ~free) == 0) {
      out[n++] = (code & 0xFFFFFFFFL) | ((long) (block + 1) << 32);
    }
    for (int rest = horizontals & free >>> 4 & free >>> 5; rest != 0; rest &= rest - 1) {
      n = slideDown(Pieces.HORIZONTAL, Integer.numberOfTrailingZeros(rest), out, n);
    }
    for (int rest = verticals & free >>> 8; rest != 0; rest &= rest - 1) {
      n = slideDown(Pieces.VERTICAL, Integer.numberOfTrailingZeros(rest), out, n);
    }
    if (block < 12 && (blockCells << 4 & ~blockCells & ~free) == 0) {
      n = slideDown(Pieces.BLOCK, block, out, n);
    }
    return n;
  }

  private static final int COLUMNS_01 = 0x33333;

  private int slideDown(int type, int from, long[] out, int n) {
    int q = from + Pieces.COLS;
    long moved = (raw & ~RAW_MASK[type * Pieces.CELLS + from]) | RAW_PIECE[type * Pieces.CELLS + q];
    out[n++] = encode(moved, type == Pieces.BLOCK ? q : block);
    return n;
  }

  /**
   * The code of the left-right mirror image (SPEC 2), without allocating: each raw row is
   * reversed through a table that also moves the head of a 1x2 or 2x2 back to its left cell
   * (reversed, a head lands right of its own filled half).
   */
  public long mirror(long code) {
    unpack(code);
    return encode(mirroredRaw(raw), mirroredHead(block));
  }

  private static long mirroredRaw(long r) {
    long m = 0;
    for (int row = 0; row < Pieces.ROWS; row++) {
      m |= (long) MIRROR_ROW[(int) (r >>> (12 * row)) & 0xFFF] << (12 * row);
    }
    return m;
  }

  private static int mirroredHead(int head) {
    return (head & ~3) | (2 - (head & 3));
  }

  private static final int[] MIRROR_ROW = new int[1 << 12];

  /**
   * The code of the top-bottom reflection ({@link Board#flip}), without allocating: every piece
   * goes to its reflected top-left cell and the layout is re-encoded.
   */
  public long flip(long code) {
    unpack(code);
    int head = flipped(Pieces.BLOCK, block);
    return encode(flippedRaw(head), head);
  }

  /**
   * The codes of {@code code}'s images, from one unpack: {@code out[0]} the code itself,
   * {@code out[1]} its {@link #mirror}, {@code out[2]} its {@link #flip}, {@code out[3]} both
   * (the mirror of the flip): transform t's image at index t, as in {@code GroupGraph}.
   */
  public void images(long code, long[] out) {
    unpack(code);
    out[0] = code;
    out[1] = encode(mirroredRaw(raw), mirroredHead(block));
    int head = flipped(Pieces.BLOCK, block);
    long f = flippedRaw(head);
    out[2] = encode(f, head);
    out[3] = encode(mirroredRaw(f), mirroredHead(head));
  }

  /** Raw bits of the unpacked layout reflected top to bottom, its 2x2 at {@code head}. */
  private long flippedRaw(int head) {
    return RAW_PIECE[Pieces.BLOCK * Pieces.CELLS + head]
        | flippedRaw(Pieces.SINGLE, singles)
        | flippedRaw(Pieces.HORIZONTAL, horizontals)
        | flippedRaw(Pieces.VERTICAL, verticals);
  }

  private static long flippedRaw(int type, int topLefts) {
    long r = 0;
    for (int rest = topLefts; rest != 0; rest &= rest - 1) {
      r |= RAW_PIECE[type * Pieces.CELLS + flipped(type, Integer.numberOfTrailingZeros(rest))];
    }
    return r;
  }

  private static int flipped(int type, int a) {
    return (Pieces.ROWS - a / Pieces.COLS - Pieces.height(type)) * Pieces.COLS + a % Pieces.COLS;
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

  /**
   * Code to raw bits and kind masks, a row at a time through {@link #ROW_READ}: a row's cells
   * covered from above (by a 2x1's lower half or the 2x2) and the next four symbols of the code
   * determine everything the row holds and how many symbols it used.
   */
  private void unpack(long code) {
    int head = (int) (code >>> 32);
    int range = (int) code;
    int blockCells = Pieces.mask(Pieces.BLOCK, head);
    long bits = RAW_PIECE[Pieces.BLOCK * Pieces.CELLS + head];
    int e0 = ROW_READ[(blockCells & 0xF) << 8 | range >>> 24];
    range <<= e0 >>> 28;
    int c1 = e0 >>> 24 & 0xF;
    int e1 = ROW_READ[(c1 | (blockCells >>> 4 & 0xF)) << 8 | range >>> 24];
    range <<= e1 >>> 28;
    int c2 = e1 >>> 24 & 0xF;
    int e2 = ROW_READ[(c2 | (blockCells >>> 8 & 0xF)) << 8 | range >>> 24];
    range <<= e2 >>> 28;
    int c3 = e2 >>> 24 & 0xF;
    int e3 = ROW_READ[(c3 | (blockCells >>> 12 & 0xF)) << 8 | range >>> 24];
    range <<= e3 >>> 28;
    int c4 = e3 >>> 24 & 0xF;
    int e4 = ROW_READ[(c4 | (blockCells >>> 16 & 0xF)) << 8 | range >>> 24];
    bits |= (long) (e0 & 0xFFF)
        | (long) ((e1 & 0xFFF) | FILL_ROW[c1]) << 12
        | (long) ((e2 & 0xFFF) | FILL_ROW[c2]) << 24
        | (long) ((e3 & 0xFFF) | FILL_ROW[c3]) << 36
        | (long) ((e4 & 0xFFF) | FILL_ROW[c4]) << 48;
    int free = (e0 >>> 12 & 0xF) | (e1 >>> 12 & 0xF) << 4 | (e2 >>> 12 & 0xF) << 8
        | (e3 >>> 12 & 0xF) << 12 | (e4 >>> 12 & 0xF) << 16;
    int one = (e0 >>> 16 & 0xF) | (e1 >>> 16 & 0xF) << 4 | (e2 >>> 16 & 0xF) << 8
        | (e3 >>> 16 & 0xF) << 12 | (e4 >>> 16 & 0xF) << 16;
    int wide = (e0 >>> 20 & 0xF) | (e1 >>> 20 & 0xF) << 4 | (e2 >>> 20 & 0xF) << 8
        | (e3 >>> 20 & 0xF) << 12 | (e4 >>> 20 & 0xF) << 16;
    int tall = (e0 >>> 24 & 0xF) | (e1 >>> 24 & 0xF) << 4 | (e2 >>> 24 & 0xF) << 8
        | (e3 >>> 24 & 0xF) << 12;
    block = head;
    raw = bits;
    empty = free;
    singles = one;
    horizontals = wide;
    verticals = tall;
  }

  /**
   * Reading one row, by (cells covered from above) << 8 | (next 8 code bits): raw bits of the
   * pieces whose top-left is in the row (bits 0-11), its empty cells (12-15), top-lefts of 1x1
   * (16-19), 1x2 (20-23) and 2x1 (24-27; also the next row's cells they cover), and twice the
   * number of symbols used (28-31). Combinations no legal code reaches read as garbage.
   */
  private static final int[] ROW_READ = new int[16 << 8];
  /** FILL in every cell of a 4-bit row mask. */
  private static final int[] FILL_ROW = new int[16];

  static {
    for (int covered = 0; covered < 16; covered++) {
      for (int c = 0; c < 4; c++) {
        if ((covered >>> c & 1) != 0) {
          FILL_ROW[covered] |= FILL << (3 * c);
        }
      }
      for (int next = 0; next < 256; next++) {
        int occupied = covered;
        int used = 0;
        int rawRow = 0;
        int[] kinds = new int[4]; // empty, 1x1, 1x2, 2x1 top-lefts
        for (int c = 0; c < 4; c++) {
          if ((occupied >>> c & 1) != 0) {
            continue;
          }
          int symbol = used < 4 ? next >>> (6 - 2 * used) & 3 : 0;
          used++;
          occupied |= 1 << c;
          if (symbol == 0) {
            kinds[0] |= 1 << c;
            continue;
          }
          int type = Pieces.typeOfSymbol(symbol);
          rawRow |= RAW_KIND[type] << (3 * c);
          if (type == Pieces.HORIZONTAL) {
            kinds[2] |= 1 << c;
            if (c < 3) {
              rawRow |= FILL << (3 * (c + 1));
              occupied |= 2 << c;
            }
          } else {
            kinds[type == Pieces.SINGLE ? 1 : 3] |= 1 << c;
          }
        }
        ROW_READ[covered << 8 | next] = rawRow | kinds[0] << 12 | kinds[1] << 16 | kinds[2] << 20
            | kinds[3] << 24 | (2 * used) << 28;
      }
    }
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
