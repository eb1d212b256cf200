package klotskidb.enumerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import klotskidb.enumerator.IllegalCodeException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import klotskidb.testing.SameAsReference;

class CodeTest {
  @Test
  void shortFormParsesToTheFullCode() {
    assertEquals(0x1A9BF0C00L, Code.parse("1A9BF0C"));
    assertEquals("1A9BF0C00", Code.format(Code.parse("1A9BF0C")));
    assertEquals("1A9BF0C", Code.formatShort(0x1A9BF0C00L));
    assertEquals(Code.parse("1a9bf0c00"), Code.parse("1A9BF0C00"));
    assertEquals(Code.parse(" 4FEA134 "), 0x4FEA13400L);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "'', EMPTY",
    "'   ', EMPTY",
    "1A9BF0C0G, NOT_HEX",
    "1A9-BF0C, NOT_HEX",
    "+1A9BF0C, NOT_HEX",
    "1A9BF0C000, TOO_LONG",
    "3A9BF0C00, BAD_BLOCK_POSITION",
    "F00000000, BAD_BLOCK_POSITION",
    // 2x2 at 0: cell 2 gets 11 (1x1), cell 3 gets 01, a horizontal piece in column 3
    "0D0000000, OFF_BOARD",
    // 2x2 at 0: cells 2..15 get 1x1 (12 x 11), cell 16 gets 10, a vertical piece in row 4
    "0FFFFFF80, OFF_BOARD",
    // 2x2 at 1: cell 0 gets 01 (horizontal 0-1) which overlaps the 2x2
    "140000000, OVERLAP",
    // classic start with a non-zero bit after the walk ends
    "1A9BF0C01, NONZERO_PADDING",
    // 2x2 at 0, 1x1 on cells 2..18, cell 19 empty: one empty cell only
    "0FFFFFFFC, TOO_FEW_EMPTY",
  })
  void eachKindOfBadInputHasItsOwnError(String text, Reason reason) {
    IllegalCodeException e = assertThrows(IllegalCodeException.class, () -> Code.parse(text));
    assertEquals(reason, e.reason(), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
  }

  @Test
  void valuesOutsideThirtySixBitsAreIllegal() {
    assertFalse(Code.isLegal(-1));
    assertFalse(Code.isLegal(1L << 36));
    assertEquals(-1, AllLayouts.rank(1L << 36 | 0x1A9BF0C00L));
  }

  @Test
  void formatAlwaysGivesNineUpperCaseDigits() {
    assertEquals("000000000", Code.format(0));
    assertEquals("0", Code.formatShort(0));
    assertEquals("DAA7F3000", Code.format(0xDAA7F3000L));
  }

  /** The rank walk and the rule-by-rule check agree on seeded random values near legal codes. */
  @Test
  void rankRecognisesExactlyTheLegalCodes() {
    // random values, one-bit slips of the classic, and values with the last byte clear (as codes end)
    int[] legal = {0};
    SameAsReference.check("Code.isLegal", 300_000, random -> {
      switch (random.nextInt(3)) {
        case 0: return random.nextLong() & (Code.LIMIT - 1);
        case 1: return 0x1A9BF0C00L ^ (1L << random.nextInt(36));
        default: return ((long) (random.nextInt(16)) << 32) | (random.nextInt() & 0xFFFFFF00L);
      }
    }, v -> {
      legal[0] += Code.isLegal(v) ? 1 : 0;
      return Code.isLegal(v);
    }, v -> Code.problem(v) == null, Code::format); // the rule-by-rule reference
    assertTrue(legal[0] > 1_000, "the sample should hold legal codes too, had " + legal[0]);
  }
}
