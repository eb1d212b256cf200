package klotskidb.cli;

import klotskidb.base.InputException;
import picocli.CommandLine.Option;

/**
 * {@code --codes-only}, declared once for every command whose answer is a list of layouts
 * ({@code find}, {@code solve}, {@code path}): the codes alone, one a line, for a pipe.
 *
 * <pre>
 *   klotski solve 1A9BF0C --codes-only | head -2     1A9BF0C00, then the first move's layout
 * </pre>
 */
final class CodesOnlyOption {
  @Option(names = "--codes-only", description = "Only the layouts' codes, one a line and nothing else, for a pipe "
      + "(not with --json).")
  boolean on;

  /** Refuses it beside {@code --json}: two shapes of one answer. */
  void checkNotWith(JsonOption json) {
    if (on && json.on) {
      throw new InputException("give --json or --codes-only, not both");
    }
  }
}
