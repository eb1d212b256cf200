package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The root pom's JUnit settings reach the tests as run (the one place they live): test classes two
 * at a time, a class's tests one after the other, classes in the order of their {@code @Order}. They were once described in ARCHITECTURE.md and
 * BENCHMARKS.md while the pom did not hold them, and every module ran its classes one by one.
 */
@ExtendWith(TestSettingsTest.Settings.class)
class TestSettingsTest {
  /** The configuration parameters of the run, given to a test as a map. */
  static final class Settings implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
      return p.getParameter().getType() == Map.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
      Map<String, String> m = new TreeMap<>();
      for (String key : new String[] {"enabled", "mode.default", "mode.classes.default", "config.strategy",
          "config.fixed.parallelism"}) {
        m.put(key, e.getConfigurationParameter("junit.jupiter.execution.parallel." + key).orElse("(not set)"));
      }
      m.put("testclass.order.default", e.getConfigurationParameter("junit.jupiter.testclass.order.default")
          .orElse("(not set)"));
      return m;
    }
  }

  @Test
  void testClassesRunTwoAtATime(Map<String, String> settings) {
    assertEquals(Map.of("enabled", "true", "mode.default", "same_thread", "mode.classes.default", "concurrent",
        "config.strategy", "fixed", "config.fixed.parallelism", "2",
        "testclass.order.default", "org.junit.jupiter.api.ClassOrderer$OrderAnnotation"), settings);
  }
}
