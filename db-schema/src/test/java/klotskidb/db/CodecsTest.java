package klotskidb.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import klotskidb.enumerator.LayoutClass;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Every codec against the bytes its class comment documents (the worked example of 1A9BF0C00,
 * 5-4-1-1-7472 and its group), and each value read back as written: a comment that drifts from
 * the codec, or a codec from its decoder, fails here.
 */
class CodecsTest {
  private static byte[] hex(String spaced) {
    return HexFormat.of().parseHex(spaced.replace(" ", ""));
  }

  /** What {@code put} writes in {@code n} bytes, all of them (StoredRowsTest's too). */
  static byte[] bytes(int n, Consumer<ByteBuffer> put) {
    ByteBuffer b = ByteBuffer.allocate(n);
    put.accept(b);
    assertEquals(n, b.position(), "the documented length");
    return b.array();
  }

  @Test
  void casesAndAnalysisKeyByCode() {
    assertArrayEquals(hex("01 A9 BF 0C 00"), CasesCodec.key(0x1A9BF0C00L));
    assertEquals(0x1A9BF0C00L, CasesCodec.decodeKey(ByteBuffer.wrap(CasesCodec.key(0x1A9BF0C00L))));
    assertArrayEquals(CasesCodec.key(0x1A9BF0C00L), AnalysisCodec.key(0x1A9BF0C00L), "the same keys: scans merge");
    assertEquals(0x1A9BF0C00L, AnalysisCodec.decodeKey(AnalysisCodec.key(0x1A9BF0C00L)));
    // 1A9BF0C00's analysis: 124 steps to its 8 farthest layouts, 2 nearest of 6 solutions
    byte[] v = bytes(AnalysisRecord.VALUE_BYTES, b -> AnalysisRecord.put(b, 124, 8, 2, 6));
    assertArrayEquals(hex("00 7C 00 00 00 08 00 00 00 02 00 00 00 06"), v);
    assertEquals(new AnalysisRecord(124, 8, 2, 6), AnalysisRecord.decode(v));
  }

  /** Ranks that give every row 99.91% and 99.64%, as 1A9BF0C00's class and steps do. */
  private static Ranks ranks() {
    Ranks r = new Ranks();
    ByteBuffer k = ByteBuffer.allocate(64);
    RanksCodec.putKey(k, 5, 4, 1, 81);
    r.put(Arrays.copyOf(k.array(), k.position()), bytes(RanksCodec.VALUE_BYTES, b -> RanksCodec.putValue(b, 9991, 9964)));
    return r;
  }

  /**
   * A row of cases as its comment documents it: 1A9BF0C00 (#4091296, 5-4-1, group 1, index 7472,
   * layer 26, 81 steps, symmetric, not solved, minimal, 256 optimal solutions) in 22 bytes, read back
   * whole; an unsolvable layout of unknown minimality and the largest optimal count too.
   */
  @Test
  void aCasesRowIsItsDocumentedBytes() {
    CaseRecord classic = new CaseRecord(0x1A9BF0C00L, 4091296, 5, 4, 1, 1, 7472, 26, 81, true, false, true, 256, 9991, 9964);
    byte[] v = bytes(CasesCodec.VALUE_BYTES, b -> CasesCodec.putValue(b, classic));
    assertArrayEquals(hex("00 3E 6D A0 05 04 01 00 01 00 00 1D 30 00 1A 00 51 05 00 00 01 00"), v);
    assertEquals(classic, CasesCodec.decode(0x1A9BF0C00L, ByteBuffer.wrap(v), ranks()));
    CaseRecord odd = new CaseRecord(0x0E83ABC00L, 1234567, 4, 0, 2, 65535, 100000, 65535, -1, false, true, null,
        0xFFFF_FFFFL, -1, -1);
    byte[] w = bytes(CasesCodec.VALUE_BYTES, b -> CasesCodec.putValue(b, odd));
    assertArrayEquals(hex("00 12 D6 87 04 00 02 FF FF 00 01 86 A0 FF FF FF FF 0A FF FF FF FF"), w);
    assertEquals(odd, CasesCodec.decode(0x0E83ABC00L, ByteBuffer.wrap(w), ranks()));
    // a row's class from its bytes alone (verify's count of every class), the buffer's position kept
    ByteBuffer at3 = ByteBuffer.allocate(3 + CasesCodec.VALUE_BYTES).position(3);
    at3.put(v).position(3);
    assertEquals(LayoutClass.parse("5-4-1"), CasesCodec.classOf(at3));
    assertEquals(3, at3.position());
    assertEquals(LayoutClass.parse("4-0-2"), CasesCodec.classOf(ByteBuffer.wrap(w)));
    w[5] = 16; // 16 soldiers: no class
    assertEquals(-1, CasesCodec.classOf(ByteBuffer.wrap(w)));
    CaseRecord tooMany = new CaseRecord(0x1A9BF0C00L, 1, 5, 4, 1, 1, 1, 1, 81, true, false, true, 1L << 32, 0, 0);
    assertThrows(IllegalArgumentException.class, () -> CasesCodec.putValue(ByteBuffer.allocate(64), tooMany));
  }

