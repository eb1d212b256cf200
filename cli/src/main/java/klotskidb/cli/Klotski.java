package klotskidb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import klotskidb.base.InputException;
import klotskidb.base.OutputClosedException;
import klotskidb.base.UserText;
import klotskidb.datasets.AtomicFile;
import klotskidb.datasets.SqliteExport;
import klotskidb.db.IoErrors;
import klotskidb.jobs.Version;
import klotskidb.query.Spellings;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code klotski} command. Exit codes: 0 success; 2 usage error, whatever was typed wrong (an
 * unknown command or option, a malformed or out-of-range value, a code that is no legal layout:
 * {@link InputException}), checked before anything is read or written; 1 failure, a well-formed
 * request the database or the files cannot answer (a missing or damaged database, a folder it may
 * not write, a failed check); 141 standard output closed by its reader before everything was written
 * ({@code | head}): nothing more is printed, as a tool SIGPIPE stops. Errors are one line on stderr; {@code --verbose} adds the stack
 * trace. The version ({@code --version}) is the commit the jar was built from ({@link Version}).
 */
@Command(
    name = "klotski",
    mixinStandardHelpOptions = true,
    versionProvider = Klotski.VersionLine.class,
    description = "Builds, verifies and queries the database of all 29,334,498 Klotski layouts.")
