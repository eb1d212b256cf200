package klotskidb.query;

import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;

/**
 * A solution as the page writes its moves: two letters a move, the cell of the moved piece's
 * top-left corner before and after (cells a to t, row by row: a b c d on the top row), the
 * notation of the page's links ({@code #l=...&m=...}).
 *
 * <pre>
 *   1A9BF0C00 -> 1A98FCC00: the 1x1 at n (cell 13) to r (cell 17)      "nr"
 *   MoveNotation.of(Solver.solve(0x1A9BF0C00L))                          "nrtslpjkij..." 81 pairs
 * </pre>
 */
public final class MoveNotation {
  private static final String LETTERS = "abcdefghijklmnopqrst";

  private MoveNotation() {}

  /** The moves of a path of layouts a step apart, two letters each. */
  public static String of(long[] path) {
    StringBuilder s = new StringBuilder();
    for (int i = 1; i < path.length; i++) {
      int[] m = move(path[i - 1], path[i]);
      s.append(LETTERS.charAt(m[0])).append(LETTERS.charAt(m[1]));
    }
    return s.toString();
  }

  /** The cells {from, to} of the piece that moves between two layouts a step apart. */
  static int[] move(long a, long b) {
    Board x = Board.of(a);
    Board y = Board.of(b);
    int from = -1;
    int to = -1;
    for (int p = 0; p < x.pieceCount(); p++) {
      if (!has(y, x.type(p), x.address(p))) {
        from = x.address(p);
        for (int q = 0; q < y.pieceCount(); q++) {
          if (y.type(q) == x.type(p) && !has(x, y.type(q), y.address(q))) {
            to = y.address(q);
          }
        }
      }
    }
    if (from < 0 || to < 0) {
      throw new IllegalArgumentException("not a step apart: " + Code.format(a) + " and "
          + Code.format(b));
    }
    return new int[] {from, to};
  }

  private static boolean has(Board b, int type, int address) {
    for (int p = 0; p < b.pieceCount(); p++) {
      if (b.type(p) == type && b.address(p) == address) {
        return true;
      }
    }
    return false;
  }
}
