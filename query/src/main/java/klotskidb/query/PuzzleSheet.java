package klotskidb.query;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import klotskidb.base.UserText;
import klotskidb.db.CaseRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;

/**
 * A sheet of puzzles to print ({@code klotski sheet}, {@code GET /api/sheet}): one HTML document with a print style sheet,
 * a grid of boards, each with its name (or code), code and short code, steps, number of optimal
 * solutions and difficulty word; then the solutions at the back, each as the page's move notation
 * ({@link MoveNotation}) and a line of small boards every {@link #EVERY} moves.
 *
 * <pre>
 *   klotski sheet --class 5-4-1 --minimal --order hardest --distinct-mirror --limit 12 --out set.html
 *     12 boards, three to a row on A4: "1. 欲罢不能  12E68FC00 · @4AVPS  93 steps · 5,376 optimal solutions · very hard"
 *     Solutions: "1. 欲罢不能, 93 steps" and its moves "ab ..." with boards at 0, 10, 20, ... 93
 * </pre>
 *
 * The boards are {@link BoardPicture}'s, the pictures {@code show --svg} and the API give. The
 * document holds nothing of the moment it was made (no date, no path), so the same question gives
 * the same bytes, as every export does. In Chinese or English ({@code lang}).
 */
public final class PuzzleSheet {
  /** The most puzzles a sheet holds. */
  public static final int MAX = 200;

  /** A board in the solutions every so many moves (and the last). */
  public static final int EVERY = 10;

  /** A puzzle of the sheet: its record and its optimal solution (null: unsolvable). */
  public record Puzzle(CaseRecord record, long[] solution) {}

  /** A sheet's puzzles, its title and the question it answers, in one language. */
  public record Sheet(List<Puzzle> puzzles, String title, String question, String lang) {
    public void write(OutputStream out) throws IOException {
      PuzzleSheet.write(puzzles, title, question, lang, out);
    }

    /** The document as text. */
    public String html() {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try {
        write(b);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return b.toString(StandardCharsets.UTF_8);
    }
  }

  private PuzzleSheet() {}

  /**
   * The sheet of find's first {@code limit} answers to {@code f} (pages read until it is full or
   * the answers end), each with its optimal solution: the same for {@code klotski sheet} and
   * {@code GET /api/sheet}. A question with no answer is refused (nothing to print).
   */
  public static Sheet of(KlotskiDb db, FindFilter f, int limit, String lang) {
    boolean zh = "zh".equals(lang);
    List<CaseRecord> records = new ArrayList<>();
    FindQuestion q = FindQuestion.on(db, f);
    String cursor = null;
    Finder.Total total = null;
    do { // pages until the sheet is full or the answers end
      Finder.Page p = q.page(cursor, Math.min(Finder.MAX_LIMIT, limit - records.size()));
      records.addAll(p.records());
      total = p.total() != null ? p.total() : total;
      cursor = p.next();
    } while (cursor != null && records.size() < limit);
    if (records.isEmpty()) {
      throw new Lookup.NotFoundException("the filter finds no layout in the database: nothing to put on a sheet",
          "nothing_found", Map.of());
    }
    // a total the index does not count (a group with another filter) is the answers read so far,
    // the sheet's own number: "the first 24", not "the first 24 of at least 24"
    String of = total == null || !total.exact() ? ""
        : String.format(Locale.ROOT, zh ? "，共 %,d 个" : " of %,d", total.count());
    String question = zh ? q.filter().inWords(true) + "：前 " + records.size() + " 个" + of
        : q.filter().inWords(false) + ": " + first(records.size()) + of;
    return of(db, records, question, lang);
  }

