package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import klotskidb.db.GroupRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Published files that are missing or malformed are reported per table, never a crash. */
class VerifierTest {
  @TempDir Path temp;

  private static Map<String, CountTables.Table> tables() {
    int[] none = new int[0];
    return CountTables.of(List.of(
        new GroupRecord(0, 2, 0, 0, 1440, 0x000000000L, 10, 100, 5, 3, none),
        new GroupRecord(5, 4, 1, 0, 30, 0x006ABFC00L, 4, 0, -1, 0, none),
        new GroupRecord(5, 4, 1, 1, 20, 0x00A6BFC00L, 4, 2, 9, 1, none)));
  }

  private Verifier.Result result(String table) throws Exception {
    return Verifier.verify(PublishedReference.at(temp), tables()).stream().filter(r -> r.table().equals(table)).findFirst().orElseThrow();
  }

  @Test
  void derivedTablesAddUp() {
    var t = tables();
    assertEquals("jiang\tbing\tcount\n0\t2\t1440\n5\t4\t50\n", CountTables.tsv(t.get("jiang_bing_count")));
    assertEquals("jiang\tbing\tstyle\tgroups\n0\t2\t0\t1\n5\t4\t1\t2\n", CountTables.tsv(t.get("group_num")));
    assertEquals("jiang\tbing\tstyle\tlayouts\tgroups\tsolvable_groups\tsolvable_layouts\n"
        + "0\t2\t0\t1440\t1\t1\t1440\n5\t4\t1\t50\t2\t1\t20\n", CountTables.tsv(t.get("solvable")));
  }

  @Test
  void matchingTablePasses() throws Exception {
    Files.writeString(temp.resolve("group_size.tsv"),
        "jiang\tbing\tstyle\tgroup_num\tsize\n0\t2\t0\t0\t1440\n5\t4\t1\t0\t30\n5\t4\t1\t1\t20\n");
    Verifier.Result r = result("group_size");
    assertTrue(r.ok(), r.line());
    assertEquals("ok (3 rows)", r.line());
  }

  @Test
  void missingMalformedAndDifferentTablesFailOnTheirOwnLine() throws Exception {
    Files.writeString(temp.resolve("style_count.tsv"), "jiang\tbing\tcount\n0\t2\t1440\n");
    Files.writeString(temp.resolve("group_num.tsv"), "jiang\tbing\tstyle\tgroups\n0\t2\tx\t1\n");
    Files.writeString(temp.resolve("jiang_bing_count.tsv"), "jiang\tbing\tcount\n0\t2\t1440\n5\t4\t51\n");
    assertTrue(result("group_size").line().startsWith("missing: "));
    assertTrue(result("style_count").line().startsWith("malformed: header"), result("style_count").line());
    assertEquals("malformed: line 2 field style is not a number: 'x'", result("group_num").line());
    Verifier.Result differ = result("jiang_bing_count");
    assertFalse(differ.ok());
    assertEquals("1 of 2 rows differs; line 3: expected 5 4 51, actual 5 4 50", differ.line());
  }

  @Test
  void aMissingFolderIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> PublishedReference.at(temp.resolve("nope")));
  }
}
