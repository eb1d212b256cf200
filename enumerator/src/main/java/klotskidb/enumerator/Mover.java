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
 *       the row above x next four symbols), giving 20-bit masks of the empty cells and of each
 *       kind's top-left cells; the row's empty, 1x1 and 1x2 masks come in three lanes of one long,
 *       shifted into place together.
 *   <li>1x1 pieces (four moves in five): a 1x1 reaches exactly the cells of the empty regions it
 *       touches. Its move only swaps its {@code 11} with a {@code 00} further along the code, no
 *       cell turning from symbol to covered, so each move is an xor of the code.
 *   <li>1x2, 2x1, 2x2 that can make a unit slide at all (found for all pieces at once from shifted
 *       empty masks): a flood fill over the positions where the lifted piece fits (a 20-bit mask,
 *       grown by shifts until it stops changing) gives every position it reaches. The code is
 *       edited, not rebuilt: the code's symbols sit left-aligned in a long, one 2-bit slot per
 *       uncovered cell in cell order. Lifting the piece clears its symbol and inserts an empty
 *       slot for each cell it covered; placing it at q deletes the slots of the cells it now
 *       covers and writes its symbol at q's slot. A slot's index is a popcount of the cells
 *       before it.
 * </ol>
 *
 * <p>Example: in {@code 1A983FC00} (symbols {@code 10 10 10 01 10 00 00 11 11 11 11} for cells
 * 0, 3, 8, 9, 11, 13, 14, 16-19) the 1x2 at cell 9 slides down to cell 13. Lifting it writes
 * {@code 00} at its slot 3 and inserts an empty slot 4 for cell 10; placing it deletes the slot of
 * cell 14 (slot 7 of the lifted sequence), which it now covers, and writes {@code 01} at cell 13's
 * slot 6: {@code 10 10 10 00 00 10 01 11 11 11 11}, the code {@code 1A827FC00}.
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

  /**
   * Scratch, set by {@link #unpack}: per-kind masks of top-left cells, the 2x2's address, and (by
   * {@link #unpackRaw} only) 3 bits per cell.
   */
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
    int movable = singles & near;
    if (movable != 0) {
      n = moveSingles(code, free, near, movable, symbols, out, n);
    }
    // the larger pieces that can make at least one unit slide: flood fill over their positions
    int upOrDown = free << 4 & free << 3 | free >>> 4 & free >>> 5;
    int side = free << 1 & ~COLUMN_0 | free >>> 2 & COLUMNS_01;
    for (int rest = horizontals & (upOrDown | side); rest != 0; rest &= rest - 1) {
      n = moveHorizontal(code, free, symbols, Integer.numberOfTrailingZeros(rest), out, n);
    }
    upOrDown = free << 4 | free >>> 8;
    side = free << 1 & free >>> 3 & ~COLUMN_0 | free >>> 1 & free >>> 5 & ~COLUMN_3;
    for (int rest = verticals & (upOrDown | side); rest != 0; rest &= rest - 1) {
      n = moveVertical(code, free, symbols, Integer.numberOfTrailingZeros(rest), out, n);
    }
    int twoBelow = free & free >>> 1 & ~COLUMN_3; // p and p + 1 empty
    int twoBeside = free & free >>> 4;            // p and p + 4 empty
    int blockMoves = twoBelow << 4 | twoBelow >>> 8 | (twoBeside << 1 & ~COLUMN_0) | (twoBeside >>> 2 & COLUMNS_01);
    if ((blockMoves >>> block & 1) != 0) {
      n = moveBlock(code, free, symbols, block, out, n);
    }
    return n;
  }

  /**
   * The moves of the 1x1s in {@code movable}, region by region: every 1x1 next to an empty
   * region reaches each cell of it, so the region's xors are computed once and each of its 1x1s
   * writes a run of {@code size} codes. Regions are disjoint: a 1x1 between two gets both runs.
   * Over half the regions next to a 1x1 are a single cell (an empty cell with no empty
   * neighbour): a 1x1 next to one just trades places with it, and those pairs are found for all
   * cells at once (side by side, one above the other), with no fill.
   */
  private int moveSingles(long code, int free, int near, int movable, int symbols, long[] out, int n) {
    // an empty cell with no empty neighbour: each 1x1 next to it swaps places with it, two
    // adjacent slots (11 00 or 00 11: xor 1111) when side by side
    int before = symbols << 1; // see shiftOf
    int isolated = free & ~near;
    for (int rest = (isolated & movable >>> 1 | movable & isolated >>> 1) & ~COLUMN_3; rest != 0; rest &= rest - 1) {
      out[n++] = code ^ 15L << shiftOf(before, Integer.numberOfTrailingZeros(rest)) - 2;
    }
    for (int rest = isolated & movable >>> 4 | movable & isolated >>> 4; rest != 0; rest &= rest - 1) {
      int cell = Integer.numberOfTrailingZeros(rest);
      out[n++] = code ^ 3L << shiftOf(before, cell) ^ 3L << shiftOf(before, cell + 4);
    }
    long[] into = regionInto;
    for (int rest = free & ~isolated; rest != 0; ) {
      // flood fill of the region from its first cell; the last round's growth is what touches it
      int cell = Integer.numberOfTrailingZeros(rest);
      int region = 1 << cell | NEIGHBOURS[cell] & free;
      int around;
      while (true) {
        around = grow(region);
        int next = (region | around) & free;
        if (next == region) {
          break;
        }
        region = next;
      }
      rest &= ~region;
      int touching = movable & around;
      if (touching == 0) {
        continue;
      }
      int size = 0;
      for (int cells = region; cells != 0; cells &= cells - 1) {
        into[size++] = 3L << shiftOf(before, Integer.numberOfTrailingZeros(cells));
      }
      long i0 = into[0];
      long i1 = into[1];
      long i2 = into[2];
      long i3 = into[3];
      do {
        long lifted = code ^ (3L << shiftOf(before, Integer.numberOfTrailingZeros(touching)));
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
   * Where cell {@code cell}'s 2-bit symbol sits in a code whose symbol cells are {@code symbols},
   * given as {@code before = symbols << 1}: shifted left by 31 - cell, it keeps exactly the symbol
   * cells below {@code cell} (none for cell 0), with no mask to build.
   */
  private static int shiftOf(int before, int cell) {
    return 30 - 2 * Integer.bitCount(before << ~cell);
  }

  // The larger pieces, one method per type rather than one taking the type: the spans, masks
  // and slot edits are then constants (about a tenth fewer instructions per layout, measured).
  // A code's symbols, left-aligned in a long ("slots": slot i is bits 63 - 2i
  // and 62 - 2i), one per cell of a sequence mask in cell order; the index of cell c's slot is the
  // number of sequence cells before it. Lifting a piece clears its symbol and inserts empty slots
  // for the cells it covered; placing it deletes the slots of the cells it covers and writes its
  // symbol. The number of slots is the same before and after, so the result fits the code again.

  private static final int TOP_LEFTS_1X2 = 0x77777; // columns 0-2
  private static final int TOP_LEFTS_2X1 = 0x0FFFF; // rows 0-3
  private static final int TOP_LEFTS_2X2 = 0x07777;

  /** The moves of the 1x2 at {@code from}. */
  private static int moveHorizontal(long code, int free, int symbols, int from, long[] out, int n) {
    int room = free | 3 << from;
    int valid = room & room >>> 1 & TOP_LEFTS_1X2;
    int start = 1 << from;
    int reach = fillInside(start | NEIGHBOURS[from] & valid, valid) ^ start;
    if (reach == 0) {
      return n;
    }
    int sequence = symbols | 2 << from;
    long lifted = liftHorizontal(code, symbols, from);
    long head = code & HEAD_BITS;
    do {
      out[n++] = head | placeHorizontal(lifted, sequence, Integer.numberOfTrailingZeros(reach));
      reach &= reach - 1;
    } while (reach != 0);
    return n;
  }

  /** The moves of the 2x1 at {@code from}. */
  private static int moveVertical(long code, int free, int symbols, int from, long[] out, int n) {
    int room = free | 0x11 << from;
    int valid = room & room >>> 4 & TOP_LEFTS_2X1;
    int start = 1 << from;
    int reach = fill(start | NEIGHBOURS[from] & valid, valid) ^ start;
    if (reach == 0) {
      return n;
    }
    int sequence = symbols | 0x10 << from;
    long lifted = liftVertical(code, symbols, from);
    long head = code & HEAD_BITS;
    do {
      out[n++] = head | placeVertical(lifted, sequence, Integer.numberOfTrailingZeros(reach));
      reach &= reach - 1;
    } while (reach != 0);
    return n;
  }

  /** The moves of the 2x2 at {@code from}: its position is the head digit, it has no symbol. */
  private static int moveBlock(long code, int free, int symbols, int from, long[] out, int n) {
    int room = free | 0x33 << from;
    int valid = room & room >>> 1 & room >>> 4 & room >>> 5 & TOP_LEFTS_2X2;
    int start = 1 << from;
    int reach = fillInside(start | NEIGHBOURS[from] & valid, valid) ^ start;
    if (reach == 0) {
      return n;
    }
    int sequence = symbols | 0x33 << from;
    long lifted = liftBlock(code, symbols, from);
    do {
      int q = Integer.numberOfTrailingZeros(reach);
      reach &= reach - 1;
      out[n++] = (long) q << 32 | placeBlock(lifted, sequence, q);
    } while (reach != 0);
    return n;
  }

  private static final long HEAD_BITS = 0xFL << 32;

  /**
   * Writes the codes of the layouts that {@code code} becomes with one piece other than the 2x2
   * taken off (each such piece once, in no particular order) into {@code out} and returns how
   * many; {@code out} must hold 16. Each is legal (two more empty cells than needed at least) and
   * of a class with one piece fewer. A 1x1's {@code 11} becomes {@code 00}; a 1x2 or 2x1 is
   * lifted as for a move and not placed again.
   *
   * <pre>
   *   1A9BF0C00 (横刀立马) -> 9 layouts, one per piece: without the 1x1 at 13, 14, 16 or 19
   *   1A98F0C00 1A9B30C00 1A9BC0C00 1A9BF0000, the 1x2 at 9 1A82FC300, the 2x1 at 0, 3, 8 or 11
   *   1226FC300 1826FC300 1A18FC300 1A93CC300
   * </pre>
   */
  public int withoutEachPiece(long code, long[] out) {
    unpack(code);
    int symbols = empty | singles | horizontals | verticals;
    long head = code & HEAD_BITS;
    int n = 0;
    for (int rest = singles; rest != 0; rest &= rest - 1) {
      int i = slot(symbols, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ 3L << 30 - 2 * i;
    }
    for (int rest = horizontals; rest != 0; rest &= rest - 1) {
      out[n++] = head | liftHorizontal(code, symbols, Integer.numberOfTrailingZeros(rest)) >>> 32;
    }
    for (int rest = verticals; rest != 0; rest &= rest - 1) {
      out[n++] = head | liftVertical(code, symbols, Integer.numberOfTrailingZeros(rest)) >>> 32;
    }
    return n;
  }

  /**
   * The code's slots with the 1x2 at {@code from} lifted: its {@code 01} cleared and an empty slot
   * inserted for its right cell, so the slots are over {@code symbols | 2 << from}.
   */
  private static long liftHorizontal(long code, int symbols, int from) {
    int i = slot(symbols, from);
    return insert(code << 32 ^ 1L << 62 - 2 * i, i + 1);
  }

  /**
   * The code's low 32 bits with the lifted 1x2 placed at {@code q}: the slot of its right cell
   * deleted, {@code 01} written at q's. {@code sequence}: the cells of the lifted slots.
   */
  private static long placeHorizontal(long lifted, int sequence, int q) {
    int i = slot(sequence, q);
    return (delete(lifted, i + 1) ^ 1L << 62 - 2 * i) >>> 32;
  }

  /** As {@link #liftHorizontal} for the 2x1 at {@code from}, which also covers from + 4. */
  private static long liftVertical(long code, int symbols, int from) {
    int i = slot(symbols, from);
    return insert(code << 32 ^ 2L << 62 - 2 * i, slot(symbols | 0x10 << from, from + 4));
  }

  /** As {@link #placeHorizontal} for a 2x1. */
  private static long placeVertical(long lifted, int sequence, int q) {
    return (delete(lifted, slot(sequence, q + 4)) ^ 2L << 62 - 2 * slot(sequence, q)) >>> 32;
  }

  /** The 2x2 at {@code from} lifted: it has no symbol, so all four of its cells get empty slots. */
  private static long liftBlock(long code, int symbols, int from) {
    int i = slot(symbols, from);
    int j = slot(symbols | 0x33 << from, from + 4);
    return insert(insert(insert(insert(code << 32, i), i + 1), j), j + 1);
  }

  /** The lifted 2x2 placed at {@code q} (the head digit, not written here): four slots deleted. */
  private static long placeBlock(long lifted, int sequence, int q) {
    int i = slot(sequence, q);
    int j = slot(sequence, q + 4);
    return delete(delete(delete(delete(lifted, j + 1), j), i + 1), i) >>> 32;
  }

  /** Index of cell {@code cell}'s slot in a sequence over the cells of {@code sequence}. */
  private static int slot(int sequence, int cell) {
    return Integer.bitCount(sequence & ((1 << cell) - 1));
  }

  /** Inserts an empty slot at index i: slots i and after move one slot right. */
  private static long insert(long slots, int i) {
    return slots & ~(-1L >>> 2 * i) | slots >>> 2 & (-1L >>> 2 * i + 2);
  }

  /** Deletes the slot at index i: the slots after it move one slot left. */
  private static long delete(long slots, int i) {
    long before = ~(-1L >>> 2 * i);
    return slots & before | slots << 2 & ~before;
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

  /**
   * {@link #fill} for a {@code within} with no cell in column 3: a shift by one cell then never
   * wraps onto another row inside it, so no column masks are needed.
   */
  private static int fillInside(int start, int within) {
    int reach = start;
    int last;
    do {
      last = reach;
      reach = (reach | reach << 4 | reach >>> 4 | reach << 1 | reach >>> 1) & within;
    } while (reach != last);
    return reach;
  }

  /** The cells next to each cell, by cell. */
  private static final int[] NEIGHBOURS = new int[Pieces.CELLS];

  static {
    for (int c = 0; c < Pieces.CELLS; c++) {
      NEIGHBOURS[c] = grow(1 << c);
    }
  }

  /** Cells one unit slide away from a set of cells (top-left positions), staying on the board. */
  private static int grow(int cells) {
    return ((cells << 4) | (cells >>> 4) | ((cells << 1) & ~COLUMN_0) | ((cells >>> 1) & ~COLUMN_3))
        & Pieces.FULL;
  }

  private static final int COLUMN_0 = 0x11111;
  private static final int COLUMN_3 = 0x88888;

  /**
   * Writes the layouts one unit slide down or right from {@code code} into {@code out} and returns
   * how many: every undirected unit-slide edge is produced from exactly one of its two ends. Slides
   * to the right and slides of a 1x1 are xors of the code (see {@link #neighbours}).
   */
  public int slides(long code, long[] out) {
    unpack(code);
    int free = empty;
    int symbols = free | singles | horizontals | verticals;
    int before = symbols << 1; // see shiftOf
    int n = 0;
    for (int rest = singles & free >>> 1 & ~COLUMN_3; rest != 0; rest &= rest - 1) {
      int shift = shiftOf(before, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ ((3L << shift) | (3L << (shift - 2)));
    }
    for (int rest = singles & free >>> 4; rest != 0; rest &= rest - 1) {
      int p = Integer.numberOfTrailingZeros(rest);
      out[n++] = code ^ ((3L << shiftOf(before, p)) | (3L << shiftOf(before, p + 4)));
    }
    for (int rest = horizontals & free >>> 2 & COLUMNS_01; rest != 0; rest &= rest - 1) {
      int shift = shiftOf(before, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ ((1L << shift) | (1L << (shift - 2)));
    }
    for (int rest = verticals & free >>> 1 & free >>> 5 & ~COLUMN_3; rest != 0; rest &= rest - 1) {
      int shift = shiftOf(before, Integer.numberOfTrailingZeros(rest));
      out[n++] = code ^ ((2L << shift) | (2L << (shift - 2)));
    }
    int blockCells = Pieces.mask(Pieces.BLOCK, block);
    if ((block & 3) < 2 && (blockCells << 1 & ~blockCells & ~free) == 0) {
      out[n++] = (code & 0xFFFFFFFFL) | ((long) (block + 1) << 32);
    }
    // down: the code is edited as in neighbours (lift, then place one row lower)
    long head = code & HEAD_BITS;
    for (int rest = horizontals & free >>> 4 & free >>> 5; rest != 0; rest &= rest - 1) {
      int p = Integer.numberOfTrailingZeros(rest);
      out[n++] = head | placeHorizontal(liftHorizontal(code, symbols, p), symbols | 2 << p, p + 4);
    }
    for (int rest = verticals & free >>> 8; rest != 0; rest &= rest - 1) {
      int p = Integer.numberOfTrailingZeros(rest);
      out[n++] = head | placeVertical(liftVertical(code, symbols, p), symbols | 0x10 << p, p + 4);
    }
    if (block < 12 && (blockCells << 4 & ~blockCells & ~free) == 0) {
      int q = block + 4;
      out[n++] = (long) q << 32 | placeBlock(liftBlock(code, symbols, block), symbols | blockCells, q);
    }
    return n;
  }

  private static final int COLUMNS_01 = 0x33333;

  /**
   * The code of the left-right mirror image (SPEC 2), without allocating: each raw row is
   * reversed through a table that also moves the head of a 1x2 or 2x2 back to its left cell
   * (reversed, a head lands right of its own filled half).
   */
  public long mirror(long code) {
    unpackRaw(code);
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
    unpackRaw(code);
    int head = flipped(Pieces.BLOCK, block);
    return encode(flippedRaw(head), head);
  }

  /**
   * The codes of {@code code}'s images, from one unpack: {@code out[0]} the code itself,
   * {@code out[1]} its {@link #mirror}, {@code out[2]} its {@link #flip}, {@code out[3]} both
   * (the mirror of the flip): transform t's image at index t, as in {@code GroupGraph}.
   */
  public void images(long code, long[] out) {
    unpackRaw(code);
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
   * Code to kind masks, a row at a time through {@link #LANES_READ}: a row's cells covered from
   * above (by a 2x1's lower half or the 2x2) and the next four symbols of the code determine
   * everything the row holds and how many symbols it used. The row's empty cells, 1x1s and 1x2s
   * come in three 20-bit lanes of one long and are shifted into place together.
   */
  private void unpack(long code) {
    int head = (int) (code >>> 32);
    int range = (int) code;
    int blockCells = Pieces.mask(Pieces.BLOCK, head);
    long e = LANES_READ[(blockCells & 0xF) << 8 | range >>> 24];
    range <<= (int) (e >>> 8); // the shift count is bits 8-12 (Java uses the low 5 bits)
    int tall = (int) (e >>> 4) & 0xF;
    long lanes = e & LANES;
    int tallAll = tall;
    e = LANES_READ[(tall | (blockCells >>> 4 & 0xF)) << 8 | range >>> 24];
    range <<= (int) (e >>> 8);
    tall = (int) (e >>> 4) & 0xF;
    lanes |= (e & LANES) << 4;
    tallAll |= tall << 4;
    e = LANES_READ[(tall | (blockCells >>> 8 & 0xF)) << 8 | range >>> 24];
    range <<= (int) (e >>> 8);
    tall = (int) (e >>> 4) & 0xF;
    lanes |= (e & LANES) << 8;
    tallAll |= tall << 8;
    e = LANES_READ[(tall | (blockCells >>> 12 & 0xF)) << 8 | range >>> 24];
    range <<= (int) (e >>> 8);
    tall = (int) (e >>> 4) & 0xF;
    lanes |= (e & LANES) << 12;
    tallAll |= tall << 12;
    e = LANES_READ[(tall | (blockCells >>> 16 & 0xF)) << 8 | range >>> 24];
    lanes |= (e & LANES) << 16;
    block = head;
    empty = (int) lanes & Pieces.FULL;
    singles = (int) (lanes >>> 20) & Pieces.FULL;
    horizontals = (int) (lanes >>> 40);
    verticals = tallAll;
  }

  /** The three lanes of a {@link #LANES_READ} entry: empty cells, 1x1s, 1x2s of the row. */
  private static final long LANES = 0xFL | 0xFL << 20 | 0xFL << 40;
  /**
   * {@link #ROW_READ} rearranged, same index: empty cells at bits 0-3, 1x1s at 20-23, 1x2s at
   * 40-43 (the lanes), 2x1s at 4-7, twice the number of symbols used at 8-11.
   */
  private static final long[] LANES_READ = new long[16 << 8];

  /**
   * Code to raw bits (3 per cell, for {@link #encode}) and kind masks, a row at a time through
   * {@link #ROW_READ}; for the images, not the moves.
   */
  private void unpackRaw(long code) {
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

  static {
    for (int i = 0; i < LANES_READ.length; i++) {
      int r = ROW_READ[i]; // built above
      LANES_READ[i] = (long) (r >>> 12 & 0xF) | (long) (r >>> 16 & 0xF) << 20
          | (long) (r >>> 20 & 0xF) << 40 | (long) (r >>> 24 & 0xF) << 4 | (long) (r >>> 28) << 8;
    }
  }
}
