package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.base.Workers;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Groups;
import klotskidb.layerer.HarderThan;
import klotskidb.layerer.Layers;
import klotskidb.layerer.Minimal;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.DirectSlice;
import org.rocksdb.EnvOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileWriter;
import org.rocksdb.WriteOptions;

/**
 * Writes a complete database into an empty directory from the in-memory pipeline results.
 *
 * <ol>
 *   <li><b>write</b>: each large data family as {@link #PARTS} files of consecutive key ranges,
 *       each by its own {@link SstFileWriter} (tasks spread over the threads, the largest
 *       first), counting rows and a CRC32C of every key and value; each file read back when
 *       finished (block checksums verified, row count from its table properties);
 *   <li><b>ingest</b>: each family's files moved into the database in one call (no per-key put
 *       of 29M rows);
 *   <li><b>check</b>: each family's row count (from its table properties) must equal what was
 *       written; the content CRC32C ({@link RowChecksum}, the parts joined in key order) goes
 *       into meta for {@code klotski verify --deep} to re-read;
 *   <li><b>meta</b>: schema version, counts, step rule, build time, tool version, per-family
 *       rows and checksums, and last of all the completion marker.
 * </ol>
 *
 * <p>Example: layout 1A9BF0C00 (id 4,091,296, 5-4-1-1-7472, layer 26) is one row in each of
 * cases (key: its code), ids (4,091,296), names (5-4-1-1, 7472) and layers (5-4-1-1, 26, 7472):
 * cases and ids in the second of their 8 files (ids 3,666,812 to 7,333,623).
 *
 * <p>All 29,334,498 layouts: 117,363,414 rows (and 12,708 find rows, 4,312 ranks rows), nearly all of the time
 * RocksDB's put (block building, ZSTD, the JNI call): BENCHMARKS.md, row "the write stage".
 *
 * <p>A crash anywhere before the marker leaves a directory that {@link KlotskiDb#open} refuses;
 * {@link Publisher} only moves a directory into place after this returns.
 */
public final class DatabaseWriter {
  private final Layers layers;
  private final Groups groups;
  /** The layouts built; arrays are indexed by its index, rows store its global id ({@link LayoutSpace#globalId}). */
  private final LayoutSpace all;
  private final int threads;
  private final Progress progress;
  private final String toolVersion;
  private final HarderThan rank;

