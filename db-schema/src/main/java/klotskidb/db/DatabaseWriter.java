package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layers;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;
import org.rocksdb.WriteOptions;

/**
 * Writes a complete database into an empty directory from the in-memory pipeline results.
 *
 * <ol>
 *   <li><b>write</b>: each data column family is written, in key order, by its own
 *       {@link SstFileWriter} (tasks spread over the threads), counting rows and a CRC32C of
 *       every key and value;
 *   <li><b>ingest</b>: the files are moved into the database (no per-key put of 29M rows);
 *   <li><b>check</b>: RocksDB verifies the block checksums of every ingested file, and each
 *       family's row count (from its table properties) must equal what was written; the
 *       content CRC32C ({@link RowChecksum}) goes into meta for {@code klotski verify --deep} to re-read;
 *   <li><b>meta</b>: schema version, counts, step rule, build time, tool version, per-family
 *       rows and checksums, and last of all the completion marker.
 * </ol>
 *
 * A crash anywhere before the marker leaves a directory that {@link KlotskiDb#open} refuses;
 * {@link Publisher} only moves a directory into place after this returns.
 */
public final class DatabaseWriter {
  private final Layers layers;
  private final Groups groups;
  private final AllLayouts all;
  private final int threads;
  private final Progress progress;
  private final String toolVersion;

  public DatabaseWriter(Layers layers, int threads, Progress progress, String toolVersion) {
    this.layers = layers;
    this.groups = layers.groups();
    this.all = groups.layouts();
    this.threads = Math.max(1, threads);
    this.progress = progress;
    this.toolVersion = toolVersion;
  }