  /**
   * The sheet of a catalogue source's layouts in its order ({@code tieba-40}: the 40 classics, 39
   * layouts), the first {@code limit} of those in the database: the same for {@code klotski sheet
   * --source} and {@code GET /api/sheet?source=}. A source none of whose layouts is in the database is
   * refused (nothing to print).
   */
  public static Sheet ofSource(KlotskiDb db, Catalogue.Source source, int limit, String lang) {
    boolean zh = "zh".equals(lang);
    List<Long> codes = Catalogue.get().codesOf(source);
    List<CaseRecord> records = new ArrayList<>();
    int inDb = 0;
    for (long code : codes) {
      Optional<CaseRecord> c = db.caseOf(code);
      if (c.isPresent()) {
        inDb++;
        if (records.size() < limit) {
          records.add(c.get());
        }
      }
    }
    if (records.isEmpty()) {
      throw new Lookup.NotFoundException("none of the " + codes.size() + " layouts of " + source.id()
          + " is in the database: nothing to put on a sheet", "nothing_found", Map.of());
    }
    String absent = inDb == codes.size() ? "" : zh ? "（本数据库中有 " + inDb + " 个）"
        : " (" + inDb + " of them in this database)";
    String question = zh ? source.title() + "：按名录顺序的前 " + records.size() + " 个，共 " + codes.size() + " 个布局" + absent
        : source.title() + ": " + first(records.size()) + " of its " + codes.size() + " layouts, in the catalogue's order"
            + absent;
    return of(db, records, question, lang);
  }

  /** "the first 24", and "the first" alone for one. */
  private static String first(int n) {
    return n == 1 ? "the first" : "the first " + n;
  }

  /** The sheet of these layouts, each with its optimal solution from the database. */
  public static Sheet of(KlotskiDb db, List<CaseRecord> records, String question, String lang) {
    List<Puzzle> puzzles = new ArrayList<>();
    for (CaseRecord c : records) {
      puzzles.add(new Puzzle(c, Lookup.solution(db, c)));
    }
    String title = "zh".equals(lang) ? "华容道题目 " + puzzles.size() + " 道"
        : UserText.count(puzzles.size(), "Klotski puzzle", "Klotski puzzles");
    return new Sheet(List.copyOf(puzzles), title, question, lang);
  }

  /** Writes the sheet of {@code puzzles}: {@code title} on top, {@code question} (what was asked) under it. */
  public static void write(List<Puzzle> puzzles, String title, String question, String lang, OutputStream out)
      throws IOException {
    boolean zh = "zh".equals(lang);
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"").append(zh ? "zh" : "en").append("\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>").append(escape(title)).append("</title>\n<style>\n")
        .append("@page { size: A4; margin: 1.2cm; }\n")
        .append("body { font-family: sans-serif; margin: 1cm; color: #111; }\n")
        .append("h1 { font-size: 18pt; margin: 0 0 .2cm; } .question { color: #555; margin: 0 0 .6cm; }\n")
        .append(".grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: .6cm .4cm; }\n")
        .append("figure { margin: 0; text-align: center; break-inside: avoid; }\n")
        .append("figure svg { width: 4.4cm; height: auto; }\n")
        .append("figcaption { font-size: 9.5pt; line-height: 1.35; }\n")
        .append(".solutions { break-before: page; } .solution { break-inside: avoid; margin: 0 0 .5cm; }\n")
        .append(".solution h3 { font-size: 11pt; margin: 0 0 .1cm; }\n")
        .append(".moves { font-family: monospace; font-size: 9.5pt; margin: 0 0 .1cm; }\n") // lines break between moves
        .append(".steps svg { width: 1.5cm; height: auto; margin: 0 .1cm 0 0; vertical-align: top; }\n")
        .append(".steps span { display: inline-block; text-align: center; font-size: 7.5pt; margin: 0 .05cm .1cm 0; }\n")
        .append("</style>\n</head>\n<body>\n")
        .append("<h1>").append(escape(title)).append("</h1>\n")
        .append("<p class=\"question\">").append(escape(question)).append("</p>\n<div class=\"grid\">\n");
    for (int i = 0; i < puzzles.size(); i++) {
      CaseRecord c = puzzles.get(i).record();
      h.append("<figure>\n").append(BoardPicture.svg(c.code(), false, lang))
          .append("<figcaption><b>").append(i + 1).append(". ").append(escape(name(c))).append("</b><br>")
          .append(codeLine(c)).append("<br>")
          .append(facts(c, zh)).append("</figcaption>\n</figure>\n");
    }
    h.append("</div>\n<section class=\"solutions\">\n<h2>").append(solutionsTitle(zh)).append("</h2>\n")
        .append("<p class=\"question\">").append(notation(zh)).append("</p>\n");
    for (int i = 0; i < puzzles.size(); i++) {
      Puzzle p = puzzles.get(i);
      h.append("<div class=\"solution\">\n<h3>").append(escape(heading(i, p, zh))).append("</h3>\n");
      if (p.solution() == null) {
        h.append("</div>\n");
        continue;
      }
      h.append("<p class=\"moves\">").append(String.join(" | ", moveGroups(p.solution())));
      h.append("</p>\n<div class=\"steps\">");
      for (int k : samples(p.solution().length - 1)) { // the start, every EVERY moves, the end
        h.append("<span>").append(BoardPicture.svg(p.solution()[k], false, lang).trim()).append("<br>").append(k)
            .append("</span>");
      }
      h.append("</div>\n</div>\n");
    }
    h.append("</section>\n</body>\n</html>\n");
    out.write(h.toString().getBytes(StandardCharsets.UTF_8));
  }

