package klotskidb.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.TreeSet;
import klotskidb.testing.SameAsReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Moves of known layouts, and a seeded sample against the plain reference. Every move of all
 * 29,334,498 layouts (legal, same class, reversible, none twice, 402,258,220 in all) is checked
 * in the full database's test, in its one pass over every move with the layers' distances
 * ({@code FullDatabaseTest}).
 */
class MoverTest {
  private static AllLayouts all;

  @BeforeAll
  static void build() {
    all = EveryLayout.all();
  }

  private static TreeSet<String> neighbours(String code) {
    long[] out = new long[Mover.MAX_NEIGHBOURS];
    int n = new Mover().neighbours(Code.parse(code), out);
    TreeSet<String> set = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      set.add(Code.format(out[i]));
    }
    assertEquals(n, set.size(), "no neighbour twice");
    return set;
  }

  @Test
  void classicStartHasEightMovesIncludingRoundTheCorner() {
    // the gap is cells 17 and 18; each of the 1x1 at 13, 14, 16, 19 reaches both gap cells,
    // 13 -> 18 and 14 -> 17 go down and then sideways, round a corner.
    assertEquals(new TreeSet<>(Arrays.asList(
        "1A98FCC00", // 13 -> 17
        "1A98F3C00", // 13 -> 17 -> 18
        "1A9B3CC00", // 14 -> 18 -> 17
        "1A9B33C00", // 14 -> 18
        "1A9BCCC00", // 16 -> 17
        "1A9BC3C00", // 16 -> 17 -> 18
        "1A9BFC000", // 19 -> 18 -> 17
        "1A9BF3000"  // 19 -> 18
    )), neighbours("1A9BF0C00"));
  }

  @Test
  void aHorizontalPieceSlidingDownIsTheMoverDocExample() {
    // VBBV / vBBv / VHhV / v__v / oooo: the gap is cells 13 and 14. The 1x2 at 9 slides down
    // (symbols 10 10 10 01 10 00 00 11 11 11 11 -> 10 10 10 00 00 10 01 11 11 11 11); the 1x1s at
    // 17 and 18 each reach both gap cells; the 2x1s at 8 and 11 are boxed in.
    assertEquals(new TreeSet<>(Arrays.asList(
        "1A827FC00", // 1x2 9 -> 13
        "1A9B33C00", // 17 -> 13
        "1A98F3C00", // 17 -> 13 -> 14
        "1A9B3CC00", // 18 -> 14 -> 13
        "1A98FCC00"  // 18 -> 14
    )), neighbours("1A983FC00"));
  }

  @Test
  void aLoneBlockReachesEveryOtherPosition() {
    assertEquals(new TreeSet<>(Arrays.asList("100000000", "200000000", "400000000", "500000000",
        "600000000", "800000000", "900000000", "A00000000", "C00000000", "D00000000", "E00000000")),
        neighbours("000000000"));
  }

  @Test
  void aHorizontalPieceSlidesAlongItsRowOnly() {
    // 2x2 at 0, a 1x2 at 2 (cells 2-3), everything else empty except 1x1 at 6 and 7
    // walk: 2:01, 6:11, 7:11, then 12 empty cells -> range 01 11 11 00...
    // the 1x2 cannot move (1x1 below it, 2x2 left); the 1x1 at 6 and 7 move into the open rows
    TreeSet<String> n = neighbours("07C000000");
    for (String c : n) {
      Board b = Board.of(Code.parse(c));
      assertEquals(Pieces.HORIZONTAL, b.typeAt(2), c + ": the 1x2 is boxed in");
      assertEquals(Pieces.HORIZONTAL, b.typeAt(3), c);
    }
    // the 2x2 goes down to 4, 8, 12 and from there right to 9, 10, 13, 14 (not to 1 or 5: the
    // 1x2 and the 1x1 at 6 are in the way); each 1x1 reaches all 12 empty cells of rows 2 to 4
    assertEquals(7 + 12 + 12, n.size());
    // 2x2 at 10 (A); walk 0:00 1:00 2:01 4:00 5:00 6:11 7:11, rest empty -> 043C0000
    assertTrue(n.contains("A043C0000"), "2x2 down two rows and right two columns");
  }

  @Test
  void aVerticalPieceGoingRoundAnotherChangesTheOrderOfSymbols() {
    // 2x2 at 0; rows 0-3 empty but for a 2x1 at 15 (cells 15, 19); row 4: empty 16, 17, 1x1 at 18.
    // The 2x1 goes up, left two columns and down again to 13: in row 4 the empty cell it
    // uncovers (19) now comes after the 1x1, so the code's symbols reorder, not just flip.
    TreeSet<String> n = neighbours("00000020C");
    assertTrue(n.contains("000002030"), "2x1 from 15 round the 1x1 at 18 to 13");
    assertTrue(n.contains("000020030"), "2x1 from 15 to 11, one up");
    assertTrue(!n.contains("00000200C"), "the 1x1 stays at 18");
    assertEquals(referenceNeighbours(Code.parse("00000020C")).size(), n.size());
  }

  /** Reference moves: lift a piece, walk its positions one unit slide at a time with Board checks. */
  private static TreeSet<Long> referenceNeighbours(long code) {
    Board board = Board.of(code);
    TreeSet<Long> out = new TreeSet<>();
    int[] types = new int[board.pieceCount()];
    int[] at = new int[board.pieceCount()];
    for (int p = 0; p < types.length; p++) {
      types[p] = board.type(p);
      at[p] = board.address(p);
    }
    for (int p = 0; p < types.length; p++) {
      int others = ~board.emptyCells() & Pieces.FULL & ~Pieces.mask(types[p], at[p]);
      boolean[] seen = new boolean[Pieces.CELLS];
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      seen[at[p]] = true;
      queue.add(at[p]);
      while (!queue.isEmpty()) {
        int u = queue.poll();
        int[][] steps = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int[] s : steps) {
          int row = u / 4 + s[0];
          int col = u % 4 + s[1];
          if (row < 0 || row > 4 || col < 0 || col > 3) {
            continue;
          }
          int q = row * 4 + col;
          if (seen[q] || !Pieces.fits(types[p], q) || (Pieces.mask(types[p], q) & others) != 0) {
            continue;
          }
          seen[q] = true;
          queue.add(q);
          int[] moved = at.clone();
          moved[p] = q;
          out.add(Board.encode(types, moved));
        }
      }
    }
    return out;
  }

  @Test
  void movesEqualTheReferenceOnASeededSample() {
    Mover mover = new Mover();
    long[] buffer = new long[Mover.MAX_NEIGHBOURS];
    SameAsReference.check("Mover.neighbours", 30_000, random -> all.code(random.nextInt(all.size())),
        code -> {
          int n = mover.neighbours(code, buffer);
          TreeSet<Long> fast = new TreeSet<>();
          for (int k = 0; k < n; k++) {
            fast.add(buffer[k]);
          }
          assertEquals(n, fast.size(), "no move twice: " + Code.format(code));
          // unit slides down and right are moves
          int s = mover.slides(code, buffer);
          for (int k = 0; k < s; k++) {
            assertTrue(fast.contains(buffer[k]), "slide of " + Code.format(code));
          }
          return fast;
        }, MoverTest::referenceNeighbours, Code::format);
  }
}
