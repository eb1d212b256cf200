package klotskidb.db;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import klotskidb.base.Workers;
import klotskidb.base.UserText;
import klotskidb.enumerator.LayoutClass;

/**
 * {@code klotski verify --deep}: re-reads every column family in full and compares what it reads
 * with what was recorded when it was written: for the data families the rows and CRC32C in meta;
 * for {@code analysis} and {@code group_analysis} each analysed class's rows against its marker
 * (rows of a class that has no marker are a difference); {@code meta} is read in full (it holds
 * the checksums, so none of its own). A damaged block fails its family's line, not the whole check.
 *
 * <pre>
 *   deep cases                ok (29,334,498 rows, crc32c:caa1370f) [its seconds]
 *   deep analysis             ok (29,334,498 rows; 203 analysed classes match their markers) [its seconds]
 * </pre>
 *
 * <p>The read of {@code cases} also counts each class's layouts ({@link #layoutsByClass}), which
 * {@code verify --deep --published} compares with style_count.tsv instead of reading the 29 million
 * rows again (BENCHMARKS, row "verify --deep --published").
 *
 * <p>Families are read on {@code threads} threads at once, the lines given in family order as
 * soon as each and those before it are known. Two readers slow each other but still finish
 * sooner than one: BENCHMARKS.md, row "verify --deep, per family".
 */
public final class DeepCheck {
  /** The outcome for one column family: its line as {@code verify --deep} prints it. */
  public record FamilyCheck(String family, boolean ok, String line) {}

  private final KlotskiDb db;
  private final int threads;
  /** The layouts of each class, counted in the read of {@code cases}; null until it is read. */
  private volatile long[] layoutsByClass;

  public DeepCheck(KlotskiDb db, int threads) {
    this.db = db;
    this.threads = Math.max(1, threads);
  }

