package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import klotskidb.base.Workers;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Scratch;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Every stored fact as Parquet, for DuckDB, pandas, Polars and Spark: one row per layout in code
 * order ({@link ParquetSchemas#LAYOUTS}), or one row per group ({@link ParquetSchemas#GROUPS}).
 * This class runs the export: the scan, the parts and their merge. The columns are in {@link
 * ParquetSchemas}, the rows' encoding in {@link ParquetRows}, the Hadoop-free writer set-up in
 * {@link ParquetFiles}.
 *
 * <p>Example: layout 1A9BF0C00 is the row of code_value 7140544512 in the first of the two parts
 * (the code range cut at the middle id), copied into the file with its part's row group.
 *
 * <p>How: parquet-java's writer fed straight from a scan of {@code cases} merged with {@code
 * analysis}, so the table is never in memory: each writer holds one row group of encoded columns.
 * Two writers over the two halves of the code range, their row groups then copied into one file
 * without decoding. Time and size for all layouts: BENCHMARKS.md, row "export --format parquet".
 */
public final class ParquetExport {
  private ParquetExport() {}

  /**
   * Writes the layouts of class {@code cls} (-1: all) to {@code out} (closed when done).
   *
   * <p>With {@code threads > 1} the code range is cut into that many parts by id, each written
   * by its own writer to a file in a scratch folder beside {@code besides}; their row groups are then copied into
   * {@code out} as they are (no decoding). The parts are deleted.
   *
   * @param progress receives the number of layouts scanned so far (all parts), now and then
   * @return rows written
   */
  public static long writeLayouts(KlotskiDb db, int cls, OutputStream out, Path besides, int threads,
      LongConsumer progress) throws IOException {
    int parts = cls >= 0 ? 1 : Math.max(1, threads); // one class: one writer over its records
    long[] bounds = new long[parts + 1];
    for (int p = 1; p < parts; p++) { // the code of an id, computed: no list of every code
      bounds[p] = AllLayouts.codeOfId((long) AllLayouts.COUNT * p / parts);
    }
    bounds[parts] = Long.MAX_VALUE;
    if (cls >= 0) { // one class: its records only, read by code (KlotskiDb#codesOfClass), one writer
      long[] codes = db.codesOfClass(cls);
      return writePart(action -> db.forEachCaseWithAnalysis(codes, action), -1,
          new ParquetFiles.StreamOutputFile(out), new AtomicLong(), progress).rows();
    }
    if (parts == 1) {
      return writePart(action -> db.forEachCaseWithAnalysis(0, Long.MAX_VALUE, action), cls,
          new ParquetFiles.StreamOutputFile(out), new AtomicLong(), progress).rows();
    }
    // the parts go into a scratch folder of their own beside the output (an unpredictable name,
    // owner-only: Scratch), removed at the end, on failure and on Ctrl-C
    Scratch.OnExit onExit = Scratch.newFolder(besides);
    Path dir = onExit.path();
    List<Path> files = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      files.add(dir.resolve("part" + p + ".parquet"));
    }
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      AtomicLong scanned = new AtomicLong();
      List<Future<Part>> written = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        int part = p;
        written.add(pool.submit(() -> {
          try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(files.get(part),
              StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 20)) {
            return writePart(action -> db.forEachCaseWithAnalysis(bounds[part], bounds[part + 1], action), cls,
                new ParquetFiles.StreamOutputFile(o), scanned, progress);
          }
        }));
      }
      ParquetFileWriter merged = new ParquetFileWriter(new ParquetFiles.StreamOutputFile(out), ParquetSchemas.LAYOUTS,
          ParquetFileWriter.Mode.CREATE, ParquetFiles.ROW_GROUP_BYTES, 0);
      merged.start();
      long total = 0;
      for (int p = 0; p < parts; p++) {
        Part part = Workers.await(written.get(p));
        total += part.rows();
        try (SeekableInputStream in = ParquetFiles.read(files.get(p))) {
          merged.appendRowGroups(in, part.footer().getBlocks(), false);
        }
      }
      merged.end(ParquetRows.meta(ParquetSchemas.LAYOUTS));
      return total;
    } finally {
      Workers.stop(pool); // every part's scan ends before the caller closes the handle
      Scratch.deleteQuietly(dir);
      onExit.close();
    }
  }

  /** A part written: its rows and its footer (where its row groups are). */
  private record Part(long rows, ParquetMetadata footer) {}

  /** Where a part's records come from: a range of codes, or one class's codes. */
  private interface Records {
    void forEach(KlotskiDb.CaseAndAnalysis action);
  }

  private static Part writePart(Records records, int cls, OutputFile file, AtomicLong scanned, LongConsumer progress)
      throws IOException {
    long[] rows = new long[1];
    ParquetWriter<Object[]> w = ParquetFiles.writer(file, ParquetSchemas.LAYOUTS, new ParquetRows.LayoutWrite());
    try (w) {
      IOException[] failure = new IOException[1];
      long[] local = new long[1];
      records.forEach((c, a) -> {
        if ((++local[0] & 0xFFFF) == 0) {
          progress.accept(scanned.addAndGet(0x10000));
        }
        if (failure[0] != null || cls >= 0 && LayoutClass.index(c.jiang(), c.bing(), c.style()) != cls) {
          return;
        }
        try {
          w.write(new Object[] {c, a});
          rows[0]++;
        } catch (IOException e) {
          failure[0] = e;
        }
      });
      if (failure[0] != null) {
        throw failure[0];
      }
    }
    return new Part(rows[0], w.getFooter());
  }

  /** Writes the groups of class {@code cls} (-1: all) to {@code out} (closed when done); returns rows written. */
  public static long writeGroups(KlotskiDb db, int cls, OutputStream out) throws IOException {
    long rows = 0;
    try (ParquetWriter<Object[]> w = ParquetFiles.writer(new ParquetFiles.StreamOutputFile(out),
        ParquetSchemas.GROUPS, new ParquetRows.GroupWrite())) {
      List<GroupRecord> groups = new ArrayList<>();
      db.forEachGroup(groups::add);
      for (GroupRecord g : groups) {
        if (cls < 0 || LayoutClass.index(g.jiang(), g.bing(), g.style()) == cls) {
          w.write(new Object[] {g, db.diameter(g.jiang(), g.bing(), g.style(), g.groupNum())});
          rows++;
        }
      }
    }
    return rows;
  }

}
