package klotskidb.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** SPEC section 7: short codes, against the spec's examples and a plain base-32 reference. */
class ShortCodeTest {
  @Test
  void specExamples() {
    assertEquals("4WVE1", ShortCode.of(4_091_296));
    assertEquals("AXCZN", ShortCode.of(10_399_732));
    assertEquals("11111", ShortCode.of(0));
    assertEquals(303_438, ShortCode.parse("1A9BF"));
    assertEquals(4_091_296, ShortCode.parse("4wve1"), "case-insensitive");
    assertEquals(4_091_296, AllLayouts.rank(0x1A9BF0C00L));
  }

  /** Every 13th id round-trips (every id: the slow test below), and each text equals a plain base-32 rendering with the alphabet. */
  @Test
  void every13thIdRoundTrips() {
    idsRoundTrip(13);
  }

  @Test
  @Tag("slow")
  void everyIdRoundTrips() {
    idsRoundTrip(1);
  }

  private static void idsRoundTrip(int stride) {
    for (int id = 0; id < AllLayouts.COUNT; id += stride) {
      String s = ShortCode.of(id);
      assertEquals(id, ShortCode.parse(s));
      if (id % (9973 * stride) == 0) {
        StringBuilder ref = new StringBuilder(Integer.toString(id, 32));
        while (ref.length() < 5) {
          ref.insert(0, '0');
        }
        StringBuilder mapped = new StringBuilder();
        for (char c : ref.toString().toCharArray()) {
          mapped.append(ShortCode.ALPHABET.charAt(Character.digit(c, 32)));
        }
        assertEquals(mapped.toString(), s);
        assertEquals(id, ShortCode.parse(s.toLowerCase(Locale.ROOT)));
      }
    }
    assertEquals("VZ7Z2", ShortCode.of(AllLayouts.COUNT - 1));
  }

  @Test
  void everythingElseIsRefusedWithAReason() {
    assertTrue(ShortCode.problem("4WVE").contains("5 characters"));
    assertTrue(ShortCode.problem("4WVE0").contains("no '0'"));
    assertTrue(ShortCode.problem("4WVEI").contains("no 'I'"));
    assertTrue(ShortCode.problem("4WVEL").contains("no 'L'"));
    assertTrue(ShortCode.problem("4WVEO").contains("no 'O'"));
    assertTrue(ShortCode.problem("4WVE\u0661").contains("no "));
    assertTrue(ShortCode.problem("ZZZZZ").contains("past the last id 29334497"));
    assertTrue(ShortCode.problem("VZ7Z3").contains("past the last id"));
    assertNull(ShortCode.problem("VZ7Z2"));
    assertThrows(IllegalArgumentException.class, () -> ShortCode.of(AllLayouts.COUNT));
    assertThrows(IllegalArgumentException.class, () -> ShortCode.of(-1));
  }
}
