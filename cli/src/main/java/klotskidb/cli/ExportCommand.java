package klotskidb.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import klotskidb.datasets.AtomicFile;
import klotskidb.datasets.HrdFiles;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Dataset files in the formats of the original HRD_Database release, streamed from the database. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = {"Write a dataset file compatible with the original HRD_Database release:",
        "  all-cases  every code, 9 upper-case hex digits, one per line (All_Case.txt)",
        "  main-csv   id,CODE,Y|N,jiang,bing,style,group_num,group_index (main.csv; Y|N = symmetric)",
        "Lines are separated by LF with no newline after the last.",
        "  farthest-csv  CODE,farthest_step,farthest_num,F1-...-Fn (farthest_J-B-S.csv; needs --class)",
        "  solution-csv  CODE,min_solution_step,min_solution_num,M1-...-Mk,solution_num (solution_J-B-S.csv)",
        "These two run a BFS from every layout of the class in memory (no database needed); every",
        "line ends with LF.",
        "  parquet   every stored fact, typed columns, ZSTD (--table layouts: one row per layout in code",
        "            order, the analysis columns null until the class is analysed; --table groups: one row",
        "            per group); for DuckDB, pandas, Polars, Spark",
        "  graphml   one group's step graph (--group J-B-S-G): a node per layout with code, short_code,",
        "            group_index, layer, min_solution_step (-1: unsolvable), solved; an undirected edge per step",
        "  sqlite    the original release's SQL database in one SQLite file: main (every layout; is_mirror by",
        "            the original engine's rule, as its main.csv), farthest and solution (the layouts of the",
        "            analysed classes only: no rows for a class not analysed yet, see analysed_classes), facts",
        "            (short_code, name, layer, min_solution_step, exact symmetry, solved), a view layouts of",
        "            them all; indexes on code and name. --class does not apply",
        "all-cases, main-csv, parquet, graphml and sqlite read the database (--db, default data/klotski-db).",
        "The file is replaced atomically: it is whole or not there."})
final class ExportCommand implements Callable<Integer> {
  enum Format { ALL_CASES, MAIN_CSV, FARTHEST_CSV, SOLUTION_CSV, PARQUET, GRAPHML, SQLITE }

  enum Table { LAYOUTS, GROUPS }

  enum MirrorRule { EXACT, LEGACY }

