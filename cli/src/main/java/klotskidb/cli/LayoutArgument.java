package klotskidb.cli;

/**
 * How a layout may be typed, said once for every command that takes one (the rule itself is
 * {@link klotskidb.query.LayoutRef}'s): a code, an id, a short code, a name of the catalogue in
 * characters or pinyin, or a name J-B-S-G-I.
 */
final class LayoutArgument {
  private LayoutArgument() {}

  /** The forms, for a parameter's description. */
  static final String FORMS = "code (1A9BF0C), #id (#4091296), @short code (@4WVE1), a name of the catalogue in "
      + "simplified or traditional characters or pinyin (横刀立马, 橫刀立馬, hengdaolima, 'heng dao li ma'; "
      + "四面楚歌:2 where a name names several), or J-B-S-G-I (5-4-1-1-7472)";

  /** The description of a parameter X. */
  static final String HELP = "Layout: " + FORMS + ".";
}
