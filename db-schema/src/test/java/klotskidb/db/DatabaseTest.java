package klotskidb.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.base.Progress;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.Groups;
import klotskidb.layerer.HarderThan;
import klotskidb.layerer.Layers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;

/**
 * A database of a few classes, built end to end from their layouts alone (a {@code ClassLayouts}
 * space, as {@code build --classes} does) and read back against the layers it was written from and
 * what each code says itself (its id in the whole space, its symmetry, solved or not): row for row
 * the same. That a class grouped alone names its layouts as the whole space does is
 * AllLayoutsGrouperTest's (GrouperTest's on classes drawn each run);
 * that one built alone writes the full build's rows, FullDatabaseTest's.
 */
class DatabaseTest {
  @TempDir static Path temp;
  private static LayoutSpace all;
  private static Groups groups;
  private static Layers layers;
  private static Path dbDir;
  private static KlotskiDb db;

  private static final String[] CLASSES = {"5-4-1", "0-2-0", "3-2-1", "6-0-2"};

  @BeforeAll
  static void build() throws IOException {
    // the classes' layouts alone (a ClassLayouts space, as build --classes): grouped, layered,
    // written and published; the rows read back against these layers and what each code says itself
    // (grouped alone as the whole space groups them: AllLayoutsGrouperTest; built alone as the full build
    // writes them: FullDatabaseTest)
    layers = SmallDatabase.layers(CLASSES);
    groups = layers.groups();
    all = groups.layouts();
    assertFalse(all.isAll());
    dbDir = SmallDatabase.publish(layers, temp.resolve("db"));
    db = KlotskiDb.open(dbDir);
  }

  @AfterAll
  static void close() {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void everyLayoutRecordEqualsThePipeline() {
    HarderThan rank = HarderThan.of(layers);
    int stored = 0;
    for (int id = 0; id < AllLayouts.COUNT; id += 997) { // a sample of the classes that were not built: nothing stored
      long code = AllLayouts.codeOfId(id);
      assertEquals(List.of(CLASSES).contains(LayoutClass.name(LayoutClass.of(code))),
          db.caseOf(code).isPresent(), Code.format(code));
    }
    CasesCodec.Built rows = new CasesCodec.Built(layers);
    ByteBuffer fast = ByteBuffer.allocate(CasesCodec.VALUE_BYTES);
    ByteBuffer declared = ByteBuffer.allocate(CasesCodec.VALUE_BYTES);
    for (int index = 0; index < all.size(); index++) {
      int g = groups.groupOf(index);
      long code = all.code(index);
      int id = AllLayouts.rank(code); // the id is the whole space's
      stored++;
      int cls = groups.classOf(g);
      CaseRecord expected = new CaseRecord(code, id, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls),
          LayoutClass.styleOf(cls), groups.groupNum(g), groups.groupIndex(index), layers.layer(index),
          layers.minSolutionStep(index), Board.isSymmetric(code), (code >>> 32) == 0xD,
          layers.isMinimal(index),
          layers.optimalSolutionNum(index), rank.harderThan(index), rank.harderThanInClass(index));
      assertEquals(expected, db.caseOf(code).orElseThrow());
      // the bulk load's fast writer writes the declared encoding's bytes
      fast.clear();
      rows.put(fast, index, code);
      declared.clear();
      CasesCodec.putValue(declared, expected);
      assertEquals(declared.flip(), fast.flip(), Code.format(code));
      assertEquals(code, db.codeOfId(id));
      assertEquals(code, db.codeOfName(expected.jiang(), expected.bing(), expected.style(),
          expected.groupNum(), expected.groupIndex()));
    }
    assertEquals(groups.layoutCount(), stored);
    assertEquals(stored, db.layoutCount());
    assertEquals(81, db.caseOf(0x1A9BF0C00L).orElseThrow().minSolutionStep());
    assertEquals("5-4-1-1-7472", db.caseOf(0x1A9BF0C00L).orElseThrow().name());
  }

