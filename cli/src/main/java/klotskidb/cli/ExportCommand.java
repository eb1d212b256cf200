package klotskidb.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.io.PrintWriter;
import klotskidb.datasets.FileChecksum;
import klotskidb.datasets.OutputTarget;
import klotskidb.datasets.PublishedReference;
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
        "  main-csv   id,CODE,Y|N,jiang,bing,style,group_num,group_index (main.csv); Y|N by the original",
        "             engine's mirror rule, so the file is the published one byte for byte; --mirror-rule",
        "             exact marks the layouts that equal their mirror instead",
        "Lines are separated by LF with no newline after the last.",
        "  farthest-csv  CODE,farthest_step,farthest_num,F1-...-Fn (farthest_J-B-S.csv; needs --class)",
        "  solution-csv  CODE,min_solution_step,min_solution_num,M1-...-Mk,solution_num (solution_J-B-S.csv)",
        "These two run a BFS from every layout of the class in memory (no database needed); every",
        "line ends with LF.",
        "Each of these four files' MD5 is printed, and whether it is the published file's.",
        "  parquet   every stored fact, typed columns, ZSTD (--table layouts: one row per layout in code",
        "            order, the analysis columns null until the class is analysed, symmetric by the exact",
        "            rule, named in the file's metadata; --table groups: one row per group); for DuckDB,",
        "            pandas, Polars, Spark",
        "  graphml   one group's step graph (--group J-B-S-G): a node per layout with code, short_code,",
        "            group_index, layer, min_solution_step (-1: unsolvable), solved; an undirected edge per step",
        "  sqlite    the original release's SQL database in one SQLite file: main (every layout; is_mirror by",
        "            the original engine's rule, as its main.csv), farthest and solution (the layouts of the",
        "            analysed classes only: no rows for a class not analysed yet, see analysed_classes), facts",
        "            (short_code, name, layer, min_solution_step, exact symmetry, solved), a view layouts of",
        "            them all; indexes on code and name; the rules in table meta. --class does not apply",
        "all-cases, main-csv, parquet, graphml and sqlite read the database (--db, default data/klotski-db).",
        "--out: the file is written whole or not at all. It writes that file and nothing else: a plain file",
        "already there is replaced only with --force, a folder is refused, a FIFO or a device is written",
        "into (never replaced), and '-' writes to standard output."})
final class ExportCommand implements Callable<Integer> {
  enum Format { ALL_CASES, MAIN_CSV, FARTHEST_CSV, SOLUTION_CSV, PARQUET, GRAPHML, SQLITE }

  enum Table { LAYOUTS, GROUPS }

  @Option(names = "--format", paramLabel = "F", required = true, converter = FormatConverter.class,
      description = "all-cases, main-csv, farthest-csv, solution-csv, parquet, graphml or sqlite.")
  Format format;

  @Option(names = "--out", paramLabel = "FILE", required = true,
      description = "File to write; - for standard output.")
  Path out;

  @Option(names = "--force", description = "Replace a plain file already at --out.")
  boolean force;

  @Option(names = "--class", paramLabel = "J-B-S", description = "Only layouts of this class.")
  String onlyClass;

  @Option(names = "--mirror-rule", paramLabel = "RULE", converter = RuleConverter.class,
      description = "main-csv's Y|N: legacy (default: the original engine's rule, 13,618 Y, the published "
          + "main.csv) or exact (the layouts equal to their mirror).")
  HrdFiles.MirrorRule rule = HrdFiles.MirrorRule.LEGACY;

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

  static final class RuleConverter implements picocli.CommandLine.ITypeConverter<HrdFiles.MirrorRule> {
    @Override
    public HrdFiles.MirrorRule convert(String value) {
      return Choices.of(HrdFiles.MirrorRule.class, value);
    }
  }

  private PrintWriter err;

  @Override
  public Integer call() throws Exception {
    err = spec.commandLine().getErr();
    // every argument, then what is at --out, before anything is computed or printed
    int cls = onlyClass == null ? -1 : LayoutClass.parse(onlyClass);
    if ((format == Format.FARTHEST_CSV || format == Format.SOLUTION_CSV) && cls < 0) {
      throw new IllegalArgumentException("--format " + Choices.name(format) + " writes one class: give --class J-B-S");
    }
    if (format == Format.GRAPHML && (group == null || !klotskidb.grouper.Names.looksLike(group.trim(), 4))) {
      throw new IllegalArgumentException("--format graphml writes one group: give --group J-B-S-G, e.g. 5-4-1-1");
    }
    if (format == Format.SQLITE && cls >= 0) {
      throw new IllegalArgumentException("--format sqlite writes the whole database: --class does not apply");
    }
    OutputTarget target = OutputTarget.of(out, force, note -> err.println("klotski: " + note));
    return switch (format) {
      case FARTHEST_CSV, SOLUTION_CSV -> perClassFile(target, cls);
      case GRAPHML -> graphMl(target);
      case PARQUET -> parquet(target, cls);
      case SQLITE -> sqlite(target);
      case ALL_CASES, MAIN_CSV -> wholeFile(target, cls);
    };
  }

