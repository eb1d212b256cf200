package klotskidb.datasets;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import klotskidb.base.UserText;
import klotskidb.db.AnalysisMarker;
import klotskidb.enumerator.LayoutClass;

/**
 * Compares published TSV tables with the ones derived from the database: one line per table,
 * {@code ok}, or the number of differing rows and the first few with expected and actual values.
 * A missing, unreadable or malformed published file is a failure of its own, never a crash.
 */
public final class Verifier {
  /** The outcome for one table. */
  public record Result(String table, boolean ok, boolean checked, String line) {}

  private static final int SHOWN = 3;

  private Verifier() {}

  public static List<Result> verify(PublishedReference published, Map<String, CountTables.Table> actual)
      throws IOException {
    return verify(published, actual, Map.of(), null);
  }

  /**
   * @param analysed analysed classes "J-B-S" -> their markers, as {@code klotski analyse} recorded them
   * @param present the classes the database holds ("J-B-S"), or null for all 203: a database built
   *     for some classes is compared on the rows of those classes (a jiang-bing count only when
   *     all the pair's classes are there)
   */
  public static List<Result> verify(PublishedReference published, Map<String, CountTables.Table> actual,
      Map<String, AnalysisMarker> analysed, Set<String> present) throws IOException {
    List<Result> results = new ArrayList<>();
    for (String name : CountTables.PUBLISHED) {
      results.add(compare(name, published, name + ".tsv", actual.get(name), present));
    }
    for (String name : List.of("farthest_checksum", "solution_checksum")) {
      List<String> lines = published.lines(name + ".tsv");
      if (lines != null) {
        results.add(checksums(name, lines, analysed));
      }
    }
    return results;
  }

  /**
   * The published class sizes ({@code style_count.tsv}) against the layouts counted per class by
   * a full scan of the {@code cases} family: checks the layout records themselves, where the
   * count tables check the group records.
   */
  public static Result verifyClassCounts(PublishedReference published, CountTables.Table fromCases,
      Set<String> present) {
    String name = "cases vs style_count";
    Result r = compare(name, published, "style_count.tsv", fromCases, present);
    return r.ok() && r.checked() ? new Result(name, true, true, r.line().replaceFirst("\\)$",
        ", counted by a scan of every layout)")) : r;
  }

