package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import klotskidb.db.CaseRecord;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.layerer.Solver;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/**
 * The sheet's moves read back to their solutions, as the page reads a link's moves: from each
 * layout, the one move whose piece goes from the first letter's cell to the second's; and the
 * sheet the same bytes for the same puzzles, every puzzle and every board it promises there.
 */
class PuzzleSheetTest {
  /** The layouts a notation leads to from {@code start}, each move found among the moves of the layout before. */
  private static long[] replay(long start, String moves) {
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    long[] path = new long[moves.length() / 2 + 1];
    path[0] = start;
    for (int k = 0; k < moves.length(); k += 2) {
      long at = path[k / 2];
      int n = mover.neighbours(at, next);
      long found = -1;
      for (int i = 0; i < n; i++) {
        String m = MoveNotation.of(new long[] {at, next[i]});
        if (m.equals(moves.substring(k, k + 2))) {
          assertEquals(-1, found, "one move a pair of letters at " + Code.format(at));
          found = next[i];
        }
      }
      assertTrue(found >= 0, moves.substring(k, k + 2) + " is no move of " + Code.format(at));
      path[k / 2 + 1] = found;
    }
    return path;
  }

  @Test
  void theMovesOfSolutionsReadBackToThem() {
    long[] classic = Solver.solve(0x1A9BF0C00L);
    String moves = MoveNotation.of(classic);
    assertEquals(162, moves.length());
    assertTrue(moves.startsWith("nr"), moves); // 1A9BF0C00 -> 1A98FCC00: the 1x1 at n (13) to r (17)
    assertArrayEquals(classic, replay(0x1A9BF0C00L, moves));
    Random random = TestSeed.random("PuzzleSheetTest.theMovesOfSolutionsReadBackToThem");
    for (int k = 0; k < 60; k++) {
      long code = AllLayouts.codeOfId(random.nextInt(AllLayouts.COUNT));
      long[] path = Solver.solve(code);
      if (path != null) {
        assertArrayEquals(path, replay(code, MoveNotation.of(path)), Code.format(code));
      }
    }
  }

  @Test
  void theSheetHoldsEveryPuzzleAndIsTheSameForTheSameQuestion() throws Exception {
    List<PuzzleSheet.Puzzle> puzzles = new ArrayList<>();
    long[] codes = {0x1A9BF0C00L, 0x0E83ABC00L}; // 横刀立马, 81 steps; an unsolvable one
    for (long code : codes) {
      CaseRecord c = new CaseRecord(code, AllLayouts.rank(code), 5, 4, 1, 1, 7472, 26, code == codes[0] ? 81 : -1,
          true, false, true, code == codes[0] ? 256 : 0, 9991, 9964);
      puzzles.add(new PuzzleSheet.Puzzle(c, Solver.solve(code)));
    }
    for (String lang : List.of("en", "zh")) {
      ByteArrayOutputStream a = new ByteArrayOutputStream();
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      PuzzleSheet.write(puzzles, "Two <puzzles>", "a question & more", lang, a);
      PuzzleSheet.write(puzzles, "Two <puzzles>", "a question & more", lang, b);
      assertArrayEquals(a.toByteArray(), b.toByteArray(), "the same bytes");
      String html = a.toString(StandardCharsets.UTF_8);
      assertTrue(html.startsWith("<!DOCTYPE html>\n<html lang=\"" + lang + "\">"), html);
      assertTrue(html.contains("<title>Two &lt;puzzles&gt;</title>") && html.contains("a question &amp; more"));
      assertTrue(html.contains("<b>1. 横刀立马</b><br>1A9BF0C00 · @4WVE1<br>"), html);
      assertTrue(html.contains("<b>2. 0E83ABC00</b><br>@"), html);
      assertTrue(html.contains(lang.equals("zh") ? "81 步 · 256 种最优解法 · 很难" : "81 steps · 256 optimal solutions · very hard"));
      // two boards on the sheet, and the classic's solution boards at 0, 10, ..., 80 and 81
      assertEquals(2 + 10, html.split("<svg ").length - 1);
      assertTrue(html.contains("<br>80</span><span>") && html.contains("<br>81</span>"), "the last board");
      assertTrue(html.contains(lang.equals("zh") ? "2. 0E83ABC00：无解" : "2. 0E83ABC00: no solution"));
      assertTrue(html.contains(String.join(" ", MoveNotation.of(puzzles.get(0).solution()).substring(0, 20)
          .split("(?<=\\G..)"))), "the moves, two letters each");
    }
  }
}
