package klotskidb.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The group of a layout, computed in memory (its class only). */
@Command(name = "group", mixinStandardHelpOptions = true,
    description = {"Print the group of a layout: its name, size and seed (computed in memory for the "
        + "layout's class; no database needed).", "X is a code (1A9BF0C) or an id (#4091296)."})
final class GroupCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = "Layout code or #id.")
  String layout;

  @Option(names = "--members", description = "Also list the group's member codes in order.")
  boolean members;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    LayoutRef ref = LayoutRef.parse(layout);
    if (ref.kind == LayoutRef.Kind.NAME) {
      throw new IllegalArgumentException("names need the class's groups; give a code or #id");
    }
    AllLayouts all = AllLayouts.build();
    int id = ref.kind == LayoutRef.Kind.ID ? (int) ref.value : all.id(ref.value);
    long code = all.code(id);
    Groups groups = InMemory.groupsOfClasses(all, LayoutClass.of(code));
    int g = groups.groupOf(id);
    PrintWriter out = spec.commandLine().getOut();
    out.println("layout    " + Code.format(code) + "  #" + id);
    out.println("name      " + groups.name(id));
    out.println("group     " + groups.groupName(g) + " (" + (groups.groupNum(g) + 1) + " of "
        + groups.groupsInClass(groups.classOf(g)) + " in class " + LayoutClass.name(groups.classOf(g)) + ")");
    out.println("size      " + groups.size(g));
    out.println("seed      " + Code.format(all.code(groups.seed(g))));
    if (members) {
      for (int i = 0; i < groups.size(g); i++) {
        out.println(Code.format(all.code(groups.member(g, i))));
      }
    }
    return 0;
  }
}
