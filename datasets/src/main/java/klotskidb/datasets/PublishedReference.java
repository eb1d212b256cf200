package klotskidb.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The published facts of the original HRD_Database release (v1.2) that {@code verify} and
 * {@code release} compare with: the count tables and the checksums of its 408 files. By default
 * the copy shipped inside the jar ({@code klotskidb/datasets/published/}, its provenance in the
 * README there); {@code --published DIR} reads a folder of the same files instead.
 *
 * <pre>
 *   PublishedReference.shipped().fileChecksums().get("farthest_5-4-1.csv")   // "MD5 LINES BYTES"
 *   PublishedReference.shipped().fileChecksums().get("main.csv")             // "4b99d2ad... ? ?"
 * </pre>
 *
 * Why shipped: a check that silently does not run is worse than none. An overnight release started
 * from any folder compares every file; a run that cannot compare fails unless told not to.
 */
public final class PublishedReference {
  private static final String RESOURCE = "/klotskidb/datasets/published/";
  /** Every file of the reference; the whole-file MD5s may instead be in a folder's README.md. */
  public static final List<String> FILES = List.of("jiang_bing_count.tsv", "style_count.tsv", "group_num.tsv",
      "group_size.tsv", "farthest_checksum.tsv", "solution_checksum.tsv", "whole_file_checksum.tsv");

  private final Path dir; // null: the shipped copy

  private PublishedReference(Path dir) {
    this.dir = dir;
  }

  /** The copy inside the jar. */
  public static PublishedReference shipped() {
    return new PublishedReference(null);
  }

  /** A folder of the same files ({@code --published DIR}); refused when it is not a folder. */
  public static PublishedReference at(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("no folder of published tables at " + dir);
    }
    return new PublishedReference(dir);
  }

  /** {@link #at} the folder, or {@link #shipped} when it is null. */
  public static PublishedReference of(Path dirOrNull) {
    return dirOrNull == null ? shipped() : at(dirOrNull);
  }

  /** For the summaries: what was compared against. */
  public String source() {
    return dir == null ? "the published reference shipped with klotski-db (HRD_Database v1.2)"
        : "the published reference in " + dir;
  }

  /** Where a file is, for messages. */
  public String where(String file) {
    return dir == null ? "klotski-db's shipped " + file : dir.resolve(file).toString();
  }

  /** The lines of a file of the reference, or null when it has none of that name. */
  public List<String> lines(String file) throws IOException {
    if (dir != null) {
      Path f = dir.resolve(file);
      return Files.exists(f) ? Files.readAllLines(f) : null;
    }
    try (InputStream in = PublishedReference.class.getResourceAsStream(RESOURCE + file)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  /**
   * The published checksum of every release file: the per-class files "MD5 LINES BYTES"
   * (farthest_checksum.tsv, solution_checksum.tsv), All_Case.txt and main.csv "MD5 ? ?" (only their
   * MD5 was published: whole_file_checksum.tsv, or in a folder without it the README's list).
   */
  public Map<String, String> fileChecksums() throws IOException {
    Map<String, String> ref = new LinkedHashMap<>();
    for (String table : List.of("farthest_checksum.tsv", "solution_checksum.tsv")) {
      List<String> lines = lines(table);
      if (lines == null) {
        continue;
      }
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
        String[] p = line.split("\t");
        if (p.length == 4) {
          ref.put(p[0], p[1] + " " + p[2] + " " + p[3]);
        }
      }
    }
    List<String> whole = lines("whole_file_checksum.tsv");
    if (whole != null) {
      for (String line : whole.subList(Math.min(1, whole.size()), whole.size())) {
        String[] p = line.split("\t");
        if (p.length == 2) {
          ref.put(p[0], p[1] + " ? ?");
        }
      }
    } else if (lines("README.md") != null) {
      String text = String.join("\n", lines("README.md"));
      for (String file : List.of("All_Case.txt", "main.csv")) {
        // the first MD5 in the file's own list item (main.csv's item quotes its columns first)
        Matcher m = Pattern.compile("`" + Pattern.quote(file) + "`((?!\\n- ).)*?MD5 `([0-9a-f]{32})`", Pattern.DOTALL)
            .matcher(text);
        if (m.find()) {
          ref.put(file, m.group(2) + " ? ?");
        }
      }
    }
    return ref;
  }

  /** The published MD5 of one release file, or null. */
  public String md5(String file) throws IOException {
    String sum = fileChecksums().get(file);
    return sum == null ? null : sum.substring(0, sum.indexOf(' '));
  }
}
