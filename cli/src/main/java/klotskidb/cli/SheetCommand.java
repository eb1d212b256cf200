package klotskidb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.datasets.ExportCard;
import klotskidb.datasets.ExportFormat;
import klotskidb.datasets.OutputTarget;
import klotskidb.datasets.PdfSheet;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.db.Schema;
import klotskidb.enumerator.Code;
import klotskidb.jobs.Version;
import klotskidb.query.Catalogue;
import klotskidb.query.FindFilter;
import klotskidb.query.Finder;
import klotskidb.query.PuzzleSheet;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A sheet of puzzles to print, from find's question or a list ({@link PuzzleSheet}):
 * {@code klotski sheet --class 5-4-1 --minimal --order hardest --distinct-mirror --limit 12 --out set.html}.
 */
@Command(name = "sheet", mixinStandardHelpOptions = true,
    description = {"Write a sheet of puzzles to print: a grid of boards, each with its name or code, short code, "
        + "steps, number of optimal solutions and difficulty word; then the solutions at the back, each as the "
        + "page's moves (two letters a move: the moved piece's top-left cell before and after) with a small board "
        + "every " + PuzzleSheet.EVERY + " moves.",
        "The puzzles: find's first --limit answers for its filters and order (the same options as find), or the "
            + "layouts named on standard input (--stdin: a code, short code, name or NAME:N a line), or a source of "
            + "the catalogue of named layouts in its order (--source tieba-40: the 40 classics). A PDF (--out FILE.pdf, "
            + "A4, its font embedded: the machine's, or --font) or one HTML document with a print style sheet "
            + "(--out FILE.html), in Chinese or English (--lang); the same bytes for the same question. Beside it "
            + "FILE.md (a card) and FILE.sha256, as export leaves them (--no-card: none); --out - writes to "
            + "standard output (HTML, or --format pdf)."})
final class SheetCommand implements Callable<Integer> {
  /** Puzzles on one sheet at most. */
  static final int MAX = PuzzleSheet.MAX;

  @Mixin FindFilterOptions filter;

  @Option(names = "--limit", paramLabel = "N", description = "Puzzles on the sheet, 1 to " + MAX
      + " (default: ${DEFAULT-VALUE}).")
  int limit = 12;

  @Option(names = "--stdin", description = "The puzzles named on standard input, one a line, in that order "
      + "(instead of a filter): a code, a short code (@4WVE1), a name (横刀立马), or NAME:N for a name several "
      + "layouts share (插翅难飞:1, 插翅难飞:2: the refusal of the bare name lists them with their sources).")
  boolean stdin;

  @Option(names = "--source", paramLabel = "ID", description = "A source of the catalogue of named layouts "
      + "(tieba-40: the 40 classics; tieba-common, fayaa, lin-68, other): its layouts in its order (instead of a "
      + "filter; all of them, at most " + MAX + ", unless --limit is given); with --stdin, a name that several "
      + "layouts share is the one this source names.")
  String source;

  @Option(names = "--lang", paramLabel = "zh|en", description = "The sheet's language (default: ${DEFAULT-VALUE}).")
  String lang = "en";

  @Option(names = "--out", converter = PathArgument.class, paramLabel = "FILE.pdf|FILE.html", required = true, description = "File to write, PDF or "
      + "HTML by its name; - for standard output.")
  Path out;

  @Option(names = "--format", paramLabel = "pdf|html", description = "What to write (default: by --out's name; html "
      + "for -).")
  String format;

  @Option(names = "--font", paramLabel = "FILE", description = "A PDF's font, a TrueType file (.ttf, or .ttc: its "
      + "first font) with every character of the sheet (default: the first such font of the machine's usual ones).")
  Path font;

  @Option(names = "--force", description = "Replace a plain file already at --out.")
  boolean force;

