package klotskidb.datasets;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import klotskidb.base.InputException;
import klotskidb.db.CaseRecord;
import klotskidb.query.BoardPicture;
import klotskidb.query.PuzzleSheet;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * A sheet of puzzles as PDF ({@code klotski sheet --out set.pdf}): the HTML sheet's words
 * ({@link PuzzleSheet}'s, the same for both) and boards ({@link BoardPicture}'s pieces and
 * colours), laid out on A4: twelve boards a page, three to a row, each with its name or code,
 * short code, steps, optimal solutions and difficulty word; then the solutions, each its moves in
 * the page's notation and a small board every ten moves.
 *
 * <pre>
 *   PdfSheet.write(sheet, PdfSheet.font(null, PdfSheet.text(sheet)), out)
 *     12 puzzles of 5-4-1, hardest first, in English: 3 pages (one of boards, two of solutions)
 * </pre>
 *
 * Written with Apache PDFBox (well kept, pure Java, text that a reader can search and copy: the
 * font is embedded as a subset with its Unicode map). A PDF carries its own font: the machine's
 * ({@link #FONTS}, the first that draws every character of the sheet: Chinese names need a CJK
 * font) or the one given ({@code --font}); none at all is refused, saying what to do. The same
 * question gives the same bytes, as every export: no date, no producer, and the document's ID
 * made from its content.
 */
public final class PdfSheet {
  /** Fonts looked for on the machine, in order: CJK ones first (the catalogue's names are Chinese). */
  static final List<Path> FONTS = List.of(
      Path.of("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
      Path.of("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
      Path.of("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
      Path.of("/usr/share/fonts/truetype/arphic/uming.ttc"),
      Path.of("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
      Path.of("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"));

  private static final float MARGIN = 40;
  private static final float CELL = 20;
  private static final float SMALL_CELL = 7;

  private PdfSheet() {}

  /** Every character the sheet writes, for choosing a font that has them all. */
  public static String text(PuzzleSheet.Sheet sheet) {
    boolean zh = "zh".equals(sheet.lang());
    StringBuilder t = new StringBuilder(sheet.title()).append(sheet.question()).append(PuzzleSheet.notation(zh))
        .append(PuzzleSheet.solutionsTitle(zh)).append("0123456789 |·.,@");
    for (int i = 0; i < sheet.puzzles().size(); i++) {
      PuzzleSheet.Puzzle p = sheet.puzzles().get(i);
      t.append(PuzzleSheet.name(p.record())).append(PuzzleSheet.codeLine(p.record()))
          .append(PuzzleSheet.facts(p.record(), zh)).append(PuzzleSheet.heading(i, p, zh));
      if (p.solution() != null) {
        t.append(String.join("", PuzzleSheet.moveGroups(p.solution())));
      }
    }
    return t.toString();
  }

  /**
   * The font to write {@code text} with: {@code given} (a TrueType font, .ttf, or a collection,
   * .ttc: its first font), else the first of {@link #FONTS} on this machine that draws every
   * character of it; an input error saying what is missing when none does.
   */
  public static Path font(Path given, String text) {
    if (given != null) {
      if (!Files.isRegularFile(given)) {
        throw new InputException("--font " + given + ": no such file");
      }
      String missing = missing(given, text);
      if (!missing.isEmpty()) {
        throw new InputException("--font " + given + " has no glyph for " + missing + ": give a font that has them");
      }
      return given;
    }
    for (Path f : FONTS) {
      if (Files.isRegularFile(f) && missing(f, text).isEmpty()) {
        return f;
      }
    }
    throw new InputException("no font on this machine draws every character of this sheet (Chinese names need a "
        + "CJK font, such as Debian's fonts-wqy-microhei): give --font FILE (a .ttf or .ttc), or write .html");
  }

  /** The characters of {@code text} the font has no glyph for (a few of them), or "". */
  private static String missing(Path font, String text) {
    try (Loaded f = Loaded.of(font)) {
      StringBuilder m = new StringBuilder();
      text.codePoints().distinct().filter(cp -> !Character.isWhitespace(cp)).forEach(cp -> {
        try {
          if (f.ttf.getUnicodeCmapLookup().getGlyphId(cp) == 0 && m.codePointCount(0, m.length()) < 5) {
            m.appendCodePoint(cp);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      return m.toString();
    } catch (IOException e) {
      // a file that is there but is no font it reads: a failure (1), as any damaged input file
      throw new UncheckedIOException("cannot read " + font + " as a TrueType font: " + e.getMessage(), e);
    }
  }

  /** A font file open: a collection's first font, or the file's only one. */
  private record Loaded(TrueTypeFont ttf, AutoCloseable owner) implements AutoCloseable {
    static Loaded of(Path file) throws IOException {
      if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".ttc")) {
        TrueTypeCollection c = new TrueTypeCollection(file.toFile());
        TrueTypeFont[] first = new TrueTypeFont[1];
        c.processAllFonts(f -> {
          if (first[0] == null) {
            first[0] = f;
          }
        });
        return new Loaded(first[0], c);
      }
      TrueTypeFont f = new TTFParser().parse(new RandomAccessReadBufferedFile(file.toFile()));
      return new Loaded(f, f);
    }

    @Override
    public void close() throws IOException {
      try {
        owner.close();
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IOException(e);
      }
    }
  }

  /** Writes the sheet as PDF with the font {@code fontFile} ({@link #font}). */
  public static void write(PuzzleSheet.Sheet sheet, Path fontFile, OutputStream out) throws IOException {
    boolean zh = "zh".equals(sheet.lang());
    String text = text(sheet);
    try (Loaded loaded = Loaded.of(fontFile); PDDocument doc = new PDDocument()) {
      PDType0Font font = PDType0Font.load(doc, loaded.ttf, true);
      Writer w = new Writer(doc, font);
      // the boards
      w.text(sheet.title(), 16, Color.BLACK);
      w.paragraph(sheet.question(), 9, Color.DARK_GRAY);
      w.y -= 8;
      float column = (PDRectangle.A4.getWidth() - 2 * MARGIN) / 3;
      float boardW = 4 * CELL + 2 * CELL * .3f;
      float boardH = 5 * CELL + 2 * CELL * .3f;
      float block = boardH + 8 + 3 * 11 + 12;
      List<PuzzleSheet.Puzzle> puzzles = sheet.puzzles();
      for (int i = 0; i < puzzles.size(); i += 3) {
        w.room(block);
        for (int k = i; k < Math.min(i + 3, puzzles.size()); k++) {
          CaseRecord c = puzzles.get(k).record();
          float x = MARGIN + (k - i) * column;
          board(w.cs, c.code(), x + (column - boardW) / 2, w.y, CELL);
          float ty = w.y - boardH - 10;
          String[] lines = {(k + 1) + ". " + PuzzleSheet.name(c), PuzzleSheet.codeLine(c), PuzzleSheet.facts(c, zh)};
          for (int l = 0; l < lines.length; l++) {
            for (String part : w.wrap(lines[l], l == 0 ? 9 : 8, column - 6)) {
              w.centred(part, l == 0 ? 9 : 8, x + column / 2, ty);
              ty -= 11;
            }
          }
        }
        w.y -= block;
      }
      // the solutions, from a page of their own
      w.page();
      w.text(PuzzleSheet.solutionsTitle(zh), 14, Color.BLACK);
      w.paragraph(PuzzleSheet.notation(zh), 8, Color.DARK_GRAY);
      w.y -= 6;
      float small = 4 * SMALL_CELL + 2 * SMALL_CELL * .3f;
      float smallH = 5 * SMALL_CELL + 2 * SMALL_CELL * .3f;
      for (int i = 0; i < puzzles.size(); i++) {
        PuzzleSheet.Puzzle p = puzzles.get(i);
        List<String> moves = p.solution() == null ? List.of() : w.wrap(String.join(" | ", PuzzleSheet.moveGroups(p.solution())),
            8, PDRectangle.A4.getWidth() - 2 * MARGIN);
        List<Integer> at = p.solution() == null ? List.of() : PuzzleSheet.samples(p.solution().length - 1);
        int perRow = (int) ((PDRectangle.A4.getWidth() - 2 * MARGIN) / (small + 8));
        int rows = (at.size() + perRow - 1) / perRow;
        w.room(16 + moves.size() * 10 + rows * (smallH + 14) + 8);
        w.text(PuzzleSheet.heading(i, p, zh), 10, Color.BLACK);
        for (String m : moves) {
          w.text(m, 8, Color.BLACK);
        }
        for (int r = 0; r < rows; r++) {
          w.y -= 3;
          for (int k = r * perRow; k < Math.min(at.size(), (r + 1) * perRow); k++) {
            float x = MARGIN + (k - r * perRow) * (small + 8);
            board(w.cs, p.solution()[at.get(k)], x, w.y, SMALL_CELL);
            w.centred(String.valueOf(at.get(k)), 7, x + small / 2, w.y - smallH - 8);
          }
          w.y -= smallH + 11;
        }
        w.y -= 8;
      }
      w.close();
      // no date, no producer: the same question, the same bytes; the ID from the content
      doc.getDocumentInformation().getCOSObject().clear();
      byte[] id = id(sheet, text, fontFile);
      COSArray ids = new COSArray();
      ids.add(new COSString(id));
      ids.add(new COSString(id));
      doc.getDocument().getTrailer().setItem(COSName.ID, ids);
      doc.save(out);
    }
  }

  /** The document's ID: its words ({@code text}), its puzzles' codes and its font's name, hashed. */
  private static byte[] id(PuzzleSheet.Sheet sheet, String text, Path font) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update(text.getBytes(StandardCharsets.UTF_8));
      for (PuzzleSheet.Puzzle p : sheet.puzzles()) {
        d.update(Long.toString(p.record().code()).getBytes(StandardCharsets.US_ASCII));
      }
      d.update(font.getFileName().toString().getBytes(StandardCharsets.UTF_8));
      return Arrays.copyOf(d.digest(), 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A board with its top-left corner at (x, top), cells of {@code cell} points: the picture's colours. */
  private static void board(PDPageContentStream cs, long code, float x, float top, float cell) throws IOException {
    float pad = cell * .3f;
    float w = 4 * cell + 2 * pad;
    float h = 5 * cell + 2 * pad;
    cs.setNonStrokingColor(Color.decode(BoardPicture.CLOTH));
    cs.setStrokingColor(Color.decode(BoardPicture.FRAME));
    cs.setLineWidth(Math.max(.6f, cell * .06f));
    cs.addRect(x, top - h, w, h);
    cs.fillAndStroke();
    // the exit: a gap in the frame under the middle two columns
    cs.setStrokingColor(Color.decode(BoardPicture.CLOTH));
    cs.setLineWidth(Math.max(1f, cell * .1f));
    cs.moveTo(x + pad + cell, top - h);
    cs.lineTo(x + pad + 3 * cell, top - h);
    cs.stroke();
    float gap = cell * .06f;
    for (BoardPicture.Piece p : BoardPicture.pieces(code)) {
      cs.setNonStrokingColor(Color.decode(p.colour()));
      cs.addRect(x + pad + p.col() * cell + gap, top - pad - (p.row() + p.rows()) * cell + gap,
          p.cols() * cell - 2 * gap, p.rows() * cell - 2 * gap);
      cs.fill();
    }
  }

  /** Pages and a cursor going down them. */
  private static final class Writer {
    final PDDocument doc;
    final PDType0Font font;
    PDPageContentStream cs;
    float y;

    Writer(PDDocument doc, PDType0Font font) throws IOException {
      this.doc = doc;
      this.font = font;
      page();
    }

    void page() throws IOException {
      close();
      PDPage page = new PDPage(PDRectangle.A4);
      doc.addPage(page);
      cs = new PDPageContentStream(doc, page);
      y = PDRectangle.A4.getHeight() - MARGIN;
    }

    /** A new page unless {@code height} points still fit on this one. */
    void room(float height) throws IOException {
      if (y - height < MARGIN) {
        page();
      }
    }

    void close() throws IOException {
      if (cs != null) {
        cs.close();
        cs = null;
      }
    }

    void text(String s, float size, Color colour) throws IOException {
      room(size * 1.4f);
      y -= size * 1.2f;
      show(s, size, MARGIN, y, colour);
      y -= size * .3f;
    }

    void paragraph(String s, float size, Color colour) throws IOException {
      for (String line : wrap(s, size, PDRectangle.A4.getWidth() - 2 * MARGIN)) {
        text(line, size, colour);
      }
    }

    void centred(String s, float size, float middle, float baseline) throws IOException {
      show(s, size, middle - width(s, size) / 2, baseline, Color.BLACK);
    }

    private void show(String s, float size, float x, float baseline, Color colour) throws IOException {
      cs.beginText();
      cs.setNonStrokingColor(colour);
      cs.setFont(font, size);
      cs.newLineAtOffset(x, baseline);
      cs.showText(s);
      cs.endText();
    }

    float width(String s, float size) throws IOException {
      return font.getStringWidth(s) / 1000 * size;
    }

    /** {@code s} in lines of at most {@code width} points: broken at spaces, or anywhere in a long word (Chinese). */
    List<String> wrap(String s, float size, float width) throws IOException {
      List<String> lines = new ArrayList<>();
      StringBuilder line = new StringBuilder();
      int lastSpace = -1;
      for (int i = 0; i < s.length(); ) {
        int cp = s.codePointAt(i);
        int n = Character.charCount(cp);
        line.appendCodePoint(cp);
        if (cp == ' ') {
          lastSpace = line.length() - 1;
        }
        if (width(line.toString(), size) > width && line.length() > n) {
          String rest;
          if (lastSpace > 0) {
            rest = line.substring(lastSpace + 1);
            line.setLength(lastSpace);
          } else {
            rest = line.substring(line.length() - n);
            line.setLength(line.length() - n);
          }
          lines.add(line.toString());
          line = new StringBuilder(rest);
          lastSpace = rest.lastIndexOf(' ');
        }
        i += n;
      }
      if (line.length() > 0) {
        lines.add(line.toString());
      }
      return lines;
    }
  }
}
