package klotskidb.enumerator;

import java.util.stream.IntStream;

/**
 * Every legal layout in code order, with id = rank (SPEC 2), held as one {@code int[]} of ranges
 * (117 MB) plus the first id of each of the twelve 2x2 positions.
 *
 * <pre>
 *   AllLayouts all = AllLayouts.build();
 *   all.size()                     29,334,498
 *   all.code(0)                    0x000000000... the first legal code
 *   all.id(Code.parse("1A9BF0C"))  the rank of the classic start
 *   all.code(all.id(c)) == c       for every legal c; all.id(illegal) == -1
 * </pre>
 *
 * <p>Building: for each 2x2 position a depth-first placement tries the symbols 00 < 01 < 10 < 11 at
 * each next free cell, which emits codes already in ascending order, straight into that
 * position's slice of the array (its size is known in advance from {@link Ranker}). The twelve
 * positions are built in parallel. {@code id(code)} does not search the array: {@link Ranker}
 * computes the rank from the code alone. {@code code(id)} is an array read.
 */
public final class AllLayouts extends LayoutSpace {
  /** Number of legal layouts (SPEC 1). */
  public static final int COUNT = 29_334_498;
  /** The number of 2x2 positions, i.e. of distinct head digits. */
  public static final int HEADS = 12;

  private static final Ranker RANKER = new Ranker();

  private final int[] ranges;
  private final int[] headStart = new int[HEADS + 1];

  private AllLayouts(int[] ranges) {
    this.ranges = ranges;
    for (int h = 0; h <= HEADS; h++) {
      headStart[h] = (int) RANKER.headStart(h);
    }
    for (int b = 0, h = 0; b < headOfBlock.length; b++) {
      while (headStart[h + 1] <= b << BLOCK_BITS) {
        h++;
      }
      if (h + 1 < HEADS && headStart[h + 2] <= Math.min(COUNT - 1, ((b + 1) << BLOCK_BITS) - 1)) {
        throw new IllegalStateException("a block of ids spans three 2x2 positions");
      }
      headOfBlock[b] = (byte) h;
    }
  }

  /** Enumerates all layouts using the common fork-join pool. */
  public static AllLayouts build() {
    long total = RANKER.total();
    if (total != COUNT) {
      throw new IllegalStateException("counted " + total + " legal layouts, expected " + COUNT);
    }
    int[] ranges = new int[COUNT];
    IntStream.range(0, HEADS).parallel().forEach(h -> {
      int head = Ranker.HEADS[h];
      int start = (int) RANKER.headStart(h);
      int end = new Filler(ranges, start).fill(Pieces.mask(Pieces.BLOCK, head), 0, 0, 30);
      if (end != (int) RANKER.headStart(h + 1)) {
        throw new IllegalStateException("head " + head + ": wrote " + (end - start) + " codes, expected "
            + (RANKER.headStart(h + 1) - start));
      }
    });
    return new AllLayouts(ranges);
  }

  /** Depth-first placement for one 2x2 position, writing ranges in ascending order. */
  private static final class Filler {
    private final int[] out;
    private int pos;

    Filler(int[] out, int start) {
      this.out = out;
      this.pos = start;
    }

    int fill(int occupied, int empty, int range, int shift) {
      descend(occupied, empty, range, shift);
      return pos;
    }

    private void descend(int occupied, int empty, int range, int shift) {
      if (occupied == Pieces.FULL) {
        if (empty >= 2) {
          out[pos++] = range;
        }
        return;
      }
      int cell = Integer.numberOfTrailingZeros(~occupied);
      if (empty < 2 && Integer.bitCount(~occupied & Pieces.FULL) < 2 - empty) {
        return;
      }
      descend(occupied | (1 << cell), empty + 1, range, shift - 2);
      if ((cell & 3) != 3 && (occupied & (2 << cell)) == 0) {
        descend(occupied | (3 << cell), empty, range | (1 << shift), shift - 2);
      }
      if (cell < 16 && (occupied & (0x10 << cell)) == 0) {
        descend(occupied | (0x11 << cell), empty, range | (2 << shift), shift - 2);
      }
      descend(occupied | (1 << cell), empty, range | (3 << shift), shift - 2);
    }
  }

  @Override
  public int size() {
    return ranges.length;
  }

  /** The id of a code (here the index is the id), or -1 when it is not the code of a legal layout. */
  @Override
  public int index(long code) {
    return RANKER.rank(code);
  }

  @Override
  public int globalId(int index) {
    return index;
  }

  @Override
  public boolean isAll() {
    return true;
  }

  /** The code of layout {@code id} (0 <= id < size()). */
  @Override
  public long code(int id) {
    int h = headOfBlock[id >>> BLOCK_BITS];
    h += headStart[h + 1] <= id ? 1 : 0; // a block of 2^16 ids spans at most two 2x2 positions
    return ((long) Ranker.HEADS[h] << 32) | (ranges[id] & 0xFFFFFFFFL);
  }

  private static final int BLOCK_BITS = 16;
  /** The 2x2 position index of the first id of each block of 2^16 ids. */
  private final byte[] headOfBlock = new byte[(COUNT >>> BLOCK_BITS) + 1];

  /** The id of a code, or -1 when it is not the code of a legal layout. Needs no lookup table. */
  public int id(long code) {
    return RANKER.rank(code);
  }

  /** The id of a code without building the list (the rank is computed, not looked up). */
  public static int rank(long code) {
    return RANKER.rank(code);
  }

  /** The code of the layout with id {@code id} without building the list (computed), or -1 when none has it. */
  public static long codeOfId(long id) {
    return RANKER.unrank(id);
  }

  /** First id whose 2x2 is at the {@code index}-th position of {@link #headDigit}. */
  public int headStart(int index) {
    return headStart[index];
  }

  /** The head digit (2x2 address) of the {@code index}-th position, 0..11 -> 0x0..0xE. */
  public static int headDigit(int index) {
    return Ranker.HEADS[index];
  }

  /** The raw range of layout {@code id}; combine with the head of its slice. */
  public int range(int id) {
    return ranges[id];
  }
}
