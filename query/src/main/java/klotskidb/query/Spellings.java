package klotskidb.query;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The names of the catalogue as people type them: in simplified or traditional characters, or in
 * pinyin with or without spaces and tones; and the names nearest to one that names nothing.
 *
 * <pre>
 *   横刀立马, 橫刀立馬            -> 横刀立马 (traditional characters read through OpenCC's table)
 *   hengdaolima, heng dao li ma,
 *   Héng Dāo Lì Mǎ, heng2dao1li4ma3 -> 横刀立马 (pinyin: letters only, any reading of each character)
 *   横刀力马                       -> nothing; nearest: 横刀立马 (one character off)
 *   hengdaolim                     -> nothing; nearest: 横刀立马 (a letter off)
 * </pre>
 *
 * How: each name is indexed under two keys. Its characters' key: every character through OpenCC's
 * traditional-to-simplified table ({@code TSCharacters.txt}, its first choice), so a name typed
 * in either script meets the name's own key. Its pinyin keys: every combination of its Han
 * characters' readings (mozillazg/pinyin-data, {@code pinyin.tsv}: every reading, for 将 jiang
 * and qiang alike), lower case, without tones, spaces or apostrophes, ü as u; a digit or Roman
 * numeral of the name stays a digit ({@code 守口如瓶2}: shoukouruping2). Text typed in pinyin is
 * reduced the same way (tone marks and tone digits dropped), then looked up. Both are data from
 * well-kept public tables, shipped as resources (NOTICE), not hand-made lists.
 */
public final class Spellings {
  /** At most this many pinyin keys per name (the combinations of its characters' readings). */
  private static final int MAX_KEYS = 4096;

  private final Map<Integer, Integer> simplified;
  private final Map<Integer, List<String>> readings;
  /** A name's characters' key (simplified) -> the names with it. */
  private final Map<String, List<String>> byCharacters = new HashMap<>();
  /** A pinyin key -> the names that read so. */
  private final Map<String, List<String>> byPinyin = new HashMap<>();

  private Spellings(Collection<String> names, Map<Integer, Integer> simplified,
      Map<Integer, List<String>> readings) {
    this.simplified = simplified;
    this.readings = readings;
    for (String name : names) {
      add(byCharacters, simplify(name), name);
      for (String key : pinyinKeys(name)) {
        add(byPinyin, key, name);
      }
    }
  }

  private static void add(Map<String, List<String>> index, String key, String name) {
    List<String> l = index.computeIfAbsent(key, k -> new ArrayList<>(1));
    if (!l.contains(name)) {
      l.add(name);
    }
  }

  /** The spellings of {@code names}, with the tables shipped in the jar. */
  static Spellings of(Collection<String> names) {
    Map<Integer, Integer> ts = new HashMap<>();
    read("TSCharacters.txt", f -> ts.put(f[0].codePointAt(0), f[1].codePointAt(0)));
    Map<Integer, List<String>> py = new HashMap<>();
    read("pinyin.tsv", f -> py.put(f[0].codePointAt(0), List.of(f[1].split(","))));
    return new Spellings(names, ts, py);
  }

