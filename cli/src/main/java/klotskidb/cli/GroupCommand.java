package klotskidb.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.query.Documents;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
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
    description = {"Print a group: name, size, seed (and from the database its layers and solvability).",
        "X is a layout (a code, #id, @short code or name) or a group name J-B-S-G.",
        "From the database (--db, default data/klotski-db): a group name, --layer, and anything with --db.",
        "In memory (no database needed): a layout without --db; its class alone is spawned and grouped, not every layout."})
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
    LayoutRef ref = LayoutRef.parse(target);
    // the layout's class alone, its layouts spawned directly and grouped (Grouper.of)
    int cls;
    if (ref.kind == LayoutRef.Kind.NAME) {
      int[] p = Names.parse(ref.text, 5);
      cls = LayoutClass.index(p[0], p[1], p[2]);
      if (cls < 0) {
        throw new InputException("no class " + p[0] + "-" + p[1] + "-" + p[2]);
      }
    } else {
      cls = LayoutClass.of(ref.kind == LayoutRef.Kind.ID ? AllLayouts.codeOfId(ref.value) : ref.value);
    }
    Groups groups = Grouper.of(ClassSet.ofIndexes(java.util.List.of(cls)), Runtime.getRuntime().availableProcessors(),
        Progress.NONE);
    LayoutSpace all = groups.layouts();
    int id = ref.kind == LayoutRef.Kind.NAME ? groups.idOfName(ref.text)
        : all.index(ref.kind == LayoutRef.Kind.ID ? AllLayouts.codeOfId(ref.value) : ref.value);
    int g = groups.groupOf(id);
    PrintWriter out = spec.commandLine().getOut();
    out.println("layout    " + Code.format(all.code(id)) + "  #" + all.globalId(id) + "  " + groups.name(id));
    out.println("group     " + groups.groupName(g) + " (" + (groups.groupNum(g) + 1) + " of "
        + groups.groupsInClass(groups.classOf(g)) + " in class " + LayoutClass.name(groups.classOf(g)) + ")");
    out.println("size      " + groups.size(g));
    out.println("seed      " + Code.format(all.code(groups.seed(g))));
    if (members) {
      for (int i = 0; i < groups.size(g); i++) {
        out.println(Code.format(all.code(groups.member(g, i))));
      }
    }
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
