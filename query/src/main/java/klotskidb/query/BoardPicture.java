package klotskidb.query;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Pieces;

/**
 * A layout drawn as a picture: an SVG of its board, the same for {@code klotski show X --svg} and
 * {@code GET /api/layout/X/board.svg}, standing alone (its colours inside, no style sheet), for
 * printing and sharing. The page's colours: the 2x2 red, pieces lying flat blue, upright green,
 * 1x1 yellow, on the wooden frame with its exit at the bottom.
 *
 * <pre>
 *   BoardPicture.svg(0x1A9BF0C00L, true, "zh")
 *       -> &lt;svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 230 285" ...&gt; 曹操 on the 2x2,
 *          关羽 on the flat piece, 张飞 赵云 马超 黄忠 on the upright ones, 兵 on the 1x1s
 * </pre>
 *
 * Names, when asked, are the ones the physical game prints, given as the page gives them at a
 * level's start: 曹操 the 2x2; 关羽 first of the two-cell pieces lying flat, then 张飞, 赵云, 马超,
 * 黄忠 (将 beyond five) in cell order, flat ones first; 兵 the 1x1s; in English their pinyin.
 */
public final class BoardPicture {
  private static final int CELL = 50;
  private static final int PAD = 15;
  private static final int GAP = 3;
  private static final List<String> GENERALS_ZH = List.of("关羽", "张飞", "赵云", "马超", "黄忠");
  private static final List<String> GENERALS_EN = List.of("Guan Yu", "Zhang Fei", "Zhao Yun", "Ma Chao", "Huang Zhong");

  private BoardPicture() {}

  /** The picture of {@code code}; with the pieces' names in {@code lang} ("zh" or "en") when {@code names}. */
  public static String svg(long code, boolean names, String lang) {
    Code.check(code);
    boolean zh = !"en".equals(lang);
    int w = 4 * CELL + 2 * PAD;
    int h = 5 * CELL + 2 * PAD;
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
        + "height=\"%d\" role=\"img\" aria-label=\"%s\">%n", w, h, w, h, Code.format(code)));
    s.append(String.format(Locale.ROOT, "<rect x=\"1\" y=\"1\" width=\"%d\" height=\"%d\" rx=\"7\" fill=\"%s\" "
        + "stroke=\"%s\" stroke-width=\"3\"/>%n", w - 2, h - 2, CLOTH, FRAME));
    s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
        + "stroke-width=\"5\"/>%n", PAD + CELL, h - 1, PAD + 3 * CELL, h - 1, CLOTH));
    Deque<String> generals = new ArrayDeque<>(zh ? GENERALS_ZH : GENERALS_EN);
    List<Piece> pieces = pieces(code);
    for (Piece p : pieces) {
      s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\"/>%n",
          PAD + p.col * CELL + GAP, PAD + p.row * CELL + GAP, p.cols * CELL - 2 * GAP, p.rows * CELL - 2 * GAP,
          p.colour()));
    }
    if (names) {
      for (Piece p : pieces) {
        String name = p.rows == 2 && p.cols == 2 ? (zh ? "曹操" : "Cao Cao")
            : p.rows == 1 && p.cols == 1 ? (zh ? "兵" : "Soldier")
            : generals.isEmpty() ? (zh ? "将" : "General") : generals.poll();
        label(s, p, name, zh);
      }
    }
    return s.append("</svg>\n").toString();
  }

  /** A piece's name in its middle: a vertical piece's Chinese name reads downwards, English names smaller. */
  private static void label(StringBuilder s, Piece p, String name, boolean zh) {
    double x = PAD + p.col * CELL + p.cols * CELL / 2.0;
    double y = PAD + p.row * CELL + p.rows * CELL / 2.0;
    int size = zh ? 18 : p.cols == 1 ? 9 : 13;
    if (zh && p.rows > p.cols && name.length() > 1) {
      text(s, x, y - 11, name.substring(0, 1), size);
      text(s, x, y + 11, name.substring(1, 2), size);
    } else if (!zh && p.rows > p.cols && name.contains(" ")) {
      text(s, x, y - 7, name.substring(0, name.indexOf(' ')), size);
      text(s, x, y + 7, name.substring(name.indexOf(' ') + 1), size);
    } else {
      text(s, x, y, name, size);
    }
  }

  private static void text(StringBuilder s, double x, double y, String text, int size) {
    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"#fff\" "
        + "font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"middle\">%s</text>%n", x, y, size, text));
  }

  /** A piece: its top-left cell and size, in the order names are given (2x2, flat, upright, 1x1; cell order within). */
  public record Piece(int row, int col, int rows, int cols) {
    /** Its colour, as #rrggbb: the page's. */
    public String colour() {
      return rows == 2 && cols == 2 ? "#d84315" : rows == 1 && cols == 2 ? "#1565c0" : rows == 2 ? "#2e7d32" : "#f9a825";
    }

    int order() {
      return rows == 2 && cols == 2 ? 0 : rows == 1 && cols == 2 ? 1 : rows == 2 ? 2 : 3;
    }
  }

  /** The board's frame colour and its cloth (the exit's gap in the frame has the cloth's colour). */
  public static final String FRAME = "#8d6e63";
  public static final String CLOTH = "#f5f0e6";

  /** The pieces of {@code code}, as the picture draws them. */
  public static List<Piece> pieces(long code) {
    Board b = Board.of(code);
    ArrayList<Piece> out = new ArrayList<>();
    for (int p = 0; p < b.pieceCount(); p++) {
      int t = b.type(p);
      out.add(new Piece(b.address(p) / Pieces.COLS, b.address(p) % Pieces.COLS, Pieces.height(t), Pieces.width(t)));
    }
    out.sort(Comparator.comparingInt(Piece::order).thenComparingInt(x -> x.row * Pieces.COLS + x.col));
    return out;
  }
}
