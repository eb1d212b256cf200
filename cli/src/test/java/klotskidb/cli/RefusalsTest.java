package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import klotskidb.enumerator.IllegalCodeException;
import org.junit.jupiter.api.Test;

/**
 * Every refusal the code can give a client by its reason ({@code InputException.because},
 * {@code NotFoundException(message, kind, ...)}, an exception's {@code KIND}, every {@link
 * IllegalCodeException.Reason}) is in
 * the API's description ({@code openapi.json}'s Error.reason) and has the page's Chinese sentence
 * ({@code why-KIND} in index.html), and nothing listed there is no longer thrown: the lists are
 * checked against the code, not kept beside it.
 */
class RefusalsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyReasonIsDescribedAndSaidInChinese() throws Exception {
    TreeSet<String> thrown = new TreeSet<>();
    Pattern because = Pattern.compile("because\\(\\s*\"([a-z_]+)\"");
    Pattern notFound = Pattern.compile("NotFoundException\\([^;]*?,\\s*\"([a-z_]+)\",", Pattern.DOTALL);
    Pattern constant = Pattern.compile("String KIND = \"([a-z_]+)\"");
    try (Stream<Path> files = Files.walk(ROOT)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/")
          && !f.toString().contains("/target/")).toList()) {
        String text = Files.readString(f);
        for (Pattern p : List.of(because, notFound, constant)) {
          Matcher m = p.matcher(text);
          while (m.find()) {
            thrown.add(m.group(1));
          }
        }
      }
    }
    for (IllegalCodeException.Reason r : IllegalCodeException.Reason.values()) {
      thrown.add("code_" + r.name().toLowerCase(Locale.ROOT));
    }
    assertTrue(thrown.size() > 15 && thrown.contains("ambiguous_short_code") && thrown.contains("unsolvable"), thrown.toString());

    String api = Files.readString(ROOT.resolve("server/src/main/resources/klotskidb/server/openapi.json"));
    Matcher e = Pattern.compile("\"reason\": \\{\"type\": \"string\", \"enum\": \\[([^]]*)]").matcher(api);
    assertTrue(e.find(), "openapi.json describes Error.reason");
    TreeSet<String> described = new TreeSet<>();
    for (String s : e.group(1).split(",")) {
      described.add(s.trim().replace("\"", ""));
    }
    assertEquals(thrown, described, "openapi.json's Error.reason against the reasons thrown");

    String page = Files.readString(ROOT.resolve("server/src/main/resources/klotskidb/server/index.html"));
    List<String> unsaid = new ArrayList<>();
    for (String r : thrown) {
      if (!page.contains("\"why-" + r + "\":") && !(r.equals("not_analysed") && page.contains("b.reason === \"not_analysed\""))) {
        unsaid.add(r);
      }
    }
    assertEquals(List.of(), unsaid, "reasons the Chinese page has no sentence for");
  }
}
