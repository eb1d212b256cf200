package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.InputException;
import klotskidb.layerer.Solver;
import org.junit.jupiter.api.Test;

/**
 * The catalogue of named layouts: every entry a legal layout, every name found, the names that
 * name several layouts refused without a choice, and the 40 classics' steps computed here (a BFS
 * without a database, {@link Solver}) with their sources. The sources give names only, no step
 * counts, so no count of theirs is compared; the full-database test lists every entry's steps.
 */
class CatalogueTest {
  private final Catalogue cat = Catalogue.get();

  @Test
  void everyEntryIsALegalLayoutAndEveryNameIsFound() {
    assertEquals(824, cat.entries().size());
    assertEquals(List.of("tieba-40", "tieba-common", "fayaa", "lin-68", "other"),
        cat.sources().stream().map(Catalogue.Source::id).toList());
    Set<String> names = new LinkedHashSet<>();
    for (Catalogue.Entry e : cat.entries()) {
      Code.check(e.code()); // a legal layout, or the rule it breaks
      assertTrue(cat.sources().stream().anyMatch(s -> s.id().equals(e.source())), e.toString());
      names.add(e.name());
    }
    for (String name : names) {
      List<Long> codes = cat.codesNamed(name);
      if (codes.size() == 1) {
        assertEquals(codes.get(0), LayoutRef.parse(name).value, name);
      } else {
        assertThrows(InputException.class, () -> LayoutRef.parse(name), name);
        for (int i = 0; i < codes.size(); i++) {
          assertEquals(codes.get(i), LayoutRef.parse(name + ":" + (i + 1)).value, name + ":" + (i + 1));
        }
      }
      assertTrue(cat.namesOf(codes.get(0)).contains(name));
    }
  }

  @Test
  void aNameWithSeveralLayoutsSaysWhichAndAnUnknownOneSuggests() {
    InputException several = assertThrows(InputException.class, () -> LayoutRef.parse("四面楚歌"));
    assertEquals("'四面楚歌' names 3 layouts: 四面楚歌:1 (5BEE90C00, tieba-40 and fayaa), 四面楚歌:2 (93C9BD400, "
        + "tieba-common), 四面楚歌:3 (5BEA70C00, lin-68); give one of them", several.getMessage());
    assertEquals(0x5BEA70C00L, LayoutRef.parse(" 四面楚歌:3 ").value);
    assertThrows(InputException.class, () -> LayoutRef.parse("四面楚歌:4"));
    Lookup.NotFoundException none = assertThrows(Lookup.NotFoundException.class, () -> LayoutRef.parse("四面"));
    assertTrue(none.getMessage().startsWith("no layout is named '四面' in the catalogue of ")
        && none.getMessage().contains("did you mean 四面楚歌, 四面八方, 四面埋伏"), none.getMessage());
    // two names of one layout; '#' and '@' keep their meaning before any name
    assertEquals(List.of("瓮中之鳖", "小燕出巢"), cat.namesOf(0x1A5DF0C00L));
    assertThrows(InputException.class, () -> LayoutRef.parse("#横刀立马"));
  }

  /** The 40 classics with their steps, computed here; the well-known ones checked. */
  @Test
  void theFortyClassicsWithTheirComputedSteps() {
    List<Catalogue.Entry> classics = cat.entries().stream()
        .filter(e -> e.source().equals(Catalogue.CLASSICS)).toList();
    assertEquals(40, classics.size());
    StringBuilder table = new StringBuilder("name\tpinyin\tcode\tsteps\tsource\n");
    for (Catalogue.Entry e : classics) {
      long[] path = Solver.solve(e.code());
      int steps = path == null ? -1 : path.length - 1;
      table.append(e.name()).append('\t').append(e.pinyin()).append('\t').append(Code.format(e.code())).append('\t')
          .append(steps < 0 ? "unsolvable" : String.valueOf(steps)).append('\t').append(e.source()).append('\n');
      assertTrue(!e.pinyin().isEmpty(), e.name() + " has its pinyin");
      if (e.name().equals("横刀立马")) {
        assertEquals(81, steps, "the classic start: 81 steps, as every source on the puzzle says");
      }
      if (e.name().equals("峰回路转")) {
        assertEquals(138, steps, "one of the six hardest layouts of all");
      }
      if (e.name().equals("走投无路")) {
        assertEquals(-1, steps, "'no way out': its group has no solved layout");
      }
    }
    System.out.print(table);
  }
}
