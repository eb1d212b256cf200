package klotskidb.query;

import java.util.Locale;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.ShortCode;
import klotskidb.grouper.Names;
import klotskidb.layerer.OneGroup;

/**
 * A layout as the user names it, by this rule (the same for every command):
 *
 * <pre>
 *   #4091296          an id: '#' and ASCII digits
 *   5-4-1-1-7472      a name: five numbers joined by '-'
 *   @4WVE1            a short code: '@' and 5 characters of 123456789ABCDEFGHJKMNPQRSTUVWXYZ
 *   1A9BF0C00         a code: 1 to 9 hex digits, trailing zeros optional
 *   4WVE1             5 characters without a prefix: a short code if it is one, a code if it is
 *                     one, and an error naming both readings if it is both (1A9BF is the short
 *                     code of id 303,438 and the code 1A9BF0000): never a guess
 *   横刀立马          a name of the catalogue (a text with a character outside ASCII, not starting
 *                     with # or @: in simplified or traditional characters, 橫刀立馬), or
 *   四面楚歌:2        NAME:N where the name names several layouts ({@link Catalogue}), or
 *   hengdaolima       the name in pinyin (letters, one at least beyond A-F, with or without
 *                     spaces and tones: heng dao li ma, Héng Dāo Lì Mǎ; {@link Spellings})
 * </pre>
 *
 * Any other length of text is a code only; a short code has exactly 5 characters and a code of
 * 9 digits is never ambiguous, so {@code 1A9BF0000} or {@code @1A9BF} say which one is meant.
 */
public final class LayoutRef {
  /**
   * What the text gave: a code ({@code CODE}: a code, or a catalogue name resolved to its code), an
   * id ({@code ID}: #id or a short code), or a place in a group ({@code GROUP_PLACE}: J-B-S-G-I,
   * the group and the index in it, read from the database or the group flooded alone).
   */
  public enum Kind { CODE, ID, GROUP_PLACE }

  public final Kind kind;
  public final String text;
  /** The code for CODE, the id for ID (also for a short code); unused for GROUP_PLACE. */
  public final long value;

  private LayoutRef(Kind kind, String text, long value) {
    this.kind = kind;
    this.text = text;
    this.value = value;
  }

  /** @throws IllegalArgumentException with a message that says what is wrong */
  public static LayoutRef parse(String text) {
    String s = text.trim();
    if (!s.startsWith("#") && !s.startsWith("@") && Catalogue.looksLikeName(s)) {
      return new LayoutRef(Kind.CODE, s, Catalogue.get().resolve(s));
    }
    if (s.startsWith("#")) {
      String digits = s.substring(1);
      // ASCII digits only: Long.parseLong would also take other scripts' digits ('#٤٠٩١٢٩٦')
      if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
        throw InputException.because("not_an_id", UserText.quote(s) + " is not an id: expected # and the digits 0-9",
            "input", s);
      }
      long id = Long.parseLong(digits);
      if (id < 0 || id >= AllLayouts.COUNT) {
        throw InputException.because("id_out_of_range", "id " + id + " is out of range 0.." + (AllLayouts.COUNT - 1),
            "id", id, "last", AllLayouts.COUNT - 1);
      }
      return new LayoutRef(Kind.ID, s, id);
    }
    if (s.startsWith("@")) {
      return new LayoutRef(Kind.ID, s, ShortCode.parse(s.substring(1)));
    }
    if (Names.looksLike(s, 5)) {
      classOf(Names.parse(s, 5)); // "no class '9-9-9'", as a group's name J-B-S-G says, with a database or without
      return new LayoutRef(Kind.GROUP_PLACE, s, -1);
    }
    if (s.matches("\\d+(-\\d+)+")) { // numbers a layout's name is not (5-4-1-1, a group's): said so, not "not hex"
      Names.parse(s, 5);
    }
    if (s.length() == ShortCode.LENGTH && ShortCode.problem(s) == null) {
      int id = ShortCode.parse(s);
      long code;
      try {
        code = Code.parse(s);
      } catch (IllegalArgumentException notACode) {
        return new LayoutRef(Kind.ID, s, id);
      }
      throw InputException.because("ambiguous_short_code", UserText.quote(s) + " is ambiguous: the code "
          + Code.format(code) + " and the short code of id " + id + "; write " + Code.format(code)
          + " for the code or @" + s.toUpperCase(Locale.ROOT) + " for the short code",
          "input", s, "code", Code.format(code), "id", id, "short", s.toUpperCase(Locale.ROOT));
    }
    if (Catalogue.looksLikePinyin(s)) {
      return new LayoutRef(Kind.CODE, s, Catalogue.get().resolve(s));
    }
    long code = Code.parse(s);
    Code.check(code); // a legal layout, or the rule it breaks
    return new LayoutRef(Kind.CODE, s, code);
  }

  /**
   * The code of a layout given without a database: codes as they are, ids and short codes by
   * enumerating (BENCHMARKS.md, row "enumerate ... as the first thing a fresh JVM does"); a name
   * J-B-S-G-I by flooding its group alone ({@link #named()}).
   */
  public static long codeWithoutDatabase(String text) {
    return parse(text).codeWithoutDatabase();
  }

  /** This reference's code without a database (as {@link #codeWithoutDatabase(String)}). */
  public long codeWithoutDatabase() {
    return switch (kind) {
      case CODE -> value;
      case ID -> AllLayouts.codeOfId(value); // computed: no list of every code
      case GROUP_PLACE -> {
        Named n = named();
        yield n.group().code(n.index());
      }
    };
  }

  /** The class a name's first three numbers (J-B-S) name; an input error when there is none. */
  static int classOf(int[] name) {
    int cls = LayoutClass.index(name[0], name[1], name[2]);
    if (cls < 0) {
      String c = name[0] + "-" + name[1] + "-" + name[2];
      throw InputException.because("no_class", "no class " + UserText.quote(c) + " (expected jiang-bing-style, e.g. 5-4-1)",
          "class", c);
    }
    return cls;
  }

  /** A layout named J-B-S-G-I: its group, flooded alone, and its group_index there. */
  public record Named(OneGroup group, int index) {}

  /**
   * The group and group_index this J-B-S-G-I reference names, without a database: the group
   * flooded from its seed in the shipped table ({@link klotskidb.layerer.OneGroup#named}); an
   * input error naming the part that does not exist.
   */
  public Named named() {
    if (kind != Kind.GROUP_PLACE) {
      throw new IllegalStateException(text + " is not a J-B-S-G-I name");
    }
    int[] p = Names.parse(text, 5);
    int cls = classOf(p);
    OneGroup g = OneGroup.named(cls, p[3]);
    if (p[4] >= g.size()) {
      throw InputException.because("no_group_index", "group " + LayoutClass.name(cls) + "-"
          + p[3] + " has " + UserText.count(g.size(), "layout", "layouts") + ", no group_index " + p[4] + " (name '" + text + "')",
          "input", text, "group", LayoutClass.name(cls) + "-" + p[3], "size", g.size());
    }
    return new Named(g, p[4]);
  }
}