  /**
   * Whether a row of a count table (jiang, bing[, style, ...]) is about classes the database holds:
   * all of them ({@code present} null), its class, or for a jiang-bing row all of the pair's classes.
   */
  private static boolean holds(Set<String> present, String table, long[] row) {
    if (present == null || row == null) {
      return true;
    }
    if (table.equals("jiang_bing_count")) {
      for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
        if (LayoutClass.jiangOf(cls) == row[0] && LayoutClass.bingOf(cls) == row[1]
            && !present.contains(LayoutClass.name(cls))) {
          return false;
        }
      }
      return true;
    }
    return present.contains(row[0] + "-" + row[1] + "-" + row[2]);
  }

  /** Published per-class file checksums against those recorded for the analysed classes. */
  private static Result checksums(String name, List<String> lines, Map<String, AnalysisMarker> analysed) {
    if (analysed.isEmpty()) {
      return new Result(name, true, false, "not checked: no class of this database has been analysed "
          + "(klotski analyse)");
    }
    String kind = name.substring(0, name.indexOf('_')); // farthest or solution
    if (lines.isEmpty() || !lines.get(0).equals("file\tmd5\tlines\tbytes")) {
      return new Result(name, false, true, "malformed: expected the header file, md5, lines, bytes");
    }
    int checked = 0;
    int differing = 0;
    List<String> diffs = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split("\t", -1);
      if (f.length != 4 || !f[0].startsWith(kind + "_") || !f[0].endsWith(".csv")) {
        return new Result(name, false, true, "malformed: line " + (i + 1) + ": " + lines.get(i));
      }
      String cls = f[0].substring(kind.length() + 1, f[0].length() - 4);
      AnalysisMarker recorded = analysed.get(cls);
      if (recorded == null) {
        continue;
      }
      checked++;
      String want = f[1] + " " + f[2] + " " + f[3];
      String got = recorded.file(kind);
      if (!want.equals(got)) {
        differing++;
        if (diffs.size() < SHOWN) {
          diffs.add(f[0] + ": expected " + want + ", actual " + got);
        }
      }
    }
    int notYet = lines.size() - 1 - checked;
    if (differing == 0) {
      return new Result(name, true, checked > 0, "ok (" + UserText.count(checked, "analysed class", "analysed classes")
          + (notYet > 0 ? "; " + notYet + " not analysed yet" : "") + ")");
    }
    return new Result(name, false, true, differing + " of " + UserText.count(checked, "analysed class", "analysed classes")
        + " " + UserText.noun(differing, "differs", "differ") + "; "
        + String.join("; ", diffs));
  }

  private static Result compare(String name, PublishedReference published, String file, CountTables.Table actual,
      Set<String> present) {
    List<String> lines;
    try {
      lines = published.lines(file);
    } catch (IOException | RuntimeException e) {
      return new Result(name, false, true, "unreadable: " + published.where(file) + ": " + e.getMessage());
    }
    if (lines == null) {
      return new Result(name, false, true, "missing: " + published.where(file));
    }
    if (lines.isEmpty()) {
      return new Result(name, false, true, "malformed: " + published.where(file) + " is empty");
    }
    List<String> header = Arrays.asList(lines.get(0).split("\t", -1));
    if (!header.equals(actual.header())) {
      return new Result(name, false, true, "malformed: header " + header + ", expected " + actual.header());
    }
    List<long[]> expected = new ArrayList<>();
    List<Integer> lineOf = new ArrayList<>(); // each expected row's line in the file (the header is line 1)
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty() && i == lines.size() - 1) {
        break;
      }
      String[] fields = line.split("\t", -1);
      if (fields.length != header.size()) {
        return new Result(name, false, true, "malformed: line " + (i + 1) + " has " + fields.length
            + " fields, expected " + header.size());
      }
      long[] row = new long[fields.length];
      for (int f = 0; f < fields.length; f++) {
        try {
          row[f] = Long.parseLong(fields[f].trim());
        } catch (NumberFormatException e) {
          return new Result(name, false, true, "malformed: line " + (i + 1) + " field " + header.get(f)
              + " is not a number: " + UserText.quote(fields[f]));
        }
      }
      expected.add(row);
      lineOf.add(i + 1);
    }
    int publishedRows = expected.size();
    String table = actual.name();
    for (int r = expected.size() - 1; r >= 0; r--) {
      if (!holds(present, table, expected.get(r))) {
        expected.remove(r);
        lineOf.remove(r);
      }
    }
    List<long[]> rows = new ArrayList<>(actual.rows());
    rows.removeIf(row -> !holds(present, table, row));
    actual = new CountTables.Table(actual.name(), actual.header(), rows);
    // a database of some classes: the rows about them, of all the file's
    String ofAll = present == null ? "" : " of " + publishedRows;
    String about = present == null ? "" : " (those about the classes the database holds)";
    if (present != null && expected.isEmpty()) {
      return new Result(name, true, false, "not checked: no row is about the classes the database holds"
          + (table.equals("jiang_bing_count") ? " (a jiang-bing count needs all the pair's classes)" : ""));
    }
    List<String> diffs = new ArrayList<>();
    int differing = 0;
    int n = Math.max(expected.size(), actual.rows().size());
    for (int r = 0; r < n; r++) {
      long[] e = r < expected.size() ? expected.get(r) : null;
      long[] a = r < actual.rows().size() ? actual.rows().get(r) : null;
      if (e != null && a != null && Arrays.equals(e, a)) {
        continue;
      }
      differing++;
      if (diffs.size() < SHOWN) {
        diffs.add((e != null ? "line " + lineOf.get(r) : "past its last line") + ": expected " + show(e)
            + ", actual " + show(a));
      }
    }
    if (differing == 0) {
      return new Result(name, true, true, "ok (" + UserText.count(expected.size(), "row", "rows") + ofAll
          + (present == null ? "" : ": those about the classes the database holds") + ")");
    }
    return new Result(name, false, true, differing + " of " + UserText.count(expected.size(), "row", "rows") + ofAll
        + " " + UserText.noun(differing, "differs", "differ") + about
        + (expected.size() != actual.rows().size() ? " (the database has " + actual.rows().size() + ")" : "")
        + "; " + String.join("; ", diffs));
  }

  private static String show(long[] row) {
    if (row == null) {
      return "(no row)";
    }
    StringBuilder sb = new StringBuilder();
    for (long v : row) {
      sb.append(sb.length() == 0 ? "" : " ").append(v);
    }
    return sb.toString();
  }
}
