package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import java.util.Arrays;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The designers' facts (the number of optimal solutions, minimal puzzles, the rank) of every
 * layout of several small classes against plain references: shortest paths counted by a plain
 * BFS over codes in hash maps (no orbits, no lanes), pieces taken off through {@link Board}, the
 * rank by counting the class's layouts one by one.
 */
class DesignerFactsTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();
  private static Layers layers;

  @BeforeAll
  static void build() {
    layers = SampleData.layers();
  }

  /** A group's distances to its solved layouts and shortest-path counts, by a plain BFS over codes. */
  private record Plain(Long2IntOpenHashMap steps, Long2LongOpenHashMap paths) {}

  private static Plain plain(int g) {
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    Long2IntOpenHashMap steps = new Long2IntOpenHashMap();
    steps.defaultReturnValue(-1);
    Long2LongOpenHashMap paths = new Long2LongOpenHashMap();
    LongArrayFIFOQueue queue = new LongArrayFIFOQueue();
    for (int i = 0; i < groups.size(g); i++) {
      long code = all.code(groups.member(g, i));
      if (Code.isSolved(code)) {
        steps.put(code, 0);
        paths.put(code, 1);
        queue.enqueue(code);
      }
    }
    while (!queue.isEmpty()) {
      long u = queue.dequeueLong();
      int d = steps.get(u);
      int n = mover.neighbours(u, next);
      for (int k = 0; k < n; k++) {
        int dv = steps.get(next[k]);
        if (dv < 0) {
          steps.put(next[k], d + 1);
          paths.put(next[k], paths.get(u));
          queue.enqueue(next[k]);
        } else if (dv == d + 1) {
          paths.addTo(next[k], paths.get(u));
        }
      }
    }
    return new Plain(steps, paths);
  }

  /** The codes of a layout with one piece other than the 2x2 taken off, through {@link Board}, sorted. */
  private static long[] withoutEachPiece(long code) {
    Board b = Board.of(code);
    long[] out = new long[b.pieceCount() - 1];
    for (int p = 1; p < b.pieceCount(); p++) {
      int[] types = new int[b.pieceCount() - 1];
      int[] addresses = new int[b.pieceCount() - 1];
      for (int q = 0, k = 0; q < b.pieceCount(); q++) {
        if (q != p) {
          types[k] = b.type(q);
          addresses[k++] = b.address(q);
        }
      }
      out[p - 1] = Board.of(types, addresses).code();
    }
    Arrays.sort(out);
    return out;
  }

  @Test
  void everyLayoutOfSmallClassesAgreesWithThePlainReferences() {
    Mover mover = new Mover();
    long[] fewer = new long[16];
    int[] seen = new int[3];
    HarderThan rank = HarderThan.of(layers);
    for (String name : SampleData.SMALL) { // with every class below them
      int cls = LayoutClass.parse(name);
      int solvable = 0;
      int[] atSteps = new int[300];
      for (int g = 0; g < groups.count(); g++) {
        if (groups.classOf(g) != cls) {
          continue;
        }
        Plain plain = plain(g);
        for (int i = 0; i < groups.size(g); i++) {
          int id = groups.member(g, i);
          long code = all.code(id);
          String at = name + " " + Code.format(code);
          int steps = plain.steps().get(code);
          assertEquals(steps, layers.minSolutionStep(id), at);
          assertEquals(steps < 0 ? 0 : plain.paths().get(code), layers.optimalSolutionNum(id), at);
          // pieces taken off: the fast edit of the code gives the layouts Board gives
          long[] reference = withoutEachPiece(code);
          long[] fast = Arrays.copyOf(fewer, mover.withoutEachPiece(code, fewer));
          Arrays.sort(fast);
          assertArrayEquals(reference, fast, at);
          boolean minimal = steps >= 0;
          for (long r : reference) {
            int other = layers.minSolutionStep(all.index(r));
            if (steps >= 0) { // taking a piece off never makes a layout harder: its solutions stay legal
              assertTrue(other >= 0 && other <= steps, at + ": taking a piece off made it harder");
            }
            minimal &= other < steps;
          }
          assertEquals(minimal ? Minimal.YES : Minimal.NO, layers.minimal(id), at);
          seen[layers.minimal(id)]++;
          if (steps >= 0) {
            solvable++;
            atSteps[steps]++;
          }
        }
      }
      // the rank within the class: layouts needing fewer steps, counted one step at a time
      for (int g = 0; g < groups.count(); g++) {
        if (groups.classOf(g) != cls) {
          continue;
        }
        for (int i = 0; i < groups.size(g); i += 7) {
          int id = groups.member(g, i);
          int steps = layers.minSolutionStep(id);
          if (steps < 0) {
            assertEquals(HarderThan.NONE, rank.harderThanInClass(id));
            continue;
          }
          long below = 0;
          for (int s = 0; s < steps; s++) {
            below += atSteps[s];
          }
          assertEquals((int) (10_000 * below / solvable), rank.harderThanInClass(id), name);
        }
      }
    }
    assertTrue(seen[Minimal.YES] > 1000 && seen[Minimal.NO] > 1000, Arrays.toString(seen));
  }

  /**
   * The counts recorded in the note of issue 45, each group counted again by the plain BFS:
   * 横刀立马 and the six layouts that need the most steps of all (138, all in 5-4-2-0).
   */
  @Test
  void theClassicStartAndTheSixHardestLayouts() {
    long[][] known = {{0x1A9BF0C00L, 81, 256}, {0x4FEA13400L, 138, 10_160_640}, {0x4FEAD0400L, 138, 12_700_800},
        {0x4FEAD4000L, 138, 10_160_640}, {0x6BFA47000L, 138, 10_160_640}, {0x6BFA70400L, 138, 10_160_640},
        {0x6BFA74000L, 138, 12_700_800}};
    Plain classic = plain(groups.groupOf(all.index(0x1A9BF0C00L)));
    Plain hardest = plain(groups.groupOf(all.index(0x4FEA13400L)));
    for (long[] k : known) {
      int id = all.index(k[0]);
      Plain p = k[1] == 81 ? classic : hardest;
      assertEquals(k[1], p.steps().get(k[0]));
      assertEquals(k[2], p.paths().get(k[0]), Code.format(k[0]));
      assertEquals(k[2], layers.optimalSolutionNum(id), Code.format(k[0]));
      // minimal: every layout with one piece fewer needs fewer steps (solved one by one: their
      // classes are not all in the sample, where minimal is checked on every layout of SMALL)
      for (long r : withoutEachPiece(k[0])) {
        long[] path = Solver.solve(r);
        assertTrue(path.length > 0 && path.length - 1 < k[1], Code.format(k[0]) + " without a piece: " + Code.format(r));
      }
    }
    assertEquals(9991, HarderThan.of(layers).harderThan(all.index(0x1A9BF0C00L)));
  }
}
