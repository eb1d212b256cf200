package klotskidb.enumerator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import klotskidb.testing.Parallel;
import klotskidb.testing.Published;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Properties over all 29,334,498 layouts, and counts against the published tables. */
class AllLayoutsTest {
  private static AllLayouts all;

  @BeforeAll
  static void build() {
    all = EveryLayout.all();
  }

  @Test
  void thereAreExactlyTheSpecsNumberOfLayouts() {
    assertEquals(29_334_498, all.size());
    assertEquals(0, all.headStart(0));
    assertEquals(all.size(), all.headStart(AllLayouts.HEADS));
  }

  @Test
  void codesStrictlyIncreaseAndRoundTripThroughTheirId() {
    long bad = Parallel.sum(all.size(), () -> null, (none, from, to) -> {
      long wrong = 0;
      long previous = from == 0 ? -1 : all.code(from - 1);
      for (int id = from; id < to; id++) {
        long code = all.code(id);
        wrong += code > previous && all.id(code) == id ? 0 : 1;
        previous = code;
      }
      return wrong;
    });
    assertEquals(0, bad);
    assertEquals(0x1A9BF0C00L, all.code(all.id(0x1A9BF0C00L)));
  }

  /**
   * Near-misses of legal codes (one symbol replaced, or one bit flipped): the rank walk, which
   * sums a marker for a misfit piece instead of testing each step, accepts exactly those that the
   * rule-by-rule check accepts, and ranks each accepted one at its place in the list.
   */
  @Test
  void rankAcceptsExactlyTheLegalNearMissesOfLegalCodes() {
    Random random = TestSeed.random("AllLayoutsTest.rankAcceptsExactlyTheLegalNearMissesOfLegalCodes");
    int legal = 0;
    for (int i = 0; i < 600_000; i++) {
      long code = all.code(random.nextInt(all.size()));
      long value;
      if (i % 2 == 0) {
        int shift = 2 * random.nextInt(16);
        value = code & ~(3L << shift) | ((long) random.nextInt(4) << shift);
      } else {
        value = code ^ (1L << random.nextInt(36));
      }
      int id = all.id(value);
      boolean isLegal = Code.problem(value) == null;
      assertEquals(isLegal, id >= 0, () -> Code.format(value));
      if (isLegal) {
        legal++;
        assertEquals(value, all.code(id), () -> Code.format(value));
      }
    }
    assertTrue(legal > 30_000, "the sample should hold legal codes too, had " + legal);
  }

  @Test
  void classSizesEqualThePublishedTables() {
    long[] perClass = new long[LayoutClass.COUNT];
    long[] perJiangBing = new long[LayoutClass.JIANG_BING_COUNT];
    for (int id = 0; id < all.size(); id++) {
      long code = all.code(id);
      perClass[LayoutClass.of(code)]++;
      perJiangBing[LayoutClass.jiangBingIndex(LayoutClass.jiang(code), LayoutClass.bing(code))]++;
    }
    List<long[]> styles = Published.numbers("style_count.tsv");
    assertEquals(LayoutClass.COUNT, styles.size());
    for (long[] row : styles) {
      int c = LayoutClass.index((int) row[0], (int) row[1], (int) row[2]);
      assertEquals(row[3], perClass[c], "class " + LayoutClass.name(c));
    }
    List<long[]> jiangBing = Published.numbers("jiang_bing_count.tsv");
    assertEquals(LayoutClass.JIANG_BING_COUNT, jiangBing.size());
    for (long[] row : jiangBing) {
      assertEquals(row[2], perJiangBing[LayoutClass.jiangBingIndex((int) row[0], (int) row[1])],
          "jiang-bing " + row[0] + "-" + row[1]);
    }
    // "standard" layouts: five two-cell pieces and four 1x1
    assertEquals(363_480, perJiangBing[LayoutClass.jiangBingIndex(5, 4)]);
    assertEquals(29_334_498 - 363_480, all.size() - perJiangBing[LayoutClass.jiangBingIndex(5, 4)]);
  }

  @Test
  @Tag("slow")
  void everyLayoutDecodesAndEncodesBackAndMirrorsAndFlipsTwiceToItself() {
    long symmetric = Parallel.sum(all.size(), Mover::new, (mover, from, to) -> {
      long same = 0;
      long[] images = new long[4];
      for (int id = from; id < to; id++) {
        long code = all.code(id);
        Board board = Board.of(code);
        int[] types = new int[board.pieceCount()];
        int[] at = new int[board.pieceCount()];
        for (int p = 0; p < types.length; p++) {
          types[p] = board.type(p);
          at[p] = board.address(p);
        }
        if (Board.encode(types, at) != code) {
          throw new AssertionError("decode/encode changed " + Code.format(code));
        }
        long mirror = board.mirror().code(); // encode checks that it is legal
        if (mover.mirror(code) != mirror) {
          throw new AssertionError("fast mirror of " + Code.format(code));
        }
        // the Board's mirror and flip equal the mover's on every layout (here), so the twice-applied
        // images are the mover's: the same check, without four more boards a layout
        if (all.id(mirror) < 0 || mover.mirror(mirror) != code) {
          throw new AssertionError("mirror of mirror of " + Code.format(code));
        }
        if (LayoutClass.of(mirror) != LayoutClass.of(code)) {
          throw new AssertionError("mirror changed the class of " + Code.format(code));
        }
        long flip = board.flip().code();
        if (mover.flip(code) != flip || all.id(flip) < 0 || mover.flip(flip) != code
            || LayoutClass.of(flip) != LayoutClass.of(code)) {
          throw new AssertionError("flip of " + Code.format(code));
        }
        mover.images(code, images);
        if (images[0] != code || images[1] != mirror || images[2] != flip || images[3] != mover.flip(mirror)) {
          throw new AssertionError("images of " + Code.format(code));
        }
        same += mirror == code ? 1 : 0;
      }
      return same;
    });
    // the exact symmetry count quoted for the HRD_Database main.csv (its legacy rule gives 13,618)
    assertEquals(11_634, symmetric);
  }

  @Test
  void headSlicesHoldTheirHeadDigit() {
    int[] expected = {0x0, 0x1, 0x2, 0x4, 0x5, 0x6, 0x8, 0x9, 0xA, 0xC, 0xD, 0xE};
    assertArrayEquals(expected, IntStream.range(0, AllLayouts.HEADS).map(AllLayouts::headDigit).toArray());
    for (int h = 0; h < AllLayouts.HEADS; h++) {
      assertEquals(expected[h], Code.head(all.code(all.headStart(h))));
      assertEquals(expected[h], Code.head(all.code(all.headStart(h + 1) - 1)));
    }
  }
}