  // what a sheet says, for its HTML here and its PDF (datasets' PdfSheet): the same words

  /** The code and short code under a named puzzle's name; the short code alone under a code. */
  public static String codeLine(CaseRecord c) {
    return (Catalogue.get().namesOf(c.code()).isEmpty() ? "" : Code.format(c.code()) + " · ") + "@" + ShortCode.of(c.id());
  }

  /** How the solutions are written: the move notation, said once. */
  public static String notation(boolean zh) {
    return zh ? "每步两个字母：所移棋子左上角所在的格子，移动前与移动后（格子 a 到 t，逐行从左到右，第一行 a b c d）。"
        : "Two letters a move: the cell of the moved piece's top-left corner before and after (cells a to t, "
            + "row by row, a b c d the top row).";
  }

  public static String solutionsTitle(boolean zh) {
    return zh ? "答案" : "Solutions";
  }

  /** A solution's heading: its number, its name, its steps (or that it has none). */
  public static String heading(int i, Puzzle p, boolean zh) {
    String n = (i + 1) + ". " + name(p.record());
    if (p.solution() == null) {
      return n + (zh ? "：无解" : ": no solution");
    }
    int steps = p.solution().length - 1;
    return n + (zh ? "，" + steps + " 步" : ", " + UserText.count(steps, "step", "steps"));
  }

  /** A solution's moves, two letters each, a space between, in groups of {@link #EVERY}. */
  public static List<String> moveGroups(long[] solution) {
    String moves = MoveNotation.of(solution);
    List<String> groups = new ArrayList<>();
    for (int k = 0; k < moves.length(); k += 2 * EVERY) {
      String g = moves.substring(k, Math.min(moves.length(), k + 2 * EVERY));
      groups.add(String.join(" ", g.split("(?<=\\G..)")));
    }
    return groups;
  }

  /** The moves after which a solution shows its board: 0, every {@link #EVERY}, and the last. */
  public static List<Integer> samples(int steps) {
    List<Integer> at = new ArrayList<>();
    for (int k = 0; ; k = Math.min(k + EVERY, steps)) {
      at.add(k);
      if (k == steps) {
        return at;
      }
    }
  }

  /** The name a puzzle is shown by: its names in the catalogue, else its code. */
  public static String name(CaseRecord c) {
    List<String> names = Catalogue.get().namesOf(c.code());
    return names.isEmpty() ? Code.format(c.code()) : String.join("、", names);
  }

  /** Its steps, optimal solutions and difficulty word. */
  public static String facts(CaseRecord c, boolean zh) {
    if (!c.isSolvable()) {
      return zh ? "无解" : "no solution";
    }
    String word = Difficulty.word(Difficulty.word(c.minSolutionStep()), zh ? "zh" : "en");
    return zh ? String.format(Locale.ROOT, "%d 步 · %,d 种最优解法 · %s", c.minSolutionStep(), c.optimalSolutionNum(), word)
        : String.format(Locale.ROOT, "%d %s · %,d optimal %s · %s", c.minSolutionStep(),
            UserText.noun(c.minSolutionStep(), "step", "steps"), c.optimalSolutionNum(),
            UserText.noun(c.optimalSolutionNum(), "solution", "solutions"), word);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
