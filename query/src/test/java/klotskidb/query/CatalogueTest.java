package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import klotskidb.base.InputException;
import klotskidb.enumerator.Code;
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
    Catalogue.NameRefused none = assertThrows(Catalogue.NameRefused.class, () -> LayoutRef.parse("四面"));
    assertTrue(none.getMessage().startsWith("'四面' names no layout (the catalogue's 824 named layouts, by name in "
        + "characters or pinyin); did you mean ") && none.getMessage().contains("四面楚歌")
        && none.getMessage().contains("四面八方"), none.getMessage());
    // an unknown name and one naming several are both usage errors (exit 2), in the same shape
    assertTrue(none instanceof InputException);
    assertEquals(Catalogue.NameRefused.Kind.UNKNOWN, none.kind);
    assertTrue(none.options.contains("四面楚歌"), none.options.toString());
    Catalogue.NameRefused threeOf = assertThrows(Catalogue.NameRefused.class, () -> LayoutRef.parse("四面楚歌"));
    assertEquals(Catalogue.NameRefused.Kind.AMBIGUOUS, threeOf.kind);
    assertEquals(List.of("四面楚歌:1", "四面楚歌:2", "四面楚歌:3"), threeOf.options);
    assertEquals(Map.of("error", threeOf.getMessage(), "code", "ambiguous_name", "input", "四面楚歌", "choices",
        threeOf.options), Errors.of(threeOf));
    assertEquals(400, Errors.status(threeOf));
    assertEquals(404, Errors.status(none));
    assertEquals("unknown_name", Errors.of(none).get("code"));
    assertEquals(none.options, Errors.of(none).get("suggestions"));
    // two names of one layout; '#' and '@' keep their meaning before any name
    assertEquals(List.of("瓮中之鳖", "小燕出巢"), cat.namesOf(0x1A5DF0C00L));
    assertThrows(InputException.class, () -> LayoutRef.parse("#横刀立马"));
  }

  /**
   * Names as people type them: traditional characters (OpenCC's table), pinyin with or without
   * spaces, tone marks or tone digits; every character of every name has its readings; a slip of
   * one character or a letter gets the name suggested; ASCII that is a code stays a code.
   */
  @Test
  void namesAsPeopleTypeThem() {
    for (String typed : List.of("横刀立马", "橫刀立馬", "hengdaolima", "heng dao li ma", "Heng Dao Li Ma",
        "Héng Dāo Lì Mǎ", "héngdāolìmǎ", "heng2 dao1 li4 ma3", "heng'dao'li'ma", " hengdaolima ")) {
      assertEquals(0x1A9BF0C00L, LayoutRef.parse(typed).value, typed);
    }
    // the catalogue's own pinyin of every classic reads as its name (a name with several layouts:
    // the same refusal as in characters)
    for (Catalogue.Entry e : cat.entries()) {
      if (!e.pinyin().isEmpty()) {
        if (cat.codesNamed(e.name()).size() == 1) {
          assertEquals(e.code(), LayoutRef.parse(e.pinyin()).value, e.pinyin());
        } else {
          assertThrows(InputException.class, () -> LayoutRef.parse(e.pinyin()), e.pinyin());
        }
      }
    }
    // a pinyin name with several layouts picks one as the characters do
    assertEquals(0x5BEA70C00L, LayoutRef.parse("si mian chu ge:3").value);
    assertEquals(0x5BEA70C00L, LayoutRef.parse("四面楚歌:3").value);
    Spellings sp = cat.spellings();
    for (Catalogue.Entry e : cat.entries()) {
      e.name().codePoints().filter(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN)
          .forEach(cp -> assertTrue(sp.hasReadings(cp), e.name() + ": no reading for " + Character.toString(cp)));
      assertTrue(sp.namesFor(e.name()).contains(e.name()), e.name());
    }
    // near misses: one character off, a letter off, traditional and off
    assertEquals(List.of("横刀立马"), sp.nearest("横刀力马", 5));
    assertTrue(assertThrows(Catalogue.NameRefused.class, () -> LayoutRef.parse("横刀力马")).getMessage()
        .endsWith("; did you mean 横刀立马?"));
    assertTrue(sp.nearest("hengdaolim", 5).contains("横刀立马"), sp.nearest("hengdaolim", 5).toString());
    assertTrue(sp.nearest("hengdaolimma", 5).contains("横刀立马"));
    assertTrue(sp.nearest("橫刀力馬", 5).contains("横刀立马"));
    Catalogue.NameRefused pinyin = assertThrows(Catalogue.NameRefused.class, () -> LayoutRef.parse("hengdaolim"));
    assertTrue(pinyin.getMessage().startsWith("'hengdaolim' names no layout (the catalogue's 824 named layouts")
        && pinyin.getMessage().contains("nor is it a code") && pinyin.getMessage().contains("横刀立马"),
        pinyin.getMessage());
    // codes, ids and short codes keep their meaning: hex text is a code, never pinyin
    assertEquals(0x1A9BF0C00L, LayoutRef.parse("1A9BF0C").value);
    assertThrows(InputException.class, () -> LayoutRef.parse("1A9BF0CZ"));
    assertTrue(Catalogue.looksLikePinyin("heng dao"));
    assertTrue(!Catalogue.looksLikePinyin("1A9BF0CZ") && !Catalogue.looksLikePinyin("ABCDEF")
        && !Catalogue.looksLikePinyin("#12"));
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

  /** The one edit distance: code points, a swap of neighbours counting one, cut at the limit. */
  @Test
  void theEditDistanceCountsASwapOfNeighboursAsOne() {
    assertEquals(0, Spellings.distance("info", "info", 2));
    assertEquals(1, Spellings.distance("inof", "info", 2)); // a swap
    assertEquals(1, Spellings.distance("--bd", "--db", 2));
    assertEquals(1, Spellings.distance("横刀力马", "横刀立马", 2)); // one character, not its UTF-16 units
    assertEquals(2, Spellings.distance("kitten", "sitten!", 3));
    assertEquals(3, Spellings.distance("abcdef", "xyzdef", 2)); // beyond the limit: limit + 1
    assertEquals(3, Spellings.distance("a", "abcd", 2));
  }
}
