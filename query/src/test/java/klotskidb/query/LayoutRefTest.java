package klotskidb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** How a layout's text is read: the short code / code rule never guesses. */
class LayoutRefTest {
  @Test
  void explicitFormsAreNeverAmbiguous() {
    assertEquals(LayoutRef.Kind.ID, LayoutRef.parse("@1A9BF").kind);
    assertEquals(303_438, LayoutRef.parse("@1a9bf").value);
    assertEquals(0x1A9BF0000L, LayoutRef.parse("1A9BF0000").value);
    assertEquals(4_091_296, LayoutRef.parse("#4091296").value);
    assertEquals(LayoutRef.Kind.GROUP_PLACE, LayoutRef.parse("5-4-1-1-7472").kind);
    assertEquals(4_091_296, LayoutRef.parse("4WVE1").value, "no code: read as a short code");
    assertEquals(LayoutRef.Kind.ID, LayoutRef.parse("4WVE1").kind);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LayoutRef.parse("1A9BF"));
    assertEquals("'1A9BF' is ambiguous: the code 1A9BF0000 and the short code of id 303438; write 1A9BF0000 "
        + "for the code or @1A9BF for the short code", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> LayoutRef.parse("@1A9BF0"));
    assertThrows(IllegalArgumentException.class, () -> LayoutRef.parse("@ZZZZZ"));
  }

  /**
   * Every 5-character text that can be both (hex digits 1-9, A-F: 15^5 = 759,375 texts) is read
   * by the rule: a code when it is only a code, a short code when only that, an error when both
   * or neither -- against the two parsers on their own.
   */
  @Test
  @Tag("slow")
  void everyTextThatCouldBeBothFollowsTheRule() {
    String digits = "123456789ABCDEF";
    AtomicInteger both = new AtomicInteger();
    IntStream.range(0, 759_375).parallel().forEach(i -> { // on every core: most texts are refused twice
      char[] t = new char[5];
      int v = i;
      for (int k = 4; k >= 0; k--) {
        t[k] = digits.charAt(v % 15);
        v /= 15;
      }
      String s = new String(t);
      boolean isShort = ShortCode.problem(s) == null;
      boolean isCode;
      try {
        Code.parse(s);
        isCode = true;
      } catch (IllegalArgumentException e) {
        isCode = false;
      }
      if (isShort && isCode) {
        both.incrementAndGet();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LayoutRef.parse(s));
        assertTrue(e.getMessage().contains("is ambiguous"), e.getMessage());
      } else if (isShort) {
        assertEquals(ShortCode.parse(s), LayoutRef.parse(s).value, s);
        assertEquals(LayoutRef.Kind.ID, LayoutRef.parse(s).kind, s);
      } else if (isCode) {
        assertEquals(Code.parse(s), LayoutRef.parse(s).value, s);
        assertEquals(LayoutRef.Kind.CODE, LayoutRef.parse(s).kind, s);
      } else {
        assertThrows(IllegalArgumentException.class, () -> LayoutRef.parse(s), s);
      }
    });
    assertTrue(both.get() > 1000, "the ambiguous case is real: " + both + " texts");
  }
}
