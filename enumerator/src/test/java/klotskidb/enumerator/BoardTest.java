package klotskidb.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;
import klotskidb.testing.SameAsReference;
import org.junit.jupiter.api.Test;

class BoardTest {
  /** Type at each cell, row by row: B 2x2, H 1x2, V 2x1, S 1x1, '.' empty. */
  private static String grid(Board b) {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < Pieces.CELLS; c++) {
      sb.append(".SHVB".charAt(b.typeAt(c) + 1));
      if (c % 4 == 3 && c < 19) {
        sb.append('/');
      }
    }
    return sb.toString();
  }

  @Test
  void classicStartDecodesAsTheSpecDescribes() {
    Board b = Board.of(Code.parse("1A9BF0C00"));
    // 2x2 top middle, vertical pieces at 0, 3, 8, 11, horizontal at 9, 1x1 at 13, 14, 16, 19
    assertEquals("VBBV/VBBV/VHHV/VSSV/S..S", grid(b));
    assertEquals(10, b.pieceCount());
    assertEquals((1 << 17) | (1 << 18), b.emptyCells());
    assertEquals(Pieces.BLOCK, b.type(0));
    assertEquals(1, b.address(0));
    assertEquals(b.pieceAt(0), b.pieceAt(4), "a vertical piece covers 0 and 4");
    assertEquals(b.pieceAt(9), b.pieceAt(10), "a horizontal piece covers 9 and 10");
  }

  /** The cells of a code read without a board are the board's, on a seeded sample of all layouts. */
  @Test
  void typesByCellAreTheBoardsCells() {
    AllLayouts all = EveryLayout.all();
    int[] cells = new int[Pieces.CELLS];
    SameAsReference.check("Board.typesByCell", 200_000,
        random -> all.code(random.nextInt(all.size())), code -> {
          Board.typesByCell(code, cells);
          return Arrays.stream(cells).boxed().toList();
        }, code -> {
          Board b = Board.of(code);
          return IntStream.range(0, Pieces.CELLS).map(b::typeAt).boxed().toList();
        }, Code::format);
  }

  @Test
  void theOtherSpecExamplesDecode() {
    // 4FEA134: 2x2 at 4; 5DC02F8: 2x2 at 5 with empty cells on both sides
    assertEquals("SSSV/BBVV/BBVV/.HHV/.SHH", grid(Board.of(Code.parse("4FEA13400"))));
    assertEquals("SHHS/.BB./.BB./VSSV/V..V", grid(Board.of(Code.parse("5DC02F800"))));
  }

  @Test
  void drawingOutlinesPiecesAndDotsEmptyCells() {
    String expected = String.join("\n",
        "+---+-------+---+",
        "|   |       |   |",
        "|   |       |   |",
        "|   |       |   |",
        "+---+-------+---+",
        "|   |       |   |",
        "|   +---+---+   |",
        "|   |   |   |   |",
        "+---+---+---+---+",
        "|   | . | . |   |",
        "+---+---+---+---+",
        "");
    assertEquals(expected, Board.of(0x1A9BF0C00L).draw());
  }

  @Test
  void encodeFromPiecesGivesTheCode() {
    int[] types = {Pieces.BLOCK, Pieces.VERTICAL, Pieces.VERTICAL, Pieces.VERTICAL, Pieces.VERTICAL,
        Pieces.HORIZONTAL, Pieces.SINGLE, Pieces.SINGLE, Pieces.SINGLE, Pieces.SINGLE};
    int[] at = {1, 0, 3, 8, 11, 9, 13, 14, 16, 19};
    assertEquals(0x1A9BF0C00L, Board.of(types, at).code());
    assertThrows(IllegalArgumentException.class,
        () -> Board.of(new int[] {Pieces.BLOCK, Pieces.HORIZONTAL}, new int[] {0, 3}));
    assertThrows(IllegalArgumentException.class,
        () -> Board.of(new int[] {Pieces.BLOCK, Pieces.SINGLE}, new int[] {0, 5}));
    assertThrows(IllegalArgumentException.class,
        () -> Board.of(new int[] {Pieces.SINGLE}, new int[] {0}));
  }

  @Test
  void mirrorReflectsColumns() {
    assertTrue(Board.isSymmetric(0x1A9BF0C00L));
    long code = Code.parse("4FEA13400");
    assertFalse(Board.isSymmetric(code));
    Board m = Board.of(code).mirror();
    assertEquals("VSSS/VVBB/VVBB/VHH./HHS.", grid(m));
    assertEquals(code, Board.mirror(m.code()));
  }

  @Test
  void flipReflectsRows() {
    Board f = Board.of(0x1A9BF0C00L).flip();
    assertEquals(Board.of(0x1A9BF0C00L).mirror().flip().code(), f.mirror().code());
    assertEquals(0x1A9BF0C00L, f.flip().code());
    // the 2x2 goes from the top middle to the bottom middle: a solved layout
    assertEquals(0xD, f.code() >>> 32);
    assertEquals("S..S/VSSV/VHHV/VBBV/VBBV", grid(f));
  }
}
