package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Adds the values of {@code klotski analyse} to a published database, one class at a time,
 * without ever changing a directory that readers may have open. For class {@code 5-4-1}:
 *
 * <ol>
 *   <li>{@code NAME.building-PID} is made beside the database: its table files hard-linked (they
 *       are immutable; no bytes copied), its small files (CURRENT, MANIFEST, OPTIONS, WAL)
 *       copied;
 *   <li>that copy is opened for writing; the class's rows go into one SST file (code order)
 *       ingested into {@code analysis}, then one synced write batch puts its groups' diameters
 *       and the marker {@code analysed.5-4-1} ({@link AnalysisMarker}: the per-class file
 *       checksums and the rows and CRC32C of the class's new rows); families flushed, closed;
 *   <li>{@link Publisher} swaps the copy into place by two renames, as a build does.
 * </ol>
 *
 * A reader sees the database before the class or after it, never a directory being written;
 * a killed run loses at most the class it was writing, and the next run redoes it. The whole
 * run holds {@link DatabaseLock}, so no build or other analysis publishes in between.
 *
 * <p>Cost of the swap, measured: see BENCHMARKS.md ("analysis checkpoints"). Auto compactions
 * are off in the copy (a compaction cut short by the close would only be redone by the next
 * copy); a family that has collected more than {@link #MAX_RUNS} sorted runs is compacted
 * explicitly, so lookups stay a few files deep.
 */
public final class AnalysisWriter implements AutoCloseable {
  /** One analysed layout: code and its four values. */
  public interface Rows {
    /** Calls sink.row for every layout of the class in code order. */
    void forEach(RowSink sink) throws RocksDBException;
  }

  /** Receives rows. */
  public interface RowSink {
    void row(long code, int farthestStep, int farthestNum, int minSolutionNum, int solutionNum)
        throws RocksDBException;
  }

  /** A family with more sorted runs than this is compacted when a class is added. */
  static final int MAX_RUNS = 8;

  private final Path dir;
  private final DatabaseLock lock;
  private final Publisher publisher;

  private AnalysisWriter(Path dir, DatabaseLock lock, Publisher publisher) {
    this.dir = dir;
    this.lock = lock;
    this.publisher = publisher;
  }

  /**
   * Takes the database's writer lock and checks that it opens as a complete database of this
   * schema version.
   *
   * @param notes receives a line for anything an interrupted run left that is restored or removed
   */
  public static AnalysisWriter open(Path dir, Consumer<String> notes) {
    Path target = dir.toAbsolutePath().normalize();
    DatabaseLock lock = DatabaseLock.acquire(target, "analyse");
    try {
      Publisher publisher = new Publisher(target, notes);
      publisher.recover();
      try (KlotskiDb check = KlotskiDb.open(target)) {
        check.layoutCount();
      }
      return new AnalysisWriter(target, lock, publisher);
    } catch (IOException e) {
      lock.close();
      throw new DatabaseException("cannot prepare the database at " + target + " for analyse: "
          + IoErrors.reason(e), e);
    } catch (RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /**
   * Writes one class: rows, diameters and the marker, published together. One class at a time
   * (callers on several threads take turns).
   *
   * @param diameters rows of jiang, bing, style, group_num, diameter, one per group of the class
   * @param farthestFile "MD5 LINES BYTES" of farthest_J-B-S.csv as the values give it
   * @param solutionFile the same for solution_J-B-S.csv
   */
  public synchronized void writeClass(String className, Rows rows, int[][] diameters, String farthestFile,
      String solutionFile, double seconds) throws IOException {
    publisher.publish(building -> {
      linkCopy(dir, building);
      try {
        addClass(building, className, rows, diameters, farthestFile, solutionFile, seconds);
      } catch (RocksDBException e) {
        throw new IOException("writing the analysis of " + className + ": " + e.getMessage(), e);
      }
    });
  }

  /** Table files hard-linked, every other file of the database copied (LOCK and info logs left out). */
  private static void linkCopy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (DirectoryStream<Path> files = Files.newDirectoryStream(from)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (name.equals("LOCK") || name.startsWith("LOG") || Files.isDirectory(f)) {
          continue;
        }
        Path copy = to.resolve(name);
        if (name.endsWith(".sst")) {
          try {
            Files.createLink(copy, f);
            continue;
          } catch (UnsupportedOperationException | IOException e) {
            // a file system without hard links: copy instead
          }
        }
        Files.copy(f, copy);
      }
    }
  }

  private static void addClass(Path building, String className, Rows rows, int[][] diameters,
      String farthestFile, String solutionFile, double seconds) throws IOException, RocksDBException {
    Path file = building.resolve("analysis-" + className + ".sst");
    RowChecksum analysisSum = new RowChecksum();
    try (Options sstOptions = Tables.sstWriter();
        EnvOptions env = new EnvOptions();
        SstFileWriter writer = new SstFileWriter(env, sstOptions)) {
      writer.open(file.toString());
      ByteBuffer key = ByteBuffer.allocateDirect(Schema.CODE_BYTES);
      ByteBuffer value = ByteBuffer.allocateDirect(Schema.ANALYSIS_VALUE_BYTES);
      rows.forEach((code, farthestStep, farthestNum, minSolutionNum, solutionNum) -> {
        key.clear();
        value.clear();
        Schema.putCode(key, code);
        value.putShort((short) farthestStep).putInt(farthestNum).putInt(minSolutionNum).putInt(solutionNum);
        key.flip();
        value.flip();
        analysisSum.update(key, value);
        writer.put(key, value);
      });
      if (analysisSum.rows() > 0) {
        writer.finish();
      }
    }
    int[][] sorted = diameters.clone();
    Arrays.sort(sorted, Comparator.comparingInt(d -> d[3])); // key order: group_num inside the class
    RowChecksum groupSum = new RowChecksum();
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (ColumnFamilyOptions cfOptions = Tables.columnFamily().setDisableAutoCompactions(true);
        DBOptions options = new DBOptions();
        RocksDB db = RocksDB.open(options, building.toString(), Tables.descriptors(cfOptions), handles)) {
      try {
        if (analysisSum.rows() > 0) {
          try (IngestExternalFileOptions ingest = new IngestExternalFileOptions().setMoveFiles(true)) {
            db.ingestExternalFile(handle(handles, Schema.ANALYSIS), List.of(file.toString()), ingest);
          }
        }
        try (WriteBatch batch = new WriteBatch(); WriteOptions sync = new WriteOptions().setSync(true)) {
          for (int[] d : sorted) { // jiang, bing, style, group_num, diameter
            byte[] k = Schema.groupKey(d[0], d[1], d[2], d[3]);
            byte[] v = ByteBuffer.allocate(2).putShort((short) d[4]).array();
            groupSum.update(k, v);
            batch.put(handle(handles, Schema.GROUP_ANALYSIS), k, v);
          }
          AnalysisMarker marker = new AnalysisMarker(farthestFile, solutionFile, seconds, analysisSum.toString(),
              groupSum.toString());
          batch.put(handle(handles, Schema.META),
              (Schema.META_ANALYSED_PREFIX + className).getBytes(StandardCharsets.UTF_8),
              marker.format().getBytes(StandardCharsets.UTF_8));
          db.write(sync, batch);
        }
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
          db.flush(flush, List.of(handle(handles, Schema.GROUP_ANALYSIS), handle(handles, Schema.META)));
        }
        compactCrowded(db, handles);
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static ColumnFamilyHandle handle(List<ColumnFamilyHandle> handles, String cf) {
    return handles.get(1 + Schema.ALL_FAMILIES.indexOf(cf));
  }

  /**
   * Ingested analysis files overlap (classes interleave in code order): each one lands a level
   * above the last, then in level 0. A lookup reads one file per sorted run (each level-0 file,
   * each other non-empty level), so a family with more than {@link #MAX_RUNS} runs is merged.
   * Over a full run that is about one compaction in seven classes.
   */
  private static void compactCrowded(RocksDB db, List<ColumnFamilyHandle> handles) throws RocksDBException {
    Map<String, java.util.Set<Integer>> levels = new HashMap<>();
    Map<String, Integer> level0 = new HashMap<>();
    for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
      String cf = new String(f.columnFamilyName(), StandardCharsets.UTF_8);
      if (f.level() == 0) {
        level0.merge(cf, 1, Integer::sum);
      } else {
        levels.computeIfAbsent(cf, k -> new java.util.HashSet<>()).add(f.level());
      }
    }
    for (String cf : List.of(Schema.ANALYSIS, Schema.GROUP_ANALYSIS, Schema.META)) {
      int runs = level0.getOrDefault(cf, 0) + levels.getOrDefault(cf, java.util.Set.of()).size();
      if (runs > MAX_RUNS) {
        db.compactRange(handle(handles, cf));
      }
    }
  }

  @Override
  public void close() {
    lock.close();
  }
}
