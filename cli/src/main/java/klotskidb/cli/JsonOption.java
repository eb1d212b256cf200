package klotskidb.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json}, declared once for every command that answers a question: the answer as one JSON
 * object (the API's document where the API asks the same question; each command's help says which).
 */
final class JsonOption {
  @Option(names = "--json", description = "The answer as one JSON object instead of text, for scripts (the "
      + "API's answer to the same question where there is one: the last line of this help says which).")
  boolean on;
}