  /** Checks every family; {@code each} receives each family's result, in family order. */
  public List<FamilyCheck> run(Consumer<FamilyCheck> each) {
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "verify-deep");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<FamilyCheck>> futures = new ArrayList<>();
      for (String cf : Schema.ALL_FAMILIES) {
        futures.add(pool.submit(() -> timed(cf)));
      }
      List<FamilyCheck> out = new ArrayList<>();
      for (Future<FamilyCheck> f : futures) {
        FamilyCheck c = f.get();
        out.add(c);
        each.accept(c);
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DatabaseException("interrupted while verifying " + db.dir());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new DatabaseException("verifying " + db.dir() + " failed: " + e.getCause());
    } finally {
      Workers.stop(pool); // every family's scan ends before the caller closes the handle
    }
  }

  private FamilyCheck timed(String cf) {
    long t0 = System.nanoTime();
    FamilyCheck c;
    try {
      c = Schema.DATA_FAMILIES.contains(cf) ? data(cf) : Schema.ANALYSIS_FAMILIES.contains(cf)
          ? analysis(cf) : meta();
    } catch (DamagedDatabaseException e) {
      c = new FamilyCheck(cf, false, "DAMAGED: " + e.detail());
    }
    return new FamilyCheck(c.family(), c.ok(), c.line() + String.format(Locale.ROOT, " [%.1f s]",
        (System.nanoTime() - t0) / 1e9));
  }

  /**
   * How many layouts each class has (by class index), counted as the read of {@code cases} went by
   * ({@link KlotskiDb#layoutsByClass}'s answer, without a read of its own); null before {@link #run}.
   */
  public long[] layoutsByClass() {
    return layoutsByClass;
  }

  private FamilyCheck data(String cf) {
    RowChecksum sum = new RowChecksum();
    long[] counts = cf.equals(CasesCodec.FAMILY) ? new long[LayoutClass.COUNT] : null;
    db.forEachRow(cf, (key, value) -> {
      sum.update(key, value);
      if (counts != null) {
        KlotskiDb.countClass(value, counts);
      }
    });
    if (counts != null) {
      layoutsByClass = counts;
    }
    String rows = db.meta().get(Schema.META_ROWS_PREFIX + cf);
    String crc = db.meta().get(Schema.META_CHECKSUM_PREFIX + cf);
    String recorded = rows + " " + crc;
    if (sum.toString().equals(recorded)) {
      return new FamilyCheck(cf, true, String.format(Locale.ROOT, "ok (%,d rows, %s)", sum.rows(), sum.crc()));
    }
    return new FamilyCheck(cf, false, "DIFFERS: read " + sum + ", the build recorded "
        + (rows == null || crc == null ? "none (meta lacks rows." + cf + " or checksum." + cf + ")" : recorded));
  }

  private FamilyCheck analysis(String cf) {
    RowChecksum[] byClass = new RowChecksum[LayoutClass.COUNT];
    // the key's first bytes, for its class: the longest of the three families' keys is find's (9)
    byte[] k = new byte[FindCodec.KEY_BYTES];
    db.forEachRow(cf, (key, value) -> {
      key.get(key.position(), k, 0, Math.min(k.length, key.remaining()));
      int cls = cf.equals(AnalysisCodec.FAMILY) ? LayoutClass.of(AnalysisCodec.decodeKey(k))
          : cf.equals(FindFarthestCodec.FAMILY) ? FindCodec.classOf(k) : GroupAnalysisCodec.classOf(k);
      if (cls < 0) {
        throw new DatabaseException("the database at " + db.dir() + " is damaged: column family '" + cf
            + "' has a row of no class");
      }
      if (byClass[cls] == null) {
        byClass[cls] = new RowChecksum();
      }
      byClass[cls].update(key, value);
    });
    Map<String, AnalysisMarker> analysed = db.analysedClasses();
    List<String> diffs = new ArrayList<>();
    long rows = 0;
    int checked = 0;
    int unrecorded = 0;
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      String name = LayoutClass.name(cls);
      AnalysisMarker m = analysed.get(name);
      String read = byClass[cls] == null ? "0 " + new RowChecksum().crc() : byClass[cls].toString();
      rows += byClass[cls] == null ? 0 : byClass[cls].rows();
      if (m == null) {
        if (byClass[cls] != null) {
          diffs.add(name + ": " + byClass[cls].rows() + " rows but the class is not marked analysed");
        }
        continue;
      }
      String recorded = cf.equals(Schema.ANALYSIS) ? m.analysisRows()
          : cf.equals(Schema.FIND_FARTHEST) ? m.findFarthestRows() : m.groupAnalysisRows();
      if (recorded == null) {
        unrecorded++;
        continue;
      }
      checked++;
      if (!recorded.equals(read)) {
        diffs.add(name + ": read " + read + ", analyse recorded " + recorded);
      }
    }
    String notes = unrecorded == 0 ? "" : cf.equals(Schema.FIND_FARTHEST)
        ? "; " + UserText.count(unrecorded, "analysed class", "analysed classes")
            + " not indexed by farthest_step yet ('klotski analyse' indexes them)"
        : "; " + UserText.count(unrecorded, "class", "classes") + " analysed by an older klotski recorded no row checksum";
    if (diffs.isEmpty()) {
      return new FamilyCheck(cf, true, String.format(Locale.ROOT, "ok (%,d rows; %s "
          + "%s their markers%s)", rows, UserText.count(checked, "analysed class", "analysed classes"),
          UserText.noun(checked, "matches", "match"), notes));
    }
    return new FamilyCheck(cf, false, "DIFFERS: " + UserText.count(diffs.size(), "class", "classes") + ": "
        + String.join("; ", diffs.subList(0, Math.min(3, diffs.size()))) + notes);
  }

  private FamilyCheck meta() {
    long[] keys = new long[1];
    db.forEachRow(Schema.META, (k, v) -> keys[0]++);
    int atOpen = db.meta().size();
    if (keys[0] != atOpen) {
      return new FamilyCheck(Schema.META, false, "DIFFERS: " + keys[0] + " keys read, " + atOpen + " at open");
    }
    return new FamilyCheck(Schema.META, true, "ok (" + keys[0] + " keys read; meta holds the checksums, "
        + "none of its own)");
  }
}
