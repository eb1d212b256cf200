package klotskidb.cli;

import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
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
      long id;
      try {
        id = Long.parseLong(s.substring(1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + s + "' is not an id: expected # and a number");
      }
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
