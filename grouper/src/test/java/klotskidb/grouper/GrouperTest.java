package klotskidb.grouper;

import java.util.List;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutSpace;

/**
 * {@link GroupingChecks} on some classes, each compared with its published rows: 5-4-1 (the
 * classic's), 2-6-1 (the largest), 0-2-0 and nine drawn with the run's seed, a different nine each
 * run (klotski.seed replays them). The same checks on all 29,334,498 layouts are
 * {@link AllLayoutsGrouperTest}'s, in the slow tier: grouping the whole space was most of this
 * module's quick tier, which waits for it before the modules after it start.
 */
class GrouperTest extends GroupingChecks {
  private final List<Integer> classes = drawn("GrouperTest.classes", 9);
  private final ClassSet set = ClassSet.ofIndexes(classes);

  @Override
  ClassSet classes() {
    return set;
  }

  @Override
  LayoutSpace space() {
    return LayoutSpace.of(set);
  }

  @Override
  List<Integer> groupedAlone() {
    return classes;
  }
}
