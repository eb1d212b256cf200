package klotskidb.enumerator;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts legal layouts and ranks a code among them without a table of all codes.
 *
 * <p>The code walk (SPEC 2) fills cells in address order, so after any prefix of symbols every
 * cell before the next free cell {@code c} is covered, and cells past {@code c + 4} can only be
 * covered by the 2x2 (a vertical piece started before {@code c} reaches at most {@code c + 3}).
 * A walk state is therefore (2x2 position, c, cover of cells c+1..c+4, empty cells so far capped
 * at 2): a few thousand states. Dynamic programming over them gives, for every state and next
 * symbol, how many legal codes continue with a smaller symbol. The rank of a code is the sum of
 * those numbers along its walk: about 13 table reads in a 184 KiB table, no cache misses into
 * the 117 MB list of codes, and illegal codes are recognised on the way.
 *
 * <p>Example: the 2x2 at 1 leaves cell 0 first; a code starting {@code 1A...} (symbol 10, a
 * vertical piece) ranks after every code starting {@code 10...}, {@code 14...} (empty cell,
 * horizontal piece at cell 0), which is what {@code before[state][10]} holds.
 */
final class Ranker {
  /** The twelve 2x2 positions, ascending: the first hex digit of every legal code. */
  static final int[] HEADS = {0x0, 0x1, 0x2, 0x4, 0x5, 0x6, 0x8, 0x9, 0xA, 0xC, 0xD, 0xE};
  /** Index into HEADS by head digit, -1 for the four impossible digits. */
  static final int[] HEAD_INDEX = new int[16];

  private static final int STATES_PER_HEAD = Pieces.CELLS * 16 * 3;
  /** Cells covered by the piece a symbol starts, relative to its cell (00 covers just the cell). */
  private static final int[] SHAPE = {0x1, 0x3, 0x11, 0x1};
  /** Cells where a symbol's piece would leave the board: horizontal in column 3, vertical in row 4. */
  private static final int[] BAD_START = {0, 0x88888, 0xF0000, 0};

  static {
    java.util.Arrays.fill(HEAD_INDEX, -1);
    for (int i = 0; i < HEADS.length; i++) {
      HEAD_INDEX[HEADS[i]] = i;
    }
  }

  /** before[state * 4 + symbol]: legal codes from this state whose next symbol is smaller. */
  private final int[] before = new int[HEADS.length * STATES_PER_HEAD * 4];
  /**
   * The walk state after the first PREFIX_BITS / 2 symbols (a walk never ends sooner: at least 9
   * symbols fill 16 cells with 2 empty), by head and prefix: rank so far << 32 | empty << 20 |
   * cells covered; -1 when the prefix already breaks a rule. 96 KiB: with the 184 KiB of
   * before[] it stays in a 512 KiB L2 (12 bits, 384 KiB, measured slower at random).
   */
  private static final int PREFIX_BITS = 10;

  private final long[] prefix;
  /** headStart[i]: the id of the first code with head HEADS[i]; headStart[12] is the total. */
  private final long[] headStart = new long[HEADS.length + 1];

  Ranker() {
    int[] ownerOfState = new int[HEADS.length * STATES_PER_HEAD];
    java.util.Arrays.fill(ownerOfState, -1);
    for (int h = 0; h < HEADS.length; h++) {
      Map<Integer, Long> memo = new HashMap<>();
      long n = count(h, Pieces.mask(Pieces.BLOCK, HEADS[h]), 0, memo, ownerOfState);
      headStart[h + 1] = headStart[h] + n;
    }
    prefix = buildPrefixes();
  }

  private static int state(int headIndex, int cell, int occupied, int empty) {
    int window = (occupied >>> (cell + 1)) & 0xF;
    return ((headIndex * Pieces.CELLS * 16 + cell * 16 + window) * 3) + empty;
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
    int state = state(h, cell, occupied, empty);
    if (owner[state] != -1 && owner[state] != occupied) {
      throw new IllegalStateException("walk state is not determined by its window at cell " + cell);
    }
    owner[state] = occupied;
    long total = 0;
    for (int symbol = 0; symbol < 4; symbol++) {
      before[state * 4 + symbol] = Math.toIntExact(total);
      int cells = symbol == 0 ? 1 << cell : Pieces.mask(Pieces.typeOfSymbol(symbol), cell);
      if (cells != 0 && (cells & occupied) == 0) {
        total += count(h, occupied | cells, Math.min(2, empty + (symbol == 0 ? 1 : 0)), memo, owner);
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
    return walk(h, range, (int) state & Pieces.FULL, (int) (state >>> 20) & 3, (int) (state >>> 32),
        30 - PREFIX_BITS, true);
  }

  /**
   * Continues the code walk from a state, adding {@code before} along the way. Returns the rank,
   * or -1 when the code breaks a rule; with {@code complete == false} it stops after the prefix
   * and returns the packed state instead (see {@link #prefix}).
   */
  private int walk(int h, int range, int occupied, int empty, int id, int shift, boolean complete) {
    int bad = 0;
    int base = h * Pieces.CELLS * 16;
    int stop = complete ? -2 : 30 - PREFIX_BITS;
    // Branch-free on the symbol: the next symbol is unpredictable, a mispredicted branch per
    // cell would cost more than the table read.
    while ((occupied & Pieces.FULL) != Pieces.FULL && shift > stop) {
      int cell = Integer.numberOfTrailingZeros(~occupied);
      int symbol = (range >>> shift) & 3;
      int cells = SHAPE[symbol] << cell;
      bad |= (occupied & cells) | ((BAD_START[symbol] >>> cell) & 1);
      int window = (occupied >>> (cell + 1)) & 0xF;
      id += before[((((base + cell * 16 + window) * 3) + empty) << 2) | symbol];
      occupied |= cells;
      empty = Math.min(2, empty + ((symbol - 1) >>> 31));
      shift -= 2;
    }
    if (!complete) {
      lastPrefix = bad != 0 ? -1 : ((long) id << 32) | ((long) empty << 20) | occupied;
      return 0;
    }
    int unread = shift + 2;
    if (bad != 0 || empty < 2 || (unread > 0 && (range & ((1 << unread) - 1)) != 0)) {
      return -1;
    }
    return id;
  }

  /** Result slot for {@link #walk} on a prefix; used only while building {@link #prefix}. */
  private long lastPrefix;

  private long[] buildPrefixes() {
    long[] table = new long[HEADS.length << PREFIX_BITS];
    for (int h = 0; h < HEADS.length; h++) {
      for (int p = 0; p < (1 << PREFIX_BITS); p++) {
        walk(h, p << (32 - PREFIX_BITS), Pieces.mask(Pieces.BLOCK, HEADS[h]), 0,
            (int) headStart[h], 30, false);
        table[(h << PREFIX_BITS) | p] = lastPrefix;
      }
    }
    return table;
  }
}