  public DatabaseWriter(Layers layers, int threads, Progress progress, String toolVersion) {
    this.layers = layers;
    this.groups = layers.groups();
    this.all = groups.layouts();
    this.threads = Math.max(1, threads);
    this.progress = progress;
    this.toolVersion = toolVersion;
    this.rank = HarderThan.of(layers);
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
    Map<String, List<Path>> files = new LinkedHashMap<>();
    Map<String, RowChecksum> written = writeFiles(staging, files);
    progress.end("write", System.nanoTime() - t0, UserText.count(totalRows(written), "row", "rows"));

    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (ColumnFamilyOptions cfOptions = Tables.columnFamily();
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)) {
      // default, then the data families in DATA_FAMILIES order (handles.get(i + 1)), meta last
      List<ColumnFamilyDescriptor> descriptors = Tables.descriptors(cfOptions);
      try (RocksDB db = RocksDB.open(options, dir.toString(), descriptors, handles)) {
        try {
          long t1 = System.nanoTime();
          ingest(db, handles, files);
          progress.end("ingest", System.nanoTime() - t1, "");
          long t2 = System.nanoTime();
          check(db, handles, written);
          progress.end("check", System.nanoTime() - t2, "row counts match");
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
    return s.getBytes(StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------- write

  /**
   * Key ranges per large family: each range is one SST file written by one task, so both threads
   * stay busy to the end (with one file per family, the last family's writer ran alone for a
   * third of the stage). 8: a task is about a second, the files stay few.
   */
  static final int PARTS = 8;

  /**
   * Takes one row: key and value are written into its buffers, {@link #put} flips, sums, writes
   * and clears them. Rows of one length (every family but groups) go to the writer through two
   * {@link DirectSlice}s fixed on the buffers: a put with ByteBuffers makes the JVM check both
   * buffers' class four times a row (JNI's GetDirectBufferAddress and -Capacity), a third of the
   * put (BENCHMARKS.md, row "puts through DirectSlice").
   */
  private static final class Sink implements AutoCloseable {
    final String family;
    final Path file;
    final SstFileWriter writer;
    final ByteBuffer key = ByteBuffer.allocateDirect(64);
    final ByteBuffer value = ByteBuffer.allocateDirect(FindCodec.CHUNK * Schema.CODE_BYTES);
    final RowChecksum sum = new RowChecksum();
    final LongConsumer tick;
    private final Options options;
    private final EnvOptions env;
    /**
     * Slices over the first row's lengths of key and value, made at the first row, and those
     * lengths kept here: a slice's {@code size()} is a call into RocksDB (BENCHMARKS.md, row "puts
     * through DirectSlice").
     */
    private DirectSlice keySlice;
    private DirectSlice valueSlice;
    private int keySliceLength;
    private int valueSliceLength;

    Sink(String family, Path file, LongConsumer tick) throws RocksDBException {
      this.family = family;
      this.file = file;
      this.tick = tick;
      options = Tables.sstWriter(family);
      env = new EnvOptions();
      writer = new SstFileWriter(env, options);
      writer.open(file.toString());
    }

    void put() throws RocksDBException {
      key.flip();
      value.flip();
      sum.update(key, value);
      if (keySlice == null) {
        keySliceLength = key.remaining();
        valueSliceLength = value.remaining();
        keySlice = new DirectSlice(key, keySliceLength);
        valueSlice = new DirectSlice(value, valueSliceLength);
      }
      if (key.remaining() == keySliceLength && value.remaining() == valueSliceLength) {
        writer.put(keySlice, valueSlice);
      } else {
        writer.put(key, value);
      }
      key.clear();
      value.clear();
      if ((sum.rows() & 0xFFFF) == 0) {
        tick.accept(0x10000);
      }
    }

    /**
     * Finishes the file and reads it back: every block checksum verified and the row count of
     * its table properties equal to the rows put; a part without rows leaves no file.
     */
    RowChecksum finish() throws RocksDBException, IOException {
      if (sum.rows() == 0) {
        writer.close();
        Files.deleteIfExists(file);
        return sum;
      }
      writer.finish();
      try (Options o = Tables.sstWriter(false); SstFileReader reader = new SstFileReader(o)) {
        reader.open(file.toString());
        reader.verifyChecksum();
        long rows = reader.getTableProperties().getNumEntries();
        if (rows != sum.rows()) {
          throw new IOException("database check failed: " + file.getFileName() + ": wrote " + sum.rows()
              + " rows, the file holds " + rows);
        }
      }
      return sum;
    }

    @Override
    public void close() {
      if (keySlice != null) {
        keySlice.close();
        valueSlice.close();
      }
      writer.close();
      env.close();
      options.close();
    }
  }

  /** One task's rows: one or two families over one key range, into their sinks. */
  private interface Part {
    void emit(Sink[] sinks) throws RocksDBException;
  }

  /** A task: the families it writes and its part number (the files FAMILY-NN.sst). */
  private record Task(String[] families, int part, Part rows) {}

  /**
   * Writes every family's parts, biggest tasks first, and joins each family's row counts and
   * checksums in key order; returns them with each family's files, in key order.
   */
  private Map<String, RowChecksum> writeFiles(Path staging, Map<String, List<Path>> files) throws IOException {
    List<Task> tasks = new ArrayList<>();
    // names and layers walk the groups' members in the same order: one task reads each member's
    // code once for both (a random read into 117 MB of codes, a fifth of the stage when done twice)
    int[] groupCuts = groupCuts(PARTS);
    for (int p = 0; p < PARTS; p++) {
      int from = groupCuts[p];
      int to = groupCuts[p + 1];
      tasks.add(new Task(new String[] {Schema.NAMES, Schema.LAYERS}, p, s -> namesAndLayers(s[0], s[1], from, to)));
    }
    List<Task> idTasks = new ArrayList<>();
    for (int p = 0; p < PARTS; p++) {
      int from = (int) ((long) all.size() * p / PARTS);
      int to = (int) ((long) all.size() * (p + 1) / PARTS);
      tasks.add(new Task(new String[] {Schema.CASES}, p, s -> cases(s[0], from, to)));
      idTasks.add(new Task(new String[] {Schema.IDS}, p, s -> ids(s[0], from, to)));
    }
    tasks.addAll(idTasks); // the cheapest rows last
    tasks.add(new Task(new String[] {Schema.GROUPS}, 0, s -> groupRows(s[0])));
    tasks.add(1, new Task(new String[] {Schema.FIND}, 0, s -> findRows(s[0])));
    tasks.add(new Task(new String[] {Schema.RANKS}, 0, s -> rankRows(s[0])));

    long total = 4L * groups.layoutCount() + groups.count();
    progress.begin("write", total);
    AtomicLong done = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Sink[]>> futures = new ArrayList<>();
      for (Task task : tasks) {
        futures.add(pool.submit(() -> {
          Sink[] sinks = new Sink[task.families().length];
          try {
            for (int i = 0; i < sinks.length; i++) {
              sinks[i] = new Sink(task.families()[i], WriteTarget.stagedFile(staging, task.families()[i], task.part()),
                  rows -> progress.advance(done.addAndGet(rows)));
            }
            task.rows().emit(sinks);
            for (Sink sink : sinks) {
              sink.finish();
            }
            return sinks;
          } finally {
            for (Sink sink : sinks) {
              if (sink != null) {
                sink.close();
              }
            }
          }
        }));
      }
      // tasks are listed in key order within each family
      Map<String, RowChecksum> out = new LinkedHashMap<>();
      for (String cf : Schema.DATA_FAMILIES) {
        out.put(cf, new RowChecksum());
        files.put(cf, new ArrayList<>());
      }
      for (Future<Sink[]> f : futures) {
        for (Sink sink : f.get()) {
          out.get(sink.family).append(sink.sum);
          if (sink.sum.rows() > 0) {
            files.get(sink.family).add(sink.file);
          }
        }
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing", e);
    } catch (ExecutionException e) {
      throw new IOException("writing failed: " + e.getCause().getMessage(), e.getCause());
    } finally {
      Workers.stop(pool); // every writer ends before its options are closed
    }
  }

  /** Group numbers cutting the groups into {@code parts} runs of about equal layouts. */
  private int[] groupCuts(int parts) {
    int[] cuts = new int[parts + 1];
    long layouts = groups.layoutCount();
    long seen = 0;
    int p = 1;
    for (int g = 0; g < groups.count() && p < parts; g++) {
      seen += groups.size(g);
      while (p < parts && seen >= layouts * p / parts) {
        cuts[p++] = g + 1;
      }
    }
    while (p <= parts) {
      cuts[p++] = groups.count();
    }
    return cuts;
  }

  private void cases(Sink s, int from, int to) throws RocksDBException {
    CasesCodec.Built rows = new CasesCodec.Built(layers);
    for (int id = from; id < to; id++) {
      int g = groups.groupOf(id);
      if (g < 0) {
        continue;
      }
      long code = all.code(id);
      CasesCodec.putKey(s.key, code);
      rows.put(s.value, id, code); // every stored fact, as CasesCodec declares it
      s.put();
    }
  }

  /** The ranks rows: for each class and each step its solvable layouts have, the two shares. */
  private void rankRows(Sink s) throws RocksDBException {
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      for (int steps = 0; steps <= rank.maxSteps(); steps++) {
        if (rank.layouts(cls, steps) > 0) {
          RanksCodec.putKey(s.key, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), steps);
          RanksCodec.putValue(s.value, rank.harderThanSteps(steps), rank.harderThanInClass(cls, steps));
          s.put();
        }
      }
    }
  }

  private void ids(Sink s, int from, int to) throws RocksDBException {
    for (int id = from; id < to; id++) {
      if (groups.groupOf(id) >= 0) {
        IdsCodec.putKey(s.key, all.globalId(id)); // ascending with the index: codes ascend
        IdsCodec.putValue(s.value, all.code(id));
        s.put();
      }
    }
  }


  private void groupRows(Sink s) throws RocksDBException {
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      GroupsCodec.putKey(s.key, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls),
          groups.groupNum(g));
      int count = layers.layerCount(g);
      if (s.value.capacity() < GroupsCodec.valueBytes(count)) {
        throw new IllegalStateException("group " + groups.groupName(g) + " has " + count + " layers");
      }
      GroupsCodec.putValue(s.value, GroupRecord.of(layers, g));
      s.put();
    }
  }

