package klotskidb.enumerator;

import java.util.Arrays;
import klotskidb.base.InputException;

/**
 * A layout as a 4x5 grid of pieces: decoded from a code, encoded back, drawn, mirrored.
 *
 * <pre>
 *   Board.of(0x1A9BF0C00L).draw()       the classic start 横刀立马
 *   +---+-------+---+
 *   |   |       |   |       vertical 2x1 at 0, 3, 8, 11; the 2x2 at 1;
 *   |   |       |   |       horizontal 1x2 at 9; 1x1 at 13, 14, 16, 19;
 *   |   |       |   |       empty cells 17 and 18 drawn as dots
 *   +---+-------+---+
 *   |   |       |   |
 *   |   +---+---+   |
 *   |   |   |   |   |
 *   +---+---+---+---+
 *   |   | . | . |   |
 *   +---+---+---+---+
 * </pre>
 *
 * For reading and drawing one layout at a time; the hot paths ({@link Mover}, {@link AllLayouts})
 * never build boards.
 */
public final class Board {
  private final long code;
  /** Per piece: type and top-left address; piece 0 is the 2x2. */
  private final int[] types;
  private final int[] addresses;
  /** Per cell: the piece covering it, -1 when empty; made when first asked for (most boards never are). */
  private int[] owner;

  private Board(long code, int[] types, int[] addresses) {
    this.code = code;
    this.types = types;
    this.addresses = addresses;
  }

  private int[] owner() {
    if (owner == null) {
      int[] o = new int[Pieces.CELLS];
      Arrays.fill(o, -1);
      for (int p = 0; p < types.length; p++) {
        int cells = Pieces.mask(types[p], addresses[p]);
        for (int c = 0; c < Pieces.CELLS; c++) {
          if ((cells >>> c & 1) != 0) {
            o[c] = p;
          }
        }
      }
      owner = o;
    }
    return owner;
  }

  /**
   * Decodes a code.
   *
   * @throws IllegalCodeException when it is not the code of a legal layout
   */
  public static Board of(long code) {
    Code.check(code);
    int[] types = new int[16];
    int[] addresses = new int[16];
    int n = 0;
    types[n] = Pieces.BLOCK;
    addresses[n++] = Code.head(code);
    int occupied = Pieces.mask(Pieces.BLOCK, Code.head(code));
    int range = Code.range(code);
    for (int shift = 30; occupied != Pieces.FULL; shift -= 2) {
      int cell = Integer.numberOfTrailingZeros(~occupied);
      int symbol = (range >>> shift) & 3;
      if (symbol == 0) {
        occupied |= 1 << cell;
      } else {
        int type = Pieces.typeOfSymbol(symbol);
        types[n] = type;
        addresses[n++] = cell;
        occupied |= Pieces.mask(type, cell);
      }
    }
    return new Board(code, Arrays.copyOf(types, n), Arrays.copyOf(addresses, n));
  }

  /**
   * The type of the piece covering each of the 20 cells of a legal code ({@code -1}: empty), into
   * {@code out}: the walk of {@link #of(long)} with nothing made, for scans over every layout
   * (main.csv's symmetry column). Not checked: give it codes that are legal. It walks the code
   * itself rather than sharing {@code of}'s walk into piece lists: two scratch lists a call made
   * main.csv's export slower (BENCHMARKS.md, row "`export --format all-cases`").
   */
  public static void typesByCell(long code, int[] out) {
    Arrays.fill(out, 0, Pieces.CELLS, -1);
    int occupied = Pieces.mask(Pieces.BLOCK, Code.head(code));
    fill(out, occupied, Pieces.BLOCK);
    int range = Code.range(code);
    for (int shift = 30; occupied != Pieces.FULL; shift -= 2) {
      int cell = Integer.numberOfTrailingZeros(~occupied);
      int symbol = (range >>> shift) & 3;
      if (symbol == 0) {
        occupied |= 1 << cell;
      } else {
        int type = Pieces.typeOfSymbol(symbol);
        int cells = Pieces.mask(type, cell);
        fill(out, cells, type);
        occupied |= cells;
      }
    }
  }

  private static void fill(int[] out, int cells, int type) {
    for (int m = cells; m != 0; m &= m - 1) {
      out[Integer.numberOfTrailingZeros(m)] = type;
    }
  }

  /**
   * Builds a board from pieces and encodes it: exactly one 2x2, no overlap, at least two cells
   * empty.
   *
   * @param types piece types ({@link Pieces#SINGLE} ...)
   * @param addresses the top-left cell of each piece
   * @throws IllegalArgumentException when the pieces do not make a legal layout
   */
  public static Board of(int[] types, int[] addresses) {
    if (types.length != addresses.length) {
      throw new IllegalArgumentException("types and addresses differ in length");
    }
    return of(encode(types, addresses));
  }

