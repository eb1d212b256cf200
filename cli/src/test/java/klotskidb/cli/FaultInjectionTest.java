package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Publisher;
import klotskidb.db.Schema;
import klotskidb.testing.Published;
import klotskidb.testing.TestSeed;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocksdb.Options;
import org.rocksdb.SstFileReader;

/**
 * A damaged block never passes as the end of the data: for each column family, 16 bytes are
 * flipped in the middle of the data blocks of a copy's largest table file of that family, and
 * every command that reads the family must exit 1 with one line naming it -- never exit 0 with
 * part of the data.
 */
class FaultInjectionTest {
  @TempDir static Path temp;
  private static Path clean;

  /** Small classes with several data blocks per family; analysed, so every family has rows. */
  private static final String CLASSES = "0-3-0,1-2-1,1-1-1";

  @BeforeAll
  static void build() {
    clean = temp.resolve("clean");
    Cli b = Cli.run("build", "--db", clean.toString(), "--no-progress", "--classes", CLASSES);
    assertEquals(0, b.exit, b.toString());
    Cli a = Cli.run("analyse", "--db", clean.toString(), "--no-progress");
    assertEquals(0, a.exit, a.toString());
    Cli deep = Cli.run("verify", "--deep", "--db", clean.toString());
    assertEquals(0, deep.exit, "the undamaged copy passes: " + deep);
  }

  static Stream<String> families() {
    return Schema.ALL_FAMILIES.stream();
  }

