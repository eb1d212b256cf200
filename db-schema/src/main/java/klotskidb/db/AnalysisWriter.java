package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Adds the values of {@code klotski analyse} to a published database, one class at a time, so
 * that a killed run loses at most the class it was working on and never leaves a wrong value:
 *
 * <ol>
 *   <li>the class's rows go into one SST file (code order) that is ingested into {@code analysis}
 *       (atomically: all of the file or none);
 *   <li>then one synced write batch puts its groups' diameters and the marker
 *       {@code analysed.J-B-S} (with the checksums of the per-class files).
 * </ol>
 *
 * A class without its marker is analysed again from the start; its values are deterministic, so
 * rows ingested before a crash are overwritten by the same values.
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

  private final Path dir;
  private final RocksDB db;
  private final ColumnFamilyOptions cfOptions;
  private final DBOptions options;
  private final List<ColumnFamilyHandle> handles;

  private AnalysisWriter(Path dir, RocksDB db, ColumnFamilyOptions cfOptions, DBOptions options,
      List<ColumnFamilyHandle> handles) {
    this.dir = dir;
    this.db = db;
    this.cfOptions = cfOptions;
    this.options = options;
    this.handles = handles;
  }

  /** Opens a complete database of this schema version for writing its analysis. */
  public static AnalysisWriter open(Path dir) {
    try (KlotskiDb check = KlotskiDb.open(dir)) {
      // refuses missing, incomplete and other-version databases with a clear message
      check.layoutCount();
    }
    ColumnFamilyOptions cfOptions = Tables.columnFamily();
    DBOptions options = new DBOptions();
    List<ColumnFamilyDescriptor> descriptors = Tables.descriptors(cfOptions);
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try {
      return new AnalysisWriter(dir, RocksDB.open(options, dir.toString(), descriptors, handles), cfOptions,
          options, handles);
    } catch (RocksDBException e) {
      cfOptions.close();
      options.close();
      throw new DatabaseException("cannot open " + dir + " for writing: " + e.getMessage()
          + " (is a build or another analyse running?)", e);
    }
  }

  private ColumnFamilyHandle handle(String cf) {
    return handles.get(1 + Schema.ALL_FAMILIES.indexOf(cf));
  }

  /** Writes one class: rows, then diameters and the marker. Thread-safe. */
  public void writeClass(String className, Rows rows, int[][] diameters, String checksums)
      throws IOException {
    Path staging = dir.resolve("analysis-staging");
    Files.createDirectories(staging);
    Path file = staging.resolve(className + ".sst");
    try {
      long count = 0;
      try (Options sstOptions = Tables.sstWriter();
          EnvOptions env = new EnvOptions();
          SstFileWriter writer = new SstFileWriter(env, sstOptions)) {
        writer.open(file.toString());
        ByteBuffer key = ByteBuffer.allocateDirect(Schema.CODE_BYTES);
        ByteBuffer value = ByteBuffer.allocateDirect(Schema.ANALYSIS_VALUE_BYTES);
        long[] n = new long[1];
        rows.forEach((code, farthestStep, farthestNum, minSolutionNum, solutionNum) -> {
          key.clear();
          value.clear();
          Schema.putCode(key, code);
          value.putShort((short) farthestStep).putInt(farthestNum).putInt(minSolutionNum).putInt(solutionNum);
          key.flip();
          value.flip();
          writer.put(key, value);
          n[0]++;
        });
        count = n[0];
        if (count > 0) {
          writer.finish();
        }
      }
      if (count > 0) {
        try (IngestExternalFileOptions ingest = new IngestExternalFileOptions().setMoveFiles(true)) {
          db.ingestExternalFile(handle(Schema.ANALYSIS), List.of(file.toString()), ingest);
        }
      }
      try (WriteBatch batch = new WriteBatch(); WriteOptions sync = new WriteOptions().setSync(true)) {
        for (int[] d : diameters) { // jiang, bing, style, group_num, diameter
          batch.put(handle(Schema.GROUP_ANALYSIS), Schema.groupKey(d[0], d[1], d[2], d[3]),
              ByteBuffer.allocate(2).putShort((short) d[4]).array());
        }
        batch.put(handle(Schema.META), (Schema.META_ANALYSED_PREFIX + className).getBytes(StandardCharsets.UTF_8),
            checksums.getBytes(StandardCharsets.UTF_8));
        db.write(sync, batch);
      }
    } catch (RocksDBException e) {
      throw new IOException("writing the analysis of " + className + ": " + e.getMessage(), e);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Override
  public void close() {
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
    cfOptions.close();
    options.close();
  }
}
