package klotskidb.cli;

import com.google.common.base.Suppliers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.datasets.ExportCard;
import klotskidb.datasets.ExportFormat;
import klotskidb.datasets.HrdFiles;
import klotskidb.datasets.OutputTarget;
import klotskidb.datasets.PublishedReference;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Schema;
import klotskidb.enumerator.LayoutClass;
import klotskidb.jobs.Version;
import klotskidb.query.Lookup;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;


/** Dataset files in the formats of the original HRD_Database release, streamed from the database. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = {"Write a dataset file: the formats of the original HRD_Database release, or open formats.",
        "  all-cases: every code, 9 upper-case hex digits, one per line (All_Case.txt).",
        "  main-csv: id,CODE,Y|N,jiang,bing,style,group_num,group_index (main.csv); Y|N by the original engine's "
            + "mirror rule, so the file is the published one byte for byte (--mirror-rule exact marks the layouts "
            + "that equal their mirror instead).",
        "  farthest-csv: CODE,farthest_step,farthest_num,F1-...-Fn (farthest_J-B-S.csv; one class: --class).",
        "  solution-csv: CODE,min_solution_step,min_solution_num,M1-...-Mk,solution_num (solution_J-B-S.csv; "
            + "one class).",
        "  parquet: every stored fact in typed columns, ZSTD, for DuckDB, pandas, Polars or Spark; --table layouts "
            + "(one row per layout in code order, the analysis columns null until the class is analysed, symmetric "
            + "by the exact rule) or --table groups (one row per group).",
        "  graphml: one group's step graph (--group J-B-S-G, or a layout of it): a node per layout with code, short_code, "
            + "group_index, layer, min_solution_step (-1: unsolvable) and solved; an undirected edge per step.",
        "  sqlite: the original release's SQL database in one SQLite file: main (every layout; is_mirror by the "
            + "original engine's rule), farthest and solution (analysed classes only), facts (FACTS_COLUMNS: "
            + "from the catalogue of facts) and a view layouts of them all; indexes on code "
            + "and name; --class: one class only.",
        "The all-cases and main-csv files separate lines by LF with no newline after the last; the per-class files end "
            + "every line with LF and are computed in memory (no database needed). The MD5 of each of these four "
            + "is printed, and whether it is the published file's. The others read the database (--db, default "
            + Database.DEFAULT_TEXT + ").",
        "--out: the file is written whole or not at all: a plain file with bytes in it is replaced only with "
            + "--force (an empty one, as mktemp makes, is written), a folder is refused, a FIFO or a device is written into (never replaced), and '-' writes to "
            + "standard output.",
        "Beside a file go its dataset card FILE.md (what a line or row holds, the columns, the count, the tool "
            + "version, how to check; a YAML header in the common dataset-card form) and FILE.sha256 (for sha256sum "
            + "-c), under the same rules; --no-card writes the file alone. Standard output and FIFOs get none."})
final class ExportCommand implements Callable<Integer> {
  enum Table { LAYOUTS, GROUPS }

  @Option(names = "--format", paramLabel = "F", required = true, converter = FormatConverter.class,
      description = "all-cases, main-csv, farthest-csv, solution-csv, parquet, graphml or sqlite.")
  ExportFormat format;

  @Option(names = "--out", converter = PathArgument.class, paramLabel = "FILE", required = true,
      description = "File to write; - for standard output.")
  Path out;

  @Option(names = "--force", description = "Replace a plain file already at --out.")
  boolean force;

  @Option(names = "--no-card", description = "Write the file alone: no FILE.md card and no FILE.sha256 beside it.")
  boolean noCard;

  @Option(names = "--class", paramLabel = "J-B-S", description = "Only layouts of this class.")
  String onlyClass;

  @Option(names = "--mirror-rule", paramLabel = "RULE", converter = RuleConverter.class,
      description = "main-csv's Y|N: legacy (default: the original engine's rule, 13,618 Y, the published "
          + "main.csv) or exact (the layouts equal to their mirror).")
  HrdFiles.MirrorRule rule = HrdFiles.MirrorRule.LEGACY;

  @Option(names = "--table", paramLabel = "T", converter = TableConverter.class,
      description = "parquet: layouts (default) or groups.")
  Table table = Table.LAYOUTS;

  @Option(names = "--group", paramLabel = "J-B-S-G", description = "graphml: the group to write, by its name or a layout of it, as klotski group takes it.")
  String group;

  @Mixin DbOption db;

  @Mixin ThreadsOption threads;

  @Mixin KernelOption kernel;

  @Mixin ProgressOption progressOption;

  @Spec CommandSpec spec;

  static final class FormatConverter implements CommandLine.ITypeConverter<ExportFormat> {
    @Override
    public ExportFormat convert(String value) {
      return Choices.of(ExportFormat.class, value);
    }
  }

  static final class TableConverter implements CommandLine.ITypeConverter<Table> {
    @Override
    public Table convert(String value) {
      return Choices.of(Table.class, value);
    }
  }

  static final class RuleConverter implements CommandLine.ITypeConverter<HrdFiles.MirrorRule> {
    @Override
    public HrdFiles.MirrorRule convert(String value) {
      return Choices.of(HrdFiles.MirrorRule.class, value);
    }
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    // every argument, then what is at --out, before anything is computed or printed
    int cls = onlyClass == null ? -1 : LayoutClass.parse(onlyClass);
    KlotskiDb[] kdb = new KlotskiDb[1];
    // the group read once, while the database is open: the card names it after
    ExportFormat.Request request = new ExportFormat.Request(cls, group,
        Suppliers.memoize(() -> Database.groupFor(kdb[0], group)), rule,
        table == Table.GROUPS, threads.count(), () -> kernel.choose(err));
    format.validate(request);
    OutputTarget target = OutputTarget.of(out, force, note -> err.println("klotski: " + note));
    ExportCard card = noCard ? null : ExportCard.beside(target, force, note -> err.println("klotski: " + note));
    Progress progress = progressOption.on(err);
    long t0 = System.nanoTime();
    ExportFormat.Written w;
    String builtBy = null;
    try (KlotskiDb opened = format.needsDatabase ? db.open() : null) {
      kdb[0] = opened;
      if (opened != null && cls >= 0 && group == null && !opened.classes().contains(LayoutClass.name(cls))) {
        // a partial database without the class: a failure before anything is written, not an empty file
        throw new Lookup.NotFoundException("class " + LayoutClass.name(cls) + " is not in the database at "
            + db.dir() + " (built for " + UserText.count(opened.classes().size(), "other class", "other classes")
            + "; 'klotski build --classes "
            + LayoutClass.name(cls) + "' builds it)");
      }
      w = format.export(opened, request, target, progress);
      if (opened != null) {
        builtBy = opened.meta().getOrDefault(Schema.META_TOOL_VERSION, "unknown");
      }
    }
    if (card != null) {
      card.write("export --format " + format.cliName(), format.cardTitle(request), format.cardBody(request), w, Version.current(),
          builtBy);
    }
    progress.end("export", System.nanoTime() - t0, w.summary());
    if (w.count() == 0 && format.emptyWarning() != null) {
      err.println("klotski: warning: " + format.emptyWarning());
    }
    return w.original() == null ? 0 : reportMd5(err, w);
  }

  /**
   * Prints the MD5 of an original release file and whether it is the published one; 1 when it
   * should be and is not.
   */
  private static int reportMd5(PrintWriter err, ExportFormat.Written w) throws IOException {
    String md5 = w.sum().toString().split(" ")[0];
    if (w.notCompared() != null) {
      err.println("  md5        " + md5 + " (" + w.notCompared() + ")");
      return 0;
    }
    String expected = PublishedReference.shipped().md5(w.original());
    boolean match = md5.equals(expected);
    err.println("  md5        " + md5 + (match ? " matches the published " + w.original()
        : " DIFFERS from the published " + w.original() + " (" + expected + ")"));
    return match ? 0 : 1;
  }
}
