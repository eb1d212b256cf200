package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import klotskidb.db.KlotskiDb;
import klotskidb.server.KlotskiServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The explorer page in a real browser: headless Chromium (Debian's, with its chromedriver) opens
 * 横刀立马 from the gallery of classics, plays it by hand to "solved" in 81 moves by following the
 * hints (with an undo, a redo and a move that goes further on the way), switches to Chinese and
 * back, reloads the shared URL to the same position, moves a piece from the keyboard, fits a
 * 390 px phone; then reads an error, builds a board in the editor, finds 5-4-1 puzzles of 85 to 93
 * steps through the form and opens one with its farthest layouts, shows the classic start's
 * farthest layouts and solutions and opens one. Runs whenever
 * Chromium is installed; says plainly when it is not, and fails instead where KLOTSKI_REQUIRE_BROWSER is set
 * (.ci/run installs Chromium and sets it).
 */
@Tag("slow")
class BrowserTest {
  @TempDir Path temp;

  private static Path tool(String env, String fallback) {
    String v = System.getenv(env);
    return Path.of(v == null || v.isBlank() ? fallback : v);
  }

  /** Picks a piece in the editor's palette and clicks its top-left cell. */
  /** An attribute of the element {@code by} finds, found again if a redraw replaced it meanwhile. */
  private static String attribute(WebDriverWait wait, By by, String name) {
    return wait.until(b -> b.findElement(by).getAttribute(name));
  }

  /** Picks a piece and a cell in the editor; a click on an element a redraw replaced is retried. */
  private static void place(WebDriverWait wait, String kind, int cell) {
    click(wait, By.cssSelector("#palette button[data-kind='" + kind + "']"));
    click(wait, By.cssSelector("#editor rect[data-cell='" + cell + "']"));
  }

  private static void click(WebDriverWait wait, By by) {
    wait.until(b -> {
      b.findElement(by).click();
      return true;
    });
  }

  /** Asks for a hint and makes the move it marks: the k-th move, one step closer. */
  private static void hintedMove(WebDriverWait wait, int k) {
    click(wait, By.id("hint"));
    click(wait, By.cssSelector("#board .target.hint"));
    wait.until(b -> b.findElement(By.id("board")).getAttribute("data-moves").equals(String.valueOf(k)));
    String expected = k == 81 ? "Solved in 81 moves (optimum 81)"
        : k + (k == 1 ? " move" : " moves") + " · " + (81 - k) + " to go at best";
    wait.until(b -> b.findElement(By.id("counter")).getText().equals(expected));
    if (k < 81) {
      wait.until(b -> b.findElement(By.id("effect")).getText().equals("Closer: " + (81 - k) + " to go at best"));
    }
  }

  @Test
  void playTheClassicByHandToSolvedInTwoLanguagesOnAPhoneAndUseTheTools() throws Exception {
    Path chromium = tool("KLOTSKI_CHROMIUM", "/usr/bin/chromium");
    Path driver = tool("KLOTSKI_CHROMEDRIVER", "/usr/bin/chromedriver");
    boolean present = Files.isExecutable(chromium) && Files.isExecutable(driver);
    String why = "BrowserTest: no Chromium at " + chromium + " or no chromedriver at " + driver
        + " (apt-get install chromium chromium-driver; or set KLOTSKI_CHROMIUM / KLOTSKI_CHROMEDRIVER)";
    if (!present && System.getenv("KLOTSKI_REQUIRE_BROWSER") != null) {
      throw new AssertionError(why + ", and KLOTSKI_REQUIRE_BROWSER is set");
    }
    if (!present) {
      System.out.println("SKIPPED " + why);
    }
    Assumptions.assumeTrue(present, why);

    Path dbDir = temp.resolve("db");
    assertEquals(0, Cli.run("build", "--db", dbDir.toString(), "--no-progress", "--classes", "5-4-1,0-3-0").exit);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=1100,1000");
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile())
        .usingAnyFreePort().build();
    try (KlotskiDb db = KlotskiDb.open(dbDir);
        KlotskiServer server = KlotskiServer.start(db, new InetSocketAddress("127.0.0.1", 0), 4,
            new PrintStream(PrintStream.nullOutputStream()))) {
      WebDriver browser = new ChromeDriver(service, options);
      try {
        String base = "http://127.0.0.1:" + server.address().getPort() + "/";
        // the page redraws by replacing elements: an element read mid-redraw is stale, read again
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        wait.ignoring(StaleElementReferenceException.class);
        // the landing page: the classics as a gallery; 横刀立马 opens from it
        browser.get(base);
        click(wait, By.cssSelector("#gallery a[data-name='横刀立马']"));
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("1A9BF0C00"));
        wait.until(b -> b.findElement(By.id("fact-name")).getText().equals("5-4-1-1-7472"));
        // the designers' facts: 256 optimal solutions; minimal not known (4-4-1, 4-4-0, 5-3-1 not built)
        assertEquals("256 optimal move sequences", browser.findElement(By.id("fact-optimal")).getText());
        assertTrue(browser.findElement(By.id("fact-minimal")).getText().startsWith("not known"));
        assertTrue(browser.findElement(By.id("fact-rank")).getText().startsWith("harder than "));
        assertEquals("横刀立马", wait.until(b -> b.findElement(By.id("title")).getText()));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("0 moves · 81 to go at best"));
        assertTrue(browser.getCurrentUrl().contains("#l=%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC"),
            "the URL holds the layout by its name: " + browser.getCurrentUrl());
        // the steps chart of the group: this layout's 81 steps marked
        assertEquals("81", attribute(wait, By.cssSelector("#chart rect.bar.here"), "data-step"));
        wait.until(b -> b.findElement(By.id("chart-note")).getText().startsWith("this layout's 81 steps in red: "));

        // by the hints: five moves, an undo, a redo, then a move that is no good
        for (int k = 1; k <= 5; k++) {
          hintedMove(wait, k);
        }
        click(wait, By.id("undo"));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("4 moves · 77 to go at best"));
        click(wait, By.id("redo"));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("5 moves · 76 to go at best"));
        int moves = 5;
        while (browser.findElements(By.cssSelector("#next a.further")).isEmpty()) { // a position with a bad move
          hintedMove(wait, ++moves);
        }
        int before = 81 - moves;
        click(wait, By.cssSelector("#next a.further"));
        int made = moves + 1;
        wait.until(b -> b.findElement(By.id("effect")).getText().equals("Further: " + (before + 1) + " to go at best"));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals(made + " moves · " + (before + 1) + " to go at best"));
        assertEquals("further", attribute(wait, By.id("effect"), "class"));
        click(wait, By.id("undo"));
        int back = moves;
        wait.until(b -> b.findElement(By.id("counter")).getText().equals(back + " moves · " + before + " to go at best"));
        // the rest by the hints, to the end
        for (int k = moves + 1; k <= 81; k++) {
          hintedMove(wait, k);
        }
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("Solved in 81 moves (optimum 81)"));
        String last = attribute(wait, By.id("board"), "data-code");
        assertTrue(last.startsWith("D"), "the last board is solved (2x2 at the bottom middle): " + last);
        assertEquals(1, browser.findElements(By.cssSelector("#board rect.p2x2")).size(), "one 2x2 drawn");

        // Chinese and back; the URL keeps the language
        click(wait, By.id("lang"));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("用 81 步解开（最少 81 步）"));
        assertTrue(browser.getCurrentUrl().contains("lang=zh"), browser.getCurrentUrl());
        assertEquals("提示", browser.findElement(By.id("hint")).getText());
        click(wait, By.id("lang"));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("Solved in 81 moves (optimum 81)"));
        assertTrue(!browser.getCurrentUrl().contains("lang=zh"), browser.getCurrentUrl());

        // the shared URL, opened afresh, is the same game at the same position; undo works from there
        String shared = browser.getCurrentUrl();
        browser.get("about:blank");
        browser.get(shared);
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("Solved in 81 moves (optimum 81)"));
        assertEquals(last, attribute(wait, By.id("board"), "data-code"));
        click(wait, By.id("undo"));
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("80 moves · 1 to go at best"));

        // the keyboard: Tab to a piece, an arrow key moves it
        browser.get(base + "#l=1A9BF0C");
        wait.until(b -> b.findElement(By.id("counter")).getText().equals("0 moves · 81 to go at best"));
        WebElement single = wait.until(b -> b.findElement(By.cssSelector("#board .piece[data-cell='16']")));
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("arguments[0].focus()", single); // as Tab does
        new org.openqa.selenium.interactions.Actions(browser).sendKeys(org.openqa.selenium.Keys.ARROW_RIGHT).perform();
        wait.until(b -> b.findElement(By.id("counter")).getText().startsWith("1 move · "));
        wait.until(b -> !b.findElements(By.cssSelector("#board .piece.moved[data-cell='17']")).isEmpty());

        // a phone: nothing wider than the screen, on the landing page and in a game
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(390, 844));
        for (String page : new String[] {base, base + "#l=1A9BF0C00"}) {
          browser.get("about:blank");
          browser.get(page);
          wait.until(b -> !b.findElements(By.cssSelector(page.equals(base) ? "#gallery a" : "#chart rect.bar")).isEmpty());
          Object wide = ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
              "return document.documentElement.scrollWidth - window.innerWidth");
          assertTrue(((Number) wide).longValue() <= 0, page + ": the page is wider than a 390 px phone by " + wide);
        }
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1100, 1000));
        browser.get(base + "#l=1A9BF0C00");
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("1A9BF0C00"));

        WebElement input = browser.findElement(By.id("layout"));
        input.clear();
        input.sendKeys("1A9BF0CZ");
        browser.findElement(By.cssSelector("#go button")).click();
        wait.until(b -> b.findElement(By.id("error")).getText().equals("code '1A9BF0CZ' is not hex: 'Z' at position 8"));
        wait.until(b -> !b.findElement(By.id("view")).isDisplayed()); // no board for a malformed code

        // the editor: a 2x2 at 13 and 1x1s at 0, 1, 2 is DFC000000; a piece on a taken cell says why
        browser.findElement(By.cssSelector("#edit summary")).click();
        browser.findElement(By.id("clear")).click();
        place(wait, "2x2", 13);
        place(wait, "1x1", 0);
        place(wait, "1x1", 1);
        place(wait, "1x1", 2);
        browser.findElement(By.id("use")).click();
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("DFC000000"));
        assertTrue(browser.getCurrentUrl().endsWith("#l=DFC000000"), browser.getCurrentUrl());
        place(wait, "1x1", 0);
        browser.findElement(By.id("use")).click();
        wait.until(b -> b.findElement(By.id("error")).getText().equals("the 1x1 at 0 overlaps another piece"));

        // the group's hardest layouts one click away: 5-4-1-1 has 2 at 93 steps
        browser.get(base + "#1A9BF0C00");
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("1A9BF0C00"));
        wait.until(b -> b.findElement(By.id("facts")).getText().contains("hardest in group 93 steps, 2 layouts"));
        click(wait, By.id("hardest"));
        wait.until(b -> b.findElements(By.cssSelector("#found a svg rect.p2x2")).size() == 2);
        wait.until(b -> b.findElement(By.id("found-note")).getText().equals("2 shown, all there are; click one to open it"));

        // find a puzzle: 5-4-1 layouts of 85 to 93 steps (its hardest), open the first one found
        browser.findElement(By.id("f-class")).sendKeys("5-4-1"); // the form is open: the hardest opened it
        browser.findElement(By.id("f-min")).sendKeys("85");
        browser.findElement(By.id("f-max")).sendKeys("93");
        browser.findElement(By.cssSelector("#find-form button")).click();
        wait.until(b -> b.findElements(By.cssSelector("#found a svg rect.p2x2")).size() == 24); // a page
        // and how many there are in all, from the index
        wait.until(b -> b.findElement(By.id("found-note")).getText().matches("24 of [0-9,]+ shown; click one to open it"));
        String found = attribute(wait, By.cssSelector("#found a"), "data-code");
        String steps = wait.until(b -> b.findElement(By.cssSelector("#found a")).getText());
        int step = Integer.parseInt(steps.replaceAll("(?s).*?\\n(\\d+) steps.*", "$1"));
        assertTrue(step >= 85 && step <= 93, steps);
        assertTrue(steps.matches("(?s).*\\n[0-9,]+ optimal move sequences?"), steps); // each answer its count
        click(wait, By.cssSelector("#found a"));
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals(found));
        if (browser.findElement(By.id("lists")).getAttribute("open") == null) {
          click(wait, By.cssSelector("#lists summary"));
        }
        click(wait, By.id("show-lists"));
        wait.until(b -> b.findElement(By.id("far-title")).getText().startsWith("Farthest: "));
        wait.until(b -> !b.findElements(By.cssSelector("#far a")).isEmpty());

        // the lists of the classic start on demand (its class is not analysed): the published values
        browser.get(base + "#1A9BF0C00");
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("1A9BF0C00"));
        if (browser.findElement(By.id("lists")).getAttribute("open") == null) {
          click(wait, By.cssSelector("#lists summary"));
        }
        click(wait, By.id("show-lists"));
        wait.until(b -> b.findElement(By.id("far-title")).getText().equals("Farthest: 8 layouts at 124 steps"));
        wait.until(b -> b.findElements(By.cssSelector("#far a svg rect.p2x2")).size() == 8);
        wait.until(b -> b.findElement(By.id("sol-title")).getText()
            .equals("Solution layouts of the group: 6; the 2 nearest at 81 steps (framed green)"));
        assertEquals(2, browser.findElements(By.cssSelector("#sol a.optimal")).size());
        String farthest = attribute(wait, By.cssSelector("#far a"), "data-code");
        click(wait, By.cssSelector("#far a"));
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals(farthest));
        assertTrue(browser.getCurrentUrl().endsWith("#l=" + farthest), browser.getCurrentUrl());
      } finally {
        browser.quit();
      }
    }
  }
}
