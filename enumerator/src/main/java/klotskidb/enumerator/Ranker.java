package klotskidb.enumerator;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts legal layouts and ranks a code among them without a table of all codes.
 *
 * <p>The code walk (SPEC 2) fills cells in address order, so after any prefix of symbols every
 * cell before the next free cell {@code c} is covered, and cells past {@code c + 4} can only be
 * covered by the 2x2 (a vertical piece started before {@code c} reaches at most {@code c + 3}).
 * A walk state is therefore (2x2 position, c, which of cells c+1..c+4 are free, empty cells so
 * far capped at 2): a few thousand states. Dynamic programming over them gives, for every state
 * and next symbol, how many legal codes continue with a smaller symbol. The rank of a code is
 * the sum of those numbers along its walk: about 13 table reads in a 184 KiB table, no cache
 * misses into the 117 MB list of codes.
 *
 * <p>Example: the 2x2 at 1 leaves cell 0 first; a code starting {@code 1A...} (symbol 10, a
 * vertical piece) ranks after every code starting {@code 10...}, {@code 14...} (empty cell,
 * horizontal piece at cell 0), which is what {@code before[state + 2]} holds.
 *
 * <p>Illegal codes cost no test in the walk: a symbol whose piece does not fit in its state
 * (it overlaps a covered cell or leaves the board) reads {@link #MISFIT} instead of a count, so
 * the sum ends at or above it; the walk then only checks that the code ran out exactly when the
 * board filled and that two cells were left empty.
 */
final class Ranker {
  /** The twelve 2x2 positions, ascending: the first hex digit of every legal code. */
  static final int[] HEADS = {0x0, 0x1, 0x2, 0x4, 0x5, 0x6, 0x8, 0x9, 0xA, 0xC, 0xD, 0xE};
  /** Index into HEADS by head digit, -1 for the four impossible digits. */
  static final int[] HEAD_INDEX = new int[16];

  private static final int CELLS = Pieces.CELLS;
  /** Entries of before[] per (head, empty cells so far): cell * 64 + free window * 4 + symbol. */
  private static final int PER_EMPTY = CELLS * 64;
  /** Cells covered by the piece a symbol starts, relative to its cell (00 covers just the cell). */
  private static final int[] SHAPE = {0x1, 0x3, 0x11, 0x1};
  /**
   * before[] of a symbol whose piece does not fit: above any sum of real counts (which stays under
   * 2^25), and sixteen of them still do not overflow an int.
   */
  private static final int MISFIT = 1 << 26;

  static {
    Arrays.fill(HEAD_INDEX, -1);
    for (int i = 0; i < HEADS.length; i++) {
      HEAD_INDEX[HEADS[i]] = i;
    }
  }

  /** before[state + symbol]: legal codes from this state whose next symbol is smaller, or MISFIT. */
  private final int[] before = new int[HEADS.length * 3 * PER_EMPTY];
  /**
   * The walk state after the first PREFIX_BITS / 2 symbols (a walk never ends sooner: at least 9
   * symbols fill 16 cells with 2 empty), by head and prefix: rank so far << 32 | empty << 20 |
   * free cells; -1 when the prefix already breaks a rule. 96 KiB: with the 184 KiB of before[] it
   * stays in a 512 KiB L2 (12 bits, 384 KiB, measured slower at random).
   */
  private static final int PREFIX_BITS = 10;

  private final long[] prefix;
  /** headStart[i]: the id of the first code with head HEADS[i]; headStart[12] is the total. */
  private final long[] headStart = new long[HEADS.length + 1];

  Ranker() {
    int[] ownerOfState = new int[before.length / 4];
    Arrays.fill(ownerOfState, -1);
    for (int h = 0; h < HEADS.length; h++) {
      Map<Integer, Long> memo = new HashMap<>();
      long n = count(h, Pieces.mask(Pieces.BLOCK, HEADS[h]), 0, memo, ownerOfState);
      headStart[h + 1] = headStart[h] + n;
    }
    if (headStart[HEADS.length] >= MISFIT / 2) {
      throw new IllegalStateException("too many layouts for MISFIT");
    }
    prefix = buildPrefixes();
  }

  /**
   * Index in before[] of the state (head, next free cell, empty so far) for symbol 00; the window
   * of free cells cell+1..cell+4 lands in bits 2..5.
   */
  private static int state(int headIndex, int cell, int free, int empty) {
    return (headIndex * 3 + empty) * PER_EMPTY + (cell << 6) + (((free << 1) >>> cell) & 0x3C);
  }

  /** Cells a symbol's piece covers at cell, or 0 when it leaves the board. */
  private static int cover(int symbol, int cell) {
    return symbol == 0 ? 1 << cell : Pieces.mask(Pieces.typeOfSymbol(symbol), cell);
  }

  private long count(int h, int occupied, int empty, Map<Integer, Long> memo, int[] owner) {
    if (occupied == Pieces.FULL) {
      return empty >= 2 ? 1 : 0;
    }
    int key = occupied * 3 + empty;
    Long known = memo.get(key);
    if (known != null) {
      return known;
    }
    int cell = Integer.numberOfTrailingZeros(~occupied);
    int state = state(h, cell, ~occupied & Pieces.FULL, empty);
    if (owner[state >> 2] != -1 && owner[state >> 2] != occupied) {
      throw new IllegalStateException("walk state is not determined by its window at cell " + cell);
    }
    owner[state >> 2] = occupied;
    long total = 0;
    for (int symbol = 0; symbol < 4; symbol++) {
      int cells = cover(symbol, cell);
      if (cells != 0 && (cells & occupied) == 0) {
        before[state + symbol] = Math.toIntExact(total);
        total += count(h, occupied | cells, Math.min(2, empty + (symbol == 0 ? 1 : 0)), memo, owner);
      } else {
        before[state + symbol] = MISFIT;
      }
    }
    memo.put(key, total);
    return total;
  }

  /** Number of legal layouts. */
  long total() {
    return headStart[HEADS.length];
  }

  /** Id of the first layout whose head is HEADS[headIndex]; headIndex 12 gives the total. */
  long headStart(int headIndex) {
    return headStart[headIndex];
  }

  /** The rank (id) of a code among all legal codes, or -1 when the value is not a legal code. */
  int rank(long code) {
    if ((code >>> 36) != 0) {
      return -1;
    }
    int h = HEAD_INDEX[(int) (code >>> 32)];
    if (h < 0) {
      return -1;
    }
    int range = (int) code;
    long state = prefix[(h << PREFIX_BITS) | (range >>> (32 - PREFIX_BITS))];
    if (state < 0) {
      return -1;
    }
    int id = (int) (state >>> 32);
    int free = (int) state & Pieces.FULL;
    int twoEmpty = (h * 3 + 2) * PER_EMPTY;
    int base = twoEmpty - (2 - ((int) (state >>> 20) & 3)) * PER_EMPTY;
    range <<= PREFIX_BITS;
    // No branch on the symbol (it is unpredictable) and no legality test: a misfit adds MISFIT.
    // The chain from one step to the next is free -> cell -> cells -> free.
    while (free != 0) {
      int cell = Integer.numberOfTrailingZeros(free);
      int symbol = range >>> 30;
      range <<= 2;
      id += before[base + (cell << 6) + (((free << 1) >>> cell) & 0x3C) + symbol];
      free &= ~(SHAPE[symbol] << cell);
      base = Math.min(twoEmpty, base + (((symbol - 1) >> 31) & PER_EMPTY));
    }
    // Unread symbols must be 00 (padding), and at least two cells must be empty.
    return (range | (base ^ twoEmpty)) != 0 || id >= MISFIT ? -1 : id;
  }

  /**
   * The code whose rank is {@code id} (the inverse of {@link #rank}), or -1 when no layout has
   * that id: the same walk, choosing at each cell the largest symbol whose smaller siblings' codes
   * number at most what is left of the id. About 13 steps, no list of codes.
   */
  long unrank(long id) {
    if (id < 0 || id >= total()) {
      return -1;
    }
    int h = 0;
    while (headStart[h + 1] <= id) {
      h++;
    }
    long left = id - headStart[h];
    int occupied = Pieces.mask(Pieces.BLOCK, HEADS[h]);
    int empty = 0;
    int range = 0;
    for (int shift = 30; occupied != Pieces.FULL; shift -= 2) {
      int cell = Integer.numberOfTrailingZeros(~occupied);
      int state = state(h, cell, ~occupied & Pieces.FULL, empty);
      int symbol = 3;
      while (before[state + symbol] == MISFIT || before[state + symbol] > left) {
        symbol--;
      }
      left -= before[state + symbol];
      range |= symbol << shift;
      occupied |= cover(symbol, cell);
      empty = Math.min(2, empty + (symbol == 0 ? 1 : 0));
    }
    return ((long) HEADS[h] << 32) | (range & 0xFFFFFFFFL);
  }

  private long[] buildPrefixes() {
    long[] table = new long[HEADS.length << PREFIX_BITS];
    for (int h = 0; h < HEADS.length; h++) {
      for (int p = 0; p < (1 << PREFIX_BITS); p++) {
        int free = ~Pieces.mask(Pieces.BLOCK, HEADS[h]) & Pieces.FULL;
        int empty = 0;
        long id = headStart[h];
        for (int k = 0; k < PREFIX_BITS / 2; k++) {
          int cell = Integer.numberOfTrailingZeros(free);
          int symbol = (p >>> (PREFIX_BITS - 2 - 2 * k)) & 3;
          id += before[state(h, cell, free, empty) + symbol];
          free &= ~(SHAPE[symbol] << cell);
          empty = Math.min(2, empty + (symbol == 0 ? 1 : 0));
        }
        table[(h << PREFIX_BITS) | p] = id >= MISFIT ? -1 : (id << 32) | ((long) empty << 20) | free;
      }
    }
    return table;
  }
}
