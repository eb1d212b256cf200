package klotskidb.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import org.rocksdb.ColumnFamilyDescriptor;
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
import org.rocksdb.RocksIterator;
import org.rocksdb.SstFileWriter;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Adds the values of {@code klotski analyse} to a published database, class by class, without
 * ever changing a directory that readers may have open. Workers {@link #submit} finished classes
 * and go on; one writer thread publishes whatever is queued, together. For class {@code 5-4-1}
 * (and any queued with it):
 *
 * <ol>
 *   <li>{@code NAME.building-PID} is made beside the database: its table files hard-linked (they
 *       are immutable; no bytes copied), its small files (CURRENT, MANIFEST, OPTIONS, WAL)
 *       copied;
 *   <li>that copy is opened for writing; each class's rows go into one SST file (code order)
 *       ingested into {@code analysis}, the farthest_step of its codes beside its {@code find}
 *       rows into another, ingested into {@code find_farthest} ({@link FindFarthestCodec}), then one synced write batch puts the classes' group
 *       diameters and markers {@code analysed.5-4-1} ({@link AnalysisMarker}: the per-class file
 *       checksums and the rows and CRC32C of the class's new rows); families flushed, closed;
 *   <li>{@link Publisher} swaps the copy into place by two renames, as a build does.
 * </ol>
 *
 * A reader sees the database before a publish or after it, never a directory being written;
 * a killed run loses at most the classes queued or being written, and the next run redoes them.
 * The whole run holds {@link DatabaseLock}, so no build or other analysis publishes in between.
 *
 * <p>Why a thread of its own: a publish is quick, but every seventh or so also merges the
 * {@code analysis} family (below), slow once it holds most of the 29 million rows. Written in turn
 * by the workers (one publish per class, under a lock), those merges stalled both workers at the
 * end of a whole run: its last 28 classes, under 60,000 layouts each, waited on merges instead of
 * taking under a second each (BENCHMARKS.md, row "the analysis writer's own thread"). Queued,
 * the merges overlap the analysis, and the small classes of the tail share publishes. The
 * publish after the last class still waits on its merge, so a merge is split over the run's
 * threads (RocksDB's subcompactions; row "the analysis writer's merges on the run's threads").
 *
 * <p>Cost of the swap, measured: see BENCHMARKS.md ("analysis checkpoints"). Auto compactions
 * are off in the copy (a compaction cut short by the close would only be redone by the next
 * copy); a family that has collected more than {@link #MAX_RUNS} sorted runs is compacted
 * explicitly, so lookups stay a few files deep.
 */
public final class AnalysisWriter implements AutoCloseable {
  /** A class's analysed layouts: each its code and its analysed facts. */
  public interface Rows {
    /** Calls sink.row for every layout of the class in code order. */
    void forEach(AnalysisRecord.Sink sink) throws RocksDBException;
  }

  /** A family with more sorted runs than this is compacted when classes are added. */
  static final int MAX_RUNS = 8;

  /**
   * Rows the queue holds before {@link #submit} waits: about 26 bytes each in the caller's
   * arrays, so at most about 200 MB of values waiting; the largest class has 2.0 million rows.
   */
  public static final long MAX_QUEUED_ROWS = 8_000_000;

  private final Path dir;
  /** Threads a merge of a family may take: the run's (its subcompactions). */
  private final int threads;
  private final DatabaseLock lock;
  private final Publisher publisher;

  private final ArrayDeque<Queued> queue = new ArrayDeque<>();
  /** Rows of the classes submitted and not yet published (guarded by queue). */
  private long queuedRows;
  private boolean closing;
  private Throwable failure;
  private final Thread thread;

  /** The publication of the database this writer read and last published (only the writer's thread changes it). */
  private volatile String publication;

  private AnalysisWriter(Path dir, int threads, DatabaseLock lock, Publisher publisher) {
    this.dir = dir;
    this.threads = threads;
    this.lock = lock;
    this.publisher = publisher;
    this.publication = Publisher.publicationOf(dir);
    thread = new Thread(this::drain, "analysis-writer");
    thread.setDaemon(true); // a killed or interrupted run loses the classes queued, never a half-swap
    thread.start();
  }

  /**
   * Takes the database's writer lock and checks that it opens as a complete database of this
   * schema version.
   *
   * @param threads the run's threads (at most the machine's cores, as the engine's): a merge of a
   *     family is split into this many parts at once (RocksDB's subcompactions), so a run's last
   *     publish does not wait on one core
   * @param notes receives a line for anything an interrupted run left that is restored or removed
   */
  public static AnalysisWriter open(Path dir, int threads, Consumer<String> notes) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1: " + threads);
    }
    Path target = dir.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(target) && Files.isDirectory(target)) {
      try {
        target = target.toRealPath(); // the database a link points to is the one changed
      } catch (IOException e) {
        throw new DatabaseException("cannot follow the link " + target + ": " + IoErrors.reason(e), e);
      }
    }
    if (!WriteTarget.isDatabase(target) && !Publisher.leftAside(target)) {
      // nothing of klotski's there: say what is, and make nothing beside it (no lock file)
      KlotskiDb.open(target).close();
    }
    DatabaseLock lock = DatabaseLock.acquire(target, "analyse");
    try {
      Publisher publisher = new Publisher(target, notes);
      publisher.recover();
      try (KlotskiDb check = KlotskiDb.open(target)) {
        check.layoutCount();
      } catch (DamagedFamilyException damaged) {
        if (!damaged.derived()) {
          throw damaged;
        }
        // a family made from the stored values: dropped here, made again by this run
        // (AnalyseJob indexes every class whose marker lost its index)
        Path dropFrom = target;
        publisher.publish(building -> {
          linkCopy(dropFrom, building);
          try {
            dropFamily(building, damaged.family());
          } catch (RocksDBException e) {
            throw new IOException("dropping the damaged column family '" + damaged.family() + "': " + e.getMessage(), e);
          }
        });
        notes.accept("dropped the damaged column family '" + damaged.family() + "' (" + damaged.getMessage()
            .replaceFirst(".*column family '[a-z_]+', ", "").replaceFirst("; it is made from.*", "")
            + "): it is made again from the stored values");
        try (KlotskiDb check = KlotskiDb.open(target)) {
          check.layoutCount();
        }
      }
      return new AnalysisWriter(target, threads, lock, publisher);
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
   * One class's values as {@link #submit} takes them.
   *
   * @param layouts the class's row count (what the queue bounds)
   * @param diameters rows of jiang, bing, style, group_num, diameter, one per group of the class
   * @param farthestFile "MD5 LINES BYTES" of farthest_J-B-S.csv as the values give it
   * @param solutionFile the same for solution_J-B-S.csv
   * @param seconds the class's analysis time, for its marker
   */
  public record ClassValues(String className, int layouts, Rows rows, int[][] diameters, String farthestFile,
      String solutionFile, double seconds) {}

  /**
   * Queues a class to be published by the writer's thread and returns: the caller goes on with
   * its next class. {@code stored} runs on the writer's thread once the class is in the
   * published database. Waits while the classes queued hold more than {@link #MAX_QUEUED_ROWS}
   * rows (their values stay in memory until published). Throws if an earlier publish failed.
   */
  public void submit(ClassValues values, Runnable stored) {
    enqueue(new Queued(values, null, stored));
  }

  /**
   * Queues the {@code find_farthest} index of a class analysed before the index existed, made
   * from its stored values (no BFS): its rows are written beside its {@code find} rows and its
   * marker gains the farthest_step sizes and the index's checksum; its other rows stay as they are.
   *
   * @param previous the class's marker as stored
   * @param codes the class's codes, ascending
   * @param farthestSteps each code's stored farthest_step
   */
  public void submitIndex(String className, AnalysisMarker previous, long[] codes, int[] farthestSteps,
      Runnable stored) {
    Rows rows = sink -> {
      for (int i = 0; i < codes.length; i++) {
        sink.rowInFind(codes[i], farthestSteps[i]);
      }
    };
    enqueue(new Queued(new ClassValues(className, codes.length, rows, new int[0][], previous.farthestFile(),
        previous.solutionFile(), previous.seconds()), previous, stored));
  }

  /** Waits until every class queued so far is published; throws if a publish failed. */
  public void flush() {
    synchronized (queue) {
      while (failure == null && queuedRows > 0) {
        try {
          queue.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new DatabaseException("interrupted while waiting for the analysis to be stored");
        }
      }
      if (failure != null) {
        throw failed();
      }
    }
  }

  private void enqueue(Queued q) {
    ClassValues values = q.values();
    synchronized (queue) {
      while (failure == null && queuedRows > 0 && queuedRows + values.layouts() > MAX_QUEUED_ROWS) {
        try {
          queue.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new DatabaseException("interrupted while waiting to store the analysis of " + values.className());
        }
      }
      if (failure != null) {
        throw failed();
      }
      if (closing) {
        throw new IllegalStateException("the analysis writer is closed");
      }
      queue.add(q);
      queuedRows += values.layouts();
      queue.notifyAll();
    }
  }

  /** A class to store: its values, and its marker as stored when only its index is added (else null). */
  private record Queued(ClassValues values, AnalysisMarker previous, Runnable stored) {}

  /**
   * The writer's thread: takes every class queued so far and publishes them together, one copy
   * and one swap for all of them, until closed and the queue is empty. A failed publish is kept
   * for {@link #submit} and {@link #close} to throw; the classes of that publish and any queued
   * after it are not stored (the next run analyses them again).
   */
  private void drain() {
    while (true) {
      List<Queued> batch;
      synchronized (queue) {
        while (queue.isEmpty() && !closing) {
          try {
            queue.wait();
          } catch (InterruptedException e) {
            // not interrupted by anyone but the JVM going down; close() decides when to stop
          }
        }
        if (queue.isEmpty()) {
          return;
        }
        batch = new ArrayList<>(queue);
        queue.clear();
      }
      try {
        String expected = publication;
        publication = publisher.publish(building -> {
          // the database is still the one this run read (it holds the lock, but a folder can be
          // replaced by hand, or by a writer that ignores the lock)
          String now = Publisher.publicationOf(dir);
          if (!now.equals(expected)) {
            throw new DatabaseException("the database at " + dir + " was replaced since this analyse read it "
                + "(publication " + expected.trim() + ", now " + (now.isEmpty() ? "none" : now.trim()) + "); "
                + names(batch) + " not stored: run 'klotski analyse' again");
          }
          linkCopy(dir, building);
          try {
            addClasses(building, batch, threads);
          } catch (RocksDBException e) {
            throw new IOException("writing the analysis of " + names(batch) + ": " + e.getMessage(), e);
          }
        });
      } catch (IOException | RuntimeException | Error e) {
        synchronized (queue) {
          failure = e;
          queue.clear();
          queuedRows = 0;
          queue.notifyAll();
        }
        return;
      }
      for (Queued q : batch) {
        q.stored().run();
      }
      synchronized (queue) {
        for (Queued q : batch) {
          queuedRows -= q.values().layouts();
        }
        queue.notifyAll();
      }
    }
  }

  private static String names(List<Queued> batch) {
    StringBuilder b = new StringBuilder();
    for (Queued q : batch) {
      b.append(b.length() == 0 ? "" : ", ").append(q.values().className());
    }
    return b.toString();
  }

  private DatabaseException failed() {
    Throwable e = failure;
    String reason = e instanceof IOException io ? IoErrors.reason(io) : e.getMessage();
    return new DatabaseException("cannot store the analysis in " + dir + ": " + reason, e);
  }

  /**
   * Drops {@code family} from the database at {@code building} and the index parts of every
   * class's marker with it. Opened with a limited table cache, so no table file is read (the
   * damaged one cannot be); the family's files go with the drop.
   */
  private static void dropFamily(Path building, String family) throws RocksDBException {
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    List<ColumnFamilyOptions> familyOptions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try (Options probe = new Options()) {
      for (byte[] name : RocksDB.listColumnFamilies(probe, building.toString())) {
        String n = new String(name, StandardCharsets.UTF_8);
        names.add(n);
        familyOptions.add(Tables.analysisWriterFamily(n));
        descriptors.add(new ColumnFamilyDescriptor(name, familyOptions.get(familyOptions.size() - 1)));
      }
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions().setMaxOpenFiles(16);
        RocksDB db = RocksDB.open(options, building.toString(), descriptors, handles);
        WriteBatch markers = new WriteBatch();
        WriteOptions sync = new WriteOptions().setSync(true)) {
      try {
        ColumnFamilyHandle meta = handles.get(names.indexOf(Schema.META));
        if (family.equals(Schema.FIND_FARTHEST)) {
          byte[] prefix = Schema.META_ANALYSED_PREFIX.getBytes(StandardCharsets.UTF_8);
          try (RocksIterator it = db.newIterator(meta)) {
            for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix); it.next()) {
              String key = new String(it.key(), StandardCharsets.UTF_8);
              AnalysisMarker m = AnalysisMarker.parse(key.substring(prefix.length), new String(it.value(),
                  StandardCharsets.UTF_8));
              markers.put(meta, it.key(), m.withIndex(null, null).format().getBytes(StandardCharsets.UTF_8));
            }
          }
        }
        db.write(sync, markers);
        db.dropColumnFamily(handles.get(names.indexOf(family)));
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    } finally {
      familyOptions.forEach(ColumnFamilyOptions::close);
    }
  }

  private static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** Table files hard-linked, every other file of the database copied (LOCK and info logs left out). */
  private static void linkCopy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (DirectoryStream<Path> files = Files.newDirectoryStream(from)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (name.equals("LOCK") || name.startsWith("LOG") || name.equals(Publisher.PUBLICATION)
            || Files.isDirectory(f)) {
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

  /**
   * Each class's rows into one SST file (code order) ingested into {@code analysis}; then one
   * synced write batch with every class's diameters and marker.
   */
  private static void addClasses(Path building, List<Queued> batch, int threads) throws IOException, RocksDBException {
    List<Path> files = new ArrayList<>();
    try {
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      List<ColumnFamilyOptions> familyOptions = new ArrayList<>();
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      familyOptions.add(Tables.analysisWriterFamily(Schema.META));
      descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, familyOptions.get(0)));
      for (String cf : Schema.ALL_FAMILIES) {
        familyOptions.add(Tables.analysisWriterFamily(cf));
        descriptors.add(new ColumnFamilyDescriptor(cf.getBytes(StandardCharsets.UTF_8),
            familyOptions.get(familyOptions.size() - 1)));
      }
      // a database made before find_farthest existed gains the family here
      try (DBOptions options = new DBOptions().setCreateMissingColumnFamilies(true).setMaxSubcompactions(threads);
          RocksDB db = RocksDB.open(options, building.toString(), descriptors, handles);
          WriteBatch markers = new WriteBatch()) {
        try {
          for (Queued q : batch) {
            ClassValues c = q.values();
            int cls = LayoutClass.parse(c.className());
            ClassRows rows = new ClassRows(c.layouts());
            AnalysisMarker marker;
            if (q.previous() == null) {
              Path file = WriteTarget.classFile(building, Schema.ANALYSIS, c.className());
              files.add(file);
              RowChecksum analysisSum = writeRows(file, c.rows(), rows);
              if (analysisSum.rows() > 0) {
                ingest(db, handle(handles, Schema.ANALYSIS), file);
              }
              int[][] sorted = c.diameters().clone();
              Arrays.sort(sorted, Comparator.comparingInt(d -> d[3])); // key order: group_num inside the class
              RowChecksum groupSum = new RowChecksum();
              for (int[] d : sorted) { // jiang, bing, style, group_num, diameter
                byte[] k = GroupAnalysisCodec.key(d[0], d[1], d[2], d[3]);
                byte[] v = GroupAnalysisCodec.value(d[4]);
                groupSum.update(k, v);
                markers.put(handle(handles, Schema.GROUP_ANALYSIS), k, v);
              }
              marker = new AnalysisMarker(c.farthestFile(), c.solutionFile(), c.seconds(), analysisSum.toString(),
                  groupSum.toString(), null, null);
            } else {
              c.rows().forEach(AnalysisRecord.inFind(rows::add)); // the stored values: only the index is written
              marker = q.previous();
            }
            Path index = WriteTarget.classFile(building, Schema.FIND_FARTHEST, c.className());
            files.add(index);
            RowChecksum indexSum = writeIndex(db, handle(handles, Schema.FIND), index, cls, rows);
            if (indexSum.rows() > 0) {
              ingest(db, handle(handles, Schema.FIND_FARTHEST), index);
            }
            marker = marker.withIndex(trimmed(rows.sizes), indexSum.toString());
            markers.put(handle(handles, Schema.META),
                (Schema.META_ANALYSED_PREFIX + c.className()).getBytes(StandardCharsets.UTF_8),
                marker.format().getBytes(StandardCharsets.UTF_8));
          }
          try (WriteOptions sync = new WriteOptions().setSync(true)) {
            db.write(sync, markers);
          }
          try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            db.flush(flush, List.of(handle(handles, Schema.GROUP_ANALYSIS), handle(handles, Schema.META)));
          }
          compactCrowded(db, handles);
        } finally {
          handles.forEach(ColumnFamilyHandle::close);
        }
      } finally {
        familyOptions.forEach(ColumnFamilyOptions::close);
      }
    } finally {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
    }
  }

  /** The sizes up to the last step any layout has. */
  private static int[] trimmed(int[] sizes) {
    int n = sizes.length;
    while (n > 0 && sizes[n - 1] == 0) {
      n--;
    }
    return Arrays.copyOf(sizes, n);
  }

  /** A class's codes (ascending) and farthest_steps as its rows come, and its layouts of each farthest_step. */
  private static final class ClassRows {
    final long[] codes;
    final int[] steps;
    int[] sizes = new int[64];
    int n;

    ClassRows(int layouts) {
      codes = new long[layouts];
      steps = new int[layouts];
    }

    void add(long code, int farthestStep) {
      if (n == codes.length) {
        throw new IllegalStateException("the class gave more rows than its " + codes.length + " layouts");
      }
      if (n > 0 && code <= codes[n - 1]) {
        throw new IllegalStateException("a class's rows came out of code order");
      }
      codes[n] = code;
      steps[n++] = farthestStep;
      if (farthestStep >= sizes.length) {
        sizes = Arrays.copyOf(sizes, Math.max(farthestStep + 1, 2 * sizes.length));
      }
      sizes[farthestStep]++;
    }

    /** The farthest_step of {@code code}, which must be one of the class's. */
    int stepOf(long code) {
      int i = Arrays.binarySearch(codes, 0, n, code);
      if (i < 0) {
        throw new IllegalStateException("the database is inconsistent: " + Code.format(code)
            + " is in find's rows of its class but has no analysed values");
      }
      return steps[i];
    }
  }

  private static void ingest(RocksDB db, ColumnFamilyHandle family, Path file) throws RocksDBException {
    try (IngestExternalFileOptions ingest = new IngestExternalFileOptions().setMoveFiles(true)) {
      db.ingestExternalFile(family, List.of(file.toString()), ingest);
    }
  }

  /** Writes the class's rows to an SST file (no file when there are none); keeps codes and steps in {@code rows}. */
  private static RowChecksum writeRows(Path file, Rows rows, ClassRows kept) throws RocksDBException {
    RowChecksum sum = new RowChecksum();
    try (Options sstOptions = Tables.sstWriter(Schema.ANALYSIS);
        EnvOptions env = new EnvOptions();
        SstFileWriter writer = new SstFileWriter(env, sstOptions)) {
      writer.open(file.toString());
      ByteBuffer key = ByteBuffer.allocateDirect(Schema.CODE_BYTES);
      ByteBuffer value = ByteBuffer.allocateDirect(AnalysisRecord.VALUE_BYTES);
      rows.forEach(AnalysisRecord.putting(value, (code, farthestStep) -> {
        key.clear();
        AnalysisCodec.putKey(key, code);
        key.flip();
        sum.update(key, value);
        writer.put(key, value);
        kept.add(code, farthestStep);
      }));
      if (sum.rows() > 0) {
        writer.finish();
      }
    }
    return sum;
  }

  /**
   * Writes the class's {@code find_farthest} rows to an SST file: for each of the class's rows of
   * {@code find} (one key range), the farthest_step of its codes in its order. Every layout of
   * the class is in exactly one find row, so the rows must cover the class's values exactly.
   */
  private static RowChecksum writeIndex(RocksDB db, ColumnFamilyHandle find, Path file, int cls, ClassRows rows)
      throws RocksDBException {
    RowChecksum sum = new RowChecksum();
    byte[] prefix = Arrays.copyOf(FindCodec.seek(cls, 0), 3);
    long codes = 0;
    int[] steps = new int[FindCodec.CHUNK];
    try (Options sstOptions = Tables.sstWriter(Schema.FIND_FARTHEST);
        EnvOptions env = new EnvOptions();
        SstFileWriter writer = new SstFileWriter(env, sstOptions);
        RocksIterator it = db.newIterator(find)) {
      writer.open(file.toString());
      for (it.seek(prefix); it.isValid() && Arrays.equals(it.key(), 0, 3, prefix, 0, 3); it.next()) {
        byte[] value = it.value();
        int n = FindCodec.count(value);
        for (int i = 0; i < n; i++) {
          steps[i] = rows.stepOf(FindCodec.codeAt(value, i));
        }
        byte[] k = it.key();
        byte[] v = FindFarthestCodec.value(steps, n);
        sum.update(k, v);
        writer.put(k, v);
        codes += n;
      }
      it.status();
      if (codes != rows.n) {
        throw new IllegalStateException("the database is inconsistent: class " + LayoutClass.name(cls) + " has "
            + codes + " layouts in find but " + rows.n + " analysed values");
      }
      if (sum.rows() > 0) {
        writer.finish();
      }
    }
    return sum;
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
    Map<String, Set<Integer>> levels = new HashMap<>();
    Map<String, Integer> level0 = new HashMap<>();
    for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
      String cf = new String(f.columnFamilyName(), StandardCharsets.UTF_8);
      if (f.level() == 0) {
        level0.merge(cf, 1, Integer::sum);
      } else {
        levels.computeIfAbsent(cf, k -> new HashSet<>()).add(f.level());
      }
    }
    for (String cf : List.of(Schema.ANALYSIS, Schema.GROUP_ANALYSIS, Schema.FIND_FARTHEST, Schema.META)) {
      int runs = level0.getOrDefault(cf, 0) + levels.getOrDefault(cf, Set.of()).size();
      if (runs > MAX_RUNS) {
        db.compactRange(handle(handles, cf));
      }
    }
  }

  /**
   * Publishes what is still queued, stops the writer's thread and releases the lock; throws if a
   * publish failed (then the classes not stored are named by the next run's "analysing" line).
   */
  @Override
  public void close() {
    synchronized (queue) {
      closing = true;
      queue.notifyAll();
    }
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true; // the lock must outlive the publish under way
      }
    }
    lock.close();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failure != null) {
      throw failed();
    }
  }
}
