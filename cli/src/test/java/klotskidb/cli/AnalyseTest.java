package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import klotskidb.base.UserText;
import klotskidb.db.KlotskiDb;
import klotskidb.db.SmallDatabase;
import klotskidb.testing.Published;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** klotski analyse on a database of a few classes: values, checksums, and resuming after a kill. */
@Tag("slow")
class AnalyseTest {
  @TempDir static Path temp;
  private static Path db;
  private static final String CLASSES = "5-4-1,0-3-0,1-2-1,0-4-0,1-2-0,2-1-1,1-1-1";

  @BeforeAll
  static void build() {
    db = temp.resolve("db");
    Cli r = Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", CLASSES);
    assertEquals(0, r.exit, r.toString());
  }

  @Test
  void aKilledAnalysisResumesAndEveryChecksumMatches() throws Exception {
    Process p = new ProcessBuilder(Cli.command(Cli.LONG_RUN, "analyse", "--db", db.toString(), "--threads", "1",
        "--no-progress"))
        .redirectErrorStream(true).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
      String line;
      while ((line = out.readLine()) != null && !line.trim().startsWith("analysed ")) {
        // wait for the first finished class
      }
      assertTrue(line != null, "the analysis finished a class before it was killed");
    }
    p.destroyForcibly().waitFor();

    int before;
    try (KlotskiDb k = KlotskiDb.open(db)) {
      before = k.analysedClasses().size();
    }
    assertTrue(before >= 1 && before < 7, "killed part way: " + before + " classes done");

    // what was checkpointed is right already
    Cli partial = Cli.run("verify", "--published", Published.dir().toString(), "--db", db.toString());
    assertTrue(squeezed(partial).contains("farthest_checksum.tsv ok (" + UserText.count(before, "analysed class", "analysed classes")), partial.out);

    // resume: only the rest is analysed
    Cli resumed = Cli.run("analyse", "--db", db.toString(), "--no-progress");
    assertEquals(0, resumed.exit, resumed.toString());
    assertTrue(resumed.out.contains("analysing " + UserText.count(7 - before, "class", "classes") + " (" + before + " already done)"),
        resumed.out);
    Cli verify = Cli.run("verify", "--published", Published.dir().toString(), "--db", db.toString());
    assertTrue(squeezed(verify).contains("farthest_checksum.tsv ok (7 analysed classes; 196 not analysed yet)"),
        verify.out);
    assertTrue(squeezed(verify).contains("solution_checksum.tsv ok (7 analysed classes; 196 not analysed yet)"),
        verify.out);
    Cli deep = Cli.run("verify", "--deep", "--db", db.toString());
    assertEquals(0, deep.exit, deep.toString());
    assertTrue(squeezed(deep).contains("deep analysis ok ("), deep.out);
    assertTrue(squeezed(deep).contains("rows; 7 analysed classes match their markers)"), deep.out);

    Cli info = Cli.run("info", "1A9BF0C", "--json", "--db", db.toString());
    assertTrue(info.out.contains("\"farthest_step\":124,\"farthest_num\":8,\"min_solution_num\":2,"
        + "\"solution_num\":6"), info.out);
    assertTrue(info.out.contains("\"diameter\":145"), info.out);
    // the lists of one layout, from one BFS (the same values as the stored analysis above)
    Cli lists = Cli.run("info", "1A9BF0C", "--farthest", "--solutions", "--json", "--db", db.toString());
    assertEquals(0, lists.exit, lists.toString());
    assertTrue(lists.out.contains("\"farthest_layouts\":[\"C28F6EC00\",\"C2FE9B000\",\"CE836EC00\","
        + "\"CEF29B000\",\"E28FE6C00\",\"E2BCE6C00\",\"EF8ADE000\",\"EFBA1E000\"]"), lists.out);
    assertTrue(lists.out.contains("\"solutions\":[{\"code\":\"DAA7F3000\",\"step\":81,\"minimum\":true},"
        + "{\"code\":\"DAAF4CC00\",\"step\":81,\"minimum\":true},{\"code\":\"DAFA73000\",\"step\":85,"
        + "\"minimum\":false}"), lists.out);
    Cli text = Cli.run("info", "1A9BF0C", "--farthest", "--solutions", "--db", db.toString());
    assertTrue(squeezed(text).contains("farthest layouts 8 at 124 steps\n C28F6EC00\n"), text.out);
    assertTrue(squeezed(text).contains("solutions 6, 2 at the minimum step (*)\n DAA7F3000 81 steps *\n"), text.out);
    // main() starts the BFS before picocli reads the options: the same answer, the guess taken
    String[] ahead = {"info", "--db", db.toString(), "1A9BF0C", "--json", "--farthest", "--solutions"};
    assertEquals(0x1A9BF0C00L, InfoCommand.startAhead(ahead));
    assertEquals(lists.out, Cli.run(ahead).out);
    // a guess for another code is dropped, not used
    assertEquals(0xDAA7F3000L, InfoCommand.startAhead(new String[] {"info", "DAA7F3", "--solutions"}));
    assertEquals(lists.out, Cli.run("info", "1A9BF0C", "--farthest", "--solutions", "--json", "--db", db.toString()).out);
    assertEquals(-1, InfoCommand.startAhead(new String[] {"info", "1A9BF0C", "--json"}), "no lists asked for: no BFS");
    // by name the BFS starts after the look-up (by code it starts while the database opens)
    Cli byName = Cli.run("info", "5-4-1-1-7472", "--farthest", "--solutions", "--json", "--db", db.toString());
    assertEquals(lists.out, byName.out);
    assertEquals(0, Cli.run("analyse", "--db", db.toString()).exit);

