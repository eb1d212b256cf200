package klotskidb.db;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import klotskidb.base.Progress;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;

/**
 * A database of a few classes made by the real pipeline (grouper, layerer, writer, publisher),
 * for the tests of this module and of the server: {@code SmallDatabase.publish(layers("5-4-1",
 * "0-3-0"), dir)}.
 */
public final class SmallDatabase {
  private SmallDatabase() {}

  /** The layers (and through them the groups) of classes given as J-B-S: their layouts only. */
  public static Layers layers(String... classes) {
    Groups groups = Grouper.of(ClassSet.of(List.of(classes)), 2, Progress.NONE);
    return new Layerer(groups, 2, Progress.NONE).run();
  }

  /**
   * Stores made-up analysed values for {@code classes} through the real {@link AnalysisWriter}
   * (markers, sizes, the {@code find_farthest} index): each layout's from its code, so rows
   * differ and farthest_step spans 0 to 299, past one byte ({@link #farthestOf}); for the tests of what reads
   * them (find's farthest ranges, the index), not of the analysis.
   */
  public static Path analyse(Path dir, Groups groups, String... classes) {
    try (AnalysisWriter writer = AnalysisWriter.open(dir, 1, note -> { })) {
      for (String name : classes) {
        int cls = LayoutClass.parse(name);
        LongArrayList codes = new LongArrayList();
        List<int[]> diameters = new ArrayList<>();
        for (int g = groups.group(cls, 0); g < groups.group(cls, 0) + groups.groupsInClass(cls); g++) {
          for (int i = 0; i < groups.size(g); i++) {
            codes.add(groups.layouts().code(groups.member(g, i)));
          }
          diameters.add(new int[] {LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls),
              groups.groupNum(g), 7 + groups.groupNum(g)});
        }
        long[] sorted = codes.toLongArray();
        Arrays.sort(sorted);
        writer.submit(new AnalysisWriter.ClassValues(name, sorted.length, sink -> {
          for (long code : sorted) {
            sink.row(code, farthestOf(code), 1, 2, (int) (code >>> 20) & 0xFFFF);
          }
        }, diameters.toArray(new int[0][]), "0123456789abcdef0123456789abcdef 1 2",
            "fedcba9876543210fedcba9876543210 1 2", 1.5), () -> { });
      }
    }
    return dir;
  }

  /** The made-up farthest_step of {@link #analyse}. */
  public static int farthestOf(long code) {
    return (int) ((code >>> 12) % 300);
  }

  /**
   * Makes {@code dir} as a database analysed before {@code find_farthest} existed: the family
   * dropped and every marker without its farthest_step sizes and index.
   */
  public static void withoutIndex(Path dir) throws Exception {
    Map<String, AnalysisMarker> markers;
    try (KlotskiDb k = KlotskiDb.open(dir)) {
      markers = k.analysedClasses();
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (ColumnFamilyOptions o = Tables.columnFamily();
        DBOptions options = new DBOptions();
        RocksDB db = RocksDB.open(options, dir.toString(), Tables.descriptors(o), handles)) {
      db.dropColumnFamily(handles.get(1 + Schema.ALL_FAMILIES.indexOf(Schema.FIND_FARTHEST)));
      for (Map.Entry<String, AnalysisMarker> e : markers.entrySet()) {
        AnalysisMarker m = e.getValue();
        AnalysisMarker old = new AnalysisMarker(m.farthestFile(), m.solutionFile(), m.seconds(), m.analysisRows(),
            m.groupAnalysisRows(), null, null);
        db.put(handles.get(1 + Schema.ALL_FAMILIES.indexOf(Schema.META)),
            (Schema.META_ANALYSED_PREFIX + e.getKey()).getBytes(StandardCharsets.UTF_8),
            old.format().getBytes(StandardCharsets.UTF_8));
      }
      handles.forEach(ColumnFamilyHandle::close);
    }
  }

  /** Writes, checks and publishes a database of {@code layers} at {@code dir}; returns dir. */
  public static Path publish(Layers layers, Path dir) throws IOException {
    new Publisher(dir).publish(d -> new DatabaseWriter(layers, 2, Progress.NONE, "test").write(d));
    return dir;
  }
}
