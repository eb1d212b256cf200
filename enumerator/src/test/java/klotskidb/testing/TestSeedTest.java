package klotskidb.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
}
