package klotskidb.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Consumer;
import klotskidb.base.UserText;

/**
 * The dataset card and checksum an export leaves beside its file, for people who pick the file
 * up without Java:
 *
 * <pre>
 *   klotski export --format main-csv --out out/main.csv
 *     out/main.csv          the file
 *     out/main.csv.sha256   "SHA256  main.csv", what sha256sum -c reads
 *     out/main.csv.md       the card: a YAML header in the common dataset-card form, what one line
 *                           holds, the columns, the count, the tool versions, how to check
 * </pre>
 *
 * The two are names the user never typed, so they follow {@link OwnFile}'s rule, checked before
 * anything is computed: written where nothing is or over klotski's own earlier card or checksum
 * (recognised by their content: the card's header, the checksum line naming the file), a user's
 * plain file replaced only with {@code --force}, and a link, folder, FIFO or device there refused
 * with or without it (never written through). {@code --no-card} writes the file alone, and a
 * stream (standard output, a FIFO) gets none. They are written after the file, so a card never
 * describes a file that is not there.
 */
public final class ExportCard {
  private final OwnFile card;
  private final OwnFile sums;
  private final Path file;

  /** The first line of every card klotski writes, what recognises one as its own. */
  private static final String HEADER = "---\npretty_name: \"Klotski (华容道) layouts: ";

  private ExportCard(OwnFile card, OwnFile sums, Path file) {
    this.card = card;
    this.sums = sums;
    this.file = file;
  }

  /**
   * The card and checksum beside {@code target}, checked by {@link OwnFile#check}; null for a
   * stream, which has no folder to hold them.
   */
  public static ExportCard beside(OutputTarget target, boolean force, Consumer<String> notes) {
    if (target.isStream()) {
      return null;
    }
    Path file = target.path();
    String name = file.getFileName().toString();
    byte[] header = HEADER.getBytes(StandardCharsets.UTF_8);
    String zero = "0".repeat(64);
    byte[] line = checksumLine(zero, name).getBytes(StandardCharsets.UTF_8);
    int at = checksumLine(zero, name).indexOf(zero); // 1 where the name is escaped ("\\" first)
    OwnFile card = OwnFile.check(sibling(file, ".md"), "the dataset card of " + file,
        p -> Arrays.equals(OwnFile.head(p, header.length), header), force).sweep(notes);
    OwnFile sums = OwnFile.check(sibling(file, ".sha256"), "the checksum (card) of " + file, p -> {
      byte[] b = OwnFile.head(p, line.length + 1);
      return b.length == line.length && new String(b, at, 64, StandardCharsets.US_ASCII).matches("[0-9a-f]{64}")
          && Arrays.equals(b, 0, at, line, 0, at)
          && Arrays.equals(b, at + 64, b.length, line, at + 64, line.length);
    }, force).sweep(notes);
    return new ExportCard(card, sums, file);
  }

  /**
   * A line of {@code sha256sum}'s output for {@code name}, as GNU coreutils writes it so that
   * {@code sha256sum -c} reads it back: a name holding a backslash, a newline or a carriage return
   * has them escaped ({@code \\}, {@code \n}, {@code \r}) and the line starts with a backslash.
   */
  static String checksumLine(String sha256, String name) {
    if (name.indexOf('\\') < 0 && name.indexOf('\n') < 0 && name.indexOf('\r') < 0) {
      return sha256 + "  " + name + "\n";
    }
    return "\\" + sha256 + "  " + name.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r") + "\n";
  }

  /** A YAML double-quoted scalar of {@code text}: backslash, quote and every control or invisible character escaped. */
  static String yamlQuoted(String text) {
    StringBuilder b = new StringBuilder("\"");
    text.codePoints().forEach(c -> {
      if (c == '"' || c == '\\') {
        b.append('\\').appendCodePoint(c);
      } else if (c < 0x20 || c == 0x7F || Character.getType(c) == Character.FORMAT || c == 0x2028 || c == 0x2029
          || c >= 0x80 && c < 0xA0) {
        b.append(String.format(Locale.ROOT, c > 0xFFFF ? "\\U%08x" : "\\u%04x", c));
      } else {
        b.appendCodePoint(c);
      }
    });
    return b.append('"').toString();
  }

  /** {@code text} as one word of a POSIX shell: as it is when plain, else in single quotes. */
  static String shellWord(String text) {
    return text.matches("[A-Za-z0-9._,+=:@%/-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
  }

  private static Path sibling(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }

  /**
   * Writes the checksum, then the card.
   *
   * @param command the command that wrote the file, after "klotski " ("export --format parquet", "sheet")
   * @param title what the file is, one line
   * @param body the card's text after the title: what a line or row holds, the columns
   * @param toolVersion the version of the tool that wrote the file
   * @param builtBy the version that built the database read, null when none was read
   */
  public void write(String command, String title, String body, ExportFormat.Written w, String toolVersion,
      String builtBy) throws IOException {
    String name = file.getFileName().toString();
    String sha256 = Release.sha256Of(file);
    long bytes = Files.size(file);
    sums.write(s -> s.write(checksumLine(sha256, name).getBytes(StandardCharsets.UTF_8)));
    String shown = UserText.oneLine(name); // the name in the card's text: one line
    StringBuilder c = new StringBuilder();
    c.append(HEADER).append(title.replace("\"", "'")).append("\"\n")
        .append("license: apache-2.0\n")
        .append("tags:\n- klotski\n- huarongdao\n- sliding-block-puzzle\n")
        .append("configs:\n- config_name: default\n  data_files: ").append(yamlQuoted(name)).append("\n")
        .append("---\n\n")
        .append("# ").append(shown).append("\n\n")
        .append(Character.toUpperCase(title.charAt(0))).append(title.substring(1)).append(": ")
        // the card names files relative to itself, never by the writer's path
        .append(w.summary().replace(UserText.oneLine(file.toString()), shown)).append(String.format(Locale.ROOT, ", %,d bytes.%n%n", bytes))
        .append("Written by klotski-db ").append(toolVersion).append(" (`klotski ").append(command).append("`)").append(builtBy == null ? ", computed in memory" : " from a database built by klotski-db "
            + builtBy).append(".\n\n")
        .append(body).append("\n\n")
        .append("A step moves one piece to any position it reaches by unit slides through empty cells; a code is "
            + "the layout's 9 upper-case hex digits (see the project's SCHEMA.md).\n\n")
        .append("## Check\n\n```sh\nsha256sum -c ").append(shellWord(name + ".sha256")).append("\n```\n");
    if (w.sum() != null) {
      String[] md5 = w.sum().toString().split(" ");
      c.append("\nMD5 ").append(md5[0]);
      c.append(w.original() == null ? "" : w.notCompared() != null ? " (" + w.notCompared() + ")"
          : "; the published " + w.original() + "'s MD5: " + PublishedReference.shipped().md5(w.original()));
      c.append(".\n");
    }
    c.append("\n## Licence\n\nApache-2.0, the licence of klotski-db, which computed every value in the file.\n");
    card.write(s -> s.write(c.toString().getBytes(StandardCharsets.UTF_8)));
  }
}
