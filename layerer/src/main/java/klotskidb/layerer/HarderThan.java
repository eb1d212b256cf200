package klotskidb.layerer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import klotskidb.enumerator.LayoutClass;

/**
 * A solvable layout's place by min_solution_step, as a percentile: the share of the solvable
 * layouts (of the whole database, and of the layout's class) that need fewer steps, in hundredths
 * of a percent, rounded down.
 *
 * <pre>
 *   HarderThan r = HarderThan.of(layers);
 *   r.harderThan(id)          1A9BF0C00 (81 steps): 9,991: harder than 99.91% of all solvable layouts
 *   r.harderThanInClass(id)   9,964: 99.64% of the solvable layouts of 5-4-1
 * </pre>
 *
 * Both shares come from the distribution of min_solution_step over every class, shipped ({@code
 * min_solution_steps.tsv}: class, steps, layouts), as running sums (layouts needing fewer than s
 * steps, at s), so each layout's rank is two array reads, and a database of one class states the
 * same harder_than_percent as the full one (600003C30: 31.81, where counting only 0-3-0 said
 * 99.61). A build counts its own classes' steps and refuses to go on where they differ from the
 * table; a layout not built ({@link #shipped()}, {@code info X} without a database) is ranked by
 * the table alone. Unsolvable layouts have {@link #NONE}. A rank depends on the class
 * and the steps only, so the database stores it once per class and step (the {@code ranks}
 * family), not in every layout's row (35 MB of the database when it was). Named for the two facts
 * it gives; the enumerator's {@code Ranker} is the other sense of rank: a code's place among all
 * codes, its id.
 */
public final class HarderThan {
  /** The rank of an unsolvable layout. */
  public static final int NONE = -1;
  /** The unit: 10,000 is everything. */
  public static final int WHOLE = 10_000;

  private final Layers layers;
  /** [class][s]: the class's solvable layouts needing fewer than s steps; the last entry: all of them. */
  private final long[][] inClass;
  /** The same over every class. */
  private final long[] all;

  private HarderThan(Layers layers, long[][] inClass, long[] all) {
    this.layers = layers;
    this.inClass = inClass;
    this.all = all;
  }

  /** Solvable layouts of each class by min_solution_step: [class][s] = how many need exactly s steps. */
  static final long[][] IN_CLASS = table();

  /** The same over the whole space. */
  static final long[] EVERY_LAYOUT = sum(IN_CLASS);

  /** Rows: jiang, bing, style, steps, layouts needing exactly that many; '#' lines are comments. */
  private static long[][] table() {
    long[][] n = new long[LayoutClass.COUNT][0];
    try (var in = HarderThan.class.getResourceAsStream("min_solution_steps.tsv")) {
      if (in == null) {
        throw new IllegalStateException("min_solution_steps.tsv is not in the jar");
      }
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        int cls = LayoutClass.index(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]));
        int s = Integer.parseInt(f[3]);
        if (cls < 0 || s < n[cls].length) {
          throw new IllegalStateException("min_solution_steps.tsv: row " + line.replace('\t', ' ') + " out of order");
        }
        n[cls] = Arrays.copyOf(n[cls], s + 1);
        n[cls][s] = Long.parseLong(f[4]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return n;
  }

  private static long[] sum(long[][] byClass) {
    long[] all = new long[0];
    for (long[] c : byClass) {
      if (c.length > all.length) {
        all = Arrays.copyOf(all, c.length);
      }
      for (int s = 0; s < c.length; s++) {
        all[s] += c[s];
      }
    }
    return all;
  }

  /** [s]: how many of {@code exact}'s layouts need fewer than s steps, up to {@code most}. */
  private static long[] fewer(long[] exact, int most) {
    long[] c = new long[most + 1];
    for (int s = 1; s <= most; s++) {
      c[s] = c[s - 1] + (s - 1 < exact.length ? exact[s - 1] : 0);
    }
    return c;
  }

  /**
   * Ranks from the shipped tables alone, for layouts not built ({@code klotski info X} with no
   * database): {@link #harderThanSteps} and {@link #harderThanInClass(int, int)} only.
   */
  public static HarderThan shipped() {
    return SHIPPED;
  }

  private static final HarderThan SHIPPED = fromTables();

  private static HarderThan fromTables() {
    int most = EVERY_LAYOUT.length;
    long[][] inClass = new long[LayoutClass.COUNT][];
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      inClass[cls] = fewer(IN_CLASS[cls], most);
    }
    return new HarderThan(null, inClass, fewer(EVERY_LAYOUT, most));
  }

  /**
   * The ranks of a build's layouts; throws when a class built counts its layouts' steps other
   * than the shipped table (every rank would be off: fix the table from a build of every layout).
   */
  public static HarderThan of(Layers layers) {
    var groups = layers.groups();
    long[][] exact = new long[LayoutClass.COUNT][0];
    for (int g = 0; g < groups.count(); g++) {
      if (!layers.isSolvable(g)) {
        continue;
      }
      long[] c = exact[groups.classOf(g)];
      for (int i = 0, size = groups.size(g); i < size; i++) {
        int s = layers.minSolutionStep(groups.member(g, i));
        if (s >= c.length) {
          c = Arrays.copyOf(c, Math.max(s + 1, c.length * 2));
        }
        c[s]++;
      }
      exact[groups.classOf(g)] = c;
    }
    int most = EVERY_LAYOUT.length;
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      if (groups.groupsInClass(cls) > 0 && !Arrays.equals(trimmed(exact[cls]), IN_CLASS[cls])) {
        throw new IllegalStateException("the shipped min_solution_steps.tsv differs from this build of class "
            + LayoutClass.name(cls) + ": harder_than_percent would be wrong (fix the table from a build of every layout)");
      }
    }
    return SHIPPED.over(layers);
  }

  private HarderThan over(Layers built) {
    return new HarderThan(built, inClass, all);
  }

  private static long[] trimmed(long[] c) {
    int n = c.length;
    while (n > 0 && c[n - 1] == 0) {
      n--;
    }
    return Arrays.copyOf(c, n);
  }

  /** Hundredths of a percent of all solvable layouts that need fewer steps than {@code id}; NONE if unsolvable. */
  public int harderThan(int id) {
    int s = layers.minSolutionStep(id);
    return s < 0 ? NONE : harderThanSteps(s);
  }

  /** The same among the solvable layouts of its class. */
  public int harderThanInClass(int id) {
    int s = layers.minSolutionStep(id);
    return s < 0 ? NONE : harderThanInClass(layers.groups().classOf(layers.groups().groupOf(id)), s);
  }

  /** The largest min_solution_step of the layouts counted. */
  public int maxSteps() {
    return all.length - 2;
  }

  /** Solvable layouts of class {@code cls} needing exactly {@code steps} steps. */
  public long layouts(int cls, int steps) {
    return steps < 0 || steps > maxSteps() ? 0 : inClass[cls][steps + 1] - inClass[cls][steps];
  }

  /** {@link #harderThan(int)} of a layout needing {@code steps}, whatever its class. */
  public int harderThanSteps(int steps) {
    return share(all, steps);
  }

  /** {@link #harderThanInClass(int)} of a layout of class {@code cls} needing {@code steps}. */
  public int harderThanInClass(int cls, int steps) {
    return share(inClass[cls], steps);
  }

  private static int share(long[] below, int s) {
    long whole = below[below.length - 1];
    return whole == 0 ? 0 : (int) (WHOLE * below[s] / whole);
  }
}
