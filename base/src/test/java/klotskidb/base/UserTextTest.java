package klotskidb.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Echoed input stays one line and shows what was typed: no character reorders or hides the rest. */
class UserTextTest {
  @Test
  void controlAndInvisibleCharactersAreShownAsEscapes() {
    assertEquals("'1A9\\nBF'", UserText.quote("1A9\nBF"));
    // a right-to-left override (U+202E) and an isolate (U+2066) would reorder the line
    assertEquals("'1A9\\u202eFB\\u2066x'", UserText.quote("1A9\u202EFB\u2066x"));
    // zero-width space, joiner, word joiner, byte order mark, soft hyphen: invisible
    assertEquals("'a\\u200bb\\u200dc\\u2060d\\ufeffe\\u00adf'", UserText.quote("a\u200Bb\u200Dc\u2060d\uFEFFe\u00ADf"));
    // a line separator, a C1 control, half of a surrogate pair
    assertEquals("'\\u2028\\u0085\\ud83d'", UserText.quote("\u2028\u0085\uD83D"));
  }

  @Test
  void longInputIsCutInValuesAndInLibrariesMessages() {
    assertEquals("F".repeat(200) + "...", UserText.shown("F".repeat(100_000)));
    assertEquals("F".repeat(200), UserText.shown("F".repeat(200)));
    // never half of a surrogate pair: 200 characters are 200 code points
    assertEquals("😀".repeat(200) + "...", UserText.shown("😀".repeat(201)));
    String picocli = "Invalid value for option '--limit': '" + "9".repeat(5000) + "' is not an int";
    assertEquals("Invalid value for option '--limit': '" + "9".repeat(200) + "...' (5,000 characters) is not an int",
        UserText.message(picocli));
    String cut = "code " + UserText.quote("F".repeat(5000)) + " is too long";
    assertEquals(cut, UserText.message(cut)); // cut once, by whoever quoted it
    assertEquals("'5-4-1' and '1\\n2'", UserText.message("'5-4-1' and '1\n2'")); // short quotes kept, one line
  }

  /** A count and its noun: one class, 203 classes, no class called "0 class". */
  @Test
  void countsSayOneOrMany() {
    assertEquals("1 class", UserText.count(1, "class", "classes"));
    assertEquals("203 classes", UserText.count(203, "class", "classes"));
    assertEquals("0 classes", UserText.count(0, "class", "classes"));
    assertEquals("25,422 rows", UserText.count(25422, "row", "rows"));
    assertEquals("group", UserText.noun(1, "group", "groups"));
    assertEquals("groups", UserText.noun(25_422, "group", "groups"));
  }

  @Test
  void visibleTextIsKeptAsTyped() {
    assertEquals("'横刀立马 😀 héllo'", UserText.quote("横刀立马 😀 héllo"));
    assertEquals("四面楚歌:3", UserText.oneLine("四面楚歌:3"));
  }

  /** Sizes in the unit that shows them, not "0.0 GB" (issue 79, 19: the release's disk check). */
  @Test
  void sizesInTheUnitThatShowsThem() {
    assertEquals("0 bytes", UserText.size(0));
    assertEquals("1 byte", UserText.size(1));
    assertEquals("999 bytes", UserText.size(999));
    assertEquals("1.0 kB", UserText.size(1000));
    assertEquals("37.0 MB", UserText.size(37_000_000));
    assertEquals("20.0 MB", UserText.size(20_000_000));
    assertEquals("1.0 GB", UserText.size(999_999_999)); // not "1000.0 MB"
    assertEquals("28.5 GB", UserText.size(28_500_000_000L));
    assertEquals("4.2 TB", UserText.size(4_200_000_000_000L));
  }
}
