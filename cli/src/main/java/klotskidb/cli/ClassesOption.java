package klotskidb.cli;

import java.util.ArrayList;
import java.util.List;
import klotskidb.base.InputException;
import klotskidb.enumerator.ClassSet;
import picocli.CommandLine.Option;

/**
 * {@code --classes} (or {@code --class}), declared once for {@code build}, {@code analyse} and
 * {@code release}: jiang-bing-style classes, comma-separated ({@code --classes 5-4-1,0-2-0}); none
 * given: every class. (Before, three declarations with two spellings.)
 */
final class ClassesOption {
  @Option(names = {"--classes", "--class"}, paramLabel = "J-B-S",
      description = "Only these (jiang-bing-style) classes, e.g. 5-4-1,0-2-0 (default: all).")
  private List<String> classes;

  /** The classes given, or every class. */
  ClassSet set() {
    if (classes == null) {
      return ClassSet.of(null);
    }
    // split here, not by picocli, which drops the empty names at the end ('5-4-1,,'): each is refused
    List<String> names = new ArrayList<>();
    for (String given : classes) {
      for (String name : given.split(",", -1)) {
        if (name.isBlank()) { // '5-4-1,,', ',5-4-1' or --classes ''
          throw new InputException("--classes names an empty class: expected J-B-S names "
              + "between the commas, e.g. 5-4-1,0-2-0");
        }
        names.add(name);
      }
    }
    return ClassSet.of(names);
  }
}
