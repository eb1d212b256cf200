package klotskidb.grouper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import klotskidb.enumerator.LayoutClass;

/**
 * Every group's name without grouping its class: a table shipped in the jar ({@code groups.tsv},
 * 25,422 rows) of each class's groups in group_num order, each with its size and seed (its
 * smallest code). A group flooded from one layout is named by finding its seed here.
 *
 * <pre>
 *   GroupTable.groupNum(LayoutClass.index(5, 4, 1), 0x1A9BF0C00L's group's seed)   1  (5-4-1-1)
 *   GroupTable.seed(LayoutClass.index(5, 4, 1), 1)       its seed, to flood the group named 5-4-1-1
 *   GroupTable.size(LayoutClass.index(5, 4, 1), 1)       25,955
 *   GroupTable.count(LayoutClass.index(5, 4, 1))         the class's groups
 * </pre>
 *
 * The table is what a build of every layout names (SPEC 4: size, largest first, then the seed);
 * a test of the layerer module holds it equal to the full build's groups, row for row. Read once,
 * lazily; each class's rows parsed when first asked (a one-shot command asks for one).
 */
public final class GroupTable {
  private static final String RESOURCE = "groups.tsv";
  private static volatile String text;
  private static final long[][] SEEDS = new long[LayoutClass.COUNT][];
  private static final int[][] SIZES = new int[LayoutClass.COUNT][];

  private GroupTable() {}

  /** The group_num of the group of class {@code cls} whose seed is {@code seed}; -1 when none is. */
  public static int groupNum(int cls, long seed) {
    long[] seeds = seeds(cls);
    for (int n = 0; n < seeds.length; n++) {
      if (seeds[n] == seed) {
        return n;
      }
    }
    return -1;
  }

  /** The seed (smallest code) of group {@code groupNum} of class {@code cls}. */
  public static long seed(int cls, int groupNum) {
    return seeds(cls)[groupNum];
  }

  /** The size of group {@code groupNum} of class {@code cls}. */
  public static int size(int cls, int groupNum) {
    seeds(cls);
    return SIZES[cls][groupNum];
  }

  /** The number of groups of class {@code cls}. */
  public static int count(int cls) {
    return seeds(cls).length;
  }

  private static synchronized long[] seeds(int cls) {
    if (SEEDS[cls] == null) {
      parse(cls);
    }
    return SEEDS[cls];
  }

  /** Rows: jiang, bing, style, group_num, size, seed (hex); '#' lines are comments. */
  private static void parse(int cls) {
    String all = table();
    String prefix = LayoutClass.jiangOf(cls) + "\t" + LayoutClass.bingOf(cls) + "\t" + LayoutClass.styleOf(cls) + "\t";
    long[] seeds = new long[16];
    int[] sizes = new int[16];
    int n = 0;
    for (int at = all.indexOf("\n" + prefix); at >= 0 && all.startsWith(prefix, at + 1); ) {
      int end = all.indexOf('\n', at + 1);
      String[] f = all.substring(at + 1, end < 0 ? all.length() : end).split("\t");
      if (Integer.parseInt(f[3]) != n) {
        throw new IllegalStateException(RESOURCE + ": class " + LayoutClass.name(cls) + " out of order at group " + n);
      }
      if (n == seeds.length) {
        seeds = Arrays.copyOf(seeds, 2 * n);
        sizes = Arrays.copyOf(sizes, 2 * n);
      }
      sizes[n] = Integer.parseInt(f[4]);
      seeds[n++] = Long.parseLong(f[5], 16);
      at = end;
    }
    SIZES[cls] = Arrays.copyOf(sizes, n);
    SEEDS[cls] = Arrays.copyOf(seeds, n);
  }

  private static String table() {
    if (text == null) {
      try (InputStream in = GroupTable.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException(RESOURCE + " is not in the jar");
        }
        text = "\n" + new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return text;
  }
}
