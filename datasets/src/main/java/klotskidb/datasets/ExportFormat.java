package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import klotskidb.analysis.ClassDriver;
import klotskidb.analysis.Kernels;
import klotskidb.analysis.LanePool;
import klotskidb.base.InputException;
import klotskidb.base.Progress;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.query.Facts;
import klotskidb.query.Lookup;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Every format {@code klotski export} writes, each naming its exporter: what it needs (the
 * database, a class, a group), how it writes to its {@link OutputTarget}, and which file of the
 * original release it is, if any. The command does the rest once for all: check the arguments,
 * open the target, progress, timing, the report line and the MD5 comparison.
 *
 * <pre>
 *   ExportFormat.MAIN_CSV.export(db, request, target, progress)
 *     -> Written[29,334,498, "29,334,498 lines to main.csv", md5 4b99d2ad0b919cde2d0fde6f7010e698, "main.csv", null]
 * </pre>
 */
public enum ExportFormat {
  /** Every code, 9 upper-case hex digits, one per line (All_Case.txt). */
  ALL_CASES(true, true) {
    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      FileChecksum sum = new FileChecksum();
      long[] lines = new long[1];
      target.write(s -> lines[0] = HrdFiles.allCases(db, r.cls(), r.threads(), sum.tee(s), progress));
      return new Written(lines[0], lines(lines[0], target), sum, "All_Case.txt", wholeFileNotCompared(db, r, "All_Case.txt"));
    }
  },
  /** id,CODE,Y|N,jiang,bing,style,group_num,group_index (main.csv). */
  MAIN_CSV(true, true) {
    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      FileChecksum sum = new FileChecksum();
      long[] lines = new long[1];
      target.write(s -> lines[0] = HrdFiles.mainCsv(db, r.cls(), r.rule(), r.threads(), sum.tee(s), progress));
      String notCompared = wholeFileNotCompared(db, r, "main.csv");
      if (notCompared == null && r.rule() == HrdFiles.MirrorRule.EXACT) {
        notCompared = "not compared: the published main.csv uses the original engine's mirror rule (the default, "
            + "--mirror-rule legacy)";
      }
      return new Written(lines[0], lines(lines[0], target), sum, "main.csv", notCompared);
    }
  },
  /** farthest_J-B-S.csv of one class, from a BFS from every layout in memory. */
  FARTHEST_CSV(false, false) {
    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      return perClass(r, target, HrdCsv.Kind.FARTHEST);
    }
  },
  /** solution_J-B-S.csv of one class, the same way. */
  SOLUTION_CSV(false, false) {
    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      return perClass(r, target, HrdCsv.Kind.SOLUTION);
    }
  },
  /** Every stored fact in typed columns ({@link ParquetExport}): the layouts table or the groups table. */
  PARQUET(true, true) {
    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      long[] rows = new long[1];
      // written whole at a path of its own, then its footer made canonical (ParquetFooter): the
      // same database gives the same bytes, to a file or to a stream
      target.writePath(tmp -> {
        try (OutputStream s = new BufferedOutputStream(Files.newOutputStream(tmp,
            StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING,
            LinkOption.NOFOLLOW_LINKS), 1 << 20)) {
          rows[0] = r.groupsTable() ? ParquetExport.writeGroups(db, r.cls(), s)
              : ParquetExport.writeLayouts(db, r.cls(), s, target.scratchBeside(), r.threads(), progress);
        }
        ParquetFooter.canonical(tmp);
      });
      return new Written(rows[0], String.format(Locale.ROOT, "%,d %s rows to %s", rows[0], r.groupsTable() ? "group" : "layout",
          target.name()), null, null, null);
    }
  },
  /** One group's step graph ({@link GraphMl}). */
  GRAPHML(true, false) {
    @Override
    void check(Request r) {
      if (r.group() == null) {
        throw new InputException("--format graphml writes one group: give --group J-B-S-G, e.g. 5-4-1-1, or a layout of it");
      }
      Lookup.asLayout(r.group()); // what was typed, before the database
    }

    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      GroupRecord g = r.groupRecord().get();
      GraphMl.Counts[] counts = new GraphMl.Counts[1];
      target.write(s -> counts[0] = GraphMl.write(db, g, s));
      return new Written(counts[0].nodes(), String.format(Locale.ROOT, "%,d nodes, %,d edges to %s",
          counts[0].nodes(), counts[0].edges(), target.name()), null, null, null);
    }
  },
  /** The original release's SQL database in one SQLite file ({@link SqliteExport}). */
  SQLITE(true, true) {
    @Override
    Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException {
      SqliteExport.Counts c = SqliteExport.write(db, r.cls(), target, progress);
      return new Written(c.main(), String.format(Locale.ROOT, "%,d main, %,d farthest, %,d solution rows to %s",
          c.main(), c.farthest(), c.solution(), target.name()), null, null, null);
    }
  };

  /** Whether it reads the database (the others compute in memory). */
  public final boolean needsDatabase;
  /** Whether it reads every layout of the database, what its progress counts. */
  private final boolean readsEveryLayout;

  ExportFormat(boolean needsDatabase, boolean readsEveryLayout) {
    this.needsDatabase = needsDatabase;
    this.readsEveryLayout = readsEveryLayout;
  }

  /** What to export beyond the format: a class (-1: all), a group, main.csv's rule, parquet's table, threads. */
  public record Request(int cls, String group, Supplier<GroupRecord> groupRecord, HrdFiles.MirrorRule rule,
      boolean groupsTable, int threads, Supplier<Kernels> kernels) {}

  /**
   * What was written: a count and what it counts, and for a file of the original release its
   * checksum, its published name and why it is not compared (null: it is).
   */
  public record Written(long count, String summary, FileChecksum sum, String original, String notCompared) {}

  private static String lines(long lines, OutputTarget target) {
    return String.format(Locale.ROOT, "%,d lines to %s", lines, target.name());
  }

  /** The warning of an export that matched nothing, null where an empty answer needs none. */
  public String emptyWarning() {
    return this == ALL_CASES || this == MAIN_CSV ? "no layouts matched; the file is empty"
        : this == PARQUET ? "no rows matched; the file has no rows" : null;
  }

  /** The dataset card's title: what the file is, one line. */
  public String cardTitle(Request r) {
    String of = r.cls() >= 0 ? "class " + LayoutClass.name(r.cls()) : "all classes";
    return switch (this) {
      case ALL_CASES -> "every layout's code (All_Case.txt), " + of;
      case MAIN_CSV -> "every layout's class and group (main.csv), " + of;
      case FARTHEST_CSV -> "each layout's farthest layouts in its group (" + HrdCsv.Kind.FARTHEST.fileName(LayoutClass.name(r.cls())) + ")";
      case SOLUTION_CSV -> "each layout's nearest solved layouts (" + HrdCsv.Kind.SOLUTION.fileName(LayoutClass.name(r.cls())) + ")";
      case PARQUET -> (r.groupsTable() ? "every group's facts" : "every layout's facts") + " in Parquet, " + of;
      case GRAPHML -> "the step graph of group " + r.groupRecord().get().name() + " in GraphML";
      case SQLITE -> "the HRD_Database SQL tables in one SQLite file, " + of;
    };
  }

  /** The dataset card's body: what a line, row or node holds and its columns, in Markdown. */
  public String cardBody(Request r) {
    return switch (this) {
      case ALL_CASES -> "One line per layout, in code order: the code (9 upper-case hex digits). Lines are separated "
          + "by LF, with no newline after the last.";
      case MAIN_CSV -> "One line per layout, in code order, no header: `id,CODE,Y|N,jiang,bing,style,group_num,"
          + "group_index`. Y|N: " + (r.rule() == HrdFiles.MirrorRule.EXACT ? "Y when the layout equals its "
          + "left-right mirror (--mirror-rule exact)" : "the original engine's mirror rule, as in the published "
          + "main.csv") + ". jiang: 2x1 pieces, bing: 1x1 pieces, style: 1x2 pieces; the group's name is "
          + "jiang-bing-style-group_num, the layout's that and -group_index. Lines are separated by LF, with no "
          + "newline after the last.";
      case FARTHEST_CSV -> "One line per layout of the class, no header: `CODE,farthest_step,farthest_num,"
          + "F1-...-Fn`: the most steps to any layout of its group, how many layouts are that far, and their codes "
          + "joined by `-`. Every line ends with LF.";
      case SOLUTION_CSV -> "One line per layout of the class, no header: `CODE,min_solution_step,min_solution_num,"
          + "M1-...-Mk,solution_num`: the steps to the nearest solved layout (the 2x2 at the exit, bottom middle), "
          + "how many solved layouts are that near, their codes joined by `-`, and the group's solutions in all "
          + "(solved layouts with no other solved layout on a shortest way to them). Every line ends with LF.";
      case PARQUET -> "One row per " + (r.groupsTable() ? "group" : "layout, in code order") + "; columns:\n\n"
          + columns(r.groupsTable() ? ParquetSchemas.GROUPS : ParquetSchemas.LAYOUTS);
      case GRAPHML -> "A node per layout of the group (id `n` and its group_index) with `code`, `short_code`, "
          + "`group_index`, `layer` (steps from the group's seed), `min_solution_step` (-1: the group has no "
          + "solution) and `solved`; an undirected edge per step, each once.";
      case SQLITE -> "Tables: `main` (every layout: id, code, is_mirror by the original engine's rule, jiang_num, "
          + "bing_num, style_num, group_num, group_index), `farthest` (id, farthest_step, farthest_num) and "
          + "`solution` (id, min_solution_step, min_solution_num, solution_num) for the analysed classes "
          + "(`analysed_classes`), `facts` (id, " + SqliteExport.factsColumns() + ": the catalogue's facts, "
          + "`/api/facts` and the project's SCHEMA.md, Vocabulary), `meta`, and a view `layouts` joining them on id. "
          + "`main`, `farthest` and `solution` keep the names of the original release's SQL tables (its load.sql).";
    };
  }

  /**
   * The columns of a Parquet table as the file's schema gives them (type, nullable), each with its
   * meaning from the catalogue of facts ({@link Facts}).
   */
  static String columns(MessageType schema) {
    List<Facts.Fact> facts = schema == ParquetSchemas.GROUPS ? Facts.GROUP : Facts.LAYOUT;
    StringBuilder b = new StringBuilder("| column | type | null when | meaning |\n| --- | --- | --- | --- |\n");
    for (Type t : schema.getFields()) {
      Facts.Fact f = facts.stream().filter(x -> x.column().equals(t.getName()) && x.in(Facts.Output.PARQUET))
          .findFirst().orElseThrow(() -> new IllegalStateException("no fact for the Parquet column " + t.getName()));
      b.append("| `").append(t.getName()).append("` | ").append(typeOf(t.asPrimitiveType())).append(" | ")
          .append(t.isRepetition(Type.Repetition.OPTIONAL) ? f.nullWhen() : "never").append(" | ")
          .append(f.en()).append(f.label() == null ? "" : " (" + f.label() + ")").append(" |\n");
    }
    return b.toString().strip();
  }

  /** A Parquet column's type as readers show it: string, int8, int16, int32, int64, boolean, decimal(4,2). */
  static String typeOf(PrimitiveType p) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
      return "string";
    }
    if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i) {
      return "int" + i.getBitWidth();
    }
    if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
      return "decimal(" + d.getPrecision() + "," + d.getScale() + ")";
    }
    return p.getPrimitiveTypeName().name().toLowerCase(Locale.ROOT);
  }

  /** The format's name on the command line: all-cases, main-csv, ... */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Refuses, in one line, a request this format cannot write (before anything is opened). */
  void check(Request r) {}

  /** Checks the request: every format's own rules, and a class where the format writes one. */
  public void validate(Request r) {
    if ((this == FARTHEST_CSV || this == SOLUTION_CSV) && r.cls() < 0) {
      throw new InputException("--format " + cliName() + " writes one class: give --class J-B-S");
    }
    check(r);
  }

  /** Writes the export to {@code target} ({@code db} null when it needs none). */
  abstract Written write(KlotskiDb db, Request r, OutputTarget target, LongConsumer progress) throws IOException;

  /** Writes the export, reporting progress over the database's layouts where the format reads them all. */
  public Written export(KlotskiDb db, Request r, OutputTarget target, Progress progress) throws IOException {
    long layouts = !readsEveryLayout || this == PARQUET && r.groupsTable() ? 0
        : r.cls() >= 0 ? layoutsOfClass(db, r.cls()) : db.layoutCount();
    progress.begin("export", this == SQLITE ? 2 * layouts : layouts); // SQLite: the rows, then the indexes
    return write(db, r, target, progress::advance);
  }

  /** The layouts of a class, from its groups' sizes (25,422 short rows; the writer reads the class's codes once). */
  private static long layoutsOfClass(KlotskiDb db, int cls) {
    long[] n = {0};
    db.forEachGroup(g -> n[0] += LayoutClass.index(g.jiang(), g.bing(), g.style()) == cls ? g.size() : 0);
    return n[0];
  }

  /** Why a whole-database file of one class, or of a partial database, is not compared; null when it is. */
  private static String wholeFileNotCompared(KlotskiDb db, Request r, String name) {
    return r.cls() >= 0 ? "not compared: the published " + name + " holds every class, this file one"
        : db.classes().size() < LayoutClass.COUNT ? "not compared: the published " + name + " holds all 203 "
            + "classes, the database " + db.classes().size()
        : null;
  }

  /** farthest_J-B-S.csv or solution_J-B-S.csv, computed in memory for one class. */
  private static Written perClass(Request r, OutputTarget target, HrdCsv.Kind kind) throws IOException {
    Groups groups = Grouper.of(ClassSet.ofIndexes(List.of(r.cls())), Runtime.getRuntime().availableProcessors(),
        Progress.NONE);
    // the class's groups lease their lanes within this JVM's free heap, one class in flight
    ClassDriver driver = new ClassDriver(new LanePool(r.threads(), LanePool.heapBudget(0)), r.kernels().get());
    FileChecksum sum = new FileChecksum();
    long[] rows = new long[1];
    target.write(s -> rows[0] = HrdCsv.write(driver, groups, r.cls(), kind, sum, s));
    return new Written(rows[0], lines(rows[0], target), sum, kind.fileName(LayoutClass.name(r.cls())), null);
  }
}