  private static void read(String resource, Consumer<String[]> line) {
    try (InputStream in = Spellings.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the jar");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String s; (s = r.readLine()) != null; ) {
        if (!s.startsWith("#") && !s.isBlank()) {
          String[] f = s.split("\t");
          if (f.length != 2 || f[1].isBlank()) {
            throw new IllegalStateException(resource + ": not two columns: " + s);
          }
          line.accept(f);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text with every traditional character as its simplified one (OpenCC's first choice). */
  String simplify(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> sb.appendCodePoint(simplified.getOrDefault(cp, cp)));
    return sb.toString();
  }

  /**
   * The traditional characters (OpenCC's table) whose simplified character is in one of {@code
   * names}, each to that simplified character, in code point order: all a filter box needs to
   * read 橫刀立馬 as 横刀立马 without the whole table.
   */
  Map<String, String> traditionalOf(Collection<String> names) {
    Set<Integer> used = new HashSet<>();
    for (String n : names) {
      simplify(n).codePoints().forEach(used::add);
    }
    Map<String, String> m = new TreeMap<>();
    simplified.forEach((t, s) -> {
      if (!t.equals(s) && used.contains(s)) {
        m.put(Character.toString(t), Character.toString(s));
      }
    });
    return m;
  }

  /** Whether a character has readings here (a Han character of some name). */
  boolean hasReadings(int codePoint) {
    return readings.containsKey(codePoint);
  }

  /**
   * Every pinyin key of a name: its Han characters' readings combined, its digits and Latin letters
   * as they are, the rest (brackets, dashes, spaces) dropped.
   */
  List<String> pinyinKeys(String name) {
    List<String> keys = new ArrayList<>(List.of(""));
    for (int cp : simplify(name).codePoints().toArray()) {
      List<String> options = readings.get(cp);
      if (options == null) {
        String plain = plainPart(cp);
        keys.replaceAll(k -> k + plain);
        continue;
      }
      Set<String> toneless = new LinkedHashSet<>();
      for (String o : options) {
        toneless.add(reduce(o));
      }
      if (keys.size() * toneless.size() > MAX_KEYS) {
        toneless = Set.of(toneless.iterator().next()); // the first (most common) reading only
      }
      List<String> next = new ArrayList<>(keys.size() * toneless.size());
      for (String k : keys) {
        for (String t : toneless) {
          next.add(k + t);
        }
      }
      keys = next;
    }
    return keys;
  }

  /** A non-Han character of a name in its pinyin key: digits and Roman numerals as digits, letters lower case. */
  private static String plainPart(int cp) {
    if (cp >= 'Ⅰ' && cp <= 'Ⅸ') {
      return Integer.toString(cp - 'Ⅰ' + 1);
    }
    if (cp >= '0' && cp <= '9' || cp >= 'a' && cp <= 'z') {
      return Character.toString(cp);
    }
    if (cp >= 'A' && cp <= 'Z') {
      return Character.toString(Character.toLowerCase(cp));
    }
    return "";
  }

  /** Pinyin reduced to its key: lower case, no tone marks, ü as u, letters and digits only. */
  static String reduce(String pinyin) {
    String s = Normalizer.normalize(pinyin.toLowerCase(Locale.ROOT), Normalizer.Form.NFD);
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
        sb.append(c == 'v' ? 'u' : c);
      }
    }
    return sb.toString();
  }

  /** The same without tone digits (a digit right after a letter: heng2dao1 -> hengdao). */
  static String withoutToneDigits(String key) {
    return key.replaceAll("(?<=[a-z])[1-5]", "");
  }

  /** Whether text may be pinyin: Latin letters (tone marks allowed), spaces, apostrophes, digits. */
  static boolean looksLikePinyin(String text) {
    String s = Normalizer.normalize(text.toLowerCase(Locale.ROOT), Normalizer.Form.NFD);
    boolean letter = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z') {
        letter = true;
      } else if (!(c >= '0' && c <= '9' || c == ' ' || c == '\'' || c == '-' || c == ':'
          || Character.getType(c) == Character.NON_SPACING_MARK)) {
        return false;
      }
    }
    return letter;
  }

  /**
   * The names the text names, however typed: the name itself, in traditional characters, or in
   * pinyin (with or without spaces, tones or tone digits); empty when none.
   */
  List<String> namesFor(String text) {
    List<String> names = byCharacters.get(simplify(text));
    if (names != null) {
      return names;
    }
    if (looksLikePinyin(text)) {
      String key = reduce(text);
      names = byPinyin.get(key);
      if (names == null) {
        names = byPinyin.get(withoutToneDigits(key));
      }
    }
    return names == null ? List.of() : names;
  }

  /**
   * Up to {@code max} names nearest to a text that names nothing: one character off (replaced,
   * missing or extra) in characters, then up to two letters off in pinyin, then names that hold
   * the text or that it holds.
   */
  List<String> nearest(String text, int max) {
    Set<String> near = new LinkedHashSet<>();
    String s = simplify(text);
    if (!s.isEmpty()) {
      for (Map.Entry<String, List<String>> e : byCharacters.entrySet()) {
        if (distance(s, e.getKey(), 1) <= 1) {
          near.addAll(e.getValue());
        }
      }
    }
    if (looksLikePinyin(text)) {
      String key = withoutToneDigits(reduce(text));
      int allowed = key.length() >= 8 ? 2 : key.length() >= 4 ? 1 : 0;
      Map<String, Integer> best = new LinkedHashMap<>();
      for (Map.Entry<String, List<String>> e : byPinyin.entrySet()) {
        int d = distance(key, e.getKey(), allowed);
        if (d <= allowed) {
          for (String name : e.getValue()) {
            best.merge(name, d, Math::min);
          }
        }
      }
      best.entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach(e -> near.add(e.getKey()));
    }
    if (near.size() < max && s.codePointCount(0, s.length()) >= 2) {
      for (Map.Entry<String, List<String>> e : byCharacters.entrySet()) {
        if (e.getKey().contains(s) || s.contains(e.getKey()) && e.getKey().length() >= 2) {
          near.addAll(e.getValue());
        }
      }
    }
    return near.stream().limit(max).toList();
  }

  /**
   * The edit distance of a and b in code points (insertions, deletions, substitutions, and a swap
   * of neighbours counted as one: {@code inof} is one from {@code info}), or {@code limit + 1} once
   * it is beyond the limit. The one edit distance of the project: names (here) and mistyped
   * commands and options ({@code klotski inof}) alike.
   */
  public static int distance(String a, String b, int limit) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    if (Math.abs(x.length - y.length) > limit) {
      return limit + 1;
    }
    int[] before = new int[y.length + 1];
    int[] prev = new int[y.length + 1];
    int[] cur = new int[y.length + 1];
    for (int j = 0; j <= y.length; j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= x.length; i++) {
      cur[0] = i;
      int rowMin = cur[0];
      for (int j = 1; j <= y.length; j++) {
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1]) {
          cur[j] = Math.min(cur[j], before[j - 2] + 1);
        }
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > limit) {
        return limit + 1;
      }
      int[] t = before;
      before = prev;
      prev = cur;
      cur = t;
    }
    return Math.min(prev[y.length], limit + 1);
  }

}
