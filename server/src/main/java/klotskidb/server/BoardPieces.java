package klotskidb.server;

import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Pieces;

/**
 * A board given as pieces, as the page's editor sends it to {@code GET /api/board}.
 *
 * <pre>
 *   BoardPieces.code("2x2@1,2x1@0,2x1@3,2x1@8,2x1@11,1x2@9,1x1@13,1x1@14,1x1@16,1x1@19")  ->  0x1A9BF0C00
 * </pre>
 */
final class BoardPieces {
  private BoardPieces() {}

  /**
   * The code of a board given as pieces, {@code 2x2@1,2x1@0,1x2@9,1x1@13,...} (kind and top-left
   * cell 0..19), checked by the same rules as a typed code: the reason of an illegal board is
   * the command line's.
   */
  static long code(String pieces) {
    String[] items = pieces.split(",", -1);
    if (items.length > 20) {
      throw new InputException("a board has at most 20 pieces, not " + items.length);
    }
    int[] types = new int[items.length];
    int[] cells = new int[items.length];
    for (int i = 0; i < items.length; i++) {
      String item = items[i].trim();
      int at = item.indexOf('@');
      int type = -1;
      for (int t = 0; at > 0 && t < 4; t++) {
        if (Pieces.name(t).equals(item.substring(0, at))) {
          type = t;
        }
      }
      String cell = at < 0 ? "" : item.substring(at + 1);
      if (type < 0 || !cell.matches("[0-9]{1,2}") || Integer.parseInt(cell) >= Pieces.CELLS) {
        throw new InputException("piece " + UserText.quote(item) + " is not KIND@CELL with KIND 2x2, "
            + "1x2, 2x1 or 1x1 and CELL 0 to 19");
      }
      types[i] = type;
      cells[i] = Integer.parseInt(cell);
    }
    return Board.of(types, cells).code();
  }
}
