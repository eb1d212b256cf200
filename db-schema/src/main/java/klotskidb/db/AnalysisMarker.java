package klotskidb.db;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The meta row {@code analysed.J-B-S} that {@code klotski analyse} writes with a class's values:
 * the class is analysed exactly when its marker is there. It records what the class's values
 * give, so that checks need no second BFS:
 *
 * <pre>
 *   analysed.5-4-1 = farthest 0f3c... 25955 1203344;solution 9a1e... 25955 712300;3.2;
 *                    analysis 25955 crc32c:0a1b2c3d;group_analysis 2 crc32c:77e01f00;
 *                    farthest_sizes 0,0,12,...;find_farthest 31 crc32c:5e0c91aa
 * </pre>
 *
 * (one line) -- the MD5, lines and bytes of the per-class files {@code farthest_5-4-1.csv} and
 * {@code solution_5-4-1.csv} (compared with the published checksums by {@code verify
 * --published}), the seconds the class took, and the rows and CRC32C of the class's rows in the
 * {@code analysis} and {@code group_analysis} families in key order (recomputed by {@code verify
 * --deep}), and how many of the class's layouts have each farthest_step ({@code farthest_sizes
 * 0,0,12,...}, index = the step: what makes {@code find}'s totals over a farthest range exact),
 * and the rows and CRC32C of the class's rows in {@code find_farthest} ({@link FindFarthestCodec}:
 * {@code find} searches the class by farthest_step without a look-up per layout).
 * Markers written before the row checksums, the sizes or the index existed lack those parts;
 * they parse with those parts null ({@code klotski analyse} adds the last two from the stored
 * values).
 */
public record AnalysisMarker(String farthestFile, String solutionFile, double seconds, String analysisRows,
    String groupAnalysisRows, int[] farthestSizes, String findFarthestRows) {
  /** The meta part of the farthest sizes. */
  static final String FARTHEST_SIZES = "farthest_sizes";

  /** Whether {@code find} reads the class's farthest_step from {@code find_farthest} (and its sizes here). */
  public boolean indexed() {
    return findFarthestRows != null && farthestSizes != null;
  }

  /** This marker with the sizes and the rows of the class's {@code find_farthest} index. */
  public AnalysisMarker withIndex(int[] sizes, String indexRows) {
    return new AnalysisMarker(farthestFile, solutionFile, seconds, analysisRows, groupAnalysisRows, sizes, indexRows);
  }

  /** Layouts of the class whose farthest_step is in [min, max] (-1: open), or -1 when the marker has no sizes. */
  public long farthestBetween(int min, int max) {
    if (farthestSizes == null) {
      return -1;
    }
    long n = 0;
    for (int s = Math.max(0, min); s < farthestSizes.length && (max < 0 || s <= max); s++) {
      n += farthestSizes[s];
    }
    return n;
  }

  /** Parses a marker's value; throws {@link DatabaseException} naming the class when malformed. */
  public static AnalysisMarker parse(String className, String value) {
    Map<String, String> parts = new LinkedHashMap<>();
    String seconds = null;
    for (String part : value.split(";")) {
      int space = part.indexOf(' ');
      if (space < 0) {
        seconds = part;
      } else {
        parts.put(part.substring(0, space), part.substring(space + 1));
      }
    }
    String farthest = parts.get("farthest");
    String solution = parts.get("solution");
    double s;
    try {
      s = seconds == null ? Double.NaN : Double.parseDouble(seconds);
    } catch (NumberFormatException e) {
      s = Double.NaN;
    }
    if (farthest == null || solution == null || Double.isNaN(s)) {
      throw new DatabaseException("the marker " + Schema.META_ANALYSED_PREFIX + className
          + " in meta is malformed (expected 'farthest MD5 LINES BYTES;solution MD5 LINES BYTES;SECONDS;...')");
    }
    int[] sizes = null;
    String sizesText = parts.get(FARTHEST_SIZES);
    if (sizesText != null) {
      try {
        sizes = Arrays.stream(sizesText.split(",")).mapToInt(Integer::parseInt).toArray();
      } catch (NumberFormatException e) {
        throw new DatabaseException("the marker " + Schema.META_ANALYSED_PREFIX + className
            + " in meta is malformed (its " + FARTHEST_SIZES + " are not numbers)");
      }
    }
    return new AnalysisMarker(farthest, solution, s, parts.get(Schema.ANALYSIS), parts.get(Schema.GROUP_ANALYSIS),
        sizes, parts.get(Schema.FIND_FARTHEST));
  }

  /** The value stored in meta. */
  public String format() {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "farthest %s;solution %s;%.1f", farthestFile,
        solutionFile, seconds));
    if (analysisRows != null) {
      sb.append(';').append(Schema.ANALYSIS).append(' ').append(analysisRows);
    }
    if (groupAnalysisRows != null) {
      sb.append(';').append(Schema.GROUP_ANALYSIS).append(' ').append(groupAnalysisRows);
    }
    if (farthestSizes != null) {
      sb.append(';').append(FARTHEST_SIZES).append(' ');
      for (int i = 0; i < farthestSizes.length; i++) {
        sb.append(i == 0 ? "" : ",").append(farthestSizes[i]);
      }
    }
    if (findFarthestRows != null) {
      sb.append(';').append(Schema.FIND_FARTHEST).append(' ').append(findFarthestRows);
    }
    return sb.toString();
  }

  /** "MD5 LINES BYTES" of the per-class file of this kind ("farthest" or "solution"). */
  public String file(String kind) {
    return switch (kind) {
      case "farthest" -> farthestFile;
      case "solution" -> solutionFile;
      default -> throw new IllegalArgumentException("no per-class file kind " + kind);
    };
  }
}
