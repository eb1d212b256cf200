package klotskidb.db;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

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
  private final ColumnFamilyOptions cfOptions;
  private final DBOptions options;
  private final LRUCache cache;
  private final List<ColumnFamilyHandle> handles;
  private final Map<String, ColumnFamilyHandle> byName = new LinkedHashMap<>();
  private final Map<String, String> meta = new LinkedHashMap<>();

  private KlotskiDb(Path dir, RocksDB db, LRUCache cache, ColumnFamilyOptions cfOptions, DBOptions options,
      List<ColumnFamilyHandle> handles) {
    this.dir = dir;
    this.db = db;
    this.cache = cache;
    this.cfOptions = cfOptions;
    this.options = options;
    this.handles = handles;
  }

  /** Opens the database in {@code dir} read-only, or throws {@link DatabaseException}. */
  public static KlotskiDb open(Path dir) {
    RocksDB.loadLibrary();
    if (!Files.isDirectory(dir)) {
      throw new DatabaseException("no database at " + dir + " (build one with 'klotski build --db " + dir + "')");
    }
    if (!Files.exists(dir.resolve("CURRENT"))) {
      throw new DatabaseException(dir + " is not a klotski database (no RocksDB files in it)");
    }
    List<String> families;
    try (Options probe = new Options()) {
      families = RocksDB.listColumnFamilies(probe, dir.toString()).stream()
          .map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    } catch (RocksDBException e) {
      throw new DatabaseException("cannot read " + dir + ": " + e.getMessage(), e);
    }
    if (!families.contains(Schema.META)) {
      throw new DatabaseException(dir + " is not a klotski database (no meta column family)");
    }
    LRUCache cache = new LRUCache(Tables.READER_CACHE_BYTES);
    ColumnFamilyOptions cfOptions = Tables.columnFamily(cache);
    DBOptions options = new DBOptions();
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    for (String f : families) {
      descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), cfOptions));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    RocksDB db;
    try {
      db = RocksDB.openReadOnly(options, dir.toString(), descriptors, handles);
    } catch (RocksDBException e) {
      cfOptions.close();
      options.close();
      cache.close();
      throw new DatabaseException("cannot open " + dir + ": " + e.getMessage(), e);
    }
    KlotskiDb k = new KlotskiDb(dir, db, cache, cfOptions, options, handles);
    for (int i = 0; i < families.size(); i++) {
      k.byName.put(families.get(i), handles.get(i));
    }
    try {
      k.readMeta();
      k.checkComplete(families);
    } catch (RuntimeException e) {
      k.close();
      throw e;
    }
    return k;
  }

  private void readMeta() {
    try (RocksIterator it = db.newIterator(byName.get(Schema.META))) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        meta.put(new String(it.key(), StandardCharsets.UTF_8), new String(it.value(), StandardCharsets.UTF_8));
      }
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
          + "; this klotski reads version " + Schema.VERSION + ": rebuild it with 'klotski build'");
    }
    for (String cf : Schema.ALL_FAMILIES) {
      if (!families.contains(cf)) {
        throw new DatabaseException("the database at " + dir + " has no '" + cf + "' column family");
      }
    }
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
    return Integer.parseInt(meta.get(Schema.META_LAYOUTS));
  }

  private byte[] get(String cf, byte[] key) {
    try {
      return db.get(byName.get(cf), key);
    } catch (RocksDBException e) {
      throw new DatabaseException("read failed in " + cf + ": " + e.getMessage(), e);
    }
  }

  /** The stored record of a layout, empty when the code is not in the database. */
  public Optional<CaseRecord> caseOf(long code) {
    byte[] v = get(Schema.CASES, Schema.codeKey(code));
    if (v == null) {
      return Optional.empty();
    }
    return Optional.of(decodeCase(code, ByteBuffer.wrap(v)));
  }

  /** Values of {@code klotski analyse} for one layout. */
  public record Analysis(int farthestStep, int farthestNum, int minSolutionNum, int solutionNum) {}

  /** The analysis of a layout, empty until its class has been analysed. */
  public Optional<Analysis> analysisOf(long code) {
    byte[] v = get(Schema.ANALYSIS, Schema.codeKey(code));
    if (v == null) {
      return Optional.empty();
    }
    ByteBuffer b = ByteBuffer.wrap(v);
    return Optional.of(new Analysis(b.getShort(), b.getInt(), b.getInt(), b.getInt()));
  }

  /** The diameter (largest farthest_step) of an analysed group, or -1. */
  public int diameter(int jiang, int bing, int style, int groupNum) {
    if (!fitsKey(jiang, bing, style, groupNum)) {
      return -1;
    }
    byte[] v = get(Schema.GROUP_ANALYSIS, Schema.groupKey(jiang, bing, style, groupNum));
    return v == null ? -1 : ByteBuffer.wrap(v).getShort();
  }

  /** Classes analysed so far, "J-B-S" -> the checksums of their per-class files (see Schema). */
  public Map<String, String> analysedClasses() {
    Map<String, String> out = new java.util.TreeMap<>();
    meta.forEach((k, v) -> {
      if (k.startsWith(Schema.META_ANALYSED_PREFIX)) {
        out.put(k.substring(Schema.META_ANALYSED_PREFIX.length()), v);
      }
    });
    return out;
  }

  /** The code of layout {@code id}, or -1 when the database has no such id. */
  public long codeOfId(int id) {
    byte[] v = get(Schema.IDS, Schema.idKey(id));
    return v == null ? -1 : Schema.getCode(v, 0);
  }

  /** The code of the layout named {@code jiang-bing-style-groupNum-groupIndex}, or -1. */
  public long codeOfName(int jiang, int bing, int style, int groupNum, int groupIndex) {
    if (!fitsKey(jiang, bing, style, groupNum) || groupIndex < 0) {
      return -1;
    }
    byte[] v = get(Schema.NAMES, Schema.nameKey(jiang, bing, style, groupNum, groupIndex));
    return v == null ? -1 : Schema.getCode(v, 0);
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
    byte[] v = get(Schema.GROUPS, Schema.groupKey(jiang, bing, style, groupNum));
    if (v == null) {
      return Optional.empty();
    }
    return Optional.of(decodeGroup(jiang, bing, style, groupNum, ByteBuffer.wrap(v)));
  }

  static GroupRecord decodeGroup(int jiang, int bing, int style, int groupNum, ByteBuffer b) {
    int size = b.getInt();
    long seed = Schema.getCode(b);
    int layers = b.getShort() & 0xFFFF;
    int solved = b.getInt();
    int hardestStep = b.getShort();
    int hardest = b.getInt();
    int[] sizes = new int[layers];
    for (int k = 0; k < layers; k++) {
      sizes[k] = b.getInt();
    }
    return new GroupRecord(jiang, bing, style, groupNum, size, seed, layers, solved, hardestStep, hardest, sizes);
  }

  /** Every layout record in code order (29M for a full database: a few seconds). */
  public void forEachCase(java.util.function.Consumer<CaseRecord> action) {
    try (ReadOptions ro = new ReadOptions().setFillCache(false).setReadaheadSize(4 << 20);
        RocksIterator it = db.newIterator(byName.get(Schema.CASES), ro)) {
      ByteBuffer key = ByteBuffer.allocateDirect(Schema.CODE_BYTES);
      ByteBuffer value = ByteBuffer.allocateDirect(Schema.CASE_VALUE_BYTES);
      for (it.seekToFirst(); it.isValid(); it.next()) {
        key.clear();
        value.clear();
        it.key(key);
        it.value(value);
        action.accept(decodeCase(Schema.getCode(key), value));
      }
    }
  }

  static CaseRecord decodeCase(long code, ByteBuffer b) {
    int id = b.getInt();
    int jiang = b.get();
    int bing = b.get();
    int style = b.get();
    int groupNum = b.getShort() & 0xFFFF;
    int groupIndex = b.getInt();
    int layer = b.getShort() & 0xFFFF;
    int step = b.getShort();
    int flags = b.get();
    return new CaseRecord(code, id, jiang, bing, style, groupNum, groupIndex, layer, step,
        (flags & Schema.FLAG_SYMMETRIC) != 0, (flags & Schema.FLAG_SOLVED) != 0);
  }

  /** Every group record in key order (class, then group_num). */
  public void forEachGroup(java.util.function.Consumer<GroupRecord> action) {
    try (RocksIterator it = db.newIterator(byName.get(Schema.GROUPS))) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        ByteBuffer k = ByteBuffer.wrap(it.key());
        int jiang = k.get();
        int bing = k.get();
        int style = k.get();
        int groupNum = k.getShort() & 0xFFFF;
        action.accept(decodeGroup(jiang, bing, style, groupNum, ByteBuffer.wrap(it.value())));
      }
    }
  }

  /** The codes of one layer of one group, in code order, by a range scan over {@code layers}. */
  public void forEachInLayer(int jiang, int bing, int style, int groupNum, int layer, LongConsumer action) {
    if (!fitsKey(jiang, bing, style, groupNum) || layer < 0 || layer > 0xFFFF) {
      return;
    }
    byte[] prefix = Schema.layerPrefix(jiang, bing, style, groupNum, layer);
    try (ReadOptions ro = new ReadOptions().setPrefixSameAsStart(false);
        RocksIterator it = db.newIterator(byName.get(Schema.LAYERS), ro)) {
      for (it.seek(prefix); it.isValid(); it.next()) {
        byte[] key = it.key();
        if (!Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
          break;
        }
        action.accept(Schema.getCode(it.value(), 0));
      }
    }
  }

  /**
   * Rows and CRC32C of every key then value of a data family, read in full in key order: what
   * the build recorded in meta as rows.CF and checksum.CF.
   */
  public String checksum(String cf) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    ByteBuffer key = ByteBuffer.allocateDirect(64);
    ByteBuffer value = ByteBuffer.allocateDirect(8192);
    long rows = 0;
    try (ReadOptions options = new ReadOptions().setFillCache(false).setReadaheadSize(4 << 20);
        RocksIterator it = db.newIterator(byName.get(cf), options)) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        key.clear();
        value.clear();
        if (it.key(key) > key.capacity() || it.value(value) > value.capacity()) {
          throw new DatabaseException("a row of " + cf + " is larger than its buffer");
        }
        crc.update(key);
        crc.update(value);
        rows++;
      }
      it.status();
    } catch (RocksDBException e) {
      throw new DatabaseException("reading " + cf + ": " + e.getMessage(), e);
    }
    return rows + " crc32c:" + new DatabaseWriter.Checksum(rows, crc.getValue()).hex();
  }

  @Override
  public void close() {
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
    cfOptions.close();
    options.close();
    cache.close();
  }
}
