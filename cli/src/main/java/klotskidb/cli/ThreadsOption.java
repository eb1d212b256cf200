package klotskidb.cli;

import klotskidb.base.InputException;
import picocli.CommandLine.Option;

/** {@code --threads}, declared once for the commands whose work is shared among threads. */
final class ThreadsOption {
  @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all cores; the analysis runs at most one BFS thread a core).")
  private int threads = Runtime.getRuntime().availableProcessors();

  /** How many; fewer than one is an error naming the option. */
  int count() {
    if (threads < 1) {
      throw new InputException("--threads must be at least 1");
    }
    return threads;
  }
}
