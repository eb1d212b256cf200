package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Random;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full build, as {@code make run} does it, checked against an independent in-memory run of
 * the pipeline: a seeded sample of 1,000,000 layouts field by field, and every group record.
 */
class FullDatabaseTest {
  @TempDir static Path temp;
  private static Path dbDir;
  private static Cli build;
  private static KlotskiDb db;

  @BeforeAll
  static void buildEverything() {
    dbDir = temp.resolve("klotski-db");
    build = Cli.run("build", "--db", dbDir.toString(), "--no-progress");
    assertEquals(0, build.exit, build.toString());
    db = KlotskiDb.open(dbDir);
  }

  @AfterAll
  static void close() {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void theSummaryReportsTheCounts() {
    assertTrue(build.out.contains("layouts              29,334,498"), build.out);
    assertTrue(build.out.contains("groups               25,422"), build.out);
    assertEquals(29_334_498, db.layoutCount());
  }

  @Test
  void infoShowsTheClassicStartByCodeIdAndName() {
    Cli byCode = Cli.run("info", "1A9BF0C00", "--json", "--db", dbDir.toString());
    assertEquals(0, byCode.exit, byCode.toString());
    String json = byCode.out.trim();
    assertTrue(json.contains("\"code\":\"1A9BF0C00\""), json);
    assertTrue(json.contains("\"id\":4091296"), json);
    assertTrue(json.contains("\"name\":\"5-4-1-1-7472\""), json);
    assertTrue(json.contains("\"min_solution_step\":81"), json);
    assertTrue(json.contains("\"layer\":"), json);
    assertTrue(json.contains("\"size\":25955"), json);
    for (String key : new String[] {"jiang", "bing", "style", "group_num", "group_index", "symmetric",
        "group", "seed", "layers", "solvable", "solved", "max_min_solution_step"}) {
      assertTrue(json.contains("\"" + key + "\":"), key);
    }
    assertEquals(byCode.out, Cli.run("info", "#4091296", "--json", "--db", dbDir.toString()).out);
    assertEquals(byCode.out, Cli.run("info", "5-4-1-1-7472", "--json", "--db", dbDir.toString()).out);
    Cli unsolvable = Cli.run("info", "0E83ABC", "--json", "--db", dbDir.toString());
    assertTrue(unsolvable.out.contains("\"min_solution_step\":null"), unsolvable.out);
  }

  @Test
  void solveFromTheDatabaseWalksEightyOneSteps() {
    Cli r = Cli.run("solve", "1A9BF0C", "--db", dbDir.toString(), "--codes-only");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.endsWith("solved in 81 steps\n"));
    Cli next = Cli.run("next", "1A9BF0C", "--db", dbDir.toString());
    assertEquals(4, next.out.lines().filter(l -> l.startsWith("* ")).count(), next.out);
  }

  @Test
  void recordsEqualAnIndependentRunOfThePipeline() {
    AllLayouts all = AllLayouts.build();
    Groups groups = Grouper.groupAll(all);
    Layers layers = Layerer.layerAll(groups);
    Random random = new Random(1121);
    Mover mover = new Mover();
    for (int i = 0; i < 1_000_000; i++) {
      int id = random.nextInt(all.size());
      long code = all.code(id);
      int g = groups.groupOf(id);
      int cls = groups.classOf(g);
      CaseRecord expected = new CaseRecord(code, id, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls),
          LayoutClass.styleOf(cls), groups.groupNum(g), groups.groupIndex(id), layers.layer(id),
          layers.minSolutionStep(id), mover.mirror(code) == code, (code >>> 32) == 0xD);
      CaseRecord stored = db.caseOf(code).orElseThrow();
      if (!expected.equals(stored)) {
        throw new AssertionError("expected " + expected + "\nstored   " + stored);
      }
      if (db.codeOfId(id) != code) {
        throw new AssertionError("ids: " + id);
      }
    }
    int[] g = {0};
    db.forEachGroup(r -> {
      int x = g[0]++;
      GroupRecord expected = new GroupRecord(r.jiang(), r.bing(), r.style(), groups.groupNum(x),
          groups.size(x), all.code(groups.seed(x)), layers.layerCount(x), layers.solvedCount(x),
          layers.maxMinSolutionStep(x), layers.hardestCount(x), r.layerSizes());
      assertEquals(groups.groupName(x), r.name());
      assertEquals(expected, r);
      for (int k = 0; k < r.layers(); k++) {
        assertEquals(layers.layerSize(x, k), r.layerSizes()[k]);
      }
    });
    assertEquals(groups.count(), g[0]);
  }
}