  /**
   * The names rows (group, group_index) and the layers rows (group, layer, group_index) of the
   * groups [from, to): each member's code and layer read once, the layers rows by a counting sort
   * of group_index by layer (stable, so group_index ascends inside a layer).
   */
  private void namesAndLayers(Sink names, Sink layerSink, int from, int to) throws RocksDBException {
    long[] codes = new long[16];
    int[] layerOf = new int[16];
    int[] order = new int[16];
    int[] next = new int[16];
    for (int g = from; g < to; g++) {
      int cls = groups.classOf(g);
      int jiang = LayoutClass.jiangOf(cls);
      int bing = LayoutClass.bingOf(cls);
      int style = LayoutClass.styleOf(cls);
      int groupNum = groups.groupNum(g);
      int size = groups.size(g);
      int count = layers.layerCount(g);
      if (codes.length < size) {
        int cap = Math.max(size, codes.length * 2);
        codes = new long[cap];
        layerOf = new int[cap];
        order = new int[cap];
      }
      if (next.length < count + 1) {
        next = new int[Math.max(count + 1, next.length * 2)];
      }
      for (int i = 0; i < size; i++) {
        int id = groups.member(g, i);
        codes[i] = all.code(id);
        layerOf[i] = layers.layer(id);
        NamesCodec.putKey(names.key, jiang, bing, style, groupNum, i);
        NamesCodec.putValue(names.value, codes[i]);
        names.put();
      }
      next[0] = 0;
      for (int k = 0; k < count; k++) {
        next[k + 1] = next[k] + layers.layerSize(g, k);
      }
      for (int i = 0; i < size; i++) {
        order[next[layerOf[i]]++] = i;
      }
      int i = 0;
      for (int k = 0; k < count; k++) {
        for (int end = i + layers.layerSize(g, k); i < end; i++) {
          LayersCodec.putKey(layerSink.key, jiang, bing, style, groupNum, k, order[i]);
          LayersCodec.putValue(layerSink.value, codes[order[i]]);
          layerSink.put();
        }
      }
    }
  }