  /** A copy of the clean database with 16 bytes flipped in a data block of {@code cf}. */
  private static Path damaged(String cf) throws Exception {
    Path copy = Cli.copyDatabase(clean, Files.createTempDirectory(temp, "damaged-" + cf).resolve("db"));
    Path largest;
    try (KlotskiDb db = KlotskiDb.open(copy)) {
      largest = db.tableFiles(cf).stream().map(copy::resolve)
          .max(Comparator.comparingLong(FaultInjectionTest::size)).orElseThrow();
    }
    long dataBytes;
    try (Options o = new Options(); SstFileReader reader = new SstFileReader(o)) {
      reader.open(largest.toString());
      dataBytes = reader.getTableProperties().getDataSize();
    }
    try (RandomAccessFile f = new RandomAccessFile(largest.toFile(), "rw")) {
      long at = dataBytes / 2;
      byte[] b = new byte[16];
      f.seek(at);
      f.readFully(b);
      for (int i = 0; i < b.length; i++) {
        b[i] ^= (byte) 0xFF;
      }
      f.seek(at);
      f.write(b);
    }
    return copy;
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Exit 1, nothing on stdout but what the command had printed before, one line naming the family. */
  private static void failsNaming(String cf, Cli r) {
    assertEquals(1, r.exit, r.toString());
    assertEquals(1, r.err.split("\n").length, "one line: " + r.err);
    assertTrue(r.err.startsWith("klotski: ") && r.err.contains("column family '" + cf + "'"), r.err);
  }

  @ParameterizedTest
  @MethodSource("families")
  void everyCommandReadingTheFamilyFails(String cf) throws Exception {
    Path db = damaged(cf);
    String d = db.toString();
    Path out = Files.createDirectories(temp.resolve("out-" + cf)); // an export makes its file, not its folder
    List<String[]> scans = new ArrayList<>();
    switch (cf) {
      case Schema.CASES -> {
        scans.add(new String[] {"export", "--format", "main-csv", "--out", out.resolve("main.csv").toString()});
        scans.add(new String[] {"verify", "--published", Published.dir().toString()});
      }
      case Schema.IDS -> // All_Case.txt: the codes alone, from ids
        scans.add(new String[] {"export", "--format", "all-cases", "--out", out.resolve("all.txt").toString()});
      case Schema.GROUPS -> {
        scans.add(new String[] {"tables", "--out", out.toString()});
        scans.add(new String[] {"verify", "--published", Published.dir().toString()});
        scans.add(new String[] {"plot", "--out", out.toString(), "--group", "0-3-0-0"});
      }
      case Schema.META, Schema.RANKS -> { // read in full by every open
        scans.add(new String[] {"info", "1A9BF0C"});
        scans.add(new String[] {"export", "--format", "all-cases", "--out", out.resolve("all.txt").toString()});
        scans.add(new String[] {"tables", "--out", out.toString()});
        scans.add(new String[] {"verify", "--deep"});
      }
      default -> { }
    }
    for (String[] args : scans) {
      String[] withDb = Stream.concat(Stream.of(args), Stream.of("--db", d)).toArray(String[]::new);
      Cli r = Cli.run(withDb);
      failsNaming(cf, r);
      assertFalse(r.out.contains("verified"), r.toString());
    }
    if (Files.isDirectory(out)) {
      try (Stream<Path> left = Files.list(out)) {
        assertEquals(List.of(), left.toList(), "no file written, no temporary file left");
      }
    }
    if (!cf.equals(Schema.META) && !cf.equals(Schema.RANKS)) {
      Cli deep = Cli.run("verify", "--deep", "--db", d);
      assertEquals(1, deep.exit, deep.toString());
      assertTrue(deep.out.lines().anyMatch(l -> l.startsWith("deep " + cf + " ") && l.contains("DAMAGED: file ")),
          deep.out);
      assertTrue(deep.out.lines().filter(l -> l.startsWith("deep ") && l.contains("DAMAGED")).count() == 1,
          "only that family: " + deep.out);
      assertTrue(deep.out.endsWith("FAILED: some checks differ\n"), deep.out);
      // plain verify reads every block against its checksum: the family and its file named
      Cli plain = Cli.run("verify", "--db", d);
      assertEquals(1, plain.exit, plain.toString());
      assertTrue(plain.out.lines().anyMatch(l -> l.matches("blocks " + cf + " +DAMAGED: \\d+\\.sst: .*checksum.*")),
          plain.out);
      assertEquals(1, plain.out.lines().filter(l -> l.contains("DAMAGED")).count(), "only that family: " + plain.out);
      assertFalse(plain.out.contains("verified"), plain.out);
    }
  }

  /**
   * The last byte of find_farthest's table file flipped (its footer's magic number, which the open
   * reads): every reader names the family and says that {@code klotski analyse} makes it again from
   * the stored values, not a rebuild (which would throw away every analysed class); analyse then
   * drops the family, indexes every analysed class again with no BFS, and the database is whole:
   * verify --deep passes and find by a farthest range answers as the clean copy does.
   */
  @Test
  void aDamagedIndexIsNamedAndMadeAgainByAnalyse() throws Exception {
    Path copy = Cli.copyDatabase(clean, Files.createTempDirectory(temp, "footer").resolve("db"));
    Path file;
    try (KlotskiDb db = KlotskiDb.open(copy)) {
      file = copy.resolve(db.tableFiles(Schema.FIND_FARTHEST).get(0));
    }
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(f.length() - 1);
      int b = f.read();
      f.seek(f.length() - 1);
      f.write(b ^ 0x01);
    }
    String d = copy.toString();
    String[] find = {"find", "--class", "0-3-0", "--min-farthest", "10", "--json", "--db"};
    for (String[] args : List.of(new String[] {"info", "0-3-0-0-0", "--db", d}, new String[] {"verify", "--db", d},
        Stream.concat(Stream.of(find), Stream.of(d)).toArray(String[]::new))) {
      Cli r = Cli.run(args);
      assertEquals(1, r.exit, r.toString());
      assertEquals(1, r.err.split("\n").length, "one line: " + r.err);
      assertTrue(r.err.startsWith("klotski: the database at " + copy + " is damaged: column family 'find_farthest', file "
          + file.getFileName() + ": "), r.err);
      assertTrue(r.err.endsWith("; it is made from the stored values: 'klotski analyse --db " + copy
          + "' makes it again\n"), r.err);
    }
    Cli analyse = Cli.run("analyse", "--db", d, "--no-progress");
    assertEquals(0, analyse.exit, analyse.toString());
    assertTrue(analyse.err.contains("dropped the damaged column family 'find_farthest'"), analyse.err);
    Cli deep = Cli.run("verify", "--deep", "--db", d);
    assertEquals(0, deep.exit, deep.toString());
    Set<String> live = new TreeSet<>();
    try (KlotskiDb db = KlotskiDb.open(copy)) {
      Schema.ALL_FAMILIES.forEach(cf -> live.addAll(db.tableFiles(cf)));
    }
    try (Stream<Path> files = Files.list(copy)) {
      assertEquals(live, files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sst"))
          .collect(Collectors.toCollection(TreeSet::new)), "no table file left over");
    }
    Cli repaired = Cli.run(Stream.concat(Stream.of(find), Stream.of(d)).toArray(String[]::new));
    Cli original = Cli.run(Stream.concat(Stream.of(find), Stream.of(clean.toString())).toArray(String[]::new));
    assertEquals(0, repaired.exit, repaired.toString());
    assertEquals(original.out, repaired.out);
  }

