package klotskidb.enumerator;

/**
 * Geometry of the 4x5 board and of the four piece shapes, as precomputed cell masks.
 *
 * <p>A cell's address is {@code row * 4 + col} (0..19, row 0 at the top). A set of cells is an
 * int mask with bit {@code address} set. A piece is placed by its top-left cell:
 *
 * <pre>
 *   SINGLE      1x1   covers a
 *   HORIZONTAL  1x2   covers a, a+1        (needs col &lt; 3)
 *   VERTICAL    2x1   covers a, a+4        (needs row &lt; 4)
 *   BLOCK       2x2   covers a, a+1, a+4, a+5
 * </pre>
 */
public final class Pieces {
  public static final int ROWS = 5;
  public static final int COLS = 4;
  public static final int CELLS = 20;
  /** Mask of all 20 cells. */
  public static final int FULL = (1 << CELLS) - 1;

  public static final int SINGLE = 0;
  public static final int HORIZONTAL = 1;
  public static final int VERTICAL = 2;
  public static final int BLOCK = 3;

  private static final int[] WIDTH = {1, 2, 1, 2};
  private static final int[] HEIGHT = {1, 1, 2, 2};
  private static final String[] NAMES = {"1x1", "1x2", "2x1", "2x2"};
  private static final int[] MASK = new int[4 * CELLS];

  static {
    for (int t = 0; t < 4; t++) {
      for (int a = 0; a < CELLS; a++) {
        int row = a / COLS, col = a % COLS;
        if (col + WIDTH[t] > COLS || row + HEIGHT[t] > ROWS) {
          continue;
        }
        int m = 0;
        for (int dr = 0; dr < HEIGHT[t]; dr++) {
          for (int dc = 0; dc < WIDTH[t]; dc++) {
            m |= 1 << (a + dr * COLS + dc);
          }
        }
        MASK[t * CELLS + a] = m;
      }
    }
  }

  private Pieces() {}

  public static int width(int type) {
    return WIDTH[type];
  }

  public static int height(int type) {
    return HEIGHT[type];
  }

  /** "1x1", "1x2" (horizontal), "2x1" (vertical) or "2x2". */
  public static String name(int type) {
    return NAMES[type];
  }

  /** Whether a piece of this type with its top-left cell at {@code address} stays on the board. */
  public static boolean fits(int type, int address) {
    return address >= 0 && address < CELLS && MASK[type * CELLS + address] != 0;
  }

  /** The cells a piece covers, or 0 when it does not fit there. */
  public static int mask(int type, int address) {
    return MASK[type * CELLS + address];
  }

  /** The 2-bit code symbol of a piece type: 01 horizontal, 10 vertical, 11 single. */
  static int symbol(int type) {
    switch (type) {
      case HORIZONTAL: return 1;
      case VERTICAL: return 2;
      case SINGLE: return 3;
      default: throw new IllegalArgumentException("the 2x2 has no symbol");
    }
  }

  /** The piece type written by a non-empty 2-bit symbol. */
  static int typeOfSymbol(int symbol) {
    switch (symbol) {
      case 1: return HORIZONTAL;
      case 2: return VERTICAL;
      case 3: return SINGLE;
      default: throw new IllegalArgumentException("symbol 00 is an empty cell");
    }
  }
}
