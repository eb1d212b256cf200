package klotskidb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rows a database stores are its version's: the layout the declaration gives them ({@link
 * StoredRows#TEXT}, generated from {@code codegen/layout-facts.txt}) is the one recorded here for
 * {@link Schema#VERSION}, and SCHEMA.md, the layout told to people, says that version and names
 * every stored field in its row's order. The families encoded by hand ({@code IdsCodec} to {@code
 * FindFarthestCodec}) are held the same way by their bytes for the worked example.
 *
 * <p>Worked example: a fact declared {@code stored 8 unsigned} after optimal_solution_num makes the
 * first line {@code cases (23 bytes): ... optimal_solution_num 32 unsigned @18, moves 8 unsigned
 * @22}, no longer version 4's, and the first test fails until the version is 5.
 *
 * <p>Why: a database outlives the jar that built it, and a reader of other rows misreads every row.
 * That fact, added in a trial without a new version, made {@code info} and {@code find} on a
 * version 4 database end in "klotski: IndexOutOfBoundsException" while {@code verify} passed; a
 * field moved would read wrong values without a word. A new version is refused by the readers of
 * the old one, and its readers refuse the old databases, with a message that says to rebuild.
 */
class StoredRowsTest {
  /** The rows of each version since the declaration lays them out: a changed row adds its version's here. */
  private static final Map<Integer, String> ROWS_OF_VERSION = Map.of(4, """
      cases (22 bytes): id 32 unsigned @0, jiang 8 unsigned @4, bing 8 unsigned @5, style 8 unsigned @6, \
      group_num 16 unsigned @7, group_index 32 unsigned @9, layer 16 unsigned @13, min_solution_step 16 signed \
      null -1 @15, symmetric 1 unsigned @17.0, solved 1 unsigned @17.1, minimal 2 unsigned null 2 @17.2, \
      optimal_solution_num 32 unsigned @18
      groups: key jiang 8, bing 8, style 8, group_num 16; value size 32, seed code, layers 16, solved_num 32, \
      max_min_solution_step 16 signed null -1, hardest_num 32, layer_sizes list layers
      analysis: farthest_step 16, farthest_num 32, min_solution_num 32, solution_num 32
      group_analysis: diameter 16
      """);

  /**
   * The bytes of each family encoded by hand for the worked example (1A9BF0C00: id 4091296,
   * 5-4-1-1-7472, layer 26; its find bucket, rank and farthest_step), for each version since they are
   * recorded here: CodecsTest holds the codecs to the same bytes and says what each one is.
   */
  private static final Map<Integer, String> HAND_ENCODED_OF_VERSION = Map.of(4, """
      ids 003e6da0 -> 01a9bf0c00; names 0504010001 00001d30 -> 01a9bf0c00; \
      layers 0504010001 001a 00001d30 -> 01a9bf0c00; groups 0504010001; group_analysis 007c; \
      find 0504010052010100 00 -> 01a9bf0c00; ranks 0504010051 -> 270726ec; find_farthest 0007007c007c0007\
      """);

  @Test
  void theDeclaredRowsAreThoseOfTheSchemasVersion() {
    String recorded = ROWS_OF_VERSION.get(Schema.VERSION);
    assertNotNull(recorded, "no rows recorded here for Schema.VERSION " + Schema.VERSION
        + ": add the version's, StoredRows.TEXT");
    assertEquals(recorded, StoredRows.TEXT, "codegen/layout-facts.txt lays out rows other than version "
        + Schema.VERSION + "'s: a changed row is a new Schema.VERSION (the readers of each then refuse the other's "
        + "databases, which they would misread), said in SCHEMA.md (Versions); then record its rows here");
  }

