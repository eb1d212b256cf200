package klotskidb.cli;

import java.io.PrintWriter;
import klotskidb.analysis.Kernels;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code --kernel}, declared once for every command that runs the all-roots analysis
 * ({@code analyse}, {@code release}, {@code export --format farthest-csv|solution-csv}).
 */
final class KernelOption {
  enum Kind { AUTO, VECTOR, SCALAR }

  @Option(names = "--kernel", paramLabel = "KIND", converter = KindConverter.class,
      description = "Analysis kernel: auto (default: vector where this JVM has the Vector API, "
          + "else scalar with a notice), vector or scalar. Every kernel gives the same values.")
  Kind kernel = Kind.AUTO;

  static final class KindConverter implements ITypeConverter<Kind> {
    @Override
    public Kind convert(String value) {
      return Choices.of(Kind.class, value);
    }
  }

  /** The kernels asked for; auto's fallback notice goes to {@code err}. */
  Kernels choose(PrintWriter err) {
    return Kernels.choose(Choices.name(kernel), line -> {
      err.println(line);
      err.flush();
    });
  }
}
