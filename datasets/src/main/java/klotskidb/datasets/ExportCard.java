package klotskidb.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

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
    byte[] line = ("  " + name + "\n").getBytes(StandardCharsets.UTF_8);
    OwnFile card = OwnFile.check(sibling(file, ".md"), "the dataset card of " + file,
        p -> java.util.Arrays.equals(OwnFile.head(p, header.length), header), force).sweep(notes);
    OwnFile sums = OwnFile.check(sibling(file, ".sha256"), "the checksum (card) of " + file, p -> {
      byte[] b = OwnFile.head(p, 64 + line.length + 1);
      return b.length == 64 + line.length && new String(b, 0, 64, StandardCharsets.US_ASCII).matches("[0-9a-f]{64}")
          && java.util.Arrays.equals(b, 64, b.length, line, 0, line.length);
    }, force).sweep(notes);
    return new ExportCard(card, sums, file);
  }

  private static Path sibling(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }

  /**
   * Writes the checksum, then the card.
   *
   * @param title what the file is, one line
   * @param body the card's text after the title: what a line or row holds, the columns
   * @param toolVersion the version of the tool that wrote the file
   * @param builtBy the version that built the database read, null when none was read
   */
  public void write(String format, String title, String body, ExportFormat.Written w, String toolVersion,
      String builtBy) throws IOException {
    String name = file.getFileName().toString();
    String sha256 = Release.sha256Of(file);
    long bytes = Files.size(file);
    sums.write(s -> s.write((sha256 + "  " + name + "\n").getBytes(StandardCharsets.UTF_8)));
    StringBuilder c = new StringBuilder();
    c.append(HEADER).append(title.replace("\"", "'")).append("\"\n")
        .append("license: apache-2.0\n")
        .append("tags:\n- klotski\n- huarongdao\n- sliding-block-puzzle\n")
        .append("configs:\n- config_name: default\n  data_files: \"").append(name).append("\"\n")
        .append("---\n\n")
        .append("# ").append(name).append("\n\n")
        .append(Character.toUpperCase(title.charAt(0))).append(title.substring(1)).append(": ")
        // the card names files relative to itself, never by the writer's path
        .append(w.summary().replace(file.toString(), name)).append(String.format(Locale.ROOT, ", %,d bytes.%n%n", bytes))
        .append("Written by klotski-db ").append(toolVersion).append(" (`klotski export --format ").append(format)
        .append("`)").append(builtBy == null ? ", computed in memory" : " from a database built by klotski-db "
            + builtBy).append(".\n\n")
        .append(body).append("\n\n")
        .append("A step moves one piece to any position it reaches by unit slides through empty cells; a code is "
            + "the layout's 9 upper-case hex digits (see the project's SCHEMA.md).\n\n")
        .append("## Check\n\n```sh\nsha256sum -c ").append(name).append(".sha256\n```\n");
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
