package klotskidb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code klotski generate-man-page}: the manual page klotski(1) in roff, from the same picocli
 * declarations as {@code --help} and the completion script, so the three never disagree. For
 * example its entry for {@code info} starts
 * <pre>
 * .SS "klotski info [OPTIONS] LAYOUT..."
 * Print every stored field of a layout, its group summary and its board.
 * .TP
 * \fB\-\-db\fR=\fIDIR\fR
 * </pre>
 * and {@code man ./klotski.1} shows it as {@code man} shows any tool's page. {@code make dist} puts
 * it in the archive (share/man/man1); it has no date, so the same commit gives the same bytes.
 */
@Command(name = ManPageCommand.NAME, hidden = true, mixinStandardHelpOptions = true,
    description = "Print the manual page klotski(1) in roff (man -l <(klotski generate-man-page)).")
final class ManPageCommand implements Callable<Integer> {
  static final String NAME = "generate-man-page";

  @CommandLine.Spec CommandSpec spec;

  @Override
  public Integer call() {
    CommandSpec top = spec.parent();
    PrintWriter out = spec.commandLine().getOut();
    out.print(page(top));
    out.flush();
    return 0;
  }

  /** The page for the klotski command and every visible subcommand of it. */
  static String page(CommandSpec top) {
    StringBuilder s = new StringBuilder();
    String version = String.join(" ", top.version());
    s.append(".TH KLOTSKI 1 \"\" \"").append(escape(version)).append("\" \"User Commands\"\n");
    s.append(".SH NAME\nklotski \\- ").append(escape(String.join(" ", top.usageMessage().description()))).append('\n');
    s.append(".SH SYNOPSIS\n.B klotski\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n");
    s.append(".br\n.B klotski\n\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n");
    s.append(".SH COMMANDS\n");
    for (CommandLine sub : top.subcommands().values()) {
      CommandSpec c = sub.getCommandSpec();
      if (c.usageMessage().hidden()) { // generate-man-page itself among them
        continue;
      }
      s.append(".SS \"").append(escape(synopsis(c))).append("\"\n");
      paragraphs(s, c.usageMessage().description());
      for (PositionalParamSpec p : c.positionalParameters()) {
        if (!p.hidden()) {
          s.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n");
          paragraphs(s, p.description());
        }
      }
      for (OptionSpec o : c.options()) {
        if (o.hidden()) {
          continue;
        }
        s.append(".TP\n").append(optionNames(o)).append('\n');
        paragraphs(s, o.description());
      }
      if (c.usageMessage().footer().length > 0) {
        s.append(".PP\n");
        paragraphs(s, c.usageMessage().footer());
      }
    }
    s.append(".SH ENVIRONMENT\n");
    s.append(".TP\n.B KLOTSKI_DB\nThe database a command reads when no \\fB\\-\\-db\\fR is given (else data/klotski-db).\n");
    s.append(".TP\n.B KLOTSKI_JAVA_OPTS\nThe Java options instead of the launcher's own (the heap, the collector).\n");
    s.append(".TP\n.B JAVA_HOME\nThe Java runtime to use where the installation carries none (17 or newer).\n");
    s.append(".SH EXIT STATUS\n");
    s.append(".TP\n.B 0\nSuccess.\n");
    s.append(".TP\n.B 1\nA failure: a well-formed request the database or the files cannot answer.\n");
    s.append(".TP\n.B 2\nA usage error: whatever was typed wrong, checked before anything is read or written.\n");
    s.append(".TP\n.B 130\nStopped by Ctrl-C (SIGINT): what it was writing is removed, what it had published stays.\n");
    s.append(".TP\n.B 141\nStandard output closed by its reader (| head).\n");
    s.append(".SH SEE ALSO\nREADME.md beside the program; \\fBklotski generate-completion\\fR for bash and zsh.\n");
    return s.toString();
  }

  private static String synopsis(CommandSpec c) {
    List<String> words = new ArrayList<>();
    words.add(c.qualifiedName());
    if (!c.options().isEmpty()) {
      words.add("[OPTIONS]");
    }
    for (PositionalParamSpec p : c.positionalParameters()) {
      if (!p.hidden()) {
        words.add(p.paramLabel() + (p.arity().max() > 1 ? "..." : ""));
      }
    }
    if (!c.subcommands().isEmpty()) {
      words.add("COMMAND");
    }
    return String.join(" ", words);
  }

  private static String optionNames(OptionSpec o) {
    List<String> names = new ArrayList<>();
    for (String n : o.names()) {
      names.add("\\fB" + escape(n) + "\\fR");
    }
    String label = o.arity().max() > 0 ? "=\\fI" + escape(o.paramLabel()) + "\\fR" : "";
    return String.join(", ", names) + label;
  }

  private static void paragraphs(StringBuilder s, String[] lines) {
    boolean first = true;
    for (String line : lines) {
      String text = line.replace("%n", "\n");
      for (String l : text.split("\n", -1)) {
        if (l.isBlank()) {
          s.append(".br\n");
        } else {
          if (!first) {
            s.append(".br\n");
          }
          s.append(escape(l.strip())).append('\n');
        }
        first = false;
      }
    }
  }

  /**
   * Text as roff reads it literally: backslashes and minus signs escaped, no line read as a request,
   * and every character outside ASCII by its code point ({@code 横} as {@code \[u6A2A]}), which
   * every roff reads whatever its input encoding.
   */
  static String escape(String text) {
    StringBuilder t = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (c == '\\') {
        t.append("\\e");
      } else if (c == '-') {
        t.append("\\-");
      } else if (c < 128) {
        t.appendCodePoint(c);
      } else {
        t.append(String.format("\\[u%04X]", c));
      }
    });
    String s = t.toString();
    return s.startsWith(".") || s.startsWith("'") ? "\\&" + s : s;
  }
}
