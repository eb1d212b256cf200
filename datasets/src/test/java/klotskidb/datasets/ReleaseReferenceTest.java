package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import klotskidb.testing.Published;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release compares every one of its 408 files: 406 from the two checksum tables, All_Case.txt
 * and main.csv from the MD5s in the published README (main.csv's item quotes its columns before
 * its MD5; a full run once reported it "without reference" for that).
 */
class ReleaseReferenceTest {
  @TempDir Path temp;

  @Test
  void thePublishedFolderGivesAReferenceForAll408Files() throws Exception {
    Map<String, String> ref = PublishedReference.at(Published.dir()).fileChecksums();
    assertEquals(408, ref.size());
    assertEquals("eeb931800e1b6eb10d46db4dd6a1561f ? ?", ref.get("All_Case.txt"));
    assertEquals("4b99d2ad0b919cde2d0fde6f7010e698 ? ?", ref.get("main.csv"));
    assertEquals("d444689026f9ef2568809e6186f81e00 12 1500", ref.get("farthest_0-0-0.csv"));
    assertEquals(ref, PublishedReference.shipped().fileChecksums(), "the shipped copy gives the same 408");
  }

  @Test
  void anMd5IsTakenOnlyFromItsFilesOwnItem() throws Exception {
    Files.writeString(temp.resolve("README.md"), "- `All_Case.txt` (no checksum here)\n"
        + "- `main.csv` (`id,CODE`):\n  MD5 `0123456789abcdef0123456789abcdef`.\n");
    Map<String, String> ref = PublishedReference.at(temp).fileChecksums();
    assertEquals(Map.of("main.csv", "0123456789abcdef0123456789abcdef ? ?"), ref);
  }
}
