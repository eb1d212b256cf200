package klotskidb.cli;

import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.UserText;
import klotskidb.grouper.Names;

/**
 * A layout as the user names it: a code ({@code 1A9BF0C}), an id ({@code #4091296}) or a name
 * ({@code 5-4-1-1-7472}).
 */
final class LayoutRef {
  enum Kind { CODE, ID, NAME }

  final Kind kind;
  final String text;
  /** The code for CODE, the id for ID; unused for NAME (resolve against groups). */
  final long value;

  private LayoutRef(Kind kind, String text, long value) {
    this.kind = kind;
    this.text = text;
    this.value = value;
  }

  /** @throws IllegalArgumentException with a message that says what is wrong */
  static LayoutRef parse(String text) {
    String s = text.trim();
    if (s.startsWith("#")) {
      String digits = s.substring(1);
      // ASCII digits only: Long.parseLong would also take other scripts' digits ('#٤٠٩١٢٩٦')
      if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
        throw new IllegalArgumentException(UserText.quote(s) + " is not an id: expected # and the digits 0-9");
      }
      long id = Long.parseLong(digits);
      if (id < 0 || id >= AllLayouts.COUNT) {
        throw new IllegalArgumentException("id " + id + " is out of range 0.." + (AllLayouts.COUNT - 1));
      }
      return new LayoutRef(Kind.ID, s, id);
    }
    if (Names.looksLike(s, 5)) {
      return new LayoutRef(Kind.NAME, s, -1);
    }
    return new LayoutRef(Kind.CODE, s, Code.parse(s));
  }
}
