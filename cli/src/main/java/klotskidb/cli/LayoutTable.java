package klotskidb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.enumerator.Board;
import klotskidb.query.Facts;

/**
 * {@code klotski info}'s text: a layout's facts as a table made from the catalogue of facts
 * ({@link Facts}), the same facts and order as {@code --json}, for a person to read.
 *
 * <pre>
 *   code                                     1A9BF0C00
 *   ...
 *   min_solution_step                        81
 *   farthest_num                             8 (farthest layouts)
 *   group 5-4-1-1
 *     size                                   25,955
 * </pre>
 */
final class LayoutTable {
  private LayoutTable() {}

  /**
   * The text table: every fact of the catalogue that the JSON document has ({@link Facts}), one a
   * line, in its order, its label beside an original name that would mislead alone; a null says
   * why; the analysed facts, until then, one line saying how to get them. Then the group's summary
   * and the board.
   */
  static void print(PrintWriter out, CaseRecord c, GroupRecord g, AnalysisRecord a, int diameter) {
    boolean told = false;
    for (Facts.Fact f : Facts.LAYOUT) {
      if (!f.in(Facts.Output.JSON)) {
        continue;
      }
      if (f.analysed() && a == null) {
        if (!told) {
          out.printf("%-40s not analysed yet (klotski analyse --class %d-%d-%d)%n", "farthest_step ... solution_num",
              c.jiang(), c.bing(), c.style());
          told = true;
        }
        continue;
      }
      out.printf("%-40s %s%n", f.name(), shown(f, f.value(c, a)));
    }
    out.println("group " + g.name());
    for (Facts.Fact f : Facts.GROUP) {
      if (f.in(Facts.Output.SUMMARY) && !f.name().equals("name") && (!f.analysed() || diameter >= 0)) {
        out.printf("  %-38s %s%n", f.name(), shown(f, f.value(g, diameter)));
      }
    }
    out.print(Board.of(c.code()).draw());
  }

  /** A value as the text table shows it: yes or no, numbers with separators, a null with its reason, the label. */
  private static String shown(Facts.Fact f, Object v) {
    String text = v == null ? "none (" + f.nullWhen() + ")"
        : v instanceof Boolean b ? (b ? "yes" : "no")
        : v instanceof List<?> l ? (l.isEmpty() ? "none" : String.join(", ", l.stream().map(String::valueOf).toList()))
        : v instanceof Number n && (f.type() == Facts.Type.LONG || f.name().equals("size")
            || f.name().endsWith("_num") && !f.name().equals("group_num"))
            ? String.format(Locale.ROOT, "%,d", n.longValue()) // counts; ids and steps plain
        : f.type() == Facts.Type.PERCENT ? v + "%"
        : String.valueOf(v);
    return v != null && f.label() != null ? text + " (" + f.label() + ")" : text;
  }
}
