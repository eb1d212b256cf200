package klotskidb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.base.InputException;
import klotskidb.base.UserText;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.layerer.OneGroup;
import klotskidb.query.Computed;
import klotskidb.query.Documents;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;
import klotskidb.query.Queries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The group of a layout or a group name: from the database with --db (or --json, where the default
 * database is there), else its group alone, computed ({@link Computed}): the same lines and the same
 * documents, but for the group's diameter (not computed).
 */
@Command(name = "group", mixinStandardHelpOptions = true,
    footer = "--json: the document of GET /api/group/J-B-S-G (with the database); with --layer K, that of "
        + "GET /api/group/J-B-S-G/layer/K holding the whole layer; with --members, the group's document and its "
        + "members' codes in group_index order (\"members\").",
    description = {"Print a group: name, size, seed, its layers and solvability.",
        "X is a layout (a code, #id, @short code or name) or a group name J-B-S-G.",
        "Without --db, computed (no database needed): the group alone, flooded from its layout or seed and named from a table shipped in the jar.",
        "With --db: read from the database. --json reads the default database too where there is one; where none "
            + "is, it computes the same document (without the diameter: it needs 'klotski analyse')."})
final class GroupCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP + " Or a group name J-B-S-G.")
  String target;

  @Option(names = "--members", description = "Also list the group's member codes in order.")
  boolean members;

  @Option(names = "--layer", paramLabel = "K", description = "List the members of layer K (from the seed).")
  Integer layer;

  @Mixin JsonOption json;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (layer != null && (layer < 0 || layer > Queries.MAX_LAYER)) { // never a layer: a usage error, the API's 400
      throw new InputException("--layer " + layer + " is not a layer: layers count from 0 (the seed's) to "
          + Queries.MAX_LAYER);
    }
    if (json.on && layer != null && members) {
      throw new InputException("--layer and --members with --json: one document at a time (ask for each)");
    }
    if (!db.given() && !json.on || db.noneThere()) {
      inMemory();
    } else {
      fromDatabase();
    }
    return 0;
  }

  private void inMemory() {
    // the layout's group alone, flooded from it and named from the shipped table (Computed)
    LayoutRef ref = Lookup.asLayout(target); // null: a group's name
    Computed computed = ref == null ? Computed.group(target.trim()) : Computed.group(ref);
    GroupRecord g = computed.group();
    checkLayer(g);
    PrintWriter out = spec.commandLine().getOut();
    OneGroup group = computed.members();
    if (json.on) { // the documents the database gives, as info's without one
      spec.commandLine().getErr().println("klotski: no database at " + db.dir() + ": computed for the group alone "
          + "(its diameter needs a database and 'klotski analyse')");
      if (layer != null) {
        out.println(Json.write(Queries.layer(group, g, layer, 0, g.layerSizes()[layer])));
        return;
      }
      Map<String, Object> doc = new LinkedHashMap<>(Documents.group(g, -1));
      if (members) {
        doc.put("members", memberCodes(group));
      }
      out.println(Json.write(doc));
      return;
    }
    summary(out, computed.layout(), g);
    if (layer != null) {
      out.println("layer " + layer + ":");
      for (int i = 0; i < group.size(); i++) {
        if (group.layer(i) == layer) {
          out.println(Code.format(group.code(i)));
        }
      }
    }
    if (members) {
      memberCodes(group).forEach(out::println);
    }
  }

  private void checkLayer(GroupRecord g) {
    if (layer != null && layer >= g.layers()) {
      throw new IllegalArgumentException(Queries.noLayer(g, layer));
    }
  }

  /** The lines both ways give: the layout (when one was given), the group, its layers and solvability. */
  private static void summary(PrintWriter out, CaseRecord c, GroupRecord g) {
    if (c != null) {
      out.println("layout    " + Code.format(c.code()) + "  #" + c.id() + "  " + c.name());
    }
    out.println("group     " + g.name());
    out.println("size      " + String.format(Locale.ROOT, "%,d", g.size()));
    out.println("seed      " + Code.format(g.seed()));
    out.println("layers    " + g.layers());
    out.println("solvable  " + (g.isSolvable() ? "yes, " + UserText.count(g.solvedNum(), "solved layout", "solved layouts")
        + ", hardest " + UserText.count(g.maxMinSolutionStep(), "step", "steps") + " ("
        + UserText.count(g.hardestNum(), "layout", "layouts") + ")" : "no"));
    StringBuilder sizes = new StringBuilder();
    for (int k = 0; k < g.layers(); k++) {
      sizes.append(k == 0 ? "" : " ").append(g.layerSizes()[k]);
    }
    out.println("layer sizes " + sizes);
  }

  private void fromDatabase() {
    LayoutRef ref = Lookup.asLayout(target); // what was typed, before the database (null: a group's name)
    try (KlotskiDb kdb = db.open()) {
      GroupRecord g;
      PrintWriter out = spec.commandLine().getOut();
      CaseRecord c = null;
      if (ref == null) {
        g = Database.group(kdb, target);
      } else {
        c = Database.lookup(kdb, ref);
        g = Database.groupOf(kdb, c);
      }
      // every argument checked before the first line: an error never follows partial output
      checkLayer(g);
      if (json.on) {
        if (layer != null) { // the document of GET /api/group/G/layer/K, every member of the layer on one page
          out.println(Json.write(Queries.layer(kdb, g, layer, 0, g.layerSizes()[layer])));
          return;
        }
        Map<String, Object> doc = new LinkedHashMap<>(Documents.group(kdb, g));
        if (members) { // the group's document and its members' codes in group_index order
          doc.put("members", memberCodes(kdb, g));
        }
        out.println(Json.write(doc));
        return;
      }
      summary(out, c, g);
      if (layer != null) {
        out.println("layer " + layer + ":");
        kdb.forEachInLayer(g.jiang(), g.bing(), g.style(), g.groupNum(), layer,
            code -> out.println(Code.format(code)));
      }
      if (members) {
        memberCodes(kdb, g).forEach(out::println);
      }
    }
  }

  /** The members' codes of a group flooded alone, in group_index order, as the database holds them. */
  private static List<String> memberCodes(OneGroup group) {
    List<String> codes = new ArrayList<>(group.size());
    for (int i = 0; i < group.size(); i++) {
      codes.add(Code.format(group.code(i)));
    }
    return codes;
  }

  /** The group's members' codes in group_index order, read from the database. */
  private static List<String> memberCodes(KlotskiDb kdb, GroupRecord g) {
    List<String> codes = new ArrayList<>((int) g.size());
    for (int i = 0; i < g.size(); i++) {
      codes.add(Code.format(kdb.codeOfName(g.jiang(), g.bing(), g.style(), g.groupNum(), i)));
    }
    return codes;
  }
}
