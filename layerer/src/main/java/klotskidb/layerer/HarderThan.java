package klotskidb.layerer;

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
 * Counted from every layout's steps into per-class running sums (layouts needing fewer than s
 * steps, at s), so each layout's rank is two array reads. The share of all layouts is against all
 * 29,334,498 whatever was built: from the distribution of min_solution_step over the whole space,
 * shipped ({@code min_solution_steps.tsv}, 139 rows), so a database of one class states the same
 * harder_than_percent as the full one (600003C30: 31.81, where counting only 0-3-0 said 99.61); a
 * build of every class checks the shipped table against its own counts and refuses to go on where
 * they differ. A class is always built whole, so the share of its class is its own count. Unsolvable
 * layouts have {@link #NONE}. A rank depends on the class
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

  /** Solvable layouts of the whole space by min_solution_step: [s] = how many need exactly s steps. */
  static final long[] EVERY_LAYOUT = shipped();

  private static long[] shipped() {
    long[] n = new long[0];
    try (var in = HarderThan.class.getResourceAsStream("min_solution_steps.tsv")) {
      if (in == null) {
        throw new IllegalStateException("min_solution_steps.tsv is not in the jar");
      }
      for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        int s = Integer.parseInt(f[0]);
        if (s != n.length) {
          throw new IllegalStateException("min_solution_steps.tsv: row " + s + " out of order");
        }
        n = java.util.Arrays.copyOf(n, s + 1);
        n[s] = Long.parseLong(f[1]);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return n;
  }

  public static HarderThan of(Layers layers) {
    var groups = layers.groups();
    long[][] counts = new long[LayoutClass.COUNT][1];
    int most = 0;
    for (int g = 0; g < groups.count(); g++) {
      if (!layers.isSolvable(g)) {
        continue;
      }
      int cls = groups.classOf(g);
      for (int i = 0, size = groups.size(g); i < size; i++) {
        int s = layers.minSolutionStep(groups.member(g, i));
        if (s + 1 >= counts[cls].length) {
          counts[cls] = java.util.Arrays.copyOf(counts[cls], Math.max(s + 2, counts[cls].length * 2));
        }
        counts[cls][s + 1]++; // at s + 1: counted as "fewer" for every step above s
        most = Math.max(most, s + 1);
      }
    }
    most = Math.max(most, EVERY_LAYOUT.length);
    long[] built = new long[most + 1];
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      long[] c = java.util.Arrays.copyOf(counts[cls], most + 1);
      for (int s = 1; s <= most; s++) {
        c[s] += c[s - 1];
      }
      counts[cls] = c;
      for (int s = 0; s <= most; s++) {
        built[s] += c[s];
      }
    }
    long[] total = new long[most + 1]; // [s]: layouts of the whole space needing fewer than s steps
    for (int s = 1; s <= most; s++) {
      total[s] = total[s - 1] + (s - 1 < EVERY_LAYOUT.length ? EVERY_LAYOUT[s - 1] : 0);
    }
    if (groups.layoutCount() == klotskidb.enumerator.AllLayouts.COUNT && !java.util.Arrays.equals(built, total)) {
      throw new IllegalStateException("the shipped min_solution_steps.tsv differs from this build of every layout: "
          + "harder_than_percent would be wrong (fix the table from this build's counts)");
    }
    return new HarderThan(layers, counts, total);
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
