package klotskidb.cli;

import java.io.PrintWriter;
import klotskidb.base.Progress;
import picocli.CommandLine.Option;

/** {@code --no-progress}, declared once for the commands that show a progress bar. */
final class ProgressOption {
  @Option(names = "--no-progress", description = "No progress bar: a summary (and a line per class) only.")
  private boolean noProgress;

  /** The progress shown on {@code err}: a bar on a terminal, percentages on a pipe, none with the option. */
  Progress on(PrintWriter err) {
    return new ConsoleProgress(err, System.console() != null, noProgress);
  }
}
