package klotskidb.enumerator;

import java.util.Arrays;
import klotskidb.base.InputException;
import klotskidb.base.UserText;

/**
 * The (jiang, bing, style) class of a layout (SPEC section 3), and a dense index 0..202 over the
 * 203 classes in lexicographic order, e.g. {@code 0-0-0} is 0, {@code 5-4-1} is the classic
 * start's class, {@code 7-0-0} does not exist.
 *
 * <ul>
 *   <li>jiang = two-cell pieces (symbols 01 and 10), 0..7
 *   <li>bing = 1x1 pieces (symbol 11), 0..14 - 2 * jiang
 *   <li>style = horizontal pieces (symbol 01), 0..jiang
 * </ul>
 *
 * Moves never change the class. Computing it needs only the range bits: padding is 00, which
 * counts as nothing.
 */
public final class LayoutClass {
  /** Number of (jiang, bing, style) classes. */
  public static final int COUNT = 203;
  /** Number of (jiang, bing) classes. */
  public static final int JIANG_BING_COUNT = 64;

  private static final int[] INDEX = new int[8 * 16 * 8];
  private static final int[] JIANG = new int[COUNT];
  private static final int[] BING = new int[COUNT];
  private static final int[] STYLE = new int[COUNT];

  static {
    Arrays.fill(INDEX, -1);
    int i = 0;
    for (int j = 0; j <= 7; j++) {
      for (int b = 0; b <= 14 - 2 * j; b++) {
        for (int s = 0; s <= j; s++) {
          if (j == 7 && s == 0) {
            continue; // seven vertical pieces cannot be placed
          }
          INDEX[key(j, b, s)] = i;
          JIANG[i] = j;
          BING[i] = b;
          STYLE[i] = s;
          i++;
        }
      }
    }
    if (i != COUNT) {
      throw new AssertionError("expected " + COUNT + " classes, found " + i);
    }
  }

  private LayoutClass() {}

  private static int key(int jiang, int bing, int style) {
    return (jiang << 7) | (bing << 3) | style;
  }

  public static int horizontal(long code) {
    int r = (int) code;
    return Integer.bitCount(r & ~(r >>> 1) & 0x55555555);
  }

  public static int vertical(long code) {
    int r = (int) code;
    return Integer.bitCount((r >>> 1) & ~r & 0x55555555);
  }

  public static int jiang(long code) {
    int r = (int) code;
    return Integer.bitCount((r ^ (r >>> 1)) & 0x55555555);
  }

  public static int bing(long code) {
    int r = (int) code;
    return Integer.bitCount(r & (r >>> 1) & 0x55555555);
  }

  public static int style(long code) {
    return horizontal(code);
  }

  /** Class index 0..202 of a legal code. */
  public static int of(long code) {
    return INDEX[key(jiang(code), bing(code), style(code))];
  }

  /** Class index 0..202, or -1 when no such class exists. */
  public static int index(int jiang, int bing, int style) {
    if (jiang < 0 || jiang > 7 || bing < 0 || bing > 15 || style < 0 || style > 7) {
      return -1;
    }
    return INDEX[key(jiang, bing, style)];
  }

  public static int jiangOf(int index) {
    return JIANG[index];
  }

  public static int bingOf(int index) {
    return BING[index];
  }

  public static int styleOf(int index) {
    return STYLE[index];
  }

  /** "J-B-S", e.g. {@code 5-4-1}. */
  public static String name(int index) {
    return JIANG[index] + "-" + BING[index] + "-" + STYLE[index];
  }

  /** The class index of "J-B-S" ({@code 5-4-1}); an error naming the text when there is no such class. */
  public static int parse(String text) {
    String t = text.trim();
    int cls = -1;
    if (t.matches("\\d{1,2}-\\d{1,2}-\\d{1,2}")) {
      String[] p = t.split("-");
      cls = index(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]));
    }
    if (cls < 0) {
      throw new InputException("no class " + UserText.quote(text) + " (expected jiang-bing-style, e.g. 5-4-1)");
    }
    return cls;
  }

  /** Dense (jiang, bing) index 0..63 in lexicographic order. */
  public static int jiangBingIndex(int jiang, int bing) {
    // classes with jiang j start after sum_{i<j} (15 - 2i) = j * (16 - j)
    return jiang * (16 - jiang) + bing;
  }
}