  /**
   * Any row read back as written: the declared encoder ({@link CasesCodec#putValue}, a loop over
   * the declarations) against the reader's straight code, on seeded records over every field's
   * whole range (the largest and smallest values each field may hold among them).
   */
  @Test
  void everyRowReadsBackAsWritten() {
    Random r = TestSeed.random("CodecsTest.everyRowReadsBackAsWritten");
    Ranks ranks = ranks();
    for (int k = 0; k < 20_000; k++) {
      boolean edge = k % 10 == 0;
      CaseRecord c = new CaseRecord(r.nextLong() & 0xF_FFFF_FFFFL, edge ? Integer.MAX_VALUE : r.nextInt(Integer.MAX_VALUE),
          edge ? 255 : r.nextInt(256), r.nextInt(256), r.nextInt(256), edge ? 65535 : r.nextInt(65536),
          edge ? Integer.MAX_VALUE : r.nextInt(Integer.MAX_VALUE), r.nextInt(65536), edge ? 32767 : r.nextInt(65536) - 32768,
          r.nextBoolean(), r.nextBoolean(), r.nextInt(3) == 0 ? null : r.nextBoolean(), edge ? 0xFFFF_FFFFL : r.nextLong() & 0xFFFF_FFFFL,
          0, 0);
      byte[] v = bytes(CasesCodec.VALUE_BYTES, b -> CasesCodec.putValue(b, c));
      CaseRecord back = CasesCodec.decode(c.code(), ByteBuffer.wrap(v), ranks);
      int step = c.minSolutionStep();
      boolean ranked = c.jiang() == 5 && c.bing() == 4 && c.style() == 1 && step == 81;
      assertEquals(new CaseRecord(c.code(), c.id(), c.jiang(), c.bing(), c.style(), c.groupNum(), c.groupIndex(), c.layer(),
          step, c.symmetric(), c.solved(), c.minimal(), c.optimalSolutionNum(), ranked ? 9991 : -1, ranked ? 9964 : -1), back);
    }
  }

  @Test
  void idsNamesAndLayersLeadToCodes() {
    assertArrayEquals(hex("00 3E 6D A0"), IdsCodec.key(4091296));
    byte[] code = bytes(5, b -> IdsCodec.putValue(b, 0x1A9BF0C00L));
    assertArrayEquals(hex("01 A9 BF 0C 00"), code);
    assertEquals(0x1A9BF0C00L, IdsCodec.decodeValue(code));
    assertArrayEquals(hex("05 04 01 00 01 00 00 1D 30"), NamesCodec.key(5, 4, 1, 1, 7472));
    assertEquals(0x1A9BF0C00L, NamesCodec.decodeValue(bytes(5, b -> NamesCodec.putValue(b, 0x1A9BF0C00L))));
    byte[] layer = bytes(LayersCodec.KEY_BYTES, b -> LayersCodec.putKey(b, 5, 4, 1, 1, 0, 0));
    assertArrayEquals(hex("05 04 01 00 01 00 00 00 00 00 00"), layer);
    byte[] prefix = LayersCodec.layerPrefix(5, 4, 1, 1, 0);
    assertArrayEquals(Arrays.copyOf(layer, prefix.length), prefix, "a layer's rows share its prefix");
    assertEquals(0x1A9BF0C00L, LayersCodec.decodeValue(bytes(5, b -> LayersCodec.putValue(b, 0x1A9BF0C00L))));
  }

