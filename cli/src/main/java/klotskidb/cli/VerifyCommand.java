package klotskidb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import klotskidb.datasets.CountTables;
import klotskidb.datasets.PublishedReference;
import klotskidb.datasets.Verifier;
import klotskidb.db.DeepCheck;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Publisher;
import klotskidb.db.TableFileCheck;
import klotskidb.enumerator.LayoutClass;
import klotskidb.query.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Checks the database against the published tables and/or against its own recorded checksums. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Check the database; exit 0 only if every check passes.",
        "Always first: every block of every table file against the checksum RocksDB stored with it (one read "
            + "of each file, --threads at once): one line per column family, 'ok' or the damaged files named.",
        "--published: compare the database with the published tables of the original release (count "
            + "tables from the group records, class counts from a full scan of the layouts, per-class "
            + "file checksums of analysed classes): one line per table, 'ok' or the differing rows "
            + "(expected vs actual). The reference ships with klotski-db; --published DIR reads a folder "
            + "of the same files instead. A database built for some classes is compared on those "
            + "classes. This is what 'klotski verify' alone does.",
        "--deep: re-read every column family in full (--threads of them at once) and compare its rows and "
            + "CRC32C with those recorded when it was written: one line per family.",
        "--json: one object at the end instead of the lines: {ok, checked, compared_with, checks: [{check, ok, "
            + "line}]}, with the same exit status."})
final class VerifyCommand implements Callable<Integer> {
  @Option(names = "--published", paramLabel = "DIR", arity = "0..1", fallbackValue = "",
      description = "Compare with the published tables: the shipped copy, or the folder DIR (e.g. "
          + "../shared/published). The default when --deep is not given.")
  String published;

  @Option(names = "--deep", description = "Re-read every column family and check the recorded checksums.")
  boolean deep;

  @Mixin DbOption db;

  @Mixin ThreadsOption threads;

  @Mixin JsonOption json;

  /** One check's line: printed as it comes, or kept for the JSON object. */
  private void report(List<Map<String, Object>> checks, String check, boolean ok, String line) {
    if (json.on) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("check", check);
      c.put("ok", ok);
      c.put("line", line);
      checks.add(c);
    } else {
      PrintWriter out = spec.commandLine().getOut();
      out.printf("%-25s %s%n", check, line);
      out.flush();
    }
  }

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    boolean compare = published != null || !deep;
    PublishedReference reference = compare ? PublishedReference.of(
        published == null || published.isEmpty() ? null : Path.of(published)) : null;
    PrintWriter out = spec.commandLine().getOut();
    List<Map<String, Object>> checks = new ArrayList<>();
    boolean ok = true;
    long checked = 0;
    String against = "";
    String comparedWith = null;
    try (KlotskiDb kdb = db.open()) {
      // the file every publish writes (a damaged one is refused by the open above): without it a
      // reader cannot see the next publish and a build will not replace the folder as klotski's
      boolean published = !Publisher.publicationOf(db.dir()).isEmpty();
      report(checks, "publication", published, published ? "ok (" + Publisher.PUBLICATION + ")"
          : "missing: the " + Publisher.PUBLICATION + " file every build writes is gone, so serve cannot see a new "
          + "publish and build will not replace this folder: move it aside, then build anew");
      ok &= published;
      checked++;
      // every block of every table file against its stored checksum, first: a damaged file fails here
      for (TableFileCheck.FamilyCheck c : TableFileCheck.run(kdb, threads.count(),
          c -> report(checks, "blocks " + c.family(), c.ok(), c.line()))) {
        ok &= c.ok();
        checked++;
      }
      Set<String> present = null;
      if (compare) {
        List<String> classes = kdb.classes();
        present = classes.size() == LayoutClass.COUNT ? null : new TreeSet<>(classes);
        for (Verifier.Result r : Verifier.verify(reference, CountTables.of(kdb), kdb.analysedClasses(), present)) {
          report(checks, r.table() + ".tsv", r.ok(), r.line());
          ok &= r.ok();
          checked += r.checked() ? 1 : 0;
        }
        comparedWith = reference.source() + (present == null ? ", all 203 classes"
            : ", " + present.size() + " of " + LayoutClass.COUNT + " classes present: " + String.join(", ", present));
        against = "; compared with " + comparedWith;
      }
      long[] layoutsByClass = null;
      if (deep) {
        DeepCheck deepCheck = new DeepCheck(kdb, threads.count());
        for (DeepCheck.FamilyCheck c : deepCheck.run(c -> report(checks, "deep " + c.family(), c.ok(), c.line()))) {
          ok &= c.ok();
          checked++;
        }
        layoutsByClass = deepCheck.layoutsByClass(); // counted as the read of cases went by
      }
      if (compare) {
        // the layout records themselves, counted per class: in the deep read when there is one (a
        // damaged cases family failed its line there, without counts), else by a read of their own
        Verifier.Result r = deep && layoutsByClass == null
            ? new Verifier.Result("cases vs style_count", false, false, "not counted: cases could not be read (above)")
            : Verifier.verifyClassCounts(reference,
                CountTables.classCounts(deep ? layoutsByClass : kdb.layoutsByClass()), present);
        report(checks, r.table() + ".tsv", r.ok(), r.line());
        ok &= r.ok();
        checked += r.checked() ? 1 : 0;
      }
    }
    if (json.on) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("ok", ok);
      m.put("checked", checked);
      m.put("compared_with", comparedWith);
      m.put("checks", checks);
      out.println(Json.write(m));
      return ok ? 0 : 1;
    }
    out.println(ok ? "verified: " + checked + " checks pass" + against : "FAILED: some checks differ" + against);
    return ok ? 0 : 1;
  }
}
