package klotskidb.cli;

import java.util.concurrent.Callable;
import klotskidb.query.LayoutRef;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.ShortCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Draws a layout and prints what the code alone tells: id, class, mirror. Needs no database. */
@Command(name = "show", mixinStandardHelpOptions = true,
    description = "Draw a layout and print its id, class and mirror image (no database needed).",
    footer = "A 5-character X without a prefix is read as a short code or a code, whichever it is; "
        + "one that is both is an error that names both readings.")
final class ShowCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP)
  String code;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    long c = LayoutRef.codeWithoutDatabase(code);
    Board board = Board.of(c);
    long mirror = board.mirror().code();
    var out = spec.commandLine().getOut();
    out.println("code      " + Code.format(c));
    int id = AllLayouts.rank(c);
    out.println("id        " + id);
    out.println("short     " + ShortCode.of(id) + " (short code)");
    out.println("class     " + LayoutClass.name(LayoutClass.of(c)) + " (jiang-bing-style)");
    out.println("mirror    " + Code.format(mirror) + (mirror == c ? " (symmetric)" : ""));
    out.println("solved    " + (Code.isSolved(c) ? "yes" : "no"));
    out.print(board.draw());
    return 0;
  }
}
