package klotskidb.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The published reference tables in {@code ../shared/published}, read in place (never copied into
 * the repository). The build passes the folder as system property {@code klotski.published};
 * {@code KLOTSKI_PUBLISHED} in the environment overrides it.
 */
public final class Published {
  private Published() {}

  public static Path dir() {
    String env = System.getenv("KLOTSKI_PUBLISHED");
    String prop = System.getProperty("klotski.published");
    Path dir = Paths.get(env != null ? env : prop != null ? prop : "../shared/published");
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException("published tables not found at " + dir.toAbsolutePath()
          + " (set KLOTSKI_PUBLISHED or -Dklotski.published)");
    }
    return dir;
  }

  /** The rows of a published TSV file, header dropped, each split on tabs. */
  public static List<String[]> rows(String file) {
    try {
      List<String> lines = Files.readAllLines(dir().resolve(file));
      List<String[]> rows = new ArrayList<>();
      for (String line : lines.subList(1, lines.size())) {
        if (!line.isEmpty()) {
          rows.add(line.split("\t"));
        }
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The rows of a published TSV of integers. */
  public static List<long[]> numbers(String file) {
    List<long[]> out = new ArrayList<>();
    for (String[] row : rows(file)) {
      long[] values = new long[row.length];
      for (int i = 0; i < row.length; i++) {
        values[i] = Long.parseLong(row[i]);
      }
      out.add(values);
    }
    return out;
  }
}
