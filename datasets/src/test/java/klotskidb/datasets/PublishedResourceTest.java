package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.util.List;
import klotskidb.testing.Published;
import org.junit.jupiter.api.Test;

/**
 * The published reference shipped inside the jar is the project's reference copy
 * ({@code ../shared/published}), row for row: the tables are facts of the original release, never
 * edited here.
 */
class PublishedResourceTest {
  @Test
  void everyShippedTableEqualsTheReferenceCopyRowForRow() throws Exception {
    PublishedReference shipped = PublishedReference.shipped();
    int tables = 0;
    for (String file : PublishedReference.FILES) {
      if (file.equals("whole_file_checksum.tsv")) {
        continue; // not a table of the reference copy: checked against its README below
      }
      List<String> copy = Files.readAllLines(Published.dir().resolve(file));
      List<String> ours = shipped.lines(file);
      assertNotNull(ours, file + " is shipped");
      assertEquals(copy.size(), ours.size(), file);
      for (int i = 0; i < copy.size(); i++) {
        assertEquals(copy.get(i), ours.get(i), file + " line " + (i + 1));
      }
      tables++;
    }
    assertEquals(6, tables);
    assertEquals(25_423, shipped.lines("group_size.tsv").size(), "25,422 groups and the header");
  }

  @Test
  void theWholeFileChecksumsAreTheOnesTheReferenceCopyStates() throws Exception {
    PublishedReference copy = PublishedReference.at(Published.dir()); // from its README's list
    PublishedReference shipped = PublishedReference.shipped();
    for (String file : List.of("All_Case.txt", "main.csv")) {
      assertEquals(copy.md5(file), shipped.md5(file), file);
    }
    assertEquals("4b99d2ad0b919cde2d0fde6f7010e698", shipped.md5("main.csv"));
    assertEquals(408, shipped.fileChecksums().size());
  }
}