  @Test
  void groupsAndTheirAnalysis() {
    assertArrayEquals(hex("05 04 01 00 01"), GroupsCodec.key(5, 4, 1, 1));
    assertArrayEquals(GroupsCodec.key(5, 4, 1, 1), GroupAnalysisCodec.key(5, 4, 1, 1));
    assertEquals(124, GroupAnalysisCodec.decodeValue(GroupAnalysisCodec.value(124)));
    int[] sizes = {1, 3, 7};
    GroupRecord written = new GroupRecord(5, 4, 1, 1, 11, 0x1A9BF0C00L, sizes.length, 2, 93, 2, sizes);
    byte[] v = bytes(GroupsCodec.valueBytes(sizes.length), b -> GroupsCodec.putValue(b, written));
    // size, seed, layers, solved_num, max_min_solution_step, hardest_num, then each layer's size
    assertArrayEquals(hex("00 00 00 0B  01 A9 BF 0C 00  00 03  00 00 00 02  00 5D  00 00 00 02"
        + "  00 00 00 01  00 00 00 03  00 00 00 07"), v);
    GroupRecord g = GroupsCodec.decode(GroupsCodec.key(5, 4, 1, 1), v);
    assertEquals(List.of(5, 4, 1, 1, 11, 3, 2, 93, 2), List.of(g.jiang(), g.bing(), g.style(),
        g.groupNum(), g.size(), g.layers(), g.solvedNum(), g.maxMinSolutionStep(), g.hardestNum()));
    assertEquals(0x1A9BF0C00L, g.seed());
    assertArrayEquals(sizes, g.layerSizes());
    assertEquals("5-4-1-1", g.name());
    assertTrue(g.isSolvable());
    // an unsolvable group: -1 steps survives the short
    GroupRecord unsolvable = new GroupRecord(5, 4, 1, 2, 4, 0x1A9BF0C00L, 0, 0, -1, 0, new int[0]);
    byte[] none = bytes(GroupsCodec.valueBytes(0), b -> GroupsCodec.putValue(b, unsolvable));
    assertArrayEquals(hex("00 00 00 04  01 A9 BF 0C 00  00 00  00 00 00 00  FF FF  00 00 00 00"), none);
    assertEquals(-1, GroupsCodec.decode(5, 4, 1, 2, none).maxMinSolutionStep());
    assertFalse(GroupsCodec.decode(5, 4, 1, 2, none).isSolvable());
  }

  @Test
  void findAndRanksBucketByClassAndSteps() {
    byte[] key = bytes(FindCodec.KEY_BYTES, b -> FindCodec.putKey(b, 5, 4, 1, 82, 1, 1, 0));
    assertArrayEquals(hex("05 04 01 00 52 01 01 00 00"), key); // 5-4-1, 81 steps, symmetric, minimal, chunk 0
    assertEquals(LayoutClass.parse("5-4-1"), FindCodec.classOf(key));
    assertEquals(82, FindCodec.steps1Of(key));
    assertTrue(FindCodec.symmetricOf(key) && FindCodec.minimalOf(key));
    byte[] value = bytes(10, b -> {
      FindCodec.putCode(b, 0x1A9BF0C00L);
      FindCodec.putCode(b, 0xDAA7F3000L);
    });
    assertEquals(2, FindCodec.count(value));
    assertEquals(0xDAA7F3000L, FindCodec.codeAt(value, 1));
    assertArrayEquals(hex("05 04 01 00 00 00 00 00 00"), FindCodec.seek(LayoutClass.parse("5-4-1"), 0));

    // beside that row, under its key: the smallest and largest farthest_step, then each code's
    byte[] steps = FindFarthestCodec.value(new int[] {124, 7}, 2);
    assertArrayEquals(hex("00 07 00 7C 00 7C 00 07"), steps); // 1A9BF0C00: 124; the second layout: 7
    assertEquals(7, FindFarthestCodec.min(steps));
    assertEquals(124, FindFarthestCodec.max(steps));
    assertEquals(2, FindFarthestCodec.count(steps));
    assertEquals(124, FindFarthestCodec.stepAt(steps, 0));
    assertEquals(256, FindFarthestCodec.stepAt(FindFarthestCodec.value(new int[] {256}, 1), 0)); // some are
    Assertions.assertThrows(IllegalArgumentException.class,
        () -> FindFarthestCodec.value(new int[] {-1}, 1));

    byte[] rank = bytes(RanksCodec.KEY_BYTES, b -> RanksCodec.putKey(b, 5, 4, 1, 81));
    assertArrayEquals(hex("05 04 01 00 51"), rank);
    assertEquals(81, RanksCodec.stepsOf(rank));
    byte[] shares = bytes(RanksCodec.VALUE_BYTES, b -> RanksCodec.putValue(b, 9991, 9964));
    assertArrayEquals(hex("27 07 26 EC"), shares); // 99.91%, 99.64%
    assertEquals(9991, RanksCodec.harderThanOf(shares));
    assertEquals(9964, RanksCodec.harderThanInClassOf(shares));
  }
}
