package klotskidb.enumerator;

import java.util.Arrays;

/**
 * The layouts of some classes, enumerated directly: for class 5-4-1 (one 2x2, four 2x1, one 1x2,
 * four 1x1, two cells empty) the 65,880 codes from 0x0... up, without a pass over the other
 * 29,268,618 layouts.
 *
 * <pre>
 *   ClassLayouts c = ClassLayouts.of(ClassSet.of(List.of("5-4-1")));
 *   c.size()                   65,880
 *   c.index(0x1A9BF0C00L)      its place among them; c.globalId(that) = 4,091,296, as AllLayouts gives it
 * </pre>
 *
 * How: for each position of the 2x2 (in code order), a depth-first placement at the next free
 * cell as {@link AllLayouts} does (empty, 1x2, 2x1, 1x1: the symbols 00 < 01 < 10 < 11, so codes come
 * out ascending), but with the class's pieces counted down: a piece whose count is used up is not
 * tried, and a cell is left empty only while the pieces left still fit in the cells left. A class's
 * codes are one ascending run; several classes' runs are merged by a sort. The index of a code is
 * a binary search; its id is {@link AllLayouts#rank} (computed, not looked up).
 */
public final class ClassLayouts extends LayoutSpace {
  private final long[] codes;

  private ClassLayouts(long[] codes) {
    this.codes = codes;
  }

  /** The layouts of {@code classes} (not all: {@link LayoutSpace#of} gives {@link AllLayouts} then). */
  public static ClassLayouts of(ClassSet classes) {
    long[][] runs = classes.indexes().stream().parallel().map(ClassLayouts::ofClass).toArray(long[][]::new);
    int n = 0;
    for (long[] r : runs) {
      n += r.length;
    }
    long[] all = new long[n];
    int at = 0;
    for (long[] r : runs) {
      System.arraycopy(r, 0, all, at, r.length);
      at += r.length;
    }
    if (runs.length > 1) {
      Arrays.parallelSort(all);
    }
    return new ClassLayouts(all);
  }

  /** The codes of one class, ascending. */
  static long[] ofClass(int cls) {
    int horizontal = LayoutClass.styleOf(cls);
    int vertical = LayoutClass.jiangOf(cls) - horizontal;
    int single = LayoutClass.bingOf(cls);
    Placer p = new Placer();
    for (int h = 0; h < AllLayouts.HEADS; h++) {
      p.head = (long) AllLayouts.headDigit(h) << 32;
      p.place(Pieces.mask(Pieces.BLOCK, AllLayouts.headDigit(h)), 0, 30, horizontal, vertical, single);
    }
    return Arrays.copyOf(p.out, p.n);
  }

  /** Depth-first placement of a class's pieces, counted down, into the free cells in order. */
  private static final class Placer {
    long head;
    long[] out = new long[1024];
    int n;

    void place(int occupied, int range, int shift, int horizontal, int vertical, int single) {
      int free = Integer.bitCount(~occupied & Pieces.FULL);
      int need = 2 * (horizontal + vertical) + single;
      if (need == 0) { // the rest empty: the class leaves at least two cells so
        if (n == out.length) {
          out = Arrays.copyOf(out, 2 * n);
        }
        out[n++] = head | (range & 0xFFFFFFFFL);
        return;
      }
      if (need > free) {
        return;
      }
      int cell = Integer.numberOfTrailingZeros(~occupied);
      if (need < free) { // 00: the cell left empty
        place(occupied | (1 << cell), range, shift - 2, horizontal, vertical, single);
      }
      if (horizontal > 0 && (cell & 3) != 3 && (occupied & (2 << cell)) == 0) { // 01: a 1x2 from here
        place(occupied | (3 << cell), range | (1 << shift), shift - 2, horizontal - 1, vertical, single);
      }
      if (vertical > 0 && cell < 16 && (occupied & (0x10 << cell)) == 0) { // 10: a 2x1 from here
        place(occupied | (0x11 << cell), range | (2 << shift), shift - 2, horizontal, vertical - 1, single);
      }
      if (single > 0) { // 11: a 1x1
        place(occupied | (1 << cell), range | (3 << shift), shift - 2, horizontal, vertical, single - 1);
      }
    }
  }

  @Override
  public int size() {
    return codes.length;
  }

  @Override
  public long code(int index) {
    return codes[index];
  }

  @Override
  public int index(long code) {
    int i = Arrays.binarySearch(codes, code);
    return i < 0 ? -1 : i;
  }

  @Override
  public int globalId(int index) {
    return AllLayouts.rank(codes[index]);
  }

  @Override
  public boolean isAll() {
    return false;
  }
}