  /** Encodes pieces by the code walk of SPEC 2. */
  static long encode(int[] types, int[] addresses) {
    int[] at = new int[Pieces.CELLS];
    Arrays.fill(at, -1);
    int occupied = 0;
    int block = -1;
    for (int p = 0; p < types.length; p++) {
      int cells = Pieces.fits(types[p], addresses[p]) ? Pieces.mask(types[p], addresses[p]) : 0;
      if (cells == 0) {
        throw new InputException("a " + Pieces.name(types[p]) + " at " + addresses[p]
            + " leaves the board");
      }
      if ((cells & occupied) != 0) {
        throw new InputException("the " + Pieces.name(types[p]) + " at " + addresses[p]
            + " overlaps another piece");
      }
      occupied |= cells;
      if (types[p] == Pieces.BLOCK) {
        if (block >= 0) {
          throw new InputException("more than one 2x2");
        }
        block = addresses[p];
      } else {
        at[addresses[p]] = types[p];
      }
    }
    if (block < 0) {
      throw new InputException("no 2x2");
    }
    int range = 0;
    int shift = 30;
    int covered = Pieces.mask(Pieces.BLOCK, block);
    for (int c = 0; c < Pieces.CELLS; c++) {
      if ((covered >>> c & 1) != 0) {
        continue;
      }
      int symbol = at[c] < 0 ? 0 : Pieces.symbol(at[c]);
      covered |= at[c] < 0 ? 1 << c : Pieces.mask(at[c], c);
      range |= symbol << shift;
      shift -= 2;
    }
    long code = Code.of(block, range);
    Code.check(code);
    return code;
  }

  public long code() {
    return code;
  }

  public int pieceCount() {
    return types.length;
  }

  public int type(int piece) {
    return types[piece];
  }

  public int address(int piece) {
    return addresses[piece];
  }

  /** The piece covering a cell, or -1 when the cell is empty. */
  public int pieceAt(int cell) {
    return owner()[cell];
  }

  /** The type of the piece covering a cell, or -1 when it is empty. */
  public int typeAt(int cell) {
    int p = owner()[cell];
    return p < 0 ? -1 : types[p];
  }

  /** Mask of the empty cells. */
  public int emptyCells() {
    int m = 0;
    for (int c = 0; c < Pieces.CELLS; c++) {
      if (owner()[c] < 0) {
        m |= 1 << c;
      }
    }
    return m;
  }

  /** The left-right reflection: column c goes to 3 - c, pieces keep their shape. */
  public Board mirror() {
    int[] mirrored = new int[types.length];
    for (int p = 0; p < types.length; p++) {
      int row = addresses[p] / Pieces.COLS;
      int col = addresses[p] % Pieces.COLS;
      mirrored[p] = row * Pieces.COLS + (Pieces.COLS - col - Pieces.width(types[p]));
    }
    return new Board(encode(types, mirrored), types, mirrored);
  }

  /**
   * The top-bottom reflection: row r goes to 4 - r, pieces keep their shape. Like the mirror it
   * maps moves to moves, so it preserves distances (not solved layouts: the 2x2 goes to the top).
   */
  public Board flip() {
    int[] flipped = new int[types.length];
    for (int p = 0; p < types.length; p++) {
      int row = addresses[p] / Pieces.COLS;
      int col = addresses[p] % Pieces.COLS;
      flipped[p] = (Pieces.ROWS - row - Pieces.height(types[p])) * Pieces.COLS + col;
    }
    return new Board(encode(types, flipped), types, flipped);
  }

  /** The code of a layout's mirror image. */
  public static long mirror(long code) {
    return of(code).mirror().code();
  }

  /** Whether a layout equals its mirror image. */
  public static boolean isSymmetric(long code) {
    return mirror(code) == code;
  }

  /** ASCII drawing: pieces outlined, empty cells marked with a dot (see the class comment). */
  public String draw() {
    StringBuilder sb = new StringBuilder();
    for (int row = 0; row <= Pieces.ROWS; row++) {
      // the line above row `row`: corners and horizontal edges
      for (int col = 0; col <= Pieces.COLS; col++) {
        sb.append(corner(row, col));
        if (col < Pieces.COLS) {
          sb.append(splitVertically(row, col) ? "---" : "   ");
        }
      }
      sb.append('\n');
      if (row == Pieces.ROWS) {
        break;
      }
      for (int col = 0; col <= Pieces.COLS; col++) {
        sb.append(splitHorizontally(row, col) ? '|' : ' ');
        if (col < Pieces.COLS) {
          sb.append(owner()[row * Pieces.COLS + col] < 0 ? " . " : "   ");
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Id of whatever is at (row, col): a piece index, a distinct value per empty cell, or the edge. */
  private int at(int row, int col) {
    if (row < 0 || row >= Pieces.ROWS || col < 0 || col >= Pieces.COLS) {
      return Integer.MIN_VALUE;
    }
    int cell = row * Pieces.COLS + col;
    int p = owner()[cell];
    return p >= 0 ? p : -1 - cell;
  }

  /** Edge between (row - 1, col) and (row, col). */
  private boolean splitVertically(int row, int col) {
    return at(row - 1, col) != at(row, col);
  }

  /** Edge between (row, col - 1) and (row, col). */
  private boolean splitHorizontally(int row, int col) {
    return at(row, col - 1) != at(row, col);
  }

  /** '+' where edges turn or cross, '-' or '|' where one edge runs straight through. */
  private char corner(int row, int col) {
    boolean across = splitVertically(row, col - 1) || splitVertically(row, col);
    boolean down = splitHorizontally(row - 1, col) || splitHorizontally(row, col);
    return across && down ? '+' : across ? '-' : down ? '|' : ' ';
  }

  @Override
  public String toString() {
    return Code.format(code);
  }
}
