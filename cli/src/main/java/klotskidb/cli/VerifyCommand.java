package klotskidb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import klotskidb.datasets.CountTables;
import klotskidb.datasets.Verifier;
import klotskidb.db.DeepCheck;
import klotskidb.db.KlotskiDb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Checks the database against the published tables and/or against its own recorded checksums. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Check the database; exit 0 only if every check passes.",
        "--published DIR: compare every published table found in DIR with the database (count tables from "
            + "the group records, class counts from a full scan of the layouts, per-class file checksums of "
            + "analysed classes): one line per table, 'ok' or the differing rows (expected vs actual).",
        "--deep: re-read every column family in full (--threads of them at once) and compare its rows and "
            + "CRC32C with those recorded when it was written: one line per family.",
        "Give either or both."})
final class VerifyCommand implements Callable<Integer> {
  @Option(names = "--published", paramLabel = "DIR",
      description = "Folder with the published TSV tables (e.g. ../shared/published).")
  Path published;

  @Option(names = "--deep", description = "Re-read every column family and check the recorded checksums.")
  boolean deep;

  @Mixin DbOption db;

  @Mixin ThreadsOption threads;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (published == null && !deep) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "give --published DIR, --deep, or both");
    }
    PrintWriter out = spec.commandLine().getOut();
    boolean ok = true;
    long checked = 0;
    try (KlotskiDb kdb = db.open()) {
      if (published != null) {
        List<Verifier.Result> results = new ArrayList<>(
            Verifier.verify(published, CountTables.of(kdb), kdb.analysedClasses()));
        results.add(Verifier.verifyClassCounts(published, CountTables.classCountsFromCases(kdb)));
        for (Verifier.Result r : results) {
          out.printf("%-25s %s%n", r.table() + ".tsv", r.line());
          ok &= r.ok();
          checked += r.checked() ? 1 : 0;
        }
      }
      if (deep) {
        List<DeepCheck.FamilyCheck> families = new DeepCheck(kdb, threads.count()).run(c -> {
          out.printf("%-25s %s%n", "deep " + c.family(), c.line());
          out.flush();
        });
        for (DeepCheck.FamilyCheck c : families) {
          ok &= c.ok();
          checked++;
        }
      }
    }
    out.println(ok ? "verified: " + checked + " checks pass" : "FAILED: some checks differ");
    return ok ? 0 : 1;
  }
}
