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
 * the classic start, plays its solution to the end, reads an error, builds a board in the
 * editor, finds 5-4-1 puzzles of 85 to 93 steps through the form and opens one with its
 * farthest layouts, shows the classic start's farthest layouts and solutions and opens one. Runs whenever
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

  @Test
  void playTheClassicSolutionToTheEndAndReadAnError() throws Exception {
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
        browser.get(base + "#1A9BF0C");
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("1A9BF0C00"));
        wait.until(b -> b.findElement(By.id("fact-name")).getText().equals("5-4-1-1-7472"));
        assertEquals("step 0 of 81", wait.until(b -> b.findElement(By.id("step")).getText()));
        assertEquals("1A9BF0C00", attribute(wait, By.id("board"), "data-code"));
        assertTrue(browser.getCurrentUrl().endsWith("#1A9BF0C00"), "the URL holds the layout: " + browser.getCurrentUrl());
        // the layer chart: the layout's layer marked, its count said, another bar's count on pointing at it
        assertEquals("26", attribute(wait, By.cssSelector("#layers rect.bar.here"), "data-layer"));
        wait.until(b -> b.findElement(By.id("layer-hover")).getText().startsWith("layer 26 (the shown layout's, in red): "));
        assertEquals(128, browser.findElements(By.cssSelector("#layers rect.bar")).size(), "5-4-1-1 has 128 layers");
        new org.openqa.selenium.interactions.Actions(browser)
            .moveToElement(browser.findElement(By.cssSelector("#layers rect.bar.here"))).perform();
        wait.until(b -> b.findElement(By.id("layer-hover")).getText().equals("layer 26: 126 layouts"));

        browser.findElement(By.id("play")).click();
        new WebDriverWait(browser, Duration.ofSeconds(60)).ignoring(StaleElementReferenceException.class)
            .until(b -> b.findElement(By.id("step")).getText().equals("step 81 of 81"));
        // every read below finds its element again: the last step's redraw may still replace them
        String last = attribute(wait, By.id("board"), "data-code");
        assertTrue(last.startsWith("D"), "the last board is solved (2x2 at the bottom middle): " + last);
        assertEquals("81", attribute(wait, By.id("board"), "data-shown"), "81 steps were shown");
        assertEquals(1, browser.findElements(By.cssSelector("#board rect.p2x2")).size(), "one 2x2 drawn");

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
        assertTrue(browser.getCurrentUrl().endsWith("#DFC000000"), browser.getCurrentUrl());
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
        int step = Integer.parseInt(steps.replaceAll("(?s).*\\n(\\d+) steps$", "$1"));
        assertTrue(step >= 85 && step <= 93, steps);
        click(wait, By.cssSelector("#found a"));
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals(found));
        click(wait, By.id("show-lists"));
        wait.until(b -> b.findElement(By.id("far-title")).getText().startsWith("Farthest: "));
        wait.until(b -> !b.findElements(By.cssSelector("#far a")).isEmpty());

        // the lists of the classic start on demand (its class is not analysed): the published values
        browser.get(base + "#1A9BF0C00");
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals("1A9BF0C00"));
        click(wait, By.id("show-lists"));
        wait.until(b -> b.findElement(By.id("far-title")).getText().equals("Farthest: 8 layouts at 124 steps"));
        wait.until(b -> b.findElements(By.cssSelector("#far a svg rect.p2x2")).size() == 8);
        wait.until(b -> b.findElement(By.id("sol-title")).getText()
            .equals("Solutions: 6, 2 at the minimum of 81 steps (framed green)"));
        assertEquals(2, browser.findElements(By.cssSelector("#sol a.optimal")).size());
        String farthest = attribute(wait, By.cssSelector("#far a"), "data-code");
        click(wait, By.cssSelector("#far a"));
        wait.until(b -> b.findElement(By.id("fact-code")).getText().equals(farthest));
        assertTrue(browser.getCurrentUrl().endsWith("#" + farthest), browser.getCurrentUrl());
      } finally {
        browser.quit();
      }
    }
  }
}
