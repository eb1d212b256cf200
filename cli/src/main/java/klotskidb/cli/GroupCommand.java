package klotskidb.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.query.Computed;
import klotskidb.query.Documents;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Groups;
import klotskidb.grouper.Names;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import klotskidb.enumerator.InputException;

/** The group of a layout: from the database with --db, else computed in memory for its class. */
@Command(name = "group", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/group/J-B-S-G (with the database).",
    description = {"Print a group: name, size, seed, its layers and solvability.",
        "X is a layout (a code, #id, @short code or name) or a group name J-B-S-G.",
        "From the database (--db, default data/klotski-db): a group name, --layer, and anything with --db.",
        "In memory (no database needed): a layout without --db; its class alone is spawned, grouped and layered, not every layout."})
final class GroupCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP + " Or a group name J-B-S-G.")
  String target;

  @Option(names = "--members", description = "Also list the group's member codes in order.")
  boolean members;

  @Option(names = "--layer", paramLabel = "K", description = "List the members of layer K (from the database).")
  Integer layer;

  @Mixin JsonOption json;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (!db.given() && layer == null && !json.on && !Names.looksLike(target.trim(), 4)) {
      inMemory();
    } else {
      fromDatabase();
    }
    return 0;
  }

  private void inMemory() {
    // the layout's class alone, its layouts spawned directly, grouped and layered (Computed)
    Computed computed = Computed.group(LayoutRef.parse(target));
    PrintWriter out = spec.commandLine().getOut();
    summary(out, computed.layout(), computed.group());
    if (members) {
      Groups groups = computed.layers().groups();
      int g = groups.groupOf(groups.layouts().index(computed.layout().code()));
      for (int i = 0; i < groups.size(g); i++) {
        out.println(Code.format(groups.layouts().code(groups.member(g, i))));
      }
    }
  }

  /** The lines both ways give: the layout (when one was given), the group, its layers and solvability. */
  private static void summary(PrintWriter out, CaseRecord c, GroupRecord g) {
    if (c != null) {
      out.println("layout    " + Code.format(c.code()) + "  #" + c.id() + "  " + c.name());
    }
    out.println("group     " + g.name());
    out.println("size      " + g.size());
    out.println("seed      " + Code.format(g.seed()));
    out.println("layers    " + g.layers());
    out.println("solvable  " + (g.isSolvable() ? "yes, " + g.solved() + " solved layouts, hardest "
        + g.maxMinSolutionStep() + " steps (" + g.hardest() + " layouts)" : "no"));
    StringBuilder sizes = new StringBuilder();
    for (int k = 0; k < g.layers(); k++) {
      sizes.append(k == 0 ? "" : " ").append(g.layerSizes()[k]);
    }
    out.println("layer sizes " + sizes);
  }

  private void fromDatabase() {
    // what was typed, before the database
    if (Names.looksLike(target.trim(), 4)) {
      Lookup.parseGroup(target);
    } else {
      LayoutRef.parse(target);
    }
    try (KlotskiDb kdb = db.open()) {
      GroupRecord g;
      PrintWriter out = spec.commandLine().getOut();
      CaseRecord c = null;
      if (Names.looksLike(target.trim(), 4)) {
        g = Database.group(kdb, target);
      } else {
        c = Database.lookup(kdb, target);
        g = Database.groupOf(kdb, c);
      }
      // every argument checked before the first line: an error never follows partial output
      if (layer != null && (layer < 0 || layer >= g.layers())) {
        throw new IllegalArgumentException("group " + g.name() + " has layers 0.." + (g.layers() - 1)
            + ", no layer " + layer);
      }
      if (json.on) {
        out.println(Json.write(Documents.group(kdb, g)));
        return;
      }
      summary(out, c, g);
      if (layer != null) {
        out.println("layer " + layer + ":");
        kdb.forEachInLayer(g.jiang(), g.bing(), g.style(), g.groupNum(), layer,
            code -> out.println(Code.format(code)));
      }
      if (members) {
        for (int i = 0; i < g.size(); i++) {
          out.println(Code.format(kdb.codeOfName(g.jiang(), g.bing(), g.style(), g.groupNum(), i)));
        }
      }
    }
  }
}
