package klotskidb.grouper;

import klotskidb.base.InputException;
import klotskidb.base.UserText;

/** Parsing of dash-separated names: {@code J-B-S-G-I} (a layout), {@code J-B-S-G} (a group). */
public final class Names {
  private Names() {}

  /** Whether the text looks like a name of that many parts (digits and dashes only). */
  public static boolean looksLike(String text, int parts) {
    return text != null && text.matches("\\d+(-\\d+){" + (parts - 1) + "}");
  }

  /**
   * The numbers of a name with exactly {@code parts} parts.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static int[] parse(String text, int parts) {
    String what = parts == 5 ? "jiang-bing-style-group_num-group_index"
        : parts == 4 ? "jiang-bing-style-group_num" : parts + " numbers";
    if (!looksLike(text, parts)) {
      throw InputException.because("bad_name", UserText.quote(text) + " is not a name of the form " + what,
          "input", text, "form", what);
    }
    String[] fields = text.split("-");
    int[] out = new int[parts];
    for (int i = 0; i < parts; i++) {
      try {
        out[i] = Integer.parseInt(fields[i]);
      } catch (NumberFormatException e) {
        throw InputException.because("bad_name", UserText.quote(text) + ": number too large: "
            + UserText.quote(fields[i]), "input", text, "form", what);
      }
    }
    return out;
  }
}
