package klotskidb.cli;

import java.io.PrintWriter;
import klotskidb.analysis.Kernels;
import picocli.CommandLine.Option;

/**
 * {@code --kernel}, declared once for every command that runs the all-roots analysis
 * ({@code analyse}, {@code release}, {@code export --format farthest-csv|solution-csv}).
 */
final class KernelOption {
  @Option(names = "--kernel", paramLabel = "KIND",
      description = "Analysis kernel: auto (default: vector where this JVM has the Vector API, "
          + "else scalar with a notice), vector or scalar. Every kernel gives the same values.")
  String kernel = "auto";

  /** The kernels asked for; auto's fallback notice goes to {@code err}. */
  Kernels choose(PrintWriter err) {
    return Kernels.choose(kernel, line -> {
      err.println(line);
      err.flush();
    });
  }
}
