package klotskidb.db;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import klotskidb.base.UserText;
import klotskidb.base.Workers;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;

/**
 * Read-only access to a published database; several processes may read at once.
 *
 * <pre>
 *   try (KlotskiDb db = KlotskiDb.open(Path.of("data/klotski-db"))) {
 *     CaseRecord c = db.caseOf(0x1A9BF0C00L).orElseThrow();   // name 5-4-1-1-7472, step 81
 *     GroupRecord g = db.group(5, 4, 1, 1).orElseThrow();     // size 25,955
 *     db.forEachInLayer(5, 4, 1, 1, 0, code -> ...);          // the seed
 *   }
 * </pre>
 *
 * Opening refuses, with one clear message, a missing directory, a database without the
 * completion marker, and any schema version but {@link Schema#VERSION}. Nothing is created.
 */
public final class KlotskiDb implements AutoCloseable {
  private final Path dir;
  private final RocksDB db;
  private final List<ColumnFamilyOptions> cfOptions;
  private final DBOptions options;
  private final LRUCache cache;
  private final List<ColumnFamilyHandle> handles;
  private final Map<String, ColumnFamilyHandle> byName = new LinkedHashMap<>();
  private final Map<String, String> meta = new LinkedHashMap<>();
  /** The rows of ranks, read at the open. */
  private final Ranks ranks = new Ranks();
  /** The {@link Publisher#PUBLICATION} of the directory opened ("" before that file existed). */
  private String publication = "";

  private KlotskiDb(Path dir, RocksDB db, LRUCache cache, List<ColumnFamilyOptions> cfOptions, DBOptions options,
      List<ColumnFamilyHandle> handles) {
    this.dir = dir;
    this.db = db;
    this.cache = cache;
    this.cfOptions = cfOptions;
    this.options = options;
    this.handles = handles;
  }

  /**
   * Opens the database in {@code dir} read-only, or throws {@link DatabaseException}: the reader's
   * half of the publish protocol ({@link Publisher#open}), which retries while a writer swaps the
   * directory and opens a database a killed publish left beside it.
   */
  public static KlotskiDb open(Path dir) {
    return Publisher.open(dir);
  }

  /** Sets the publication this handle reports (by {@link Publisher#open}, which read it). */
  void setPublication(String publication) {
    this.publication = publication;
  }

  /** Null when {@code dir} opens as a complete database of this schema version, else why not. */
  static String problem(Path dir) {
    try (KlotskiDb db = openOnce(dir)) {
      return null;
    } catch (DatabaseException e) {
      return e.getMessage();
    }
  }