  @Option(names = "--no-card", description = "Write the file alone: no FILE.md card and no FILE.sha256 beside it.")
  boolean noCard;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    // every argument, then what is at --out, before the database is opened
    if (!lang.equals("zh") && !lang.equals("en")) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--lang must be zh or en, not '" + lang + "'");
    }
    if (limit < 1 || limit > MAX) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be from 1 to " + MAX
          + ", not " + limit);
    }
    if (stdin && filter.any(spec)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--stdin names the puzzles: give no filter beside it");
    }
    if (source != null && filter.any(spec)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--source names the puzzles: give no filter beside it");
    }
    Catalogue.Source from;
    try {
      from = source == null ? null : Catalogue.get().source(source, word -> "--" + word);
    } catch (InputException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    // a source's sheet holds all its layouts (at most MAX) unless a limit is asked for
    int count = from != null && !spec.commandLine().getParseResult().hasMatchedOption("--limit") ? MAX : limit;
    boolean toStdout = out.toString().equals(OutputTarget.STDOUT);
    String named = toStdout ? "html" : out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pdf") ? "pdf"
        : out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".html") ? "html" : null;
    if (format != null && !format.equals("pdf") && !format.equals("html")) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--format must be pdf or html, not '"
          + format + "'");
    }
    if (!toStdout && (named == null || format != null && !format.equals(named))) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--out must name a .pdf or .html file (or -"
          + " for standard output)" + (named != null ? ", as --format says" : ""));
    }
    boolean pdf = "pdf".equals(format != null ? format : named);
    if (font != null && !pdf) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--font is a PDF's: give it with --out FILE.pdf");
    }
    if (font != null && !Files.isRegularFile(font)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--font " + font + ": no such file");
    }
    FindFilter f = null;
    if (!stdin && from == null) {
      f = filter.parseSheet(spec);
    }
    List<String> names = stdin ? lines() : null;
    OutputTarget target = OutputTarget.of(out, force, note -> err.println("klotski: " + note));
    ExportCard card = noCard ? null : ExportCard.beside(target, force, note -> err.println("klotski: " + note));
    PuzzleSheet.Sheet sheet;
    String builtBy;
    try (KlotskiDb kdb = db.open()) {
      if (stdin) {
        List<CaseRecord> records = new ArrayList<>();
        for (String name : names) {
          long inSource = from == null ? -1 : Catalogue.get().codeIn(from, name);
          records.add(Database.lookup(kdb, inSource >= 0 ? Code.format(inSource) : name));
        }
        String question = lang.equals("zh") ? "标准输入列出的 " + records.size() + " 个布局"
            : UserText.count(records.size(), "layout", "layouts") + " named on standard input";
        sheet = PuzzleSheet.of(kdb, records, question, lang);
      } else if (from != null) {
        sheet = PuzzleSheet.ofSource(kdb, from, count, lang); // the API's sheet of ?source=, the same bytes
      } else {
        FindFilter question = f;
        sheet = Database.naming(kdb, () -> PuzzleSheet.of(kdb, question, limit, lang)); // the API's sheet: the same bytes
      }
      builtBy = kdb.meta().getOrDefault(Schema.META_TOOL_VERSION, "unknown");
    }
    List<PuzzleSheet.Puzzle> puzzles = sheet.puzzles();
    String question = sheet.question();
    String written = UserText.count(puzzles.size(), "puzzle", "puzzles") + " to " + target.name();
    if (pdf) { // its font first: none that draws the sheet is refused before anything is written
      Path with = PdfSheet.font(font, PdfSheet.text(sheet));
      PuzzleSheet.Sheet s = sheet;
      target.write(o -> PdfSheet.write(s, with, o));
    } else {
      target.write(sheet::write);
    }
    if (card != null) {
      card.write("sheet", "a sheet of " + UserText.count(puzzles.size(), "Klotski puzzle", "Klotski puzzles")
          + " to print, with " + UserText.noun(puzzles.size(), "its solution", "their solutions"),
          (pdf ? "One PDF, A4, its font embedded: " : "One HTML document with a print style sheet: ") + question
              + ". Each puzzle a board with its name or code, "
              + "short code, steps, number of optimal solutions and difficulty word; the solutions at the back, two "
              + "letters a move (the moved piece's top-left cell before and after, cells a to t row by row).",
          new ExportFormat.Written(puzzles.size(), written, null, null, null),
          Version.current(), builtBy);
    }
    err.println("klotski: " + written);
    return 0;
  }

  /** The layouts named on standard input, blank lines passed over. */
  private static List<String> lines() throws IOException {
    List<String> out = new ArrayList<>();
    InputLines in = new InputLines(System.in);
    for (String line; (line = in.next()) != null; ) {
      if (!line.isBlank()) {
        out.add(line.trim());
      }
    }
    if (out.isEmpty()) {
      throw new InputException("--stdin: standard input names no layout");
    }
    if (out.size() > MAX) {
      throw new InputException("--stdin: " + out.size() + " layouts; a sheet holds " + MAX + " at most");
    }
    return out;
  }
}
