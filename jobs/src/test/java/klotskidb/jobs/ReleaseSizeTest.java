package klotskidb.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The release's disk check says sizes in the unit that shows them, not "0.0 GB" (issue 79, 19). */
class ReleaseSizeTest {
  @Test
  void sizesInTheUnitThatShowsThem() {
    assertEquals("0 bytes", ReleaseJob.size(0));
    assertEquals("1 byte", ReleaseJob.size(1));
    assertEquals("999 bytes", ReleaseJob.size(999));
    assertEquals("1.0 kB", ReleaseJob.size(1000));
    assertEquals("37.0 MB", ReleaseJob.size(37_000_000));
    assertEquals("20.0 MB", ReleaseJob.size(20_000_000));
    assertEquals("1.0 GB", ReleaseJob.size(999_999_999)); // not "1000.0 MB"
    assertEquals("28.5 GB", ReleaseJob.size(28_500_000_000L));
    assertEquals("4.2 TB", ReleaseJob.size(4_200_000_000_000L));
  }
}