  @Option(names = "--format", paramLabel = "F", required = true, converter = FormatConverter.class,
      description = "all-cases, main-csv, farthest-csv, solution-csv, parquet, graphml or sqlite.")
  Format format;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "File to write.")
  Path out;

  @Option(names = "--class", paramLabel = "J-B-S", description = "Only layouts of this class.")
  String onlyClass;

  @Option(names = "--mirror-rule", paramLabel = "RULE", converter = RuleConverter.class,
      description = "main-csv symmetry: exact (default) or legacy (the original engine's, 13,618 Y).")
  MirrorRule rule = MirrorRule.EXACT;

  @Option(names = "--table", paramLabel = "T", converter = TableConverter.class,
      description = "parquet: layouts (default) or groups.")
  Table table = Table.LAYOUTS;

  @Option(names = "--group", paramLabel = "J-B-S-G", description = "graphml: the group to write.")
  String group;

  @Mixin DbOption db;

  @Mixin ThreadsOption threads;

  @Mixin KernelOption kernel;

  @Mixin ProgressOption progressOption;

  @Spec CommandSpec spec;

  static final class FormatConverter implements picocli.CommandLine.ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
      return Choices.of(Format.class, value);
    }
  }

  static final class TableConverter implements picocli.CommandLine.ITypeConverter<Table> {
    @Override
    public Table convert(String value) {
      return Choices.of(Table.class, value);
    }
  }

  static final class RuleConverter implements picocli.CommandLine.ITypeConverter<MirrorRule> {
    @Override
    public MirrorRule convert(String value) {
      return Choices.of(MirrorRule.class, value);
    }
  }

  @Override
  public Integer call() throws Exception {
    int cls = onlyClass == null ? -1 : LayoutClass.parse(onlyClass);
    if (format == Format.FARTHEST_CSV || format == Format.SOLUTION_CSV) {
      return perClassFile(cls);
    }
    if (format == Format.GRAPHML) {
      return graphMl();
    }
    if (format == Format.PARQUET) {
      return parquet(cls);
    }
    if (format == Format.SQLITE) {
      return sqlite(cls);
    }
    int wanted = cls;
    Progress progress = progressOption.on(spec.commandLine().getErr());
    long[] lines = new long[1];
    try (KlotskiDb kdb = db.open()) {
      progress.begin("export", kdb.layoutCount());
      long t0 = System.nanoTime();
      AtomicFile.write(out, stream -> lines[0] = format == Format.ALL_CASES
          ? HrdFiles.allCases(kdb, wanted, stream, progress::advance)
          : HrdFiles.mainCsv(kdb, wanted, rule == MirrorRule.EXACT ? HrdFiles.MirrorRule.EXACT
              : HrdFiles.MirrorRule.LEGACY, stream, progress::advance));
      progress.end("export", System.nanoTime() - t0, String.format("%,d lines to %s", lines[0], out));
    }
    if (lines[0] == 0) {
      spec.commandLine().getErr().println("klotski: warning: no layouts matched; the file is empty");
    }
    return 0;
  }

  private int graphMl() throws IOException {
    if (group == null || !klotskidb.grouper.Names.looksLike(group.trim(), 4)) {
      throw new IllegalArgumentException("--format graphml writes one group: give --group J-B-S-G, e.g. 5-4-1-1");
    }
    long t0 = System.nanoTime();
    try (KlotskiDb kdb = db.open()) {
      klotskidb.db.GroupRecord g = Database.group(kdb, group);
      klotskidb.datasets.GraphMl.Counts[] counts = new klotskidb.datasets.GraphMl.Counts[1];
      AtomicFile.write(out, stream -> counts[0] = klotskidb.datasets.GraphMl.write(kdb, g, stream));
      spec.commandLine().getErr().println(String.format(java.util.Locale.ROOT,
          "  export     %7.2f s  group %s: %,d nodes, %,d edges to %s", (System.nanoTime() - t0) / 1e9, g.name(),
          counts[0].nodes(), counts[0].edges(), out));
    }
    return 0;
  }

  private int sqlite(int cls) throws IOException {
    if (cls >= 0) {
      throw new IllegalArgumentException("--format sqlite writes the whole database: --class does not apply");
    }
    Progress progress = progressOption.on(spec.commandLine().getErr());
    long t0 = System.nanoTime();
    klotskidb.datasets.SqliteExport.Counts[] counts = new klotskidb.datasets.SqliteExport.Counts[1];
    try (KlotskiDb kdb = db.open()) {
      progress.begin("export", kdb.layoutCount());
      counts[0] = klotskidb.datasets.SqliteExport.write(kdb, out, progress::advance);
    }
    progress.end("export", System.nanoTime() - t0, String.format(java.util.Locale.ROOT,
        "%,d main, %,d farthest, %,d solution rows to %s (%,d bytes)", counts[0].main(), counts[0].farthest(),
        counts[0].solution(), out, java.nio.file.Files.size(out)));
    return 0;
  }

  private int parquet(int cls) throws IOException {
    Progress progress = progressOption.on(spec.commandLine().getErr());
    long t0 = System.nanoTime();
    long[] rows = new long[1];
    try (KlotskiDb kdb = db.open()) {
      if (table == Table.LAYOUTS) {
        progress.begin("export", kdb.layoutCount());
        Path scratch = out.toAbsolutePath().normalize().getParent();
        AtomicFile.write(out, stream -> rows[0] = klotskidb.datasets.ParquetExport.writeLayouts(kdb, cls, stream,
            scratch, threads.count(), progress::advance));
      } else {
        AtomicFile.write(out, stream -> rows[0] = klotskidb.datasets.ParquetExport.writeGroups(kdb, cls, stream));
      }
    }
    progress.end("export", System.nanoTime() - t0, String.format(java.util.Locale.ROOT, "%,d %s rows to %s",
        rows[0], Choices.name(table), out));
    if (rows[0] == 0) {
      spec.commandLine().getErr().println("klotski: warning: no rows matched; the file has no rows");
    }
    return 0;
  }

  /** farthest_J-B-S.csv or solution_J-B-S.csv, computed in memory for one class. */
  private int perClassFile(int cls) throws IOException {
    if (cls < 0) {
      throw new IllegalArgumentException("--format " + format.name().toLowerCase(java.util.Locale.ROOT)
          .replace('_', '-') + " writes one class: give --class J-B-S");
    }
    long t0 = System.nanoTime();
    klotskidb.enumerator.AllLayouts all = klotskidb.enumerator.AllLayouts.build();
    klotskidb.grouper.Groups groups = InMemory.groupsOfClasses(all, cls);
    long[] rows = new long[1];
    klotskidb.datasets.HrdCsv.Kind kind = format == Format.FARTHEST_CSV
        ? klotskidb.datasets.HrdCsv.Kind.FARTHEST : klotskidb.datasets.HrdCsv.Kind.SOLUTION;
    klotskidb.analysis.ClassDriver driver = new klotskidb.analysis.ClassDriver(threads.count(), kernel.choose(spec.commandLine().getErr()));
    AtomicFile.write(out, stream -> rows[0] = klotskidb.datasets.HrdCsv.write(driver, groups, cls, kind, stream));
    spec.commandLine().getErr().println(String.format("  export     %7.2f s  %,d lines to %s",
        (System.nanoTime() - t0) / 1e9, rows[0], out));
    return 0;
  }
}
