package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import klotskidb.datasets.Release;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.query.Catalogue;
import klotskidb.query.FindFilter;
import klotskidb.query.MoveNotation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code klotski sheet}: the puzzles are find's answers for the same options, in find's order (or
 * the layouts named on standard input, in theirs), each with its solution, the file the same bytes
 * for the same question, with its card and checksum; the options are find's (one declaration); a
 * bad argument is refused before anything is written, a filter that finds nothing writes nothing.
 */
class SheetTest {
  @TempDir static Path temp;
  private static Path db;

  @BeforeAll
  static void database() throws Exception {
    db = Cli.analysedDatabase(); // 5-4-1 analysed, 0-3-0 and 1-2-1; read only
  }

  /** The codes of a sheet's puzzles, in order (each figure's board). */
  private static List<String> codes(String html) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<figure>\n<svg [^>]*aria-label=\"([0-9A-F]{9})\"").matcher(html);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /**
   * A group with a step range, which the index does not count: its total is the answers read so
   * far, so neither the sheet nor find's page says "3 of at least 3"; the last page counts them all.
   */
  @Test
  void aTotalTheIndexDoesNotCountIsNotMadeUp() throws Exception {
    assertEquals("Group 5-4-1-1, at least 80 steps to solve, by class, then steps: the first 3",
        groupSheetsQuestion("80", "3", "en"));
    assertEquals("组 5-4-1-1，最少步数至少 80，按类别、步数：前 3 个", groupSheetsQuestion("80", "3", "zh"));
    assertEquals("Group 5-4-1-1, at least 91 steps to solve, by class, then steps: the first 14 of 14",
        groupSheetsQuestion("91", "30", "en"));
    Cli find = Cli.run("find", "--db", db.toString(), "--group", "5-4-1-1", "--min-steps", "80", "--limit", "3");
    assertEquals(0, find.exit, find.toString());
    assertTrue(find.out.contains("\n(3 layouts; 3 found so far, how many in all is known at the last page; next page: "
        + "--cursor "), find.out);
  }

  /** The question under the title of a sheet of group 5-4-1-1's layouts of {@code minSteps} steps or more. */
  private static String groupSheetsQuestion(String minSteps, String limit, String lang) throws IOException {
    Path file = temp.resolve("group-" + minSteps + "-" + lang + ".html");
    Cli sheet = Cli.run("sheet", "--db", db.toString(), "--group", "5-4-1-1", "--min-steps", minSteps, "--limit", limit,
        "--lang", lang, "--out", file.toString());
    assertEquals(0, sheet.exit, sheet.toString());
    Matcher m = Pattern.compile("<p class=\"question\">([^<]*)</p>").matcher(Files.readString(file));
    assertTrue(m.find(), file.toString());
    return m.group(1);
  }

  @Test
  void aSheetHoldsFindsAnswersInItsOrderWithTheirSolutions() throws Exception {
    String[] question = {"--class", "5-4-1", "--minimal", "false", "--order", "hardest", "--distinct-mirror",
        "--max-optimal", "100"};
    Path file = temp.resolve("set.html");
    List<String> args = new ArrayList<>(List.of("sheet", "--db", db.toString(), "--limit", "7", "--out", file.toString()));
    args.addAll(List.of(question));
    Cli sheet = Cli.run(args.toArray(String[]::new));
    assertEquals(0, sheet.exit, sheet.toString());
    assertEquals("klotski: 7 puzzles to " + file + "\n", sheet.err);
    List<String> find = new ArrayList<>(List.of("find", "--db", db.toString(), "--limit", "7", "--codes-only"));
    find.addAll(List.of(question));
    String html = Files.readString(file);
    assertEquals(Cli.run(find.toArray(String[]::new)).out.lines().toList(), codes(html));
    // the question under the title in words, as the page's finder says it, not the API's query
    assertTrue(html.matches("(?s).*<p class=\"question\">Class 5-4-1, not minimal, at least 1 step to solve, at most 100 "
        + "optimal solutions, one of each mirror pair, hardest first: the first 7 of [0-9,]+</p>.*"), html);
    for (String code : codes(html)) { // each solution as solve gives it, its moves on the sheet
      List<String> path = Cli.run("solve", code, "--db", db.toString(), "--codes-only").out.lines().toList();
      long[] codes = path.stream().mapToLong(Code::parse).toArray();
      String moves = MoveNotation.of(codes);
      assertTrue(html.contains(String.join(" ", moves.substring(0, 20).split("(?<=\\G..)"))), code);
    }
    // the card and checksum beside it; the same bytes again, to standard output too
    assertTrue(Files.readString(temp.resolve("set.html.md")).contains("(`klotski sheet`)"));
    assertEquals(Release.sha256Of(file) + "  set.html\n", Files.readString(temp.resolve("set.html.sha256")));
    byte[] first = Files.readAllBytes(file);
    args.add("--force");
    assertEquals(0, Cli.run(args.toArray(String[]::new)).exit);
    assertTrue(Arrays.equals(first, Files.readAllBytes(file)), "the same bytes for the same question");
    List<String> toStdout = new ArrayList<>(args);
    toStdout.set(toStdout.indexOf("--out") + 1, "-");
    toStdout.remove("--force");
    toStdout.remove(0); // "sheet": as a process of its own (standard output is the process's)
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, Stream.concat(
        Stream.of("sheet"), toStdout.stream()).toArray(String[]::new)))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] streamed = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue());
    assertTrue(Arrays.equals(first, streamed), "the same bytes to standard output");
    // as PDF: its card says so; the same bytes again
    Path pdf = temp.resolve("set.pdf");
    List<String> asPdf = new ArrayList<>(args);
    asPdf.set(asPdf.indexOf("--out") + 1, pdf.toString());
    asPdf.remove("--force");
    Cli p1 = Cli.run(asPdf.toArray(String[]::new));
    if (p1.exit == 2 && p1.err.contains("no font on this machine") && System.getenv("KLOTSKI_REQUIRE_FONT") == null) {
      System.out.println("SKIPPED the PDF part: " + p1.err.trim());
    } else {
      assertEquals(0, p1.exit, p1.toString());
      byte[] once = Files.readAllBytes(pdf);
      assertEquals("%PDF-", new String(once, 0, 5, StandardCharsets.US_ASCII));
      assertTrue(Files.readString(temp.resolve("set.pdf.md")).contains("One PDF, A4"));
      asPdf.add("--force");
      assertEquals(0, Cli.run(asPdf.toArray(String[]::new)).exit);
      assertTrue(Arrays.equals(once, Files.readAllBytes(pdf)), "the same PDF for the same question");
    }
    // and from the API: the same question in its words, the same bytes
    try (Served served = Served.analysed()) { // the server of the same database, shared
      HttpResponse<byte[]> r = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(served.base + "/api/sheet?class=5-4-1&minimal=false"
              + "&order=hardest&distinct_mirror=true&max_optimal=100&limit=7")).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      assertEquals(200, r.statusCode());
      assertTrue(Arrays.equals(first, r.body()), "the API's sheet is the command's");
      String zh = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
          served.base + "/api/sheet?class=5-4-1&minimal=false&order=hardest&distinct_mirror=true&max_optimal=100&limit=7"
              + "&lang=zh")).build(), HttpResponse.BodyHandlers.ofString()).body();
      assertTrue(zh.matches("(?s).*<p class=\"question\">类别 5-4-1，非极简题，最少步数至少 1，最优走法至多 100 种，"
          + "镜像成对的只取一个，最难的在前：前 7 个，共 [0-9,]+ 个</p>.*"), zh);
    }
  }

  @Test
  void theLayoutsNamedOnStandardInputInTheirOrder() throws Exception {
    Path file = temp.resolve("named.html");
    Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "sheet", "--db", db.toString(), "--stdin", "--lang", "zh",
        "--out", file.toString())).redirectErrorStream(true).start();
    p.getOutputStream().write("横刀立马\n\n0-3-0-0-0\r\n@4AVPS\n".getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), said);
    String html = Files.readString(file);
    assertEquals(List.of("1A9BF0C00", Cli.run("info", "0-3-0-0-0", "--db", db.toString(), "--json").out
        .replaceAll("(?s).*?\"code\":\"([0-9A-F]{9})\".*", "$1"), "12E68FC00"), codes(html));
    assertTrue(html.startsWith("<!DOCTYPE html>\n<html lang=\"zh\">") && html.contains("<h2>答案</h2>"));
    assertTrue(html.contains("<b>1. 横刀立马</b><br>1A9BF0C00 · @4WVE1<br>81 步 · 256 种最优解法 · 很难"), html);
  }

  /**
   * A source of the catalogue as a sheet: its layouts in its order (those in this database, said
   * so), the API's bytes for the same source; with --stdin, a name two sources give to different
   * layouts read as the source's; an unknown source or a filter beside it refused.
   */
  @Test
  void aSourceOfTheCatalogueInItsOrder() throws Exception {
    Path file = temp.resolve("classics.html");
    Cli sheet = Cli.run("sheet", "--db", db.toString(), "--source", "tieba-40", "--out", file.toString());
    assertEquals(0, sheet.exit, sheet.toString());
    String html = Files.readString(file);
    List<String> expected = new ArrayList<>();
    for (Catalogue.Entry e : Catalogue.get().entries()) {
      String code = Code.format(e.code());
      boolean held = List.of("5-4-1", "0-3-0", "1-2-1").contains(LayoutClass.name(
          LayoutClass.of(e.code()))); // the classes of Cli.analysedDatabase
      if (e.source().equals("tieba-40") && held && !expected.contains(code)) {
        expected.add(code);
      }
    }
    assertTrue(!expected.isEmpty(), "some classics in 5-4-1");
    assertEquals(expected, codes(html));
    assertTrue(html.contains("<p class=\"question\">华容道经典布局40种: the first " + expected.size()
        + " of its 39 layouts, in the catalogue's order (" + expected.size() + " of them in this database)</p>"), html);
    try (Served served = Served.analysed()) { // the server of the same database, shared
      HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest
          .newBuilder(URI.create(served.base + "/api/sheet?source=tieba-40")).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      assertEquals(200, r.statusCode());
      assertTrue(Arrays.equals(Files.readAllBytes(file), r.body()), "the API's sheet of a source is the command's");
      HttpResponse<String> bad = HttpClient.newHttpClient().send(HttpRequest
          .newBuilder(URI.create(served.base + "/api/sheet?source=nowhere")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(400, bad.statusCode());
      assertTrue(bad.body().contains("'source' must be one of the catalogue's sources (tieba-40, tieba-common, fayaa, lin-68, "
          + "other), not 'nowhere'"), bad.body());
    }
    // 插翅难飞 names 1BDF98000 in the classics and 5DEB0D400 in tieba-common: --source picks
    for (String[] pick : new String[][] {{"tieba-40", "1BDF98000"}, {"tieba-common", "5DEB0D400"}}) {
      Path named = temp.resolve("named-" + pick[0] + ".html");
      Process p = new ProcessBuilder(Cli.command(Cli.SHORT_RUN, "sheet", "--db", db.toString(), "--stdin", "--source",
          pick[0], "--out", named.toString())).redirectErrorStream(true).start();
      p.getOutputStream().write("插翅难飞\n".getBytes(StandardCharsets.UTF_8));
      p.getOutputStream().close();
      String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      // a layout of a class this database lacks is refused by name; one it holds is on the sheet
      String refusal = "layout " + pick[1] + " is not in the database";
      assertTrue(p.exitValue() == 0 ? codes(Files.readString(named)).equals(List.of(pick[1])) : said.contains(refusal),
          pick[0] + ": " + said);
    }
    Cli unknown = Cli.run("sheet", "--db", db.toString(), "--source", "nowhere", "--out", temp.resolve("u.html").toString());
    assertEquals(2, unknown.exit);
    assertTrue(unknown.err.startsWith("klotski: --source must be one of the catalogue's sources (tieba-40, "), unknown.err);
    Cli both = Cli.run("sheet", "--db", db.toString(), "--source", "tieba-40", "--class", "5-4-1", "--out",
        temp.resolve("b.html").toString());
    assertEquals(2, both.exit);
    assertTrue(both.err.contains("--source names the puzzles: give no filter beside it"), both.err);
    assertFalse(Files.exists(temp.resolve("u.html")) || Files.exists(temp.resolve("b.html")));
  }

  @Test
  void badArgumentsAreRefusedAndNothingIsWritten() throws Exception {
    Path file = temp.resolve("bad.html");
    String out = file.toString();
    assertEquals(2, Cli.run("sheet", "--db", db.toString(), "--lang", "fr", "--out", out).exit);
    assertEquals(2, Cli.run("sheet", "--db", db.toString(), "--out", temp.resolve("set.txt").toString()).exit);
    assertEquals(2, Cli.run("sheet", "--db", db.toString(), "--out", temp.resolve("set.pdf").toString(), "--format", "html").exit);
    assertEquals(2, Cli.run("sheet", "--db", db.toString(), "--out", out, "--font", temp.resolve("x.ttf").toString()).exit);
    // a file that is there but is no font: a failure of an input file (1), not of the command line
    Path notAFont = Files.writeString(temp.resolve("notes.ttf"), "root:x:0:0:root:/root:/bin/bash\n");
    Path pdf = temp.resolve("set.pdf");
    Cli font = Cli.run("sheet", "--db", db.toString(), "--class", "5-4-1", "--out", pdf.toString(), "--font", notAFont.toString());
    assertEquals(1, font.exit, font.toString());
    assertTrue(font.err.startsWith("klotski: cannot read " + notAFont + " as a TrueType font"), font.err);
    assertEquals(1, font.err.lines().count(), font.err);
    assertFalse(Files.exists(pdf), "nothing written");
    // the file named and nothing else: no folder made above it
    Cli folder = Cli.run("sheet", "--db", db.toString(), "--out", temp.resolve("no-such/set.html").toString());
    assertEquals(1, folder.exit, folder.toString());
    assertTrue(folder.err.contains("there is no folder " + temp.resolve("no-such")), folder.err);
    assertFalse(Files.exists(temp.resolve("no-such")), "no folder made");
    assertEquals(2, Cli.run("sheet", "--db", db.toString(), "--limit", "0", "--out", out).exit);
    assertEquals(2, Cli.run("sheet", "--db", db.toString(), "--stdin", "--class", "5-4-1", "--out", out).exit);
    Cli bad = Cli.run("sheet", "--db", db.toString(), "--min-optimal", "9", "--max-optimal", "3", "--out", out);
    assertEquals(2, bad.exit, bad.toString());
    assertTrue(bad.err.startsWith("klotski: --min-optimal 9 is more than --max-optimal 3"), bad.err);
    Cli none = Cli.run("sheet", "--db", db.toString(), "--class", "0-3-0", "--min-steps", "200", "--out", out);
    assertEquals(1, none.exit, none.toString());
    assertTrue(none.err.contains("the filter finds no layout"), none.err);
    assertFalse(Files.exists(file) || Files.exists(temp.resolve("bad.html.md")), "nothing written");
    // the filter options are find's, every one of them
    String help = Cli.run("sheet", "--help").out;
    for (String key : FindFilter.KEYS) {
      assertTrue(help.contains(FindFilterOptions.option(key)), key + " in sheet --help");
    }
  }
}