  /** Writes, ingests, checks and marks complete the database in {@code dir} (must be empty or absent). */
  public void write(Path dir) throws IOException {
    RocksDB.loadLibrary();
    Files.createDirectories(dir);
    try (var list = Files.list(dir)) {
      if (list.findAny().isPresent()) {
        throw new IOException("refusing to write into non-empty directory " + dir);
      }
    }
    Path staging = dir.resolve("staging");
    Files.createDirectories(staging);

    long t0 = System.nanoTime();
    Map<String, RowChecksum> written = writeFiles(staging);
    progress.end("write", System.nanoTime() - t0, totalRows(written) + " rows");

    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (ColumnFamilyOptions cfOptions = Tables.columnFamily();
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)) {
      // default, then the data families in DATA_FAMILIES order (handles.get(i + 1)), meta last
      List<ColumnFamilyDescriptor> descriptors = Tables.descriptors(cfOptions);
      try (RocksDB db = RocksDB.open(options, dir.toString(), descriptors, handles)) {
        try {
          long t1 = System.nanoTime();
          ingest(db, handles, staging, written);
          progress.end("ingest", System.nanoTime() - t1, "");
          long t2 = System.nanoTime();
          check(db, handles, written);
          progress.end("check", System.nanoTime() - t2, "block checksums verified, row counts match");
          writeMeta(db, handles.get(handles.size() - 1), written);
        } finally {
          handles.forEach(ColumnFamilyHandle::close);
        }
      } catch (RocksDBException e) {
        throw new IOException("RocksDB: " + e.getMessage(), e);
      }
    }
    Files.deleteIfExists(staging);
  }

  private static long totalRows(Map<String, RowChecksum> sums) {
    return sums.values().stream().mapToLong(RowChecksum::rows).sum();
  }

  static byte[] bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------- write

  /** Feeds rows of one family, in key order, to a sink. */
  private interface Rows {
    void emit(Sink sink) throws RocksDBException;
  }

  /** Takes one row: key and value are flipped buffers; it clears them for the next row. */
  private static final class Sink {
    final SstFileWriter writer;
    final ByteBuffer key = ByteBuffer.allocateDirect(64);
    final ByteBuffer value = ByteBuffer.allocateDirect(8192);
    final RowChecksum sum = new RowChecksum();
    final java.util.function.LongConsumer tick;

    Sink(SstFileWriter writer, java.util.function.LongConsumer tick) {
      this.writer = writer;
      this.tick = tick;
    }

    void put() throws RocksDBException {
      key.flip();
      value.flip();
      sum.update(key, value);
      writer.put(key, value);
      key.clear();
      value.clear();
      if ((sum.rows() & 0xFFFF) == 0) {
        tick.accept(0x10000);
      }
    }
  }

  private Map<String, RowChecksum> writeFiles(Path staging) throws IOException {
    Map<String, Rows> families = new LinkedHashMap<>();
    families.put(Schema.CASES, this::cases);
    families.put(Schema.LAYERS, this::layerRows);
    families.put(Schema.NAMES, this::names);
    families.put(Schema.IDS, this::ids);
    families.put(Schema.GROUPS, this::groupRows);
    long total = 4L * groups.layoutCount() + groups.count();
    progress.begin("write", total);
    AtomicLong done = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      Map<String, Future<RowChecksum>> futures = new LinkedHashMap<>();
      for (Map.Entry<String, Rows> e : families.entrySet()) {
        futures.put(e.getKey(), pool.submit(() -> {
          Path file = staging.resolve(e.getKey() + ".sst");
          try (Options options = Tables.sstWriter();
              EnvOptions env = new EnvOptions();
              SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(file.toString());
            Sink sink = new Sink(writer, rows -> progress.advance(done.addAndGet(rows)));
            e.getValue().emit(sink);
            if (sink.sum.rows() > 0) {
              writer.finish();
            }
            return sink.sum;
          }
        }));
      }
      Map<String, RowChecksum> out = new LinkedHashMap<>();
      for (Map.Entry<String, Future<RowChecksum>> f : futures.entrySet()) {
        out.put(f.getKey(), f.getValue().get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException("writing failed: " + e.getCause().getMessage(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private void cases(Sink s) throws RocksDBException {
    Mover mover = new Mover();
    for (int id = 0; id < all.size(); id++) {
      int g = groups.groupOf(id);
      if (g < 0) {
        continue;
      }
      long code = all.code(id);
      int cls = groups.classOf(g);
      Schema.putCode(s.key, code);
      int flags = (mover.mirror(code) == code ? Schema.FLAG_SYMMETRIC : 0)
          | (Code.isSolved(code) ? Schema.FLAG_SOLVED : 0);
      s.value.putInt(id)
          .put((byte) LayoutClass.jiangOf(cls)).put((byte) LayoutClass.bingOf(cls))
          .put((byte) LayoutClass.styleOf(cls))
          .putShort((short) groups.groupNum(g))
          .putInt(groups.groupIndex(id))
          .putShort((short) layers.layer(id))
          .putShort((short) layers.minSolutionStep(id))
          .put((byte) flags);
      s.put();
    }
  }

  private void ids(Sink s) throws RocksDBException {
    for (int id = 0; id < all.size(); id++) {
      if (groups.groupOf(id) >= 0) {
        s.key.putInt(id);
        Schema.putCode(s.value, all.code(id));
        s.put();
      }
    }
  }

  private void putGroupKey(ByteBuffer b, int g) {
    int cls = groups.classOf(g);
    Schema.putGroupKey(b, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls),
        groups.groupNum(g));
  }

  private void names(Sink s) throws RocksDBException {
    for (int g = 0; g < groups.count(); g++) {
      for (int i = 0; i < groups.size(g); i++) {
        putGroupKey(s.key, g);
        s.key.putInt(i);
        Schema.putCode(s.value, all.code(groups.member(g, i)));
        s.put();
      }
    }
  }

  private void groupRows(Sink s) throws RocksDBException {
    for (int g = 0; g < groups.count(); g++) {
      putGroupKey(s.key, g);
      int count = layers.layerCount(g);
      ByteBuffer v = s.value;
      if (v.capacity() < Schema.GROUP_VALUE_FIXED_BYTES + 4 * count) {
        throw new IllegalStateException("group " + groups.groupName(g) + " has " + count + " layers");
      }
      v.putInt(groups.size(g));
      Schema.putCode(v, all.code(groups.seed(g)));
      v.putShort((short) count)
          .putInt(layers.solvedCount(g))
          .putShort((short) layers.maxMinSolutionStep(g))
          .putInt(layers.hardestCount(g));
      for (int k = 0; k < count; k++) {
        v.putInt(layers.layerSize(g, k));
      }
      s.put();
    }
  }

  private void layerRows(Sink s) throws RocksDBException {
    int[] order = new int[16];
    int[] next = new int[16];
    for (int g = 0; g < groups.count(); g++) {
      int size = groups.size(g);
      int count = layers.layerCount(g);
      if (order.length < size) {
        order = new int[Math.max(size, order.length * 2)];
      }
      if (next.length < count + 1) {
        next = new int[Math.max(count + 1, next.length * 2)];
      }
      // counting sort of group_index by layer; stable, so group_index ascends inside a layer
      next[0] = 0;
      for (int k = 0; k < count; k++) {
        next[k + 1] = next[k] + layers.layerSize(g, k);
      }
      for (int i = 0; i < size; i++) {
        order[next[layers.layer(groups.member(g, i))]++] = i;
      }
      int i = 0;
      for (int k = 0; k < count; k++) {
        for (int end = i + layers.layerSize(g, k); i < end; i++) {
          putGroupKey(s.key, g);
          s.key.putShort((short) k).putInt(order[i]);
          Schema.putCode(s.value, all.code(groups.member(g, order[i])));
          s.put();
        }
      }
    }
  }

  // ---------------------------------------------------------------- ingest, check, meta

  private static void ingest(RocksDB db, List<ColumnFamilyHandle> handles, Path staging,
      Map<String, RowChecksum> written) throws RocksDBException {
    try (IngestExternalFileOptions options = new IngestExternalFileOptions()
        .setMoveFiles(true).setSnapshotConsistency(false).setAllowGlobalSeqNo(true)) {
      for (int i = 0; i < Schema.DATA_FAMILIES.size(); i++) {
        String cf = Schema.DATA_FAMILIES.get(i);
        if (written.get(cf).rows() > 0) {
          db.ingestExternalFile(handles.get(i + 1), List.of(staging.resolve(cf + ".sst").toString()), options);
        }
      }
    }
  }

  /** Verifies every block checksum and compares each family's row count with what was written. */
  private static void check(RocksDB db, List<ColumnFamilyHandle> handles, Map<String, RowChecksum> written)
      throws IOException, RocksDBException {
    db.verifyChecksum();
    for (int i = 0; i < Schema.DATA_FAMILIES.size(); i++) {
      String cf = Schema.DATA_FAMILIES.get(i);
      long rows = 0;
      for (var table : db.getPropertiesOfAllTables(handles.get(i + 1)).values()) {
        rows += table.getNumEntries();
      }
      if (rows != written.get(cf).rows()) {
        throw new IOException("database check failed: " + cf + ": wrote " + written.get(cf).rows()
            + " rows, the database holds " + rows);
      }
    }
  }

  private void writeMeta(RocksDB db, ColumnFamilyHandle meta, Map<String, RowChecksum> written)
      throws RocksDBException {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(Schema.META_SCHEMA_VERSION, Integer.toString(Schema.VERSION));
    m.put(Schema.META_LAYOUTS, Integer.toString(groups.layoutCount()));
    m.put(Schema.META_GROUPS, Integer.toString(groups.count()));
    StringBuilder classes = new StringBuilder();
    for (int c = 0; c < LayoutClass.COUNT; c++) {
      if (groups.groupsInClass(c) > 0) {
        classes.append(classes.length() == 0 ? "" : ",").append(LayoutClass.name(c));
      }
    }
    m.put(Schema.META_CLASSES, classes.toString());
    m.put(Schema.META_STEP_RULE, Schema.STEP_RULE);
    m.put(Schema.META_BUILT_AT, Instant.now().toString());
    m.put(Schema.META_TOOL_VERSION, toolVersion);
    for (Map.Entry<String, RowChecksum> e : written.entrySet()) {
      m.put(Schema.META_ROWS_PREFIX + e.getKey(), Long.toString(e.getValue().rows()));
      m.put(Schema.META_CHECKSUM_PREFIX + e.getKey(), e.getValue().crc());
    }
    try (WriteOptions sync = new WriteOptions().setSync(true);
        FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      for (Map.Entry<String, String> e : m.entrySet()) {
        db.put(meta, sync, bytes(e.getKey()), bytes(e.getValue()));
      }
      // the marker goes last, alone: a database without it is never complete
      db.put(meta, sync, bytes(Schema.META_COMPLETE), bytes("true"));
      db.flush(flush, meta);
    }
  }
}