  /** Buckets of the find rows: per class, min_solution_step + 1 below this, symmetric or not, minimal or not. */
  private static final int FIND_STEPS = 1 << 10;

  /**
   * The find rows: every layout's code in the bucket of (class, min_solution_step + 1,
   * symmetric, minimal), 4,096 a row, fewest optimal solutions first, then by code. A counting
   * sort of the ids by bucket (stable: the ids are in code order), then each bucket sorted by
   * the optimal move sequences' count (CaseRecord.optimalSolutionNum) << 25 | id (ids are below 2^25).
   */
  private void findRows(Sink s) throws RocksDBException {
    Mover mover = new Mover();
    int n = all.size();
    int[] bucket = new int[n];
    int[] start = new int[LayoutClass.COUNT * FIND_STEPS * 4 + 1];
    for (int id = 0; id < n; id++) {
      int g = groups.groupOf(id);
      if (g < 0) {
        bucket[id] = -1;
        continue;
      }
      long code = all.code(id);
      int steps1 = layers.minSolutionStep(id) + 1;
      if (steps1 >= FIND_STEPS) {
        throw new IllegalStateException("min_solution_step " + (steps1 - 1) + " does not fit the find rows");
      }
      int b = ((groups.classOf(g) * FIND_STEPS + steps1) * 2 + (mover.mirror(code) == code ? 1 : 0)) * 2
          + (layers.minimal(id) == Minimal.YES ? 1 : 0);
      bucket[id] = b;
      start[b + 1]++;
    }
    for (int b = 0; b + 1 < start.length; b++) {
      start[b + 1] += start[b];
    }
    int[] next = Arrays.copyOf(start, start.length - 1);
    long[] order = new long[start[start.length - 1]];
    for (int id = 0; id < n; id++) {
      if (bucket[id] >= 0) {
        order[next[bucket[id]]++] = layers.optimalSolutionNum(id) << 25 | id;
      }
    }
    bucket = null;
    for (int b = 0; b + 1 < start.length; b++) {
      if (start[b + 1] == start[b]) {
        continue;
      }
      Arrays.sort(order, start[b], start[b + 1]);
      int cls = b / (FIND_STEPS * 4);
      int steps1 = b / 4 % FIND_STEPS;
      for (int from = start[b], chunk = 0; from < start[b + 1]; from += FindCodec.CHUNK, chunk++) {
        FindCodec.putKey(s.key, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), steps1,
            b >>> 1 & 1, b & 1, chunk);
        for (int i = from, end = Math.min(start[b + 1], from + FindCodec.CHUNK); i < end; i++) {
          FindCodec.putCode(s.value, all.code((int) (order[i] & ((1 << 25) - 1))));
        }
        s.put();
      }
    }
  }

  // ---------------------------------------------------------------- ingest, check, meta

  /** Each family's files in one call: non-overlapping key ranges, all into the bottom level. */
  private static void ingest(RocksDB db, List<ColumnFamilyHandle> handles, Map<String, List<Path>> files)
      throws RocksDBException {
    try (IngestExternalFileOptions options = new IngestExternalFileOptions()
        .setMoveFiles(true).setSnapshotConsistency(false).setAllowGlobalSeqNo(true)) {
      for (int i = 0; i < Schema.DATA_FAMILIES.size(); i++) {
        List<Path> list = files.get(Schema.DATA_FAMILIES.get(i));
        if (!list.isEmpty()) {
          db.ingestExternalFile(handles.get(i + 1), list.stream().map(Path::toString).toList(), options);
        }
      }
    }
  }

  /**
   * Compares each family's row count, from the table properties of what the database holds, with
   * what was written (every file's block checksums were verified when it was finished).
   */
  private static void check(RocksDB db, List<ColumnFamilyHandle> handles, Map<String, RowChecksum> written)
      throws IOException, RocksDBException {
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
