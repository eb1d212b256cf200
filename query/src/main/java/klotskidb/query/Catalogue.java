package klotskidb.query;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.enumerator.Code;

/**
 * The named layouts players know, 横刀立马 and the rest, from {@code catalogue.tsv} (824 entries
 * in five sections, each with its source):
 *
 * <pre>
 *   1A9BF0C00  横刀立马  héng dāo lì mǎ  tieba-40        the first of the 40 classics
 *   resolve("横刀立马")   -> 1A9BF0C00
 *   resolve("四面楚歌")   -> refused: three layouts carry the name; "四面楚歌:2" picks the second
 *   namesOf(0x1A9BF0C00) -> [横刀立马]
 * </pre>
 *
 * Names are facts carried with their source; the step counts shown beside them are computed
 * from the database, never taken from a source. A name may name several layouts (in one source or
 * across sources: the 四面楚歌 of the 40 classics, of the common list and of 林雨霖's 68 differ),
 * and a layout may have several names (瓮中之鳖 and 小燕出巢 are one layout); so a bare name that
 * names several layouts is refused with the choices, and {@code NAME:N} picks the N-th distinct
 * layout in catalogue order. Every text with a character outside ASCII is read as a name: no code,
 * id or short code has one.
 */
public final class Catalogue {
  /** Where a section of the catalogue comes from, as the gathered file states it. */
  public record Source(String id, String title, String origin) {}

  /** One named layout: its code, name, pinyin (the 40 classics; empty otherwise) and source id. */
  public record Entry(long code, String name, String pinyin, String source) {}

  /** The source whose layouts are the classics, the page's gallery. */
  public static final String CLASSICS = "tieba-40";

  private static volatile Catalogue shipped;

  private final List<Source> sources;
  private final List<Entry> entries;
  private final Map<String, List<Long>> codesByName = new LinkedHashMap<>();
  private final Map<Long, List<String>> namesByCode = new LinkedHashMap<>();

  private Catalogue(List<Source> sources, List<Entry> entries) {
    this.sources = List.copyOf(sources);
    this.entries = List.copyOf(entries);
    for (Entry e : entries) {
      List<Long> codes = codesByName.computeIfAbsent(e.name(), k -> new ArrayList<>());
      if (!codes.contains(e.code())) {
        codes.add(e.code());
      }
      List<String> names = namesByCode.computeIfAbsent(e.code(), k -> new ArrayList<>());
      if (!names.contains(e.name())) {
        names.add(e.name());
      }
    }
  }

