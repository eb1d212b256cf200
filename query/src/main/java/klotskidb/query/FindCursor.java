package klotskidb.query;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.zip.CRC32C;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.FindCodec;
import klotskidb.enumerator.LayoutClass;

/**
 * Where a page of {@link Finder}'s answers starts, as the page before names it: the next row's key,
 * the next answer's index in it, the answers given so far, and the question it belongs to.
 *
 * <pre>
 *   050401005e00010000.2.2.Y2xhc3M9NS00LTEmbWluaW1hbD10cnVl....1f0c9a2b
 *   row key (class 5-4-1, 93 steps, minimal, chunk 0) . answer 2 of the row . 2 answers before .
 *   base64url of "class=5-4-1&minimal=true&order=hardest" . CRC32C of all that, 8 hex digits
 * </pre>
 *
 * The question ({@link FindFilter#question}: the filter and the order, however typed) makes a
 * cursor reused with another question a refusal naming both, never a page of the wrong answers;
 * the answers before give a lower bound of the total where the index cannot count it. The checksum
 * makes a cursor edited by hand (or cut short by a terminal) a refusal: an edited "answers before"
 * once turned a 26-layout question into "total 500023, exact". It is not bound to the database's
 * publication: a cursor goes on in the same database analysed further (the same keys and order;
 * FarthestFindTest).
 */
public final class FindCursor {
  private FindCursor() {}

  /**
   * Where a page starts, parsed once: a find row's key (null: the first page), the index of the
   * first answer in it, the answers of the pages before it, and the question it belongs to
   * ({@link FindFilter#question}). The scan hands the next page's start on as this record; its
   * text ({@link #text}) is made only for the answer.
   */
  public record Start(byte[] key, int skip, long before, String question) {
    /** Whether it starts the first page (no cursor given). */
    boolean first() {
      return key == null;
    }

    /**
     * The cursor: the row's key in hex, the index of the next answer in it, the answers given so
     * far, and the question in base64url ({@code 05040103...0000.17.100.Y2xhc3M9NS00LTE}).
     */
    public String text() {
      String fields = HexFormat.of().formatHex(key) + "." + skip + "." + before + "."
          + Base64.getUrlEncoder().withoutPadding().encodeToString(
              question.getBytes(StandardCharsets.UTF_8));
      return fields + "." + checksum(fields);
    }

    /** Where the scan got to: "class 5-4-1, 84 steps" (its row). */
    public String scannedTo() {
      int steps1 = FindCodec.steps1Of(key);
      return "class " + LayoutClass.name(FindCodec.classOf(key)) + ", "
          + (steps1 == 0 ? "unsolvable layouts" : UserText.count(steps1 - 1, "step", "steps"));
    }
  }

  /** The start at answer {@code index} of the row {@code key}, {@code before} answers given. */
  static Start of(byte[] key, int index, long before, FindFilter f) {
    return new Start(key, index, before, f.question());
  }

  /** CRC32C of a cursor's fields, 8 lower-case hex digits. */
  private static String checksum(String fields) {
    CRC32C crc = new CRC32C();
    crc.update(fields.getBytes(StandardCharsets.US_ASCII));
    return String.format("%08x", crc.getValue());
  }

  /**
   * Where the page of {@code cursor} starts; a malformed cursor or size, or a cursor of another
   * question (filter or order), is refused, naming both questions.
   */
  static Start start(FindFilter f, String cursor, int limit) {
    if (limit < 1 || limit > Finder.MAX_LIMIT) {
      throw new InputException(f.named("limit") + " must be from 1 to " + Finder.MAX_LIMIT + ", not " + limit);
    }
    if (f.groupOf() != null) { // the question is known once the database names the group: the form alone
      return cursor == null ? null : parse(cursor, f.named("cursor"));
    }
    if (cursor == null) {
      return new Start(null, 0, 0, f.question());
    }
    Start s = parse(cursor, f.named("cursor"));
    if (!s.question().equals(f.question())) {
      throw new InputException(f.named("cursor") + " belongs to another question (" + UserText.quote(s.question())
          + ", not " + UserText.quote(f.question()) + "): ask again without it for the first page");
    }
    return s;
  }

  /** A cursor's parts; a malformed one is refused, naming it as {@code named}. */
  static Start parse(String cursor, String named) {
    String[] p = cursor.split("\\.", -1);
    String question = null;
    if (p.length == 5 && cursor.chars().allMatch(ch -> ch < 0x80)
        && p[4].equals(checksum(cursor.substring(0, cursor.lastIndexOf('.'))))) {
      try {
        question = new String(Base64.getUrlDecoder().decode(p[3]), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        question = null;
      }
    }
    if (question == null || p[0].length() != 2 * FindCodec.KEY_BYTES
        || !p[0].chars().allMatch(ch -> ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F')
        || !digits(p[1], 4) || !digits(p[2], 9)) {
      throw new InputException(named + " " + UserText.quote(cursor) + " is not a cursor of a find page");
    }
    byte[] key = HexFormat.of().parseHex(p[0]);
    if (FindCodec.classOf(key) < 0) {
      throw new InputException(named + " " + UserText.quote(cursor) + " is not a cursor of a find page");
    }
    return new Start(key, Integer.parseInt(p[1]), Long.parseLong(p[2]), question);
  }

  private static boolean digits(String s, int max) {
    return !s.isEmpty() && s.length() <= max && s.chars().allMatch(ch -> ch >= '0' && ch <= '9');
  }
}