  private int wholeFile(OutputTarget target, int cls) throws IOException {
    Progress progress = progressOption.on(err);
    long[] lines = new long[1];
    FileChecksum sum = new FileChecksum();
    String published;
    try (KlotskiDb kdb = db.open()) {
      progress.begin("export", kdb.layoutCount());
      long t0 = System.nanoTime();
      target.write(stream -> lines[0] = format == Format.ALL_CASES
          ? HrdFiles.allCases(kdb, cls, sum.tee(stream), progress::advance)
          : HrdFiles.mainCsv(kdb, cls, rule, sum.tee(stream), progress::advance));
      progress.end("export", System.nanoTime() - t0, String.format("%,d lines to %s", lines[0], target.name()));
      String name = format == Format.ALL_CASES ? "All_Case.txt" : "main.csv";
      published = cls >= 0 ? "not compared: the published " + name + " holds every class, this file one"
          : kdb.classes().size() < LayoutClass.COUNT ? "not compared: the published " + name + " holds all 203 "
              + "classes, the database " + kdb.classes().size()
          : format == Format.MAIN_CSV && rule == HrdFiles.MirrorRule.EXACT ? "not compared: the published "
              + "main.csv uses the original engine's mirror rule (the default, --mirror-rule legacy)"
          : null;
      if (lines[0] == 0) {
        err.println("klotski: warning: no layouts matched; the file is empty");
      }
      return reportMd5(format == Format.ALL_CASES ? "All_Case.txt" : "main.csv", sum, published);
    }
  }

  /**
   * Prints the MD5 of an original release file and whether it is the published one; 1 when it should
   * be and is not. {@code notCompared} says why a file is not compared (a part, another rule).
   */
  private int reportMd5(String name, FileChecksum sum, String notCompared) throws IOException {
    String md5 = sum.toString().split(" ")[0];
    if (notCompared != null) {
      err.println("  md5        " + md5 + " (" + notCompared + ")");
      return 0;
    }
    String expected = PublishedReference.shipped().md5(name);
    boolean match = md5.equals(expected);
    err.println("  md5        " + md5 + (match ? " matches the published " + name
        : " DIFFERS from the published " + name + " (" + expected + ")"));
    return match ? 0 : 1;
  }

  private int graphMl(OutputTarget target) throws IOException {
    long t0 = System.nanoTime();
    try (KlotskiDb kdb = db.open()) {
      klotskidb.db.GroupRecord g = Database.group(kdb, group);
      klotskidb.datasets.GraphMl.Counts[] counts = new klotskidb.datasets.GraphMl.Counts[1];
      target.write(stream -> counts[0] = klotskidb.datasets.GraphMl.write(kdb, g, stream));
      err.println(String.format(java.util.Locale.ROOT,
          "  export     %7.2f s  group %s: %,d nodes, %,d edges to %s", (System.nanoTime() - t0) / 1e9, g.name(),
          counts[0].nodes(), counts[0].edges(), target.name()));
    }
    return 0;
  }

  private int sqlite(OutputTarget target) throws IOException {
    Progress progress = progressOption.on(err);
    long t0 = System.nanoTime();
    klotskidb.datasets.SqliteExport.Counts[] counts = new klotskidb.datasets.SqliteExport.Counts[1];
    try (KlotskiDb kdb = db.open()) {
      progress.begin("export", kdb.layoutCount());
      counts[0] = klotskidb.datasets.SqliteExport.write(kdb, target, progress::advance);
    }
    long size = target.size();
    progress.end("export", System.nanoTime() - t0, String.format(java.util.Locale.ROOT,
        "%,d main, %,d farthest, %,d solution rows to %s%s", counts[0].main(), counts[0].farthest(),
        counts[0].solution(), target.name(), size < 0 ? "" : String.format(java.util.Locale.ROOT, " (%,d bytes)", size)));
    return 0;
  }

  private int parquet(OutputTarget target, int cls) throws IOException {
    Progress progress = progressOption.on(err);
    long t0 = System.nanoTime();
    long[] rows = new long[1];
    try (KlotskiDb kdb = db.open()) {
      if (table == Table.LAYOUTS) {
        progress.begin("export", kdb.layoutCount());
        target.write(stream -> rows[0] = klotskidb.datasets.ParquetExport.writeLayouts(kdb, cls, stream,
            target.scratchBeside(), threads.count(), progress::advance));
      } else {
        target.write(stream -> rows[0] = klotskidb.datasets.ParquetExport.writeGroups(kdb, cls, stream));
      }
    }
    progress.end("export", System.nanoTime() - t0, String.format(java.util.Locale.ROOT, "%,d %s rows to %s",
        rows[0], Choices.name(table), target.name()));
    if (rows[0] == 0) {
      err.println("klotski: warning: no rows matched; the file has no rows");
    }
    return 0;
  }

  /** farthest_J-B-S.csv or solution_J-B-S.csv, computed in memory for one class. */
  private int perClassFile(OutputTarget target, int cls) throws IOException {
    long t0 = System.nanoTime();
    klotskidb.enumerator.AllLayouts all = klotskidb.enumerator.AllLayouts.build();
    klotskidb.grouper.Groups groups = InMemory.groupsOfClasses(all, cls);
    long[] rows = new long[1];
    klotskidb.datasets.HrdCsv.Kind kind = format == Format.FARTHEST_CSV
        ? klotskidb.datasets.HrdCsv.Kind.FARTHEST : klotskidb.datasets.HrdCsv.Kind.SOLUTION;
    klotskidb.analysis.ClassDriver driver = new klotskidb.analysis.ClassDriver(threads.count(), kernel.choose(err));
    FileChecksum sum = new FileChecksum();
    target.write(stream -> rows[0] = klotskidb.datasets.HrdCsv.write(driver, groups, cls, kind, sum.tee(stream)));
    err.println(String.format("  export     %7.2f s  %,d lines to %s",
        (System.nanoTime() - t0) / 1e9, rows[0], target.name()));
    return reportMd5((format == Format.FARTHEST_CSV ? "farthest_" : "solution_") + LayoutClass.name(cls) + ".csv",
        sum, null);
  }
}
