package klotskidb.db;

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
 *                    analysis 25955 crc32c:0a1b2c3d;group_analysis 2 crc32c:77e01f00
 * </pre>
 *
 * (one line) -- the MD5, lines and bytes of the per-class files {@code farthest_5-4-1.csv} and
 * {@code solution_5-4-1.csv} (compared with the published checksums by {@code verify
 * --published}), the seconds the class took, and the rows and CRC32C of the class's rows in the
 * {@code analysis} and {@code group_analysis} families in key order (recomputed by {@code verify
 * --deep}). Markers written before the row checksums existed lack the last two parts; they
 * parse with those parts null.
 */
public record AnalysisMarker(String farthestFile, String solutionFile, double seconds, String analysisRows,
    String groupAnalysisRows) {
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
    return new AnalysisMarker(farthest, solution, s, parts.get(Schema.ANALYSIS), parts.get(Schema.GROUP_ANALYSIS));
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
