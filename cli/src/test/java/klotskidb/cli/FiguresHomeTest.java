package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Measured figures have one home, BENCHMARKS.md: README, SCHEMA.md, the modules' READMEs and the
 * comments of the main sources say why and cite its rows by name. A duration or a rate written
 * there (81 ms, 2.6-3.6 ns, 37 min, 7,255 answers/s) is a figure out of its home and fails this
 * test, naming the file and line; so does a citation of a BENCHMARKS.md row that does not exist.
 * Budgets and targets ("within 10 min", "target: 1 s") are not measurements; the bench module's
 * comments describe its settings and targets, its results are BENCHMARKS.md's.
 */
class FiguresHomeTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final Pattern FIGURE = Pattern.compile("(?<![\\w.#-])\\d[\\d,.]*(?:\\s?[-–]\\s?\\d[\\d,.]*)?\\s?"
      + "(?:ns|µs|ms|s|sec|seconds|min|minutes|h|hours)\\b(?!-)|\\d[\\d,.]*\\s?(?:look-ups|answers|requests)/s");

  /**
   * A measured comparison: "20% faster", "40% smaller than", "5x slower", "within 10% of", "about
   * 6% of analyse's CPU" (a share of the data, "7% of the work", is no measurement).
   */
  private static final Pattern RATIO = Pattern.compile("(?i)(?<![\\w.#-])\\d[\\d,.]*\\s?(?:%|x\\b|×)\\s*"
      + "(?:[\\w'-]+\\s+){0,3}?(?:faster|slower|smaller|larger|less|more|of\\s+\\S+\\s+(?:cpu|time|puts))\\b"
      + "|\\bwithin\\s+\\d[\\d.]*\\s?%");

  /** A citation: BENCHMARKS.md, row "name" (or rows `a` and `b`). */
  private static final Pattern CITED = Pattern.compile("BENCHMARKS\\.md[,:]? rows? [\"`]([^\"`]+)[\"`]");

  private static List<Path> documents() throws IOException {
    List<Path> out = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("ARCHITECTURE.md"),
        ROOT.resolve("db-schema/SCHEMA.md"), ROOT.resolve("pom.xml")));
    try (Stream<Path> s = Files.walk(ROOT, 2)) {
      s.filter(p -> (p.getFileName().toString().equals("README.md") || p.getFileName().toString().equals("pom.xml"))
              && p.getParent().getParent().equals(ROOT))
          .forEach(out::add);
    }
    try (Stream<Path> s = Files.walk(ROOT)) {
      s.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
              && !ROOT.relativize(p).startsWith("bench"))
          .forEach(out::add);
    }
    return out;
  }

  /** The comment lines of a Java file; every line of a Markdown file. */
  private static boolean prose(Path file, String line) {
    String t = line.strip();
    return !file.toString().endsWith(".java") || t.startsWith("*") || t.startsWith("//") || t.startsWith("/**");
  }

  @Test
  void measuredFiguresLiveInBenchmarksOnly() throws IOException {
    List<String> found = new ArrayList<>();
    int files = 0;
    for (Path f : documents()) {
      files++;
      List<String> lines = Files.readAllLines(f);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        String lower = line.toLowerCase(Locale.ROOT);
        boolean figure = FIGURE.matcher(line).find() && !lower.contains("within") && !lower.contains("target");
        if (prose(f, line) && (figure || RATIO.matcher(line).find())) {
          found.add(ROOT.relativize(f) + ":" + (i + 1) + ": " + line.strip());
        }
      }
    }
    assertTrue(files > 100, files + " files read: is the repository root " + ROOT + "?");
    assertEquals(List.of(), found, "measured figures outside BENCHMARKS.md (cite its row instead)");
  }

  @Test
  void everyCitedRowExists() throws IOException {
    String benchmarks = Files.readString(ROOT.resolve("BENCHMARKS.md"));
    List<String> missing = new ArrayList<>();
    int cited = 0;
    for (Path f : documents()) {
      // a citation may wrap: read the comment text of the file joined into one line
      StringBuilder text = new StringBuilder();
      for (String line : Files.readAllLines(f)) {
        if (prose(f, line)) {
          text.append(line.strip().replaceFirst("^(/\\*\\*|\\*|//)\\s?", "")).append(' ');
        }
      }
      Matcher m = CITED.matcher(text);
      while (m.find()) {
        cited++;
        String row = m.group(1).replace("...", "").strip();
        for (String part : row.split(" {2,}")) {
          if (!benchmarks.contains(part)) {
            missing.add(ROOT.relativize(f) + ": \"" + row + "\"");
          }
        }
      }
    }
    assertTrue(cited >= 20, cited + " citations found");
    assertEquals(List.of(), missing, "citations of rows BENCHMARKS.md does not have");
  }
}
