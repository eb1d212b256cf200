package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The original engine's symmetry rule over every layout: 13,618 marked symmetric, where the
 * mirror image equals the layout for 11,634 (the counts the class comment and README give; the
 * published main.csv's MD5, which needs the rule, is FullDatabaseTest's).
 */
class LegacySymmetryTest {
  @Test
  @Tag("slow") // every one of the 29M layouts
  void theRuleMarks13618LayoutsOfWhich11634AreTheirOwnMirrorImage() {
    AllLayouts all = AllLayouts.build();
    Mover mover = new Mover();
    int legacy = 0;
    int exact = 0;
    for (int id = 0; id < all.size(); id++) {
      long code = all.code(id);
      boolean rule = LegacySymmetry.isSymmetric(code);
      boolean mirror = mover.mirror(code) == code;
      legacy += rule ? 1 : 0;
      exact += mirror ? 1 : 0;
      if (mirror && !rule) {
        throw new AssertionError(Code.format(code) + " is its own mirror image, the rule says no");
      }
    }
    assertEquals(13_618, legacy);
    assertEquals(11_634, exact);
    // two of the catalogue: the classic start is its own mirror image, 峰回路转 is not
    assertTrue(LegacySymmetry.isSymmetric(0x1A9BF0C00L), "the classic start");
    assertFalse(LegacySymmetry.isSymmetric(0x4FEA13400L));
  }
}
