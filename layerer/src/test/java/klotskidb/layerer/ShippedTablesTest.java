package klotskidb.layerer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.GroupTable;
import klotskidb.grouper.Groups;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The tables shipped in the jar for answers without a database are what a build of every
 * layout makes, row for row: {@code groups.tsv} (every group's size and seed, {@link GroupTable})
 * and {@code min_solution_steps.tsv} (each class's layouts by steps, {@link HarderThan}). On a
 * difference the build's own table is written to {@code target/shipped/}, to be copied over the
 * resource once its difference is understood.
 */
@Tag("slow")
class ShippedTablesTest {
  @Test
  void theGroupTableIsTheFullBuildsGroups() throws IOException {
    Groups groups = FullData.groups();
    StringBuilder t = new StringBuilder()
        .append("# Every group (SPEC 4), class by class in group_num order: jiang, bing, style, group_num, size,\n")
        .append("# seed (its smallest code). Read by GroupTable; ShippedTablesTest holds it equal to a build of every layout.\n");
    for (int g = 0; g < groups.count(); g++) {
      int cls = groups.classOf(g);
      t.append(LayoutClass.jiangOf(cls)).append('\t').append(LayoutClass.bingOf(cls)).append('\t')
          .append(LayoutClass.styleOf(cls)).append('\t').append(groups.groupNum(g)).append('\t')
          .append(groups.size(g)).append('\t').append(Code.format(groups.layouts().code(groups.seed(g)))).append('\n');
    }
    same(GroupTable.class, "groups.tsv", t.toString());
  }

  @Test
  void theStepsTableIsTheFullBuildsSteps() throws IOException {
    Groups groups = FullData.groups();
    Layers layers = FullData.layers();
    long[][] exact = new long[LayoutClass.COUNT][200];
    for (int id = 0; id < groups.layoutCount(); id++) {
      int s = layers.minSolutionStep(id);
      if (s >= 0) {
        exact[groups.classOf(groups.groupOf(id))][s]++;
      }
    }
    StringBuilder t = new StringBuilder()
        .append("# min_solution_step of all 29,334,498 layouts (421,409 of them unsolvable, not counted), class by class:\n")
        .append("# jiang, bing, style, steps, the layouts needing exactly that many (a row for each step up to the class's\n")
        .append("# largest). HarderThan ranks against it whatever was built, every build checks its classes' rows, and\n")
        .append("# ShippedTablesTest the whole table against a build of every layout.\n");
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      int last = exact[cls].length - 1;
      while (last >= 0 && exact[cls][last] == 0) {
        last--;
      }
      for (int s = 0; s <= last; s++) {
        t.append(LayoutClass.jiangOf(cls)).append('\t').append(LayoutClass.bingOf(cls)).append('\t')
            .append(LayoutClass.styleOf(cls)).append('\t').append(s).append('\t').append(exact[cls][s]).append('\n');
      }
    }
    same(HarderThan.class, "min_solution_steps.tsv", t.toString());
  }

  private static void same(Class<?> owner, String name, String built) throws IOException {
    String shipped;
    try (InputStream in = owner.getResourceAsStream(name)) {
      shipped = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    }
    if (!shipped.equals(built)) {
      Path out = Path.of("target", "shipped", name);
      Files.createDirectories(out.getParent());
      Files.writeString(out, built, StandardCharsets.US_ASCII);
      assertEquals(shipped.length(), built.length(), name + " differs from this build: its table written to " + out.toAbsolutePath());
      assertEquals(shipped, built, name + " differs from this build: its table written to " + out.toAbsolutePath());
    }
  }
}
