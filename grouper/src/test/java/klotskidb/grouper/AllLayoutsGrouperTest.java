package klotskidb.grouper;

import java.util.List;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutSpace;
import org.junit.jupiter.api.Tag;

/**
 * {@link GroupingChecks} on all 29,334,498 layouts: every row of the published tables, 25,422
 * groups; 5-4-1, 2-6-1, 0-2-0 and nine classes drawn with the run's seed grouped alone and compared
 * layout for layout. The quick tier's {@link GrouperTest} checks some classes.
 */
@Tag("slow")
class AllLayoutsGrouperTest extends GroupingChecks {
  @Override
  ClassSet classes() {
    return ClassSet.ALL;
  }

  @Override
  LayoutSpace space() {
    return AllLayouts.build();
  }

  @Override
  List<Integer> groupedAlone() {
    return drawn("AllLayoutsGrouperTest.groupedAlone", 9);
  }
}
