package klotskidb.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A class's layouts spawned directly are exactly its layouts among all 29,334,498, in code order, with their ids. */
class ClassLayoutsTest {
  @Test
  void everyClassSpawnedDirectlyIsItsShareOfAllLayouts() {
    AllLayouts all = EveryLayout.all();
    long[][] direct = new long[LayoutClass.COUNT][];
    for (int c = 0; c < LayoutClass.COUNT; c++) {
      direct[c] = ClassLayouts.ofClass(c);
    }
    // every layout of all, in code order, is the next one spawned for its class
    int[] next = new int[LayoutClass.COUNT];
    for (int id = 0; id < all.size(); id++) {
      long code = all.code(id);
      int c = LayoutClass.of(code);
      if (next[c] >= direct[c].length || direct[c][next[c]++] != code) {
        assertEquals(Code.format(code), next[c] > direct[c].length ? "none" : Code.format(direct[c][next[c] - 1]),
            LayoutClass.name(c) + ", its layout " + (next[c] - 1));
      }
    }
    for (int c = 0; c < LayoutClass.COUNT; c++) {
      assertEquals(direct[c].length, next[c], LayoutClass.name(c) + ": spawned more than all holds");
    }
    // the id to code walk, without the list: every 97th id and each end (every id: the slow test below)
    for (int id = 0; id < all.size(); id += 97) {
      assertEquals(Code.format(all.code(id)), Code.format(AllLayouts.codeOfId(id)), "id " + id);
    }
    assertEquals(all.code(all.size() - 1), AllLayouts.codeOfId(all.size() - 1));
    assertEquals(-1, AllLayouts.codeOfId(-1));
    assertEquals(-1, AllLayouts.codeOfId(AllLayouts.COUNT));
    assertEquals(0x1A9BF0C00L, AllLayouts.codeOfId(4_091_296));
  }

  @Test
  @Tag("slow")
  void everyIdWalksToItsCode() {
    AllLayouts all = EveryLayout.all();
    for (int id = 0; id < all.size(); id++) {
      if (AllLayouts.codeOfId(id) != all.code(id)) {
        assertEquals(Code.format(all.code(id)), Code.format(AllLayouts.codeOfId(id)), "id " + id);
      }
    }
  }

  @Test
  void aSpaceOfSomeClassesIndexesAndNamesItsLayoutsAsTheWholeSpaceDoes() {
    LayoutSpace s = LayoutSpace.of(ClassSet.of(List.of("5-4-1", "0-3-0", "1-2-1")));
    // 5-4-1 and 0-3-0 as README gives them; 1-2-1 as spawned (held to the whole space above)
    assertEquals(65_880 + 6_720 + ClassLayouts.ofClass(LayoutClass.parse("1-2-1")).length, s.size());
    assertEquals(false, s.isAll());
    int classic = s.index(0x1A9BF0C00L);
    assertEquals(0x1A9BF0C00L, s.code(classic));
    assertEquals(4_091_296, s.globalId(classic));
    assertEquals(-1, s.index(0x4FEA13400L)); // 5-4-2: not in the space
    assertEquals(-1, s.index(0x1A9BF0C01L)); // not a legal code
    for (int i = 1; i < s.size(); i++) {
      assertEquals(true, s.code(i - 1) < s.code(i));
      assertEquals(AllLayouts.rank(s.code(i)), s.globalId(i));
      assertEquals(i, s.index(s.code(i)));
    }
    assertEquals(true, LayoutSpace.of(ClassSet.ALL).isAll());
  }
}