  /** The catalogue shipped in the jar. */
  public static Catalogue get() {
    Catalogue c = shipped;
    if (c == null) {
      try (InputStream in = Catalogue.class.getResourceAsStream("catalogue.tsv")) {
        if (in == null) {
          throw new IllegalStateException("catalogue.tsv is missing from the jar");
        }
        c = read(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      shipped = c;
    }
    return c;
  }

  static Catalogue read(InputStream in) throws IOException {
    List<Source> sources = new ArrayList<>();
    List<Entry> entries = new ArrayList<>();
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    for (String line; (line = r.readLine()) != null; ) {
      String[] f = line.split("\t", -1);
      if (line.startsWith("#source\t")) {
        sources.add(new Source(f[1], f[2], f[3]));
      } else if (!line.startsWith("#") && !line.isBlank()) {
        if (f.length != 4) {
          throw new IllegalStateException("catalogue.tsv: not 4 columns: " + line);
        }
        entries.add(new Entry(Code.parse(f[0]), f[1], f[2], f[3]));
      }
    }
    return new Catalogue(sources, entries);
  }

  public List<Source> sources() {
    return sources;
  }

  /** Every entry, in catalogue order (a layout once per name and source). */
  public List<Entry> entries() {
    return entries;
  }

  /** The distinct names of a layout, in catalogue order; empty when it has none. */
  public List<String> namesOf(long code) {
    return namesByCode.getOrDefault(code, List.of());
  }

  /** The distinct layouts a name names, in catalogue order; empty when none. */
  public List<Long> codesNamed(String name) {
    return codesByName.getOrDefault(name, List.of());
  }

  /**
   * The source of this id ({@code tieba-40}: the 40 classics), or a refusal listing the ids.
   *
   * @param naming how the asker spells the word ({@code --source}, {@code 'source'})
   */
  public Source source(String id, UnaryOperator<String> naming) {
    for (Source s : sources) {
      if (s.id().equals(id)) {
        return s;
      }
    }
    throw new InputException(naming.apply("source") + " must be one of the catalogue's sources ("
        + String.join(", ", sources.stream().map(Source::id).toList()) + "), not " + UserText.quote(id));
  }

  /** The distinct layouts a source names, in its order (a layout it names twice, once). */
  public List<Long> codesOf(Source source) {
    List<Long> codes = new ArrayList<>();
    for (Entry e : entries) {
      if (e.source().equals(source.id()) && !codes.contains(e.code())) {
        codes.add(e.code());
      }
    }
    return codes;
  }

  /**
   * The one layout {@code name} names in {@code source}, or -1 (it names none there, or several):
   * a name several sources give to different layouts read as this source's ({@code sheet --stdin
   * --source}).
   */
  public long codeIn(Source source, String name) {
    long found = -1;
    for (Entry e : entries) {
      if (e.source().equals(source.id()) && e.name().equals(name.trim())) {
        if (found >= 0 && found != e.code()) {
          return -1;
        }
        found = e.code();
      }
    }
    return found;
  }

  /** Whether text is read as a name: it has a character outside ASCII. */
  public static boolean looksLikeName(String text) {
    return text.chars().anyMatch(ch -> ch > 0x7F);
  }

  /**
   * Whether ASCII text is read as a name in pinyin rather than as a code: Latin letters (one at
   * least outside A-F, so no code), spaces, apostrophes and tone digits, a letter first.
   */
  public static boolean looksLikePinyin(String text) {
    String s = text.trim();
    return !s.isEmpty() && Character.isLetter(s.charAt(0)) && Spellings.looksLikePinyin(s)
        && s.chars().anyMatch(ch -> Character.isLetter(ch) && Character.digit(ch, 16) < 0);
  }

  /**
   * A name refused: one the catalogue does not hold however spelled ({@link Kind#UNKNOWN}, with
   * the nearest names), or one that names several layouts, or a pinyin that reads as several
   * names, given without N ({@link Kind#AMBIGUOUS}, with what to give instead). Both are usage
   * errors (exit 2); the API answers an unknown name 404, as a layout the database does not hold,
   * and an ambiguous one 400 ({@link Errors}).
   */
  public static final class NameRefused extends InputException {
    private static final long serialVersionUID = 1L;

    /** Why the name is refused: its error's stable code and the name of its list. */
    public enum Kind {
      UNKNOWN("unknown_name", "suggestions"), AMBIGUOUS("ambiguous_name", "choices");

      public final String code;
      public final String listName;

      Kind(String code, String listName) {
        this.code = code;
        this.listName = listName;
      }
    }

    public final Kind kind;
    /** The text as typed. */
    public final String input;
    /** The nearest names, nearest first (unknown: may be empty), or what to give instead (ambiguous: NAME:N, or each name). */
    public final List<String> options;

    NameRefused(Kind kind, String message, String input, List<String> options) {
      super(message);
      this.kind = kind;
      this.input = input;
      this.options = List.copyOf(options);
    }
  }

  private volatile Spellings spellings;

  /** The spellings of the catalogue's names (read when a name is not typed as the catalogue has it). */
  Spellings spellings() {
    Spellings sp = spellings;
    if (sp == null) {
      sp = Spellings.of(codesByName.keySet());
      spellings = sp;
    }
    return sp;
  }

  /** What a message says the catalogue holds: as README counts it. */
  private String holds() {
    return "the catalogue's " + entries.size() + " named layouts, by name in characters or pinyin";
  }

  /**
   * The code of the layout a name (or {@code NAME:N}) names.
   *
   * @throws NameRefused when no layout has the name (kind UNKNOWN, with the nearest names: a 404) or it
   *     names several layouts and no N is given (kind AMBIGUOUS, with the choices: a 400)
   * @throws InputException when N is out of range
   */
  public long resolve(String text) {
    String s = text.trim();
    int pick = 0;
    int colon = s.lastIndexOf(':');
    if (colon > 0 && colon < s.length() - 1 && colon >= s.length() - 4
        && s.substring(colon + 1).chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      pick = Integer.parseInt(s.substring(colon + 1));
      s = s.substring(0, colon).trim();
    }
    List<Long> codes = codesNamed(s);
    if (codes.isEmpty()) {
      List<String> names = spellings().namesFor(s);
      if (names.size() > 1) {
        throw new NameRefused(NameRefused.Kind.AMBIGUOUS, UserText.quote(s) + " names " + names.size() + " names: " + String.join(", ", names)
            + "; give one of them", s, names);
      }
      if (names.isEmpty()) {
        List<String> near = spellings().nearest(s, 5);
        throw new NameRefused(NameRefused.Kind.UNKNOWN, UserText.quote(s) + " names no layout (" + holds() + ")"
            + (looksLikeName(s) ? "" : "; nor is it a code (hex digits 0-9, A-F)")
            + (near.isEmpty() ? "" : "; did you mean " + String.join(", ", near) + "?"), s, near);
      }
      s = names.get(0);
      codes = codesNamed(s);
    }
    if (pick == 0 && codes.size() > 1) {
      StringBuilder b = new StringBuilder(UserText.quote(s) + " names " + codes.size() + " layouts: ");
      List<String> choices = new ArrayList<>();
      for (int i = 0; i < codes.size(); i++) {
        b.append(i == 0 ? "" : ", ").append(s).append(':').append(i + 1).append(" (").append(Code.format(codes.get(i)))
            .append(", ").append(String.join(" and ", sourcesOf(s, codes.get(i)))).append(')');
        choices.add(s + ":" + (i + 1));
      }
      throw new NameRefused(NameRefused.Kind.AMBIGUOUS, b.append("; give one of them").toString(), text.trim(), choices);
    }
    if (pick > codes.size()) {
      throw new InputException(UserText.quote(s) + " names " + UserText.count(codes.size(), "layout", "layouts")
          + ": " + s + ":" + pick + " is none of them");
    }
    return codes.get(Math.max(pick, 1) - 1);
  }

  private List<String> sourcesOf(String name, long code) {
    List<String> ids = new ArrayList<>();
    for (Entry e : entries) {
      if (e.code() == code && e.name().equals(name) && !ids.contains(e.source())) {
        ids.add(e.source());
      }
    }
    return ids;
  }

}
