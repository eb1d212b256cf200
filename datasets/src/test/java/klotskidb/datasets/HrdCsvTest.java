package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import klotskidb.analysis.ClassDriver;
import klotskidb.analysis.Kernels;
import klotskidb.base.Progress;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.testing.Published;
import org.junit.jupiter.api.Test;

/**
 * Every class with at most 5,000 layouts (40 of them, grouped alone): both per-class files written byte for
 * byte as the original release, checked against its published MD5, line count and size; a class's
 * rows formatted on several threads, against one. The 99
 * classes of at most 50,000 go through {@code klotski release} in the command line's ReleaseTest;
 * all 203, by {@code make release} (BENCHMARKS.md).
 */
class HrdCsvTest {
  private static final long LIMIT = 5_000;

  /**
   * A class of many chunks of rows (0-3-0: 6,720 layouts, 11 MB of farthest rows) on three leased
   * threads, a window of six chunks at a time: the bytes of one thread, and the published checksums.
   */
  @Test
  void rowsFormattedOnSeveralThreadsAreTheBytesOfOneThread() throws Exception {
    String name = "0-3-0";
    int cls = LayoutClass.parse(name);
    Groups groups = Grouper.of(ClassSet.of(List.of(name)), 2, Progress.NONE);
    ByteArrayOutputStream[] one = {new ByteArrayOutputStream(), new ByteArrayOutputStream()};
    ByteArrayOutputStream[] three = {new ByteArrayOutputStream(), new ByteArrayOutputStream()};
    new ClassDriver(1, Kernels.fastest()).run(groups, cls, true, new HrdCsv(one[0], one[1]));
    HrdCsv csv = new HrdCsv(three[0], three[1]);
    new ClassDriver(3, Kernels.fastest()).run(groups, cls, true, csv);
    assertTrue(csv.chunksFormatted > 6, csv.chunksFormatted + " chunks: more than a window");
    String[] files = {"farthest_checksum.tsv", "solution_checksum.tsv"};
    for (int k = 0; k < 2; k++) {
      assertArrayEquals(one[k].toByteArray(), three[k].toByteArray(), files[k]);
      FileChecksum sum = new FileChecksum();
      sum.write(three[k].toByteArray(), 0, three[k].size());
      String[] published = Published.rows(files[k]).stream().filter(r -> r[0].contains("_" + name + "."))
          .findFirst().orElseThrow();
      assertEquals(published[1] + " " + published[2] + " " + published[3], sum.toString(), files[k]);
    }
  }

  /** A stream that fails once it has taken {@code limit} bytes, as a full disk does. */
  private static final class FullDisk extends OutputStream {
    private final long limit;
    private long taken;

    FullDisk(long limit) {
      this.limit = limit;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      taken += len;
      if (taken > limit) {
        throw new IOException("No space left on device");
      }
    }
  }

  /**
   * A stream that fails while a group's chunks are written on several threads (a file's stream at
   * 3 MB): its error comes out of the driver as the stream threw it, and no window after it runs.
   */
  @Test
  void aStreamFailingWhileChunksAreWrittenFailsTheClassWithItsError() {
    int cls = LayoutClass.parse("0-3-0");
    Groups groups = Grouper.of(ClassSet.of(List.of("0-3-0")), 2, Progress.NONE);
    FileChecksum sum = new FileChecksum();
    HrdCsv csv = new HrdCsv(new OutputStream[] {sum, new FullDisk(3 << 20)}, new OutputStream[0]);
    IOException e = assertThrows(IOException.class, () -> new ClassDriver(3, Kernels.fastest()).run(groups, cls, true, csv));
    assertEquals("No space left on device", e.getMessage());
    // the first window (six chunks, about 6 MB) formatted; its writing failed beside the second's formatting
    assertEquals(0, csv.rows());
    assertEquals(6, csv.chunksFormatted);
  }

  @Test
  void smallClassesMatchThePublishedChecksums() throws Exception {
    List<String[]> farthest = Published.rows("farthest_checksum.tsv");
    List<String[]> solution = Published.rows("solution_checksum.tsv");
    List<long[]> sizes = Published.numbers("style_count.tsv");
    List<Object[]> jobs = new ArrayList<>();
    for (int i = 0; i < sizes.size(); i++) {
      long[] s = sizes.get(i);
      if (s[3] <= LIMIT) {
        int cls = LayoutClass.index((int) s[0], (int) s[1], (int) s[2]);
        String name = LayoutClass.name(cls);
        assertEquals("farthest_" + name + ".csv", farthest.get(i)[0]);
        assertEquals("solution_" + name + ".csv", solution.get(i)[0]);
        jobs.add(new Object[] {cls, HrdCsv.Kind.FARTHEST, farthest.get(i)});
        jobs.add(new Object[] {cls, HrdCsv.Kind.SOLUTION, solution.get(i)});
      }
    }
    assertEquals(2 * 40, jobs.size());
    // the 40 classes' layouts alone: a class's groups are the full build's (its moves stay in it)
    Groups groups = new Grouper(LayoutSpace.of(ClassSet.ofIndexes(jobs.stream().map(j -> (Integer) j[0]).toList())),
        null, 2, Progress.NONE).run();
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    ThreadLocal<ClassDriver> drivers = ThreadLocal.withInitial(() -> new ClassDriver(1, Kernels.fastest()));
    IntStream.range(0, jobs.size()).parallel().forEach(j -> {
      Object[] job = jobs.get(j);
      String[] expected = (String[]) job[2];
      try {
        FileChecksum file = new FileChecksum();
        HrdCsv.write(drivers.get(), groups, (int) job[0], (HrdCsv.Kind) job[1], file);
        String got = file.toString();
        String want = expected[1] + " " + expected[2] + " " + expected[3];
        if (!got.equals(want)) {
          failures.add(expected[0] + ": expected " + want + ", wrote " + got);
        }
      } catch (Exception e) {
        failures.add(expected[0] + ": " + e);
      }
    });
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }
}
