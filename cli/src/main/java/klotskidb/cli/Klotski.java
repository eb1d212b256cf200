package klotskidb.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import klotskidb.datasets.AtomicFile;
import klotskidb.db.IoErrors;
import klotskidb.enumerator.UserText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/**
 * The {@code klotski} command. Exit codes: 0 success, 1 failure (bad input, missing database,
 * failed check), 2 usage error. Errors are one line on stderr; {@code --verbose} adds the stack
 * trace.
 */
@Command(
    name = "klotski",
    mixinStandardHelpOptions = true,
    versionProvider = Klotski.Version.class,
    description = "Builds, verifies and queries the database of all 29,334,498 Klotski layouts.")
public final class Klotski implements Callable<Integer> {
  @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces on errors.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getOut());
    return 0;
  }

  public static void main(String[] args) {
    InfoCommand.startAhead(args);
    // Ctrl-C or SIGTERM before the end: one line that says so (serve stops that way by design)
    java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
    if (args.length == 0 || !args[0].equals("serve")) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        if (!finished.get()) {
          System.err.println("klotski: stopped by a signal before it finished: what it was writing is removed, "
              + "what it had published stays");
        }
      }, "klotski-signal"));
    }
    int code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
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
      TablesCommand.class,
      VerifyCommand.class,
      ExportCommand.class,
      PlotCommand.class,
      AnalyseCommand.class,
      ServeCommand.class,
      ReleaseCommand.class,
      CommandLine.HelpCommand.class);

  /**
   * The command line for these arguments: when they start with a command's name, that command
   * alone, else all of them (for the usage, {@code help}, an unknown name). picocli reads every
   * option of every command it is given by reflection, about 0.15 s of a JVM's start: the one
   * command a query runs is all it needs.
   */
  static CommandLine commandLine(String[] args) {
    CommandLine cl = new CommandLine(new Klotski());
    String first = args.length > 0 ? args[0] : "";
    boolean one = COMMANDS.stream().anyMatch(c -> !c.equals(CommandLine.HelpCommand.class) && nameOf(c).equals(first));
    for (Class<?> c : COMMANDS) {
      if (!one || nameOf(c).equals(first)) {
        cl.addSubcommand(nameOf(c), c);
      }
    }
    return cl;
  }

  private static String nameOf(Class<?> command) {
    return command.getAnnotation(Command.class).name();
  }

  /** Runs the command line with the given streams and returns the exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine(args);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      boolean verbose = parseResult.hasMatchedOption("--verbose")
          || parseResult.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
      if (verbose) {
        e.printStackTrace(commandLine.getErr());
      }
      commandLine.getErr().println("klotski: " + UserText.oneLine(describe(e)));
      commandLine.getErr().flush();
      return 1;
    });
    cl.setParameterExceptionHandler((e, a) -> {
      CommandLine where = e.getCommandLine();
      String command = where.getCommandSpec().qualifiedName();
      where.getErr().println("klotski: " + UserText.oneLine(e.getMessage()) + " (see '" + command + " --help')");
      where.getErr().flush();
      return 2;
    });
    // an unknown command is a usage error whatever follows it ('klotski serve --help' too)
    if (args.length > 0 && !args[0].startsWith("-") && !cl.getSubcommands().containsKey(args[0])) {
      err.println("klotski: unknown command " + UserText.quote(args[0]) + "; the commands are "
          + String.join(", ", cl.getSubcommands().keySet()) + " (see 'klotski --help')");
      err.flush();
      return 2;
    }
    int code;
    try {
      code = cl.execute(args);
    } catch (Error e) { // picocli hands only Exceptions to the handler above
      if (Arrays.asList(args).contains("--verbose")) {
        e.printStackTrace(err);
      }
      err.println("klotski: internal error: " + UserText.oneLine(String.valueOf(e)));
      code = 1;
    }
    out.flush();
    err.flush();
    return code;
  }

  /**
   * The message of a failure. A file-system error names its file and says why in words (the
   * JDK's message is the bare path); the file named is the one the user gave, never a temporary
   * one (see {@link AtomicFile}).
   */
  static String describe(Throwable e) {
    if (e instanceof java.nio.file.FileSystemException f) {
      return (f.getFile() == null ? "" : "cannot access " + f.getFile() + ": ") + IoErrors.reason(f)
          + (f.getOtherFile() == null ? "" : " (" + f.getOtherFile() + ")");
    }
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    // a library's wrapper ("Unable to close resource") says what failed, its I/O cause why
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c instanceof java.io.IOException io && !message.contains(IoErrors.reason(io))) {
        return message + ": " + IoErrors.reason(io);
      }
    }
    return message;
  }

  /** The version from the jar manifest, or "dev" when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"klotski-db " + version()};
    }
  }

  static String version() {
    String v = Klotski.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
