package klotskidb.datasets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import klotskidb.db.AnalysisMarker;

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

  public static List<Result> verify(Path published, Map<String, CountTables.Table> actual) throws IOException {
    return verify(published, actual, Map.of());
  }

  /**
   * @param analysed analysed classes "J-B-S" -> their markers, as {@code klotski analyse} recorded them
   */
  public static List<Result> verify(Path published, Map<String, CountTables.Table> actual,
      Map<String, AnalysisMarker> analysed)
      throws IOException {
    if (!Files.isDirectory(published)) {
      throw new IllegalArgumentException("no folder of published tables at " + published);
    }
    List<Result> results = new ArrayList<>();
    for (String name : CountTables.PUBLISHED) {
      Path file = published.resolve(name + ".tsv");
      if (!Files.exists(file)) {
        results.add(new Result(name, false, true, "missing: " + file));
        continue;
      }
      results.add(compare(name, file, actual.get(name)));
    }
    for (String name : List.of("farthest_checksum", "solution_checksum")) {
      Path file = published.resolve(name + ".tsv");
      if (Files.exists(file)) {
        results.add(checksums(name, file, analysed));
      }
    }
    return results;
  }

  /**
   * The published class sizes ({@code style_count.tsv}) against the layouts counted per class by
   * a full scan of the {@code cases} family: checks the layout records themselves, where the
   * count tables check the group records.
   */
  public static Result verifyClassCounts(Path published, CountTables.Table fromCases) {
    Path file = published.resolve("style_count.tsv");
    String name = "cases vs style_count";
    if (!Files.exists(file)) {
      return new Result(name, false, true, "missing: " + file);
    }
    Result r = compare(name, file, fromCases);
    return r.ok() ? new Result(name, true, true, r.line().replace(")", ", counted by a scan of every layout)")) : r;
  }

  /** Published per-class file checksums against those recorded for the analysed classes. */
  private static Result checksums(String name, Path file, Map<String, AnalysisMarker> analysed) {
    if (analysed.isEmpty()) {
      return new Result(name, true, false, "not checked: no class of this database has been analysed "
          + "(klotski analyse)");
    }
    String kind = name.substring(0, name.indexOf('_')); // farthest or solution
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException | RuntimeException e) {
      return new Result(name, false, true, "unreadable: " + file + ": " + e.getMessage());
    }
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
      return new Result(name, true, checked > 0, "ok (" + checked + " analysed classes"
          + (notYet > 0 ? "; " + notYet + " not analysed yet" : "") + ")");
    }
    return new Result(name, false, true, differing + " of " + checked + " analysed classes differ; "
        + String.join("; ", diffs));
  }

  private static Result compare(String name, Path file, CountTables.Table actual) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException | RuntimeException e) {
      return new Result(name, false, true, "unreadable: " + file + ": " + e.getMessage());
    }
    if (lines.isEmpty()) {
      return new Result(name, false, true, "malformed: " + file + " is empty");
    }
    List<String> header = Arrays.asList(lines.get(0).split("\t", -1));
    if (!header.equals(actual.header())) {
      return new Result(name, false, true, "malformed: header " + header + ", expected " + actual.header());
    }
    List<long[]> expected = new ArrayList<>();
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
              + " is not a number: " + klotskidb.enumerator.UserText.quote(fields[f]));
        }
      }
      expected.add(row);
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
        diffs.add("row " + (r + 1) + ": expected " + show(e) + ", actual " + show(a));
      }
    }
    if (differing == 0) {
      return new Result(name, true, true, "ok (" + expected.size() + " rows)");
    }
    return new Result(name, false, true, differing + " of " + expected.size() + " rows differ"
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
