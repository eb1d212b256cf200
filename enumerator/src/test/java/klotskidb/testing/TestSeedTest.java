package klotskidb.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A run's seed is the one given ({@code -Dklotski.seed=N}) or one drawn; a test's is a function of it
 * and its label alone; a label's kept seeds follow its own. The kept line for {@code
 * TestSeedTest.kept} is this test's fixture (the file's format read as every test reads it).
 */
class TestSeedTest {
  @Test
  void aTestsSeedFollowsTheRunsAndItsLabel() {
    String given = System.getProperty("klotski.seed", "").trim();
    if (!given.isEmpty()) {
      assertEquals(Long.parseLong(given), TestSeed.RUN, "the seed given is the run's");
    }
    assertEquals(TestSeed.of("a"), TestSeed.of("a"));
    assertNotEquals(TestSeed.of("a"), TestSeed.of("b"), "another label, other inputs");
    assertEquals(TestSeed.random("a").nextLong(), TestSeed.random("a").nextLong());
    assertArrayEquals(new long[] {TestSeed.of("TestSeedTest.kept"), 42}, TestSeed.seeds("TestSeedTest.kept"),
        "the run's seed, then the kept one");
    assertArrayEquals(new long[] {TestSeed.of("nothing kept")}, TestSeed.seeds("nothing kept"));
  }

  /**
   * Every kept seed is replayed: its label is asked for with {@code TestSeed.seeds} by a test of
   * the tree (one that draws with {@code TestSeed.random} alone would never run it again).
   */
  @Test
  void everyKeptSeedsTestReplaysIt() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // a module's tests run in its folder
    List<String> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root, 12)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String p = f.toString();
        if (p.endsWith(".java") && p.contains("/src/test/java/") && !p.contains("/target/")) {
          sources.add(Files.readString(f));
        }
      }
    }
    assertTrue(sources.size() > 50, sources.size() + " test sources read from " + root);
    List<String> kept = TestSeed.onceFailing().stream().map(l -> l[0]).distinct().toList();
    assertTrue(kept.size() >= 3, kept.toString());
    for (String label : kept) {
      String asked = "TestSeed.seeds(\"" + label + "\")";
      assertTrue(label.equals("TestSeedTest.kept") || sources.stream().anyMatch(s -> s.contains(asked)),
          "once-failing.tsv keeps a seed of " + label + ", but no test asks " + asked);
    }
  }
}
