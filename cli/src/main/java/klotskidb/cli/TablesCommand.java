package klotskidb.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.datasets.AtomicFile;
import klotskidb.datasets.CountTables;
import klotskidb.db.KlotskiDb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Writes the count tables from the database, as TSV (published format) and Markdown. */
@Command(name = "tables", mixinStandardHelpOptions = true,
    description = {"Write the count tables from the database: jiang_bing_count, style_count, "
        + "group_num and group_size with the exact headers and columns of the published TSV files, "
        + "plus solvable (per class) and group_layers (per group), each as .tsv and .md."})
final class TablesCommand implements Callable<Integer> {
  @Mixin DbOption db;

  @Option(names = "--out", paramLabel = "DIR", required = true, description = "Folder for the tables.")
  Path out;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    Map<String, CountTables.Table> tables;
    try (KlotskiDb kdb = db.open()) {
      tables = CountTables.of(kdb);
    }
    for (CountTables.Table t : tables.values()) {
      AtomicFile.write(out.resolve(t.name() + ".tsv"), CountTables.tsv(t));
      AtomicFile.write(out.resolve(t.name() + ".md"), "# " + t.name() + "\n\n" + CountTables.markdown(t));
      spec.commandLine().getOut().printf("%-18s %,7d rows  %s%n", t.name(), t.rows().size(),
          out.resolve(t.name() + ".tsv"));
    }
    return 0;
  }
}