  @Test
  void theFamiliesEncodedByHandAreThoseOfTheSchemasVersion() {
    long code = 0x1A9BF0C00L;
    String made = "ids " + hex(IdsCodec.key(4091296)) + " -> " + hex(5, b -> IdsCodec.putValue(b, code))
        + "; names " + spaced(NamesCodec.key(5, 4, 1, 1, 7472), 5) + " -> " + hex(5, b -> NamesCodec.putValue(b, code))
        + "; layers "
        + spaced(CodecsTest.bytes(LayersCodec.KEY_BYTES, b -> LayersCodec.putKey(b, 5, 4, 1, 1, 26, 7472)), 5, 7)
        + " -> " + hex(5, b -> LayersCodec.putValue(b, code))
        + "; groups " + hex(GroupsCodec.key(5, 4, 1, 1)) + "; group_analysis " + hex(GroupAnalysisCodec.value(124))
        + "; find " + spaced(CodecsTest.bytes(FindCodec.KEY_BYTES, b -> FindCodec.putKey(b, 5, 4, 1, 82, 1, 1, 0)), 8)
        + " -> " + hex(5, b -> FindCodec.putCode(b, code))
        + "; ranks " + hex(CodecsTest.bytes(RanksCodec.KEY_BYTES, b -> RanksCodec.putKey(b, 5, 4, 1, 81)))
        + " -> " + hex(RanksCodec.VALUE_BYTES, b -> RanksCodec.putValue(b, 9991, 9964))
        + "; find_farthest " + hex(FindFarthestCodec.value(new int[] {124, 7}, 2));
    String recorded = HAND_ENCODED_OF_VERSION.get(Schema.VERSION);
    assertNotNull(recorded, "no bytes recorded here for Schema.VERSION " + Schema.VERSION + ": add the version's");
    assertEquals(recorded, made, "a family encoded by hand writes bytes other than version " + Schema.VERSION
        + "'s (CodecsTest says which): a changed encoding is a new Schema.VERSION, said in SCHEMA.md (Versions); "
        + "then record its bytes here");
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  private static String hex(int n, Consumer<ByteBuffer> put) {
    return hex(CodecsTest.bytes(n, put));
  }

  /** The bytes in hex, a space after each of the given lengths (a key's parts). */
  private static String spaced(byte[] b, int... at) {
    StringBuilder s = new StringBuilder();
    int from = 0;
    for (int to : at) {
      s.append(hex(Arrays.copyOfRange(b, from, to))).append(' ');
      from = to;
    }
    return s.append(hex(Arrays.copyOfRange(b, from, b.length))).toString();
  }

  /**
   * SCHEMA.md's title says the version, and its table of column families names, in each declared
   * family's value, every field in the row's order (the group's key is the codec's), the row of
   * {@code cases} with its length.
   */
  @Test
  void schemaMdSaysTheVersionAndNamesEveryStoredFieldInItsOrder() throws IOException {
    String md = Files.readString(Path.of("SCHEMA.md"), StandardCharsets.UTF_8);
    assertTrue(md.startsWith("# klotski-db on-disk schema — version " + Schema.VERSION + "\n"),
        "SCHEMA.md's title does not say version " + Schema.VERSION);
    int families = 0;
    for (String line : StoredRows.TEXT.split("\n")) {
      String family = line.substring(0, line.indexOf(line.startsWith("cases") ? " (" : ":"));
      String fields = line.substring(line.indexOf(": ") + 2);
      fields = fields.contains("; value ") ? fields.substring(fields.indexOf("; value ") + 8) : fields;
      String value = valueCell(md, family);
      int at = 0;
      for (String field : fields.split(", ")) {
        String name = field.substring(0, field.indexOf(' '));
        Matcher m = Pattern.compile("(?<![a-z_])" + name + "(?![a-z_])").matcher(value);
        assertTrue(m.find(at), "SCHEMA.md's row of " + family + " does not name " + name + " after what comes "
            + "before it in the row (" + fields + "): " + value);
        at = m.end();
      }
      families++;
    }
    assertEquals(4, families);
    assertTrue(valueCell(md, "cases").contains(" — " + CaseField.VALUE_BYTES + " bytes"),
        "SCHEMA.md's row of cases does not say its " + CaseField.VALUE_BYTES + " bytes");
  }

  /** The value's cell of a family's row in SCHEMA.md's table of column families. */
  private static String valueCell(String md, String family) {
    String row = md.lines().filter(l -> l.startsWith("| `" + family + "` |")).findFirst()
        .orElseThrow(() -> new AssertionError("SCHEMA.md has no row for the family " + family));
    return row.split(" \\| ")[2];
  }
}
