package klotskidb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import klotskidb.db.KlotskiDb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Checks the published tables against the database; exit 0 only if all of them match. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Compare every published table found in DIR with the database: one line per table, "
        + "'ok' or the differing rows (expected vs actual). Exit 0 only if all match."})
final class VerifyCommand implements Callable<Integer> {
  @Option(names = "--published", paramLabel = "DIR", required = true,
      description = "Folder with the published TSV tables (e.g. ../shared/published).")
  Path published;

  @Option(names = "--db", paramLabel = "DIR", description = "Database directory (default: data/klotski-db).")
  Path db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    List<Verifier.Result> results;
    try (KlotskiDb kdb = Database.open(db)) {
      results = Verifier.verify(published, CountTables.of(kdb), kdb.analysedClasses());
    }
    PrintWriter out = spec.commandLine().getOut();
    boolean ok = true;
    for (Verifier.Result r : results) {
      out.printf("%-20s %s%n", r.table() + ".tsv", r.line());
      ok &= r.ok();
    }
    long checked = results.stream().filter(Verifier.Result::checked).count();
    out.println(ok ? "verified: " + checked + " tables match" : "FAILED: some tables differ");
    return ok ? 0 : 1;
  }
}