    // a database analysed before find's farthest_step index: find says its total is a lower bound and
    // why; the next analyse indexes every class from its stored values, and the total is exact
    String[] far = {"find", "--db", db.toString(), "--min-farthest", "100", "--min-steps", "60", "--limit", "5"};
    String indexed = Cli.run(far).out;
    SmallDatabase.withoutIndex(db);
    Cli old = Cli.run(far);
    assertEquals(0, old.exit, old.toString());
    assertTrue(old.out.contains("(5 layouts; 5 found so far, how many in all is known at the last page; next page")
        && old.out.contains("(not counted: classes "
        + "analysed before find's farthest_step index are searched layout by layout; 'klotski analyse' indexes"),
        old.out);
    Cli index = Cli.run("analyse", "--db", db.toString(), "--no-progress");
    assertEquals(0, index.exit, index.toString());
    assertTrue(index.out.contains("indexing 7 classes analysed before find's farthest_step index"), index.out);
    assertEquals(indexed, Cli.run(far).out, "the same page and exact total again");
    assertFalse(indexed.contains("at least"), indexed);
  }

  /** Each kernel, asked for by name, says so in the run's first line and stores the same values. */
  @Test
  void everyKernelNamedOnTheCommandLineStoresTheSameValues() {
    for (String kernel : new String[] {"scalar", "vector"}) {
      Path one = temp.resolve("kernel-" + kernel);
      assertEquals(0, Cli.run("build", "--db", one.toString(), "--no-progress", "--classes", "1-2-1,0-3-0").exit);
      Cli r = kernel.equals("scalar")
          ? Cli.run("analyse", "--db", one.toString(), "--no-progress", "--kernel", "SCALAR", "--threads", "1")
          : Cli.run("analyse", "--db", one.toString(), "--no-progress", "--kernel", kernel.toUpperCase());
      assertEquals(0, r.exit, r.toString());
      assertTrue(r.out.contains(", kernel " + kernel + " ("), r.out);
      // a class of one group says so: "1 group", not "1 groups"; one thread, "1 thread"
      assertTrue(r.out.contains("analysing 2 classes (0 already done) on "
          + (kernel.equals("scalar") ? "1 thread, kernel" : "")), r.out);
      assertTrue(squeezed(r).contains("analysed 0-3-0 6,720 layouts 1 group "), r.out);
      Cli verify = Cli.run("verify", "--published", Published.dir().toString(), "--db", one.toString());
      assertTrue(squeezed(verify).contains("farthest_checksum.tsv ok (2 analysed classes"), verify.out);
      assertTrue(squeezed(verify).contains("solution_checksum.tsv ok (2 analysed classes"), verify.out);
    }
    Cli bad = Cli.run("analyse", "--db", db.toString(), "--kernel", "gpu");
    assertEquals(2, bad.exit, bad.toString());
    assertTrue(bad.err.contains("unknown value 'gpu': expected one of auto, vector, scalar"), bad.err);
  }

  /** Verify's output with runs of spaces (its column padding) as one. */
  private static String squeezed(Cli r) {
    return r.out.replaceAll(" +", " ");
  }

  @Test
  void classesOutsideTheDatabaseAreRejected() {
    Cli r = Cli.run("analyse", "--db", db.toString(), "--class", "2-6-1");
    assertEquals(1, r.exit);
    assertTrue(r.err.contains("class 2-6-1 is not in the database"), r.err);
    Cli info = Cli.run("info", "4FEA134", "--db", db.toString());
    assertEquals(1, info.exit, "4FEA134 is in class 5-4-2, not built");
    assertFalse(info.out.contains("farthest_step"));
    // the BFS started early for a legal code does not change the answer for one not in the database
    Cli lists = Cli.run("info", "4FEA134", "--farthest", "--db", db.toString());
    assertEquals(1, lists.exit);
    assertEquals(info.err, lists.err);
    assertEquals("", lists.out);
  }
}