  @Test
  void everyGroupRecordAndLayerScanEqualsThePipeline() {
    List<GroupRecord> scanned = new ArrayList<>();
    db.forEachGroup(scanned::add);
    assertEquals(groups.count(), scanned.size());
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      int j = LayoutClass.jiangOf(cls);
      int b = LayoutClass.bingOf(cls);
      int s = LayoutClass.styleOf(cls);
      GroupRecord r = db.group(j, b, s, groups.groupNum(g)).orElseThrow();
      assertEquals(r.name(), scanned.get(g).name());
      assertEquals(groups.size(g), r.size());
      assertEquals(all.code(groups.seed(g)), r.seed());
      assertEquals(layers.layerCount(g), r.layers());
      assertEquals(layers.solvedCount(g), r.solvedNum());
      assertEquals(layers.maxMinSolutionStep(g), r.maxMinSolutionStep());
      assertEquals(layers.hardestCount(g), r.hardestNum());
      GroupRecord made = GroupRecord.of(layers, g); // as computed without a database
      assertEquals(r, new GroupRecord(made.jiang(), made.bing(), made.style(), made.groupNum(), made.size(),
          made.seed(), made.layers(), made.solvedNum(), made.maxMinSolutionStep(), made.hardestNum(), r.layerSizes()));
      assertArrayEquals(r.layerSizes(), made.layerSizes(), r.name());
      LongArrayList[] byLayer = new LongArrayList[r.layers()];
      for (int k = 0; k < r.layers(); k++) {
        byLayer[k] = new LongArrayList();
      }
      for (int i = 0; i < groups.size(g); i++) {
        byLayer[layers.layer(groups.member(g, i))].add(all.code(groups.member(g, i)));
      }
      for (int k = 0; k < r.layers(); k++) {
        assertEquals(layers.layerSize(g, k), r.layerSizes()[k]);
        LongArrayList expected = byLayer[k];
        LongArrayList got = new LongArrayList();
        db.forEachInLayer(j, b, s, groups.groupNum(g), k, got::add);
        assertEquals(expected, got, r.name() + " layer " + k);
      }
    }
    assertFalse(db.group(5, 4, 1, 60000).isPresent());
    assertEquals(-1, db.codeOfName(5, 4, 1, 1, 25955));
    assertEquals(-1, db.codeOfId(AllLayouts.rank(0x4FEA13400L)), "class 5-4-2 was not built");
  }

  @Test
  void metaDescribesTheBuild() {
    var meta = db.meta();
    assertEquals(Integer.toString(Schema.VERSION), meta.get(Schema.META_SCHEMA_VERSION));
    assertEquals("true", meta.get(Schema.META_COMPLETE));
    assertEquals(Integer.toString(groups.count()), meta.get(Schema.META_GROUPS));
    assertEquals("0-2-0,3-2-1,5-4-1,6-0-2", meta.get(Schema.META_CLASSES));
    assertTrue(meta.get(Schema.META_STEP_RULE).startsWith("one piece, any distance, any path"));
    for (String cf : Schema.DATA_FAMILIES) {
      String rows = meta.get(Schema.META_ROWS_PREFIX + cf);
      // a full re-read gives the rows and CRC32C recorded at write time
      assertEquals(rows + " " + meta.get(Schema.META_CHECKSUM_PREFIX + cf), db.checksum(cf).toString(), cf);
    }
  }

  /**
   * The layouts of each class, as {@code verify} counts them from the rows of {@code cases} (their
   * class fields only): by a read of their own, and as the deep read of {@code cases} goes by, both
   * the classes of the records written; and the deep read's sums are the recorded ones.
   */
  @Test
  void theLayoutsOfEachClassCountedFromTheRowsAreTheWrittenOnes() {
    long[] written = new long[LayoutClass.COUNT];
    for (int i = 0; i < all.size(); i++) {
      written[LayoutClass.of(all.code(i))]++;
    }
    assertEquals(4, Arrays.stream(written).filter(n -> n > 0).count());
    assertArrayEquals(written, db.layoutsByClass());
    DeepCheck deep = new DeepCheck(db, 2);
    assertEquals(null, deep.layoutsByClass(), "not read yet");
    for (DeepCheck.FamilyCheck c : deep.run(c -> { })) {
      assertTrue(c.ok(), c.toString());
    }
    assertArrayEquals(written, deep.layoutsByClass());
  }

  /**
   * A value derived from a handle's rows is worked out once however many threads ask at once, kept
   * with that handle (another handle of the same folder works it out again), and a failure is not
   * kept: it reaches the asker as thrown, and the next ask tries again.
   */
  @Test
  void aDerivedValueIsWorkedOutOncePerHandle() throws Exception {
    AtomicInteger computed = new AtomicInteger();
    KlotskiDb.Derived<long[]> rows = new KlotskiDb.Derived<>(d -> {
      computed.incrementAndGet();
      long[] n = {0};
      d.forEachCode(c -> n[0]++);
      return n;
    });
    List<Thread> askers = new ArrayList<>();
    List<long[]> answers = Collections.synchronizedList(new ArrayList<>());
    for (int i = 0; i < 8; i++) {
      Thread t = new Thread(() -> answers.add(db.derived(rows)));
      t.start();
      askers.add(t);
    }
    for (Thread t : askers) {
      t.join();
    }
    assertEquals(1, computed.get());
    assertEquals(8, answers.size());
    assertTrue(answers.stream().allMatch(a -> a == answers.get(0)), "the same value to every asker");
    assertEquals(layers.groups().layouts().size(), answers.get(0)[0]);
    try (KlotskiDb other = KlotskiDb.open(dbDir)) {
      assertEquals(answers.get(0)[0], other.derived(rows)[0]);
      assertEquals(2, computed.get(), "another handle works it out again");
    }
    AtomicInteger tries = new AtomicInteger();
    KlotskiDb.Derived<String> failsOnce = new KlotskiDb.Derived<>(d -> {
      if (tries.incrementAndGet() == 1) {
        throw new DatabaseException("damaged");
      }
      return "read";
    });
    assertEquals("damaged", assertThrows(DatabaseException.class, () -> db.derived(failsOnce)).getMessage());
    assertEquals("read", db.derived(failsOnce));
  }

  @Test
  void aMissingDirectoryOrNonDatabaseIsRefused() throws IOException {
    DatabaseException missing = assertThrows(DatabaseException.class, () -> KlotskiDb.open(temp.resolve("nope")));
    assertTrue(missing.getMessage().startsWith("no database at"));
    Path empty = Files.createDirectories(temp.resolve("empty"));
    assertThrows(DatabaseException.class, () -> KlotskiDb.open(empty));
    assertFalse(Files.exists(temp.resolve("nope")), "a query creates nothing");
  }

  /** Copies the database and edits its meta with a writable handle. */
  private static Path withMeta(String name, String key, String value) throws Exception {
    Path copy = temp.resolve(name);
    try (var files = Files.walk(dbDir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Files.copy(p, copy.resolve(dbDir.relativize(p).toString()));
      }
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (ColumnFamilyOptions cf = Tables.columnFamily(); DBOptions options = new DBOptions()) {
      List<ColumnFamilyDescriptor> descriptors = Tables.descriptors(cf);
      try (RocksDB rw = RocksDB.open(options, copy.toString(), descriptors, handles)) {
        ColumnFamilyHandle meta = handles.get(handles.size() - 1);
        if (value == null) {
          rw.delete(meta, key.getBytes(StandardCharsets.UTF_8));
        } else {
          rw.put(meta, key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
        }
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    }
    return copy;
  }

  @Test
  void anIncompleteDatabaseIsRefused() throws Exception {
    Path copy = withMeta("incomplete", Schema.META_COMPLETE, null);
    DatabaseException e = assertThrows(DatabaseException.class, () -> KlotskiDb.open(copy));
    assertTrue(e.getMessage().contains("incomplete"), e.getMessage());
  }

  @Test
  void anotherSchemaVersionIsRefused() throws Exception {
    Path copy = withMeta("version", Schema.META_SCHEMA_VERSION, "1");
    DatabaseException e = assertThrows(DatabaseException.class, () -> KlotskiDb.open(copy));
    assertTrue(e.getMessage().contains("schema version 1"), e.getMessage());
    // the version before the designers' facts: rebuild, then analyse again
    Path three = withMeta("version3", Schema.META_SCHEMA_VERSION, "3");
    String m = assertThrows(DatabaseException.class, () -> KlotskiDb.open(three)).getMessage();
    assertTrue(m.contains("schema version 3; this klotski reads version " + Schema.VERSION
        + ": rebuild it with 'klotski build'")
        && m.contains("'klotski analyse' again"), m);
  }

  @Test
  void aFailedBuildLeavesThePreviousDatabase() throws Exception {
    Path target = temp.resolve("published");
    Publisher publisher = new Publisher(target);
    publisher.publish(dir -> new DatabaseWriter(layers, 2, Progress.NONE, "first").write(dir));
    String builtAt;
    try (KlotskiDb first = KlotskiDb.open(target)) {
      builtAt = first.meta().get(Schema.META_BUILT_AT);
    }
    IOException failure = assertThrows(IOException.class, () -> publisher.publish(dir -> {
      new DatabaseWriter(layers, 2, Progress.NONE, "second").write(dir);
      throw new IOException("disk full (simulated)");
    }));
    assertEquals("disk full (simulated)", failure.getMessage());
    try (KlotskiDb still = KlotskiDb.open(target)) {
      assertEquals(builtAt, still.meta().get(Schema.META_BUILT_AT));
      assertEquals("first", still.meta().get(Schema.META_TOOL_VERSION));
    }
    assertFalse(Files.exists(publisher.building()), "the failed build's directory is gone");
  }

  @Test
  void recoveryRestoresADatabaseLeftAsideAndDropsStaleBuilds() throws Exception {
    Path target = temp.resolve("recover");
    new Publisher(target).publish(dir -> new DatabaseWriter(layers, 2, Progress.NONE, "r").write(dir));
    long deadPid = 1L << 40; // no process has it
    Path aside = target.resolveSibling("recover.old-" + deadPid);
    Path stale = target.resolveSibling("recover.building-" + deadPid);
    Files.move(target, aside);
    Files.createDirectories(stale.resolve("staging"));
    new Publisher(target).recover();
    assertTrue(Files.isDirectory(target));
    assertFalse(Files.exists(aside));
    assertFalse(Files.exists(stale));
    try (KlotskiDb back = KlotskiDb.open(target)) {
      assertEquals("r", back.meta().get(Schema.META_TOOL_VERSION));
    }
  }

  @Test
  void publishingTwiceReplacesTheDatabase() throws Exception {
    Path target = temp.resolve("twice");
    Publisher publisher = new Publisher(target);
    publisher.publish(dir -> new DatabaseWriter(layers, 2, Progress.NONE, "one").write(dir));
    publisher.publish(dir -> new DatabaseWriter(layers, 2, Progress.NONE, "two").write(dir));
    try (KlotskiDb again = KlotskiDb.open(target)) {
      assertEquals("two", again.meta().get(Schema.META_TOOL_VERSION));
    }
    try (var siblings = Files.list(temp)) {
      assertArrayEquals(new String[0], siblings.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("twice.")).toArray(String[]::new), "nothing left beside it");
    }
  }
}
