package klotskidb.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * A seed per test run, as Lucene's tests draw theirs: every seeded test explores new inputs each
 * run, a failure prints the seed and how to replay it, and the seeds that once failed are kept and
 * replayed every run (RoaringBitmap's way with its once-failing inputs).
 *
 * <pre>
 *   Random random = TestSeed.random("GrouperTest.unionFindMatchesAPlainFlood");
 *   // the run's seed (-Dklotski.seed=N, else drawn at start and printed) mixed with the label
 *   for (long seed : TestSeed.seeds("Code.isLegal")) { ... }
 *   // that, then each seed once-failing.tsv keeps for "Code.isLegal"
 *   // a failure prints: klotski.seed=8211403427796871519: replay with -Dklotski.seed=8211403427796871519
 * </pre>
 *
 * How: the run's seed is read once a JVM ({@code klotski.seed}, passed by Maven from the command
 * line: {@code mvn test -Dklotski.seed=N -Dtest=GrouperTest}); each test's is SplitMix64 of it and the
 * test's label, so a test's inputs do not change when another test draws more. Registered for
 * every test class by JUnit's extension auto-detection (the root pom turns it on; this module's
 * test jar carries the service file), so a failure anywhere prints the seed. Once-failing seeds:
 * a line {@code label<TAB>seed<TAB>what failed} in {@code klotskidb/testing/once-failing.tsv}.
 */
public final class TestSeed implements TestWatcher {
  /** The run's seed: {@code -Dklotski.seed=N}, else drawn now. */
  public static final long RUN = chosen();

  private static long chosen() {
    String given = System.getProperty("klotski.seed", "").trim();
    long seed = given.isEmpty() ? new SecureRandom().nextLong() : Long.parseLong(given);
    System.out.println("klotski.seed=" + seed + (given.isEmpty() ? " (drawn for this run" : " (given")
        + "; replay a failure with -Dklotski.seed=" + seed + ")");
    return seed;
  }

  /** The run's seed for one test: the same label, the same inputs, in a run and its replay. */
  public static long of(String label) {
    long z = RUN + 0x9E3779B97F4A7C15L * (label.hashCode() + 1L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A {@link Random} of {@link #of(String) the test's seed}. */
  public static Random random(String label) {
    return new Random(of(label));
  }

  /** The test's seed of this run, then every seed that once failed it (kept in once-failing.tsv). */
  public static long[] seeds(String label) {
    List<Long> all = new ArrayList<>();
    all.add(of(label));
    for (String[] kept : onceFailing()) {
      if (kept[0].equals(label)) {
        all.add(Long.parseLong(kept[1]));
      }
    }
    return all.stream().mapToLong(Long::longValue).toArray();
  }

  /** The kept lines: label, seed, what failed. */
  static List<String[]> onceFailing() {
    List<String[]> lines = new ArrayList<>();
    try (InputStream in = TestSeed.class.getResourceAsStream("once-failing.tsv")) {
      if (in == null) {
        throw new IllegalStateException("once-failing.tsv is missing beside TestSeed");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.isBlank() && !line.startsWith("#")) {
          String[] f = line.split("\t", 3);
          if (f.length < 2) {
            throw new IllegalStateException("once-failing.tsv: not label<TAB>seed<TAB>why: " + line);
          }
          lines.add(f);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    System.out.println("klotski.seed=" + RUN + ": " + context.getDisplayName() + " failed; replay it with mvn test "
        + "-Dklotski.seed=" + RUN + " -Dtest=" + context.getRequiredTestClass().getSimpleName() + " (and keep a seed "
        + "that found a defect in klotskidb/testing/once-failing.tsv)");
  }
}