  /** Opens the directory as it is now, once (no retry: {@link Publisher#open} retries). */
  static KlotskiDb openOnce(Path dir) {
    RocksDB.loadLibrary();
    if (!Files.exists(dir) || WriteTarget.isEmpty(dir)) {
      // only here is the build command a safe suggestion: it refuses anything else at the path
      throw new DatabaseException("no database at " + dir + " (build one with 'klotski build --db " + dir + "')");
    }
    if (!Files.isDirectory(dir)) {
      throw new DatabaseException(dir + " is not a klotski database: it is " + WriteTarget.describe(dir));
    }
    // a folder of klotski's own file names whose RocksDB files do not read is a damaged database,
    // not a foreign folder: its CURRENT or MANIFEST is missing or broken
    boolean ours = WriteTarget.isMadeByKlotski(dir);
    if (!Files.exists(dir.resolve("CURRENT"))) {
      throw new DatabaseException(ours ? damaged(dir, "its CURRENT file is missing")
          : dir + " is not a klotski database: it is " + WriteTarget.describe(dir));
    }
    List<String> families;
    try (Options probe = new Options()) {
      families = RocksDB.listColumnFamilies(probe, dir.toString()).stream()
          .map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    } catch (RocksDBException e) {
      throw new DatabaseException(ours ? damaged(dir, "its CURRENT or MANIFEST file does not read: " + oneLine(e))
          : "cannot read " + dir + ": " + oneLine(e), e);
    }
    if (!families.contains(Schema.META)) {
      throw new DatabaseException(ours ? damaged(dir, "its CURRENT or MANIFEST file names no column family of "
          + "klotski's" + (families.isEmpty() ? "" : " (read: " + String.join(", ", families) + ")"))
          : dir + " is not a klotski database (no meta column family)");
    }
    LRUCache cache = new LRUCache(Tables.READER_CACHE_BYTES);
    List<ColumnFamilyOptions> cfOptions = new ArrayList<>();
    // every table file is opened now (the default, said here because the swap relies on it):
    // a reader keeps reading them after a publish renames and deletes the directory
    DBOptions options = new DBOptions().setMaxOpenFiles(-1);
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    for (String f : families) {
      ColumnFamilyOptions o = Tables.readerFamily(cache, f);
      cfOptions.add(o);
      descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), o));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    RocksDB db;
    try {
      db = RocksDB.openReadOnly(options, dir.toString(), descriptors, handles);
    } catch (RocksDBException e) {
      cfOptions.forEach(ColumnFamilyOptions::close);
      options.close();
      cache.close();
      boolean corrupt = e.getStatus() != null && e.getStatus().getCode() == Status.Code.Corruption;
      // a table file's block that fails its checksum as the open reads it: the damage, named
      String detail = oneLine(e).replace(dir + "/", "");
      Matcher file = Pattern.compile("\\b(\\d+\\.sst)\\b").matcher(detail);
      String family = corrupt && file.find() ? familyOf(dir, families, file.group(1)) : null;
      if (family != null) {
        // RocksDB adds "The file MANIFEST-000060 may be corrupted.": the table file is, not the manifest
        throw new DamagedFamilyException(dir, family, file.group(1), detail
            .replaceAll("\\s*The file MANIFEST-\\d+ may be corrupted\\.?", "")
            .replace(" in " + file.group(1), "").trim(), e);
      }
      throw new DatabaseException(corrupt ? damaged(dir, detail) : "cannot open " + dir + ": " + oneLine(e), e);
    }
    KlotskiDb k = new KlotskiDb(dir, db, cache, cfOptions, options, handles);
    for (int i = 0; i < families.size(); i++) {
      k.byName.put(families.get(i), handles.get(i));
    }
    try {
      k.readMeta();
      k.checkComplete(families);
      k.scanFrom(RanksCodec.FAMILY, new byte[0], (key, value) -> {
        k.ranks.put(key, value);
        return true;
      });
    } catch (RuntimeException e) {
      k.close();
      throw e;
    }
    return k;
  }

  /**
   * The family a table file belongs to, read from the manifest by an open that loads no table file
   * (a limited table cache opens them on demand): null when that open fails too.
   */
  private static String familyOf(Path dir, List<String> families, String file) {
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    List<ColumnFamilyOptions> cfOptions = new ArrayList<>();
    for (String f : families) {
      ColumnFamilyOptions o = new ColumnFamilyOptions();
      cfOptions.add(o);
      descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), o));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions lazy = new DBOptions().setMaxOpenFiles(16);
        RocksDB db = RocksDB.openReadOnly(lazy, dir.toString(), descriptors, handles)) {
      try {
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
          if (f.fileName().replaceFirst("^/", "").equals(file)) {
            return new String(f.columnFamilyName(), StandardCharsets.UTF_8);
          }
        }
        return null;
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    } catch (RocksDBException e) {
      return null;
    } finally {
      cfOptions.forEach(ColumnFamilyOptions::close);
    }
  }

  private static String damaged(Path dir, String what) {
    return "the database at " + dir + " is damaged: " + what + "; rebuild it with 'klotski build --db " + dir + "'";
  }

  private void readMeta() {
    try (RocksIterator it = db.newIterator(byName.get(Schema.META))) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        meta.put(new String(it.key(), StandardCharsets.UTF_8), new String(it.value(), StandardCharsets.UTF_8));
      }
      status(it, Schema.META);
    }
  }

  private void checkComplete(List<String> families) {
    String version = meta.get(Schema.META_SCHEMA_VERSION);
    if (!"true".equals(meta.get(Schema.META_COMPLETE))) {
      throw new DatabaseException("the database at " + dir + " is incomplete (its build did not finish); "
          + "rebuild it with 'klotski build --db " + dir + "'");
    }
    if (!Integer.toString(Schema.VERSION).equals(version)) {
      throw new DatabaseException("the database at " + dir + " has schema version " + version
          + "; this klotski reads version " + Schema.VERSION + ": rebuild it with 'klotski build'"
          + (version != null && version.matches("[0-9]{1,3}") && Integer.parseInt(version) < Schema.VERSION
              ? " (then 'klotski analyse' again for the analysed classes: see SCHEMA.md, Versions)" : ""));
    }
    for (String cf : Schema.ALL_FAMILIES) {
      if (!families.contains(cf) && !Schema.OPTIONAL_FAMILIES.contains(cf)) {
        throw new DatabaseException("the database at " + dir + " has no '" + cf + "' column family");
      }
    }
    count(Schema.META_LAYOUTS);
    count(Schema.META_GROUPS);
    if (meta.get(Schema.META_CLASSES) == null) {
      throw badMeta(Schema.META_CLASSES, "is missing");
    }
    analysedClasses(); // every marker parses
  }

  private DatabaseException badMeta(String key, String what) {
    return new DatabaseException("the database at " + dir + " is damaged: meta key '" + key + "' " + what
        + "; rebuild it with 'klotski build --db " + dir + "'");
  }

  private int count(String key) {
    String v = meta.get(key);
    if (v == null) {
      throw badMeta(key, "is missing");
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw badMeta(key, "is not a count: " + UserText.quote(v));
  }

  /** The publication this handle reads ({@link Publisher#PUBLICATION}): a new one after every publish. */
  public String publication() {
    return publication;
  }

  public Path dir() {
    return dir;
  }

  /** The meta column family: schema version, counts, checksums, build time ... */
  public Map<String, String> meta() {
    return Map.copyOf(meta);
  }

  /** Number of layouts stored. */
  public int layoutCount() {
    return count(Schema.META_LAYOUTS);
  }

  /** Number of groups stored. */
  public int groupCount() {
    return count(Schema.META_GROUPS);
  }

  /** The classes stored, "J-B-S" in class order. */
  public List<String> classes() {
    String v = meta.get(Schema.META_CLASSES);
    return v.isEmpty() ? List.of() : List.of(v.split(","));
  }

  private byte[] get(String cf, byte[] key) {
    try {
      return db.get(byName.get(cf), key);
    } catch (RocksDBException e) {
      throw failed(cf, e);
    }
  }

  /** After a scan: a bad block ends an iterator as if the data ended, only its status tells. */
  private void status(RocksIterator it, String cf) {
    try {
      it.status();
    } catch (RocksDBException e) {
      throw failed(cf, e);
    }
  }

  private static final Pattern SST_FILE = Pattern.compile("(\\d+\\.sst)");

  /**
   * One line for a failed read: the database, the column family and the table file, then
   * RocksDB's reason ("Corruption: block checksum mismatch: ...").
   */
  private DatabaseException failed(String cf, RocksDBException e) {
    String reason = oneLine(e).replace(dir.toAbsolutePath() + "/", "");
    Matcher m = SST_FILE.matcher(reason);
    String file = m.find() ? m.group(1) : String.join(", ", tableFiles(cf));
    boolean corrupt = e.getStatus() != null && e.getStatus().getCode() == Status.Code.Corruption;
    String detail = "file " + (file.isEmpty() ? "(unknown)" : file) + ": " + reason;
    String message = (corrupt ? "the database at " + dir + " is damaged: " : "reading the database at " + dir
        + " failed: ") + "column family '" + cf + "', " + detail + (corrupt ? "; rebuild it with 'klotski build'" : "");
    return new DamagedDatabaseException(message, cf, detail, e);
  }

  /** Every live table file of every family (RocksDB's metadata: family, folder, name, size). */
  List<LiveFileMetaData> liveFiles() {
    return db.getLiveFilesMetaData();
  }

  /** The table files of a column family, names relative to the database directory. */
  public List<String> tableFiles(String cf) {
    List<String> files = new ArrayList<>();
    for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
      if (new String(f.columnFamilyName(), StandardCharsets.UTF_8).equals(cf)) {
        files.add(f.fileName().replaceFirst("^/", ""));
      }
    }
    return files;
  }

  private static String oneLine(RocksDBException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.replaceAll("[\\r\\n\\t]+", " ").trim();
  }

  /** The stored record of a layout, empty when the code is not in the database. */
  public Optional<CaseRecord> caseOf(long code) {
    byte[] v = get(CasesCodec.FAMILY, CasesCodec.key(code));
    if (v == null) {
      return Optional.empty();
    }
    return Optional.of(CasesCodec.decode(code, ByteBuffer.wrap(v), ranks));
  }

  /** The analysis of a layout, empty until its class has been analysed. */
  public Optional<AnalysisRecord> analysisOf(long code) {
    byte[] v = get(AnalysisCodec.FAMILY, AnalysisCodec.key(code));
    return v == null ? Optional.empty() : Optional.of(AnalysisRecord.decode(v));
  }

  /** The diameter (largest farthest_step) of an analysed group, or -1. */
  public int diameter(int jiang, int bing, int style, int groupNum) {
    if (!fitsKey(jiang, bing, style, groupNum)) {
      return -1;
    }
    byte[] v = get(GroupAnalysisCodec.FAMILY, GroupAnalysisCodec.key(jiang, bing, style, groupNum));
    return v == null ? -1 : GroupAnalysisCodec.decodeValue(v);
  }

  /** Classes analysed so far, "J-B-S" -> their markers, in name order. */
  public Map<String, AnalysisMarker> analysedClasses() {
    Map<String, AnalysisMarker> known = analysed;
    if (known != null) {
      return known;
    }
    Map<String, AnalysisMarker> out = new TreeMap<>();
    meta.forEach((k, v) -> {
      if (k.startsWith(Schema.META_ANALYSED_PREFIX)) {
        String cls = k.substring(Schema.META_ANALYSED_PREFIX.length());
        out.put(cls, AnalysisMarker.parse(cls, v));
      }
    });
    analysed = Collections.unmodifiableMap(out); // meta never changes under a handle: parsed once
    return analysed;
  }

  /**
   * A value a reader works out once from a handle's rows and keeps while the handle lives (the rows
   * never change under a handle): find's bucket sizes, the steps of the groups asked last. Each is
   * computed once however many ask at once; a failure is not kept (the next ask tries again), and
   * it reaches the asker as it was thrown.
   *
   * <pre>
   *   static final KlotskiDb.Derived&lt;int[][]&gt; SIZES = new KlotskiDb.Derived&lt;&gt;(Finder::readBucketSizes);
   *   db.derived(SIZES)   the sizes read at the first ask; the same array at every ask after
   * </pre>
   */
  public static final class Derived<T> {
    private final Function<KlotskiDb, T> compute;

    public Derived(Function<KlotskiDb, T> compute) {
      this.compute = compute;
    }
  }

  private final ConcurrentHashMap<Derived<?>, Object> derived = new ConcurrentHashMap<>();

  /** The value of {@code d} for this handle: computed at the first ask, kept with the handle. */
  @SuppressWarnings("unchecked")
  public <T> T derived(Derived<T> d) {
    return (T) derived.computeIfAbsent(d, k -> d.compute.apply(this));
  }

  private volatile Map<String, AnalysisMarker> analysed;

  /** The code of layout {@code id}, or -1 when the database has no such id. */
  public long codeOfId(int id) {
    byte[] v = get(IdsCodec.FAMILY, IdsCodec.key(id));
    return v == null ? -1 : IdsCodec.decodeValue(v);
  }

  /** The code of the layout named {@code jiang-bing-style-groupNum-groupIndex}, or -1. */
  public long codeOfName(int jiang, int bing, int style, int groupNum, int groupIndex) {
    if (!fitsKey(jiang, bing, style, groupNum) || groupIndex < 0) {
      return -1;
    }
    byte[] v = get(NamesCodec.FAMILY, NamesCodec.key(jiang, bing, style, groupNum, groupIndex));
    return v == null ? -1 : NamesCodec.decodeValue(v);
  }

  private static boolean fitsKey(int jiang, int bing, int style, int groupNum) {
    return jiang >= 0 && jiang < 128 && bing >= 0 && bing < 128 && style >= 0 && style < 128
        && groupNum >= 0 && groupNum <= 0xFFFF;
  }

  /** The stored summary of group {@code jiang-bing-style-groupNum}. */
  public Optional<GroupRecord> group(int jiang, int bing, int style, int groupNum) {
    if (!fitsKey(jiang, bing, style, groupNum)) {
      return Optional.empty();
    }
    byte[] v = get(GroupsCodec.FAMILY, GroupsCodec.key(jiang, bing, style, groupNum));
    return v == null ? Optional.empty() : Optional.of(GroupsCodec.decode(jiang, bing, style, groupNum, v));
  }

  /** Every layout record in code order (29M for a full database: a few seconds). */
  public void forEachCase(Consumer<CaseRecord> action) {
    forEachCase(0, Long.MAX_VALUE, action);
  }

  /** The layout records with codes in [from, to), in code order. */
  public void forEachCase(long from, long to, Consumer<CaseRecord> action) {
    try (ReadOptions ro = new ReadOptions().setFillCache(false).setReadaheadSize(4 << 20);
        RocksIterator it = db.newIterator(byName.get(CasesCodec.FAMILY), ro)) {
      ByteBuffer key = ByteBuffer.allocateDirect(CasesCodec.KEY_BYTES);
      ByteBuffer value = ByteBuffer.allocateDirect(CasesCodec.VALUE_BYTES);
      for (it.seek(CasesCodec.key(Math.min(from, 0xFFFFFFFFFL))); it.isValid(); it.next()) {
        key.clear();
        value.clear();
        it.key(key);
        it.value(value);
        long code = CasesCodec.decodeKey(key);
        if (code >= to) {
          break;
        }
        action.accept(CasesCodec.decode(code, value, ranks));
      }
      status(it, CasesCodec.FAMILY);
    }
  }

  /**
   * Every layout's code in code order, from the {@code ids} family (ids are ranks in code order):
   * 9 bytes a row instead of a whole record, for what needs the codes only (All_Case.txt).
   */
  public void forEachCode(LongConsumer action) {
    forEachCode(0, Integer.MAX_VALUE, action);
  }

  /** The codes of the layouts with ids in [from, to), in code order. */
  public void forEachCode(int from, int to, LongConsumer action) {
    try (ReadOptions ro = new ReadOptions().setFillCache(false).setReadaheadSize(4 << 20);
        RocksIterator it = db.newIterator(byName.get(IdsCodec.FAMILY), ro)) {
      ByteBuffer key = ByteBuffer.allocateDirect(4);
      ByteBuffer value = ByteBuffer.allocateDirect(8);
      for (it.seek(IdsCodec.key(Math.max(from, 0))); it.isValid(); it.next()) {
        key.clear();
        it.key(key);
        if (IdsCodec.decodeKey(key) >= to) {
          break;
        }
        value.clear();
        it.value(value);
        action.accept(IdsCodec.decodeValue(value));
      }
      status(it, IdsCodec.FAMILY);
    }
  }

  /** Receives a layout record and its analysis (null until its class is analysed). */
  public interface CaseAndAnalysis {
    void accept(CaseRecord c, AnalysisRecord a);
  }

  /**
   * Every layout record in code order with its analysis: the {@code analysis} family (same keys)
   * is read alongside by a second iterator, a merge of two sorted scans instead of 29M lookups.
   */
  public void forEachCaseWithAnalysis(CaseAndAnalysis action) {
    forEachCaseWithAnalysis(0, Long.MAX_VALUE, action);
  }

  /** {@link #forEachCaseWithAnalysis(CaseAndAnalysis)} for the codes in [from, to) only. */
  public void forEachCaseWithAnalysis(long from, long to, CaseAndAnalysis action) {
    try (ReadOptions ro = new ReadOptions().setFillCache(false).setReadaheadSize(4 << 20);
        RocksIterator it = db.newIterator(byName.get(AnalysisCodec.FAMILY), ro)) {
      it.seek(AnalysisCodec.key(from));
      long[] next = {it.isValid() ? AnalysisCodec.decodeKey(it.key()) : Long.MAX_VALUE};
      forEachCase(from, to, c -> {
        while (next[0] < c.code()) {
          it.next();
          next[0] = it.isValid() ? AnalysisCodec.decodeKey(it.key()) : Long.MAX_VALUE;
        }
        action.accept(c, next[0] == c.code() ? AnalysisRecord.decode(it.value()) : null);
      });
      status(it, AnalysisCodec.FAMILY);
    }
  }

  /**
   * The codes of one class's layouts in code order: its rows of {@code names} are one key range
   * (jiang, bing, style first), read in one scan, then sorted (a class's layouts are spread over
   * the whole range of codes, so {@code cases} has no range of its own for a class).
   */
  public long[] codesOfClass(int cls) {
    if (cls < 0 || cls >= LayoutClass.COUNT) {
      return new long[0];
    }
    LongArrayList codes = new LongArrayList();
    forEachCodeWithPrefix(NamesCodec.FAMILY, new byte[] {(byte) LayoutClass.jiangOf(cls),
        (byte) LayoutClass.bingOf(cls), (byte) LayoutClass.styleOf(cls)},
        NamesCodec::decodeValue, codes::add);
    long[] a = codes.toLongArray();
    Arrays.sort(a);
    return a;
  }

  /**
   * The layout records of the given codes (ascending) with their analysis (null until the class is
   * analysed), in that order: batched look-ups (RocksDB's MultiGet, 4,096 keys a call, both
   * families, two batches at once ahead of the caller), so a class's 65,880 records cost a
   * fraction of a scan of all 29,334,498 ({@code export --class}; BENCHMARKS.md, row "one class
   * exported").
   */
  public void forEachCaseWithAnalysis(long[] codes, CaseAndAnalysis action) {
    final int batch = 4096;
    int batches = (codes.length + batch - 1) / batch;
    // the look-ups of the next batches run on other threads while this one hands a batch over: a
    // look-up is mostly a block's decompression, and the class's codes touch most blocks
    try (ReadOptions ro = new ReadOptions().setFillCache(false)) {
      ExecutorService pool = Executors.newFixedThreadPool(
          Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())), r -> {
            Thread t = new Thread(r, "klotski-lookups");
            t.setDaemon(true);
            return t;
          });
      try {
        ArrayDeque<Future<byte[][][]>> ahead = new ArrayDeque<>();
        int next = 0;
        for (int b = 0; b < batches; b++) {
          while (next < batches && ahead.size() < 4) {
            int from = next++ * batch;
            ahead.add(pool.submit(() -> lookUp(ro, codes, from, Math.min(batch, codes.length - from))));
          }
          byte[][][] got;
          try {
            got = ahead.poll().get();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted while reading the database");
          } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
          }
          for (int i = 0; i < got[0].length; i++) {
            long code = codes[b * batch + i];
            byte[] v = got[0][i];
            if (v == null) {
              throw new IllegalStateException("the database is inconsistent: " + Code.format(code)
                  + " is in names but not in cases");
            }
            byte[] a = got[1][i];
            action.accept(CasesCodec.decode(code, ByteBuffer.wrap(v), ranks), a == null ? null : AnalysisRecord.decode(a));
          }
        }
      } finally {
        // the look-ups ahead end before ro (and, after this returns or throws, the handle) is closed
        Workers.stop(pool);
      }
    }
  }

  /** The {@code cases} and {@code analysis} values of {@code n} codes from {@code from}: [family][i], null where absent. */
  private byte[][][] lookUp(ReadOptions ro, long[] codes, int from, int n) {
    List<byte[]> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(CasesCodec.key(codes[from + i])); // the same 5 bytes as AnalysisCodec.key
    }
    try {
      return new byte[][][] {
          db.multiGetAsList(ro, Collections.nCopies(n, byName.get(CasesCodec.FAMILY)), keys).toArray(new byte[0][]),
          db.multiGetAsList(ro, Collections.nCopies(n, byName.get(AnalysisCodec.FAMILY)), keys)
              .toArray(new byte[0][])};
    } catch (RocksDBException e) {
      throw failed(CasesCodec.FAMILY + "/" + AnalysisCodec.FAMILY, e);
    }
  }

  /** The codes of one group's members in group_index (= code) order, by a range scan over {@code names}. */
  public void forEachMember(int jiang, int bing, int style, int groupNum, LongConsumer action) {
    if (!fitsKey(jiang, bing, style, groupNum)) {
      return;
    }
    forEachCodeWithPrefix(NamesCodec.FAMILY, NamesCodec.groupPrefix(jiang, bing, style, groupNum),
        NamesCodec::decodeValue, action);
  }

  /** The codes (values) of the rows of {@code cf} whose keys start with {@code prefix}, in key order. */
  private void forEachCodeWithPrefix(String cf, byte[] prefix, ToLongFunction<byte[]> decode,
      LongConsumer action) {
    try (ReadOptions ro = new ReadOptions().setPrefixSameAsStart(false);
        RocksIterator it = db.newIterator(byName.get(cf), ro)) {
      for (it.seek(prefix); it.isValid(); it.next()) {
        if (!Arrays.equals(it.key(), 0, prefix.length, prefix, 0, prefix.length)) {
          break;
        }
        action.accept(decode.applyAsLong(it.value()));
      }
      status(it, cf);
    }
  }

  /** Every group record in key order (class, then group_num). */
  public void forEachGroup(Consumer<GroupRecord> action) {
    try (RocksIterator it = db.newIterator(byName.get(GroupsCodec.FAMILY))) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        action.accept(GroupsCodec.decode(it.key(), it.value()));
      }
      status(it, GroupsCodec.FAMILY);
    }
  }

  /** The codes of one layer of one group, in code order, by a range scan over {@code layers}. */
  public void forEachInLayer(int jiang, int bing, int style, int groupNum, int layer, LongConsumer action) {
    if (!fitsKey(jiang, bing, style, groupNum) || layer < 0 || layer > 0xFFFF) {
      return;
    }
    forEachCodeWithPrefix(LayersCodec.FAMILY, LayersCodec.layerPrefix(jiang, bing, style, groupNum, layer),
        LayersCodec::decodeValue, action);
  }

  /**
   * The rows of {@code find} from the first key at or after {@code from}, in key order, while
   * {@code action} says true ({@link FindCodec} reads them).
   */
  public void scanFind(byte[] from, BiPredicate<byte[], byte[]> action) {
    scanFrom(FindCodec.FAMILY, from, action);
  }

  /**
   * The rows of {@code find_farthest} ({@link FindFarthestCodec}) from the first key at or after
   * {@code from}, in key order, while {@code action} says true; none in a database made before
   * the family existed.
   */
  public void scanFindFarthest(byte[] from, BiPredicate<byte[], byte[]> action) {
    if (byName.containsKey(FindFarthestCodec.FAMILY)) {
      scanFrom(FindFarthestCodec.FAMILY, from, action);
    }
  }

  /** The value of the {@code find} row of {@code key} (null when there is none). */
  public byte[] findRow(byte[] key) {
    try {
      return db.get(byName.get(FindCodec.FAMILY), key);
    } catch (RocksDBException e) {
      throw failed(FindCodec.FAMILY, e);
    }
  }

  /** Receives a row's key and the length of its value. */
  public interface KeyAndSize {
    boolean accept(byte[] key, int valueBytes);
  }

  /**
   * The keys of the rows of {@code find} from {@code from} on, each with its value's length, while
   * {@code action} says true: what a count needs, without copying a code.
   */
  public void scanFindSizes(byte[] from, KeyAndSize action) {
    ByteBuffer one = ByteBuffer.allocateDirect(1);
    try (RocksIterator it = db.newIterator(byName.get(FindCodec.FAMILY))) {
      for (it.seek(from); it.isValid(); it.next()) {
        one.clear();
        if (!action.accept(it.key(), it.value(one))) {
          return;
        }
      }
      status(it, FindCodec.FAMILY);
    }
  }

  /** The rows of a family from the first key at or after {@code from}, in key order, while {@code action} says true. */
  private void scanFrom(String cf, byte[] from, BiPredicate<byte[], byte[]> action) {
    try (RocksIterator it = db.newIterator(byName.get(cf))) {
      for (it.seek(from); it.isValid(); it.next()) {
        if (!action.test(it.key(), it.value())) {
          return;
        }
      }
      status(it, cf);
    }
  }

  /** Receives a row of a family: its key and value, each a buffer flipped to it, valid during the call only. */
  interface RowVisitor {
    void accept(ByteBuffer key, ByteBuffer value);
  }

  /**
   * Every row of a family in key order, read into two direct buffers that every row reuses (grown
   * when a row is larger): no two arrays a row (BENCHMARKS, "verify --deep"); a bad block fails
   * naming the family.
   */
  void forEachRow(String cf, RowVisitor action) {
    if (!byName.containsKey(cf)) {
      return; // an optional family the database was made without: no rows
    }
    ByteBuffer key = ByteBuffer.allocateDirect(64);
    ByteBuffer value = ByteBuffer.allocateDirect(256);
    try (ReadOptions options = new ReadOptions().setFillCache(false).setReadaheadSize(4 << 20);
        RocksIterator it = db.newIterator(byName.get(cf), options)) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        key.clear();
        int k = it.key(key);
        if (k > key.capacity()) {
          key = ByteBuffer.allocateDirect(Integer.highestOneBit(k) << 1);
          it.key(key);
        }
        value.clear();
        int v = it.value(value);
        if (v > value.capacity()) {
          value = ByteBuffer.allocateDirect(Integer.highestOneBit(v) << 1);
          it.value(value);
        }
        action.accept(key, value);
      }
      status(it, cf);
    }
  }

  /**
   * How many layouts each class has, by class index, counted by a read of every row of {@code
   * cases} (its class fields only: no record made a row); a row that names no class is not counted.
   */
  public long[] layoutsByClass() {
    long[] counts = new long[LayoutClass.COUNT];
    forEachRow(CasesCodec.FAMILY, (key, value) -> countClass(value, counts));
    return counts;
  }

  /** Counts the class of a row of {@code cases} ({@link #layoutsByClass}). */
  static void countClass(ByteBuffer value, long[] counts) {
    int cls = CasesCodec.classOf(value);
    if (cls >= 0) {
      counts[cls]++;
    }
  }

  /** Rows and CRC32C of a family read in full, as the build recorded them in meta. */
  public RowChecksum checksum(String cf) {
    RowChecksum sum = new RowChecksum();
    forEachRow(cf, sum::update);
    return sum;
  }

  @Override
  public void close() {
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
    cfOptions.forEach(ColumnFamilyOptions::close);
    options.close();
    cache.close();
  }
}
