package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import klotskidb.base.InputException;
import klotskidb.db.CaseRecord;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.layerer.Solver;
import klotskidb.query.PuzzleSheet;
import klotskidb.testing.TestSeed;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sheet as PDF, read back by a PDF parser (PDFBox's text extraction, as pdftotext reads it):
 * every code and name of its puzzles in its text, in both languages, the same bytes from two
 * writes, a font without Chinese refused. Needs a font with Chinese on the machine (CI installs
 * Debian's fonts-wqy-microhei and sets KLOTSKI_REQUIRE_FONT; elsewhere skipped without one).
 */
class PdfSheetTest {
  @TempDir static Path temp;

  /** 横刀立马 (named), an unsolvable layout and a seeded sample, their solutions solved. */
  private static PuzzleSheet.Sheet sheet(String lang) {
    List<Long> codes = new ArrayList<>(List.of(0x1A9BF0C00L, 0x0E83ABC00L));
    Random random = TestSeed.random("PdfSheetTest.sheet");
    while (codes.size() < 14) {
      codes.add(AllLayouts.codeOfId(random.nextInt(AllLayouts.COUNT)));
    }
    List<PuzzleSheet.Puzzle> puzzles = new ArrayList<>();
    for (long code : codes) {
      long[] solution = Solver.solve(code);
      int cls = LayoutClass.of(code);
      // the facts a sheet prints: its id, steps and optimal count (the rest as a build would have them aside)
      CaseRecord c = new CaseRecord(code, AllLayouts.rank(code), LayoutClass.jiangOf(cls),
          LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), 0, 0, 0,
          solution == null ? -1 : solution.length - 1, false, Code.isSolved(code), null, solution == null ? 0 : 1, 0, 0);
      puzzles.add(new PuzzleSheet.Puzzle(c, solution));
    }
    return new PuzzleSheet.Sheet(puzzles, "zh".equals(lang) ? "华容道题目 14 道" : "14 Klotski puzzles",
        "a seeded sample", lang);
  }

  private static Path font(PuzzleSheet.Sheet s) {
    try {
      return PdfSheet.font(null, PdfSheet.text(s));
    } catch (InputException none) {
      if (System.getenv("KLOTSKI_REQUIRE_FONT") != null) {
        throw new AssertionError("KLOTSKI_REQUIRE_FONT is set: " + none.getMessage());
      }
      Assumptions.abort("PdfSheetTest: " + none.getMessage());
      return null;
    }
  }

  @Test
  void everyPuzzleIsInTheTextAndTheBytesAreTheSame() throws Exception {
    for (String lang : List.of("en", "zh")) {
      PuzzleSheet.Sheet s = sheet(lang);
      Path font = font(s);
      ByteArrayOutputStream a = new ByteArrayOutputStream();
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      PdfSheet.write(s, font, a);
      PdfSheet.write(s, font, b);
      assertArrayEquals(a.toByteArray(), b.toByteArray(), lang + ": the same bytes for the same sheet");
      String text;
      int pages;
      try (var doc = Loader.loadPDF(a.toByteArray())) {
        text = new PDFTextStripper().getText(doc);
        pages = doc.getNumberOfPages();
      }
      assertTrue(pages >= 3, lang + ": two pages of boards (12 a page) and the solutions: " + pages);
      assertTrue(text.contains(s.title()), text);
      for (int i = 0; i < s.puzzles().size(); i++) {
        PuzzleSheet.Puzzle p = s.puzzles().get(i);
        assertTrue(text.contains((i + 1) + ". " + PuzzleSheet.name(p.record())), lang + " " + PuzzleSheet.name(p.record()));
        assertTrue(text.contains(PuzzleSheet.codeLine(p.record())), lang + " " + PuzzleSheet.codeLine(p.record()));
        assertTrue(text.contains(PuzzleSheet.heading(i, p, "zh".equals(lang))), PuzzleSheet.heading(i, p, "zh".equals(lang)));
        if (p.solution() != null && p.solution().length > 1) { // its first moves, as the notation writes them
          String first = PuzzleSheet.moveGroups(p.solution()).get(0);
          assertTrue(text.contains(first.substring(0, Math.min(5, first.length()))), lang + " moves of " + i);
        }
      }
      assertTrue(text.contains("横刀立马") && text.contains("1A9BF0C00 · @4WVE1"), "the classic by name and code");
    }
  }

  @Test
  void aFontWithoutChineseIsRefused() throws Exception {
    Path latin = PdfSheet.FONTS.stream().filter(f -> f.toString().contains("liberation") || f.toString().contains("dejavu"))
        .filter(Files::isRegularFile).findFirst().orElse(null);
    Assumptions.assumeTrue(latin != null || System.getenv("KLOTSKI_REQUIRE_FONT") == null, "no Latin-only font here");
    if (latin == null) {
      latin = Path.of("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"); // Debian's, with Chromium
    }
    Path given = latin;
    InputException e = assertThrows(InputException.class, () -> PdfSheet.font(given, PdfSheet.text(sheet("en"))));
    assertTrue(e.getMessage().startsWith("--font " + given + " has no glyph for 横"), e.getMessage());
    InputException none = assertThrows(InputException.class, () -> PdfSheet.font(temp.resolve("none.ttf"), "x"));
    assertEquals("--font " + temp.resolve("none.ttf") + ": no such file", none.getMessage());
  }
}
