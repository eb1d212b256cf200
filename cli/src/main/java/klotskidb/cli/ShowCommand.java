package klotskidb.cli;

import java.util.concurrent.Callable;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Draws a layout and prints what the code alone tells: id, class, mirror. Needs no database. */
@Command(name = "show", mixinStandardHelpOptions = true,
    description = "Draw a layout and print its id, class and mirror image (no database needed).")
final class ShowCommand implements Callable<Integer> {
  @Parameters(paramLabel = "CODE", description = "Layout code, 1 to 9 hex digits, e.g. 1A9BF0C.")
  String code;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    long c = Code.parse(code);
    Board board = Board.of(c);
    long mirror = board.mirror().code();
    var out = spec.commandLine().getOut();
    out.println("code      " + Code.format(c));
    out.println("id        " + AllLayouts.rank(c));
    out.println("class     " + LayoutClass.name(LayoutClass.of(c)) + " (jiang-bing-style)");
    out.println("mirror    " + Code.format(mirror) + (mirror == c ? " (symmetric)" : ""));
    out.println("solved    " + (Code.head(c) == 0xD ? "yes" : "no"));
    out.print(board.draw());
    return 0;
  }
}