  /**
   * A deleted {@code PUBLICATION}, the file every publish writes: plain {@code verify} fails naming
   * it (it passed before), where the same database with it passes that check.
   */
  @Test
  void aDeletedPublicationFailsVerify() throws Exception {
    Path copy = Cli.copyDatabase(clean, Files.createTempDirectory(temp, "unpublished").resolve("db"));
    Files.delete(copy.resolve(Publisher.PUBLICATION));
    Cli r = Cli.run("verify", "--db", copy.toString());
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.out.lines().anyMatch(l -> l.startsWith("publication ") && l.contains("missing: the PUBLICATION file")),
        r.out);
    assertTrue(r.out.contains("FAILED") && !r.out.contains("verified"), r.out);
    Cli intact = Cli.run("verify", "--db", clean.toString());
    assertTrue(intact.out.lines().anyMatch(l -> l.startsWith("publication ") && l.endsWith("ok (PUBLICATION)")),
        intact.out);
  }

  /**
   * One byte flipped at a seeded offset anywhere in a family's table file (data, index, filter,
   * properties or footer), three offsets a family: plain {@code verify} never passes it. It fails
   * with the family's blocks line, or the open fails with one line naming the damage.
   */
  @ParameterizedTest
  @MethodSource("families")
  void plainVerifyFailsForAByteFlippedAnywhereInAFamilysFile(String cf) throws Exception {
    Random random = TestSeed.random("FaultInjectionTest.plainVerifyFailsForAByteFlippedAnywhereInAFamilysFile." + cf);
    List<String> files;
    try (KlotskiDb db = KlotskiDb.open(clean)) {
      files = db.tableFiles(cf);
    }
    if (files.isEmpty()) {
      return; // a family with no rows in these classes has no file to damage
    }
    for (int k = 0; k < 3; k++) {
      Path copy = Cli.copyDatabase(clean, Files.createTempDirectory(temp, "flip-" + cf).resolve("db"));
      Path file = copy.resolve(files.get(random.nextInt(files.size())));
      long at = (long) (random.nextDouble() * Files.size(file));
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.seek(at);
        int b = f.read();
        f.seek(at);
        f.write(b ^ (1 << random.nextInt(8)));
      }
      Cli r = Cli.run("verify", "--db", copy.toString());
      String what = cf + ", " + file.getFileName() + " byte " + at + ": " + r;
      assertEquals(1, r.exit, what);
      assertFalse(r.out.contains("verified"), what);
      assertTrue(r.out.lines().anyMatch(l -> l.startsWith("blocks " + cf + " ") && l.contains("DAMAGED: "
          + file.getFileName())) || r.err.contains("damaged") || r.err.contains("Corruption"), what);
    }
  }

  /**
   * Every layer of every group read from the damaged copy: each listing is the clean one or a
   * one-line failure naming {@code layers}, and the damaged block fails at least one of them.
   */
  @Test
  void layerListingsAreWholeOrFail() throws Exception {
    Path db = damaged(Schema.LAYERS);
    List<GroupRecord> groups = new ArrayList<>();
    try (KlotskiDb k = KlotskiDb.open(clean)) {
      k.forEachGroup(groups::add);
    }
    int failed = 0;
    for (GroupRecord g : groups) {
      for (int layer = 0; layer < g.layers(); layer++) {
        String[] args = {"group", g.name(), "--layer", Integer.toString(layer), "--db"};
        Cli want = Cli.run(Stream.concat(Stream.of(args), Stream.of(clean.toString())).toArray(String[]::new));
        Cli got = Cli.run(Stream.concat(Stream.of(args), Stream.of(db.toString())).toArray(String[]::new));
        assertEquals(0, want.exit, want.toString());
        if (got.exit == 0) {
          assertEquals(want.out, got.out, g.name() + " layer " + layer);
        } else {
          failsNaming(Schema.LAYERS, got);
          failed++;
        }
      }
    }
    assertTrue(failed > 0, "the damaged block holds some layer");
  }
}
