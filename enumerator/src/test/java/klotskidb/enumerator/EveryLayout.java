package klotskidb.enumerator;

/**
 * The one enumeration of all 29,334,498 layouts that this module's test classes read, built by the
 * first to ask and kept for the test JVM: {@link AllLayouts} is immutable, and each class building
 * its own repeated the same work and held another 117 MB.
 *
 * <pre>
 *   EveryLayout.all().code(EveryLayout.all().id(Code.parse("1A9BF0C")))   0x1A9BF0C00
 * </pre>
 */
final class EveryLayout {
  private static AllLayouts all;

  private EveryLayout() {}

  static synchronized AllLayouts all() {
    if (all == null) {
      all = AllLayouts.build();
    }
    return all;
  }
}