public final class Klotski implements Callable<Integer> {
  @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces on errors.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** No command: a usage error (2), the commands listed on standard error ({@code --help} lists them on standard output, 0). */
  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    err.println("klotski: a command is needed, one of these:");
    spec.commandLine().usage(err);
    return 2;
  }

  public static void main(String[] args) {
    if (isVersion(args)) {
      // the version alone: one line, no command line to build (picocli's set-up is most of a
      // short command's start: BENCHMARKS.md, row "start-up of the archive"); the same line as
      // run(args) prints, held equal by CliTest
      System.out.println(versionLine());
      System.exit(0);
    }
    InfoCommand.startAhead(args);
    // Ctrl-C or SIGTERM before the end: one line that says so (serve stops that way by design)
    AtomicBoolean finished = new AtomicBoolean();
    if (args.length == 0 || !args[0].equals("serve")) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        if (!finished.get()) {
          System.err.println("klotski: stopped by a signal before it finished: what it was writing is removed, "
              + "what it had published stays");
        }
      }, "klotski-signal"));
    }
    PrintWriter out = new PrintWriter(System.out, true);
    int code = run(args, out, new PrintWriter(System.err, true));
    if (code != OutputClosedException.EXIT && out.checkError()) {
      code = OutputClosedException.EXIT; // what it printed did not all reach its reader ('| head')
    }
    finished.set(true);
    System.exit(code);
  }

  /** The subcommands, in the order {@code klotski --help} lists them. */
  private static final List<Class<?>> COMMANDS = List.of(
      BuildCommand.class,
      ShowCommand.class,
      GroupCommand.class,
      SolveCommand.class,
      PathCommand.class,
      InfoCommand.class,
      NextCommand.class,
      FindCommand.class,
      SheetCommand.class,
      TablesCommand.class,
      VerifyCommand.class,
      ExportCommand.class,
      PlotCommand.class,
      AnalyseCommand.class,
      ServeCommand.class,
      ReleaseCommand.class,
      CommandLine.HelpCommand.class,
      // picocli's: a bash (and zsh, through bashcompinit) completion script of every command and option
      AutoComplete.GenerateCompletion.class,
      ManPageCommand.class);

  /**
   * The command line for these arguments: when they start with a command's name, that command
   * alone; for {@code --version} alone, none; else all of them (for the usage, {@code help}, an
   * unknown name). picocli reads every option of every command it is given by reflection
   * (BENCHMARKS.md, row "one command's options only"): the one command a query runs is all it
   * needs. {@code generate-completion} and {@code generate-man-page} get them all: they name every command.
   */
  static CommandLine commandLine(String[] args) {
    CommandLine cl = new CommandLine(new Klotski());
    String first = args.length > 0 ? args[0] : "";
    boolean completion = first.equals(COMPLETION) || first.equals(ManPageCommand.NAME); // every command
    boolean one = !completion
        && COMMANDS.stream().anyMatch(c -> !c.equals(CommandLine.HelpCommand.class) && nameOf(c).equals(first));
    boolean version = args.length == 1 && (first.equals("--version") || first.equals("-V")); // no command needed
    for (Class<?> c : COMMANDS) {
      if (!version && (!one || nameOf(c).equals(first))) {
        cl.addSubcommand(nameOf(c), c);
      }
    }
    CommandLine export = cl.getSubcommands().get("export");
    if (export != null) { // the SQLite facts table's columns, as the export writes them
      export.getCommandSpec().usageMessage().description(Arrays.stream(
          export.getCommandSpec().usageMessage().description())
          .map(l -> l.replace("FACTS_COLUMNS", SqliteExport.factsColumns())).toArray(String[]::new));
    }
    CommandLine serve = cl.getSubcommands().get("serve");
    if (serve != null) { // its routes, from the API's description, after its first line
      List<String> d = new ArrayList<>(List.of(serve.getCommandSpec().usageMessage().description()));
      d.addAll(1, ServeCommand.routes());
      serve.getCommandSpec().usageMessage().description(d.toArray(new String[0]));
    }
    return cl;
  }

  /** The command that prints the completion script ({@code source <(klotski generate-completion)}). */
  static final String COMPLETION = "generate-completion";

  private static String nameOf(Class<?> command) {
    return command.getAnnotation(Command.class).name();
  }

  /** {@code --version}, {@code -V} or {@code version} ('klotski version' as people type it), alone. */
  static boolean isVersion(String[] args) {
    return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V") || args[0].equals("version"));
  }

  /** What {@code klotski --version} prints. */
  static String versionLine() {
    return "klotski-db " + Version.current();
  }

  /**
   * Runs the command line with the given streams and returns the exit code (for tests). An Error
   * (a class the jar lacks, memory exhausted) is one line too, wherever it happens: picocli hands
   * only Exceptions to its handlers, and building the command line reads every option's class.
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    try {
      return execute(isVersion(args) ? new String[] {"--version"} : args, out, err); // 'klotski version' as --version
    } catch (Error e) {
      if (Arrays.asList(args).contains("--verbose")) {
        e.printStackTrace(err);
      }
      String memory = outOfMemory(e);
      err.println("klotski: " + (memory != null ? memory : "internal error: " + UserText.oneLine(String.valueOf(e))));
      out.flush();
      err.flush();
      return 1;
    }
  }

  private static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine(args);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      boolean verbose = parseResult.hasMatchedOption("--verbose")
          || parseResult.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
      if (OutputClosedException.in(e)) { // '| head': quiet, as a tool SIGPIPE stops
        return OutputClosedException.EXIT;
      }
      if (verbose) {
        e.printStackTrace(commandLine.getErr());
      }
      if (e instanceof InputException) {
        // what was typed is wrong: a usage error, as picocli's own (exit 2)
        commandLine.getErr().println("klotski: " + UserText.message(e.getMessage()) + " (see '"
            + commandLine.getCommandSpec().qualifiedName() + " --help')");
        commandLine.getErr().flush();
        return 2;
      }
      String memory = outOfMemory(e);
      commandLine.getErr().println("klotski: " + (memory != null ? memory : UserText.message(describe(e))));
      commandLine.getErr().flush();
      return 1;
    });
    cl.setParameterExceptionHandler((e, a) -> {
      CommandLine where = e.getCommandLine();
      String command = where.getCommandSpec().qualifiedName();
      String option = unknownOption(e, a);
      where.getErr().println("klotski: " + (option != null ? option : UserText.message(e.getMessage()) + didYouMean(e))
          + " (see '" + command + " --help')");
      where.getErr().flush();
      return 2;
    });
    // an unknown command is a usage error whatever follows it ('klotski serve --help' too), and
    // after help the same ('klotski help nope': picocli's own "Unknown subcommand 'nope'.")
    int asked = args.length > 1 && args[0].equals("help") && !args[1].startsWith("-") ? 1 : 0;
    if (args.length > asked && !args[asked].startsWith("-") && !cl.getSubcommands().containsKey(args[asked])) {
      err.println("klotski: unknown command " + UserText.quote(args[asked])
          + didYouMean(new CommandLine.UnmatchedArgumentException(cl, List.of(args[asked]))) + "; the commands are "
          + String.join(", ", cl.getSubcommands().entrySet().stream()
              .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey).toList())
          + " (see 'klotski --help')");
      err.flush();
      return 2;
    }
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /**
   * An option the command does not have, named alone: picocli said "Unknown options: '--bd', 'DIR'",
   * naming what followed it too. Another command's option is said as such: {@code klotski path
   * 1A9BF0C DAAF4CC --db DIR} gets "path has no option --db: it needs no database" (picocli offered
   * -h), {@code klotski show 1A9BF0C --limit 3} "show has no option --limit: find and sheet have
   * it", and one before the command's name where it goes ({@code klotski --db DIR info X}); else
   * the nearest names ({@code --bd}: "unknown option '--bd'; did you mean --db?"). An argument
   * more than the command takes says what it takes ({@code klotski path A B C}: "'C' is one
   * argument too many: klotski path takes 2 arguments, FROM and TO"), where picocli gave its index.
   */
  private static String unknownOption(CommandLine.ParameterException e, String[] args) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
      return null;
    }
    String typed = u.getUnmatched().get(0);
    CommandLine.Model.CommandSpec spec = u.getCommandLine().getCommandSpec();
    if (!typed.startsWith("-") || typed.equals("-")) { // picocli: "Unmatched argument at index 3: 'C'"
      List<String> takes = spec.positionalParameters().stream().map(p -> p.paramLabel()).toList();
      return UserText.quote(typed) + " is one argument too many: " + spec.qualifiedName() + switch (takes.size()) {
        case 0 -> " takes no argument, only options";
        case 1 -> " takes one argument, " + takes.get(0);
        default -> " takes " + takes.size() + " arguments, " + String.join(" and ", takes);
      };
    }
    String name = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
    // every command, read only here: a command line holds only the command it runs (commandLine)
    List<String> having = commandLine(new String[0]).getSubcommands().values().stream()
        .map(CommandLine::getCommandSpec).distinct()
        .filter(c -> !c.usageMessage().hidden() && c.findOption(name) != null).map(c -> c.name()).toList();
    if (having.isEmpty()) {
      return "unknown option " + UserText.quote(name) + didYouMean(e);
    }
    String which = String.join(", ", having.subList(0, having.size() - 1)) + (having.size() > 1 ? " and " : "")
        + having.get(having.size() - 1) + (having.size() == 1 ? " has it" : " have it");
    if (u.getCommandLine().getParent() == null) { // 'klotski --db DIR info X': the command's name comes first
      String next = Arrays.stream(args).filter(having::contains).findFirst().orElse(null);
      return name + " goes after the command's name"
          + (next != null ? ": klotski " + next + " " + name + " ..." : " (" + which + ")");
    }
    return spec.name() + " has no option " + name
        + (name.equals("--db") ? ": it needs no database" : ": " + which);
  }

  /**
   * The nearest names to a mistyped command or option ({@code inof}: info, {@code --bd}: --db):
   * at most two edits away (a swap of neighbours is one). picocli's own suggestions rank by letter
   * pairs and offered 'find' for 'inof'.
   */
  private static String didYouMean(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
      return "";
    }
    String typed = u.getUnmatched().get(0);
    if (typed.equals("-")) { // standard input, as some tools take it: nothing is near
      return "";
    }
    CommandLine.Model.CommandSpec spec = u.getCommandLine().getCommandSpec();
    List<String> names = new ArrayList<>();
    if (typed.startsWith("-")) {
      spec.options().forEach(o -> names.addAll(List.of(o.names())));
      typed = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
    } else {
      names.addAll(spec.subcommands().keySet());
    }
    int best = 3;
    List<String> close = new ArrayList<>();
    for (String n : names) {
      int d = Spellings.distance(typed, n, 3);
      if (d < best) {
        best = d;
        close.clear();
      }
      if (d == best) {
        close.add(n);
      }
    }
    return close.isEmpty() || best == 0 ? "" : "; did you mean " + String.join(" or ", close) + "?";
  }



  /**
   * The message of a failure. A file-system error names its file and says why in words (the
   * JDK's message is the bare path); the file named is the one the user gave, never a temporary
   * one (see {@link AtomicFile}). A failure with no message is a fault of klotski's own, said so
   * with how to see where ("internal error: java.lang.IndexOutOfBoundsException (--verbose prints
   * where)"), where its bare class's name once stood alone.
   */
  static String describe(Throwable e) {
    if (e instanceof FileSystemException f) {
      return (f.getFile() == null ? "" : "cannot access " + f.getFile() + ": ") + IoErrors.reason(f)
          + (f.getOtherFile() == null ? "" : " (" + f.getOtherFile() + ")");
    }
    if (e.getMessage() == null) {
      return "internal error: " + e.getClass().getName() + " (--verbose prints where)";
    }
    String message = e.getMessage();
    // a library's wrapper ("Unable to close resource") says what failed, its I/O cause why
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c instanceof IOException io && !message.contains(IoErrors.reason(io))) {
        return message + ": " + IoErrors.reason(io);
      }
    }
    return message;
  }

  /**
   * What to do when the heap ran out, for a failure caused by it (in the command's thread or a
   * worker's: "layerer failed: Java heap space"), else null. 2-6-1 built under -Xmx48m: "out of
   * memory (Java heap space) with a heap of 48 MB: give it more, e.g. KLOTSKI_JAVA_OPTS='-Xmx1g
   * -XX:+UseParallelGC' (the launcher sizes it from the machine's memory otherwise)".
   */
  static String outOfMemory(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof OutOfMemoryError oom) {
        String what = oom.getMessage() == null ? "out of memory" : "out of memory (" + oom.getMessage() + ")";
        if (oom.getMessage() == null || !(oom.getMessage().contains("Java heap space")
            || oom.getMessage().contains("GC overhead"))) {
          return what; // not the heap's limit (threads, direct buffers): a larger -Xmx would not help
        }
        long max = Runtime.getRuntime().maxMemory();
        long gigabytes = Math.max(1, (2 * max + (1L << 30) - 1) >> 30); // twice the heap, whole gigabytes
        return what + " with a heap of " + UserText.size(max) + ": give it more, e.g. KLOTSKI_JAVA_OPTS='-Xmx"
            + gigabytes + "g -XX:+UseParallelGC' (the launcher sizes it from the machine's memory otherwise)";
      }
    }
    return null;
  }

  /** The version from the jar manifest, or "dev" when run from classes. */
  static final class VersionLine implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {versionLine()};
    }
  }

}
