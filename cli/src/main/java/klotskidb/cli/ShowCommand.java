package klotskidb.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Board;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.ShortCode;
import klotskidb.query.BoardPicture;
import klotskidb.query.Json;
import klotskidb.query.LayoutRef;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Draws a layout and prints what the code alone tells: id, class, mirror. Needs no database. */
@Command(name = "show", mixinStandardHelpOptions = true,
    description = "Draw a layout and print its id, class and mirror image (no database needed).",
    footer = {"A 5-character X without a prefix is read as a short code or a code, whichever it is; "
        + "one that is both is an error that names both readings.",
        "--json: {code, id, short_code, class, jiang, bing, style, mirror, symmetric, solved, board (the "
            + "drawing's lines)}."})
final class ShowCommand implements Callable<Integer> {
  @Parameters(paramLabel = "X", description = LayoutArgument.HELP)
  String code;

  @Mixin JsonOption json;

  @CommandLine.Option(names = "--svg", description = "Print the board as an SVG picture instead (as GET "
      + "/api/layout/X/board.svg): for printing and sharing.")
  boolean svg;

  @CommandLine.Option(names = "--names", description = "With --svg: the pieces' names as the physical game "
      + "prints them (曹操, 关羽, ..., 兵).")
  boolean names;

  @CommandLine.Option(names = "--lang", paramLabel = "zh|en", description = "With --svg --names: Chinese "
      + "(default) or their pinyin.")
  String lang;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    long c = LayoutRef.codeWithoutDatabase(code);
    Board board = Board.of(c);
    long mirror = board.mirror().code();
    var out = spec.commandLine().getOut();
    if (svg && json.on) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give --svg or --json, not both");
    }
    if ((names || lang != null) && !svg) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--names and --lang go with --svg");
    }
    if (lang != null && !lang.equals("zh") && !lang.equals("en")) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--lang must be zh or en, not '" + lang + "'");
    }
    if (svg) {
      out.print(BoardPicture.svg(c, names, lang == null ? "zh" : lang));
      return 0;
    }
    if (json.on) {
      int id = AllLayouts.rank(c);
      int cls = LayoutClass.of(c);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("code", Code.format(c));
      m.put("id", id);
      m.put("short_code", ShortCode.of(id));
      m.put("class", LayoutClass.name(cls));
      m.put("jiang", LayoutClass.jiangOf(cls));
      m.put("bing", LayoutClass.bingOf(cls));
      m.put("style", LayoutClass.styleOf(cls));
      m.put("mirror", Code.format(mirror));
      m.put("symmetric", mirror == c);
      m.put("solved", Code.isSolved(c));
      m.put("board", board.draw().lines().toList());
      out.println(Json.write(m));
      return 0;
    }
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
