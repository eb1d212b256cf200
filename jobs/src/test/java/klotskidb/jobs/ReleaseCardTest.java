package klotskidb.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import klotskidb.datasets.Release;
import klotskidb.enumerator.ClassSet;
import org.junit.jupiter.api.Test;

/** The release's dataset card says what it holds: its layouts counted, its size category from them. */
class ReleaseCardTest {
  private static final ReleaseJob.Options NOT_COMPARED = new ReleaseJob.Options(null, null, 1, null, false,
      ClassSet.ALL, 0);

  @Test
  void theSizeCategoryIsTheLayoutsCount() {
    assertEquals("n<1K", ReleaseJob.sizeCategory(0));
    assertEquals("n<1K", ReleaseJob.sizeCategory(999));
    assertEquals("1K<n<10K", ReleaseJob.sizeCategory(6_720));
    assertEquals("100K<n<1M", ReleaseJob.sizeCategory(145_200));
    assertEquals("10M<n<100M", ReleaseJob.sizeCategory(29_334_498));
    assertEquals("100M<n<1B", ReleaseJob.sizeCategory(117_337_992));
  }

  /** A release of two classes (0-3-0 and 5-4-1: 72,600 layouts), where the card said 10M<n<100M and "the layouts". */
  @Test
  void aReleaseOfTwoClassesSaysItsLayouts() {
    List<Release.FileResult> files = List.of(
        new Release.FileResult("farthest_0-3-0.csv", "m", 6_720, 1, null),
        new Release.FileResult("farthest_5-4-1.csv", "m", 65_880, 1, null),
        new Release.FileResult("solution_0-3-0.csv", "m", 6_720, 1, null),
        new Release.FileResult("solution_5-4-1.csv", "m", 65_880, 1, null));
    String card = ReleaseJob.card("0.1.0", NOT_COMPARED, false, 2, files);
    assertTrue(card.contains("size_categories:\n- 10K<n<100K\n"), card);
    assertTrue(card.contains("4 files, 145,200 lines, 4 bytes: the 72,600 layouts of 2 of the 203 classes of Klotski "
        + "(a 4x5 board"), card);
    String whole = ReleaseJob.card("0.1.0", NOT_COMPARED, true, 203, List.of(
        new Release.FileResult("All_Case.txt", "m", 29_334_498, 1, null),
        new Release.FileResult("farthest_0-3-0.csv", "m", 29_334_498, 1, null)));
    assertTrue(whole.contains("size_categories:\n- 10M<n<100M\n"), whole);
    assertTrue(whole.contains(": all 29,334,498 layouts, in 203 classes, of Klotski (a 4x5 board"), whole);
  }
}
