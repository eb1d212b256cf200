package klotskidb.db;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import klotskidb.base.UserText;
import klotskidb.base.Workers;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileReader;

/**
 * What plain {@code klotski verify} checks first: every block of every table file (SST) against
 * the checksum RocksDB stored beside it, through RocksDB's own {@link SstFileReader#verifyChecksum}
 * (one sequential read of each file). A byte flipped anywhere in a family's data, index or filter
 * blocks fails its family's line with the file named:
 *
 * <pre>
 *   blocks cases              ok (9 files, 312,016,374 bytes)
 *   blocks ids                DAMAGED: 000021.sst: Corruption: block checksum mismatch: stored = ...
 * </pre>
 *
 * Why by default: the published-table comparison reads only the groups and a scan of the cases,
 * so a damaged ids, names, layers, find or analysis file passed it; this read is the cheapest
 * check that sees every byte (its time on the full database: BENCHMARKS.md, row "verify").
 * {@code verify --deep} also re-derives every row ({@link DeepCheck}).
 */
public final class TableFileCheck {
  /** One family's outcome. */
  public record FamilyCheck(String family, boolean ok, String line) {}

  private TableFileCheck() {}

  /** Checks every live table file of every family, {@code threads} files at once; a line per family, in family order. */
  public static List<FamilyCheck> run(KlotskiDb db, int threads, Consumer<FamilyCheck> each) {
    List<LiveFileMetaData> files = db.liveFiles();
    String[] problems = new String[files.size()];
    AtomicInteger next = new AtomicInteger();
    Workers.run("verify-blocks", Math.min(Math.max(1, threads), Math.max(1, files.size())), t -> {
      for (int i; (i = next.getAndIncrement()) < files.size(); ) {
        LiveFileMetaData f = files.get(i);
        problems[i] = verify(Path.of(f.path(), f.fileName().replaceFirst("^/", "")));
      }
    });
    List<FamilyCheck> out = new ArrayList<>();
    for (String family : Schema.ALL_FAMILIES) {
      int count = 0;
      long bytes = 0;
      List<String> damaged = new ArrayList<>();
      for (int i = 0; i < files.size(); i++) {
        LiveFileMetaData f = files.get(i);
        if (new String(f.columnFamilyName(), StandardCharsets.UTF_8).equals(family)) {
          count++;
          bytes += f.size();
          if (problems[i] != null) {
            damaged.add(f.fileName().replaceFirst("^/", "") + ": " + problems[i]);
          }
        }
      }
      FamilyCheck c = damaged.isEmpty()
          ? new FamilyCheck(family, true, String.format(Locale.ROOT, "ok (%s, %,d bytes)", UserText.count(count, "file", "files"), bytes))
          : new FamilyCheck(family, false, "DAMAGED: " + String.join("; ", damaged)
              + " (rebuild the database with 'klotski build')");
      out.add(c);
      each.accept(c);
    }
    return out;
  }

  /** Null when every block of the file matches its checksum, else what RocksDB said, one line. */
  static String verify(Path file) {
    try (Options options = new Options(); SstFileReader reader = new SstFileReader(options)) {
      reader.open(file.toString());
      reader.verifyChecksum();
      return null;
    } catch (RocksDBException e) {
      String m = e.getMessage() == null ? "unreadable" : e.getMessage();
      return m.replaceAll("[\\r\\n\\t]+", " ").replace(file.toString(), file.getFileName().toString()).trim();
    }
  }
}
