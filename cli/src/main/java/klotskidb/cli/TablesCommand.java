package klotskidb.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.base.UserText;
import klotskidb.datasets.CountTables;
import klotskidb.datasets.OwnFolder;
import klotskidb.db.KlotskiDb;
import klotskidb.query.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Writes the count tables from the database, as TSV (published format) and Markdown. */
@Command(name = "tables", mixinStandardHelpOptions = true,
    description = {"Write the count tables from the database: jiang_bing_count, style_count, "
        + "group_num and group_size with the exact headers and columns of the published TSV files, "
        + "plus solvable (per class) and group_layers (per group), each as .tsv and .md.",
    "A file of the same name that klotski did not write (its SHA-256 is not in --out's .klotski-files) is "
        + "refused unless --force; a link, folder or FIFO there always.",
    "--json: {tables: [{name, rows, file}]} instead of a line per table."})
final class TablesCommand implements Callable<Integer> {
  @Mixin DbOption db;

  @Option(names = "--out", converter = PathArgument.class, paramLabel = "DIR", required = true, description = "Folder for the tables.")
  Path out;

  @Option(names = "--force", description = "Replace a plain file of a table's name that klotski did not write.")
  boolean force;

  @Mixin JsonOption json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OwnFolder folder = OwnFolder.of(out, force, note -> spec.commandLine().getErr().println("klotski: " + note));
    List<String> names = new ArrayList<>();
    for (String t : CountTables.NAMES) {
      names.add(t + ".tsv");
      names.add(t + ".md");
    }
    folder.check(names, force); // every name, before the database is read
    Map<String, CountTables.Table> tables;
    try (KlotskiDb kdb = db.open()) {
      tables = CountTables.of(kdb);
    }
    List<Object> written = new ArrayList<>();
    for (CountTables.Table t : tables.values()) {
      folder.write(t.name() + ".tsv", CountTables.tsv(t));
      folder.write(t.name() + ".md", "# " + t.name() + "\n\n" + CountTables.markdown(t));
      if (json.on) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", t.name());
        m.put("rows", t.rows().size());
        m.put("file", out.resolve(t.name() + ".tsv").toString());
        written.add(m);
      } else {
        spec.commandLine().getOut().printf("%-18s %,7d %-4s  %s%n", t.name(), t.rows().size(),
            UserText.noun(t.rows().size(), "row", "rows"), out.resolve(t.name() + ".tsv"));
      }
    }
    folder.seal();
    if (json.on) {
      spec.commandLine().getOut().println(Json.write(Map.of("tables", written)));
    }
    return 0;
  }
}
