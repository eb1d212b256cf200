package klotskidb.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import klotskidb.base.UserText;
import picocli.CommandLine.TypeConversionException;

/**
 * An option whose value is one of an enum's constants, written in lower case with dashes
 * ({@code MAIN_CSV} is {@code main-csv}); anything else is a usage error that lists the values:
 * {@code unknown value 'xyz': expected one of all-cases, main-csv, farthest-csv, solution-csv}.
 */
final class Choices {
  private Choices() {}

  static <E extends Enum<E>> E of(Class<E> type, String value) {
    String wanted = value.trim().toLowerCase(Locale.ROOT);
    for (E e : type.getEnumConstants()) {
      if (name(e).equals(wanted)) {
        return e;
      }
    }
    throw new TypeConversionException("unknown value " + UserText.quote(value) + ": expected one of "
        + Arrays.stream(type.getEnumConstants()).map(Choices::name).collect(Collectors.joining(", ")));
  }

  static String name(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
