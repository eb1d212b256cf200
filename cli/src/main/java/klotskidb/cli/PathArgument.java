package klotskidb.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * A path typed on the command line ({@code --db}, every {@code --out}): an empty one is a usage
 * error, where Java reads {@code ''} as the current folder. For example {@code klotski build --db ''}
 * stops with "Invalid value for option '--db': an empty path names no file or folder" (exit 2)
 * instead of building into the folder it was run from.
 */
final class PathArgument implements CommandLine.ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    if (value.isBlank()) {
      throw new CommandLine.TypeConversionException("an empty path names no file or folder");
    }
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new CommandLine.TypeConversionException("not a path: " + e.getReason());
    }
  }
}
