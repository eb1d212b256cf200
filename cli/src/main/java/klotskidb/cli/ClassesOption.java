package klotskidb.cli;

import java.util.List;
import klotskidb.enumerator.ClassSet;
import picocli.CommandLine.Option;

/**
 * {@code --classes} (or {@code --class}), declared once for {@code build}, {@code analyse} and
 * {@code release}: jiang-bing-style classes, comma-separated ({@code --classes 5-4-1,0-2-0}); none
 * given: every class. (Before, three declarations with two spellings.)
 */
final class ClassesOption {
  @Option(names = {"--classes", "--class"}, paramLabel = "J-B-S", split = ",",
      description = "Only these (jiang-bing-style) classes, e.g. 5-4-1,0-2-0 (default: all).")
  private List<String> classes;

  /** The classes given, or every class. */
  ClassSet set() {
    return ClassSet.of(classes);
  }
}
