package klotskidb.datasets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.LayoutClass;

/**
 * The count tables, derived from the database's group records (one pass over 25,422 rows):
 * the four published ones with their exact headers, and two that no published table has yet.
 *
 * <pre>
 *   jiang_bing_count   jiang bing count
 *   style_count        jiang bing style count
 *   group_num          jiang bing style groups
 *   group_size         jiang bing style group_num size         (every group, group_num order)
 *   solvable           jiang bing style layouts groups solvable_groups solvable_layouts
 *   group_layers       jiang bing style group_num size layers solved max_min_solution_step
 * </pre>
 */
public final class CountTables {
  /** A table: its file stem, header and rows of integers. */
  public record Table(String name, List<String> header, List<long[]> rows) {}

  /** Published in ../shared/published with these exact names and headers. */
  public static final List<String> PUBLISHED = List.of("jiang_bing_count", "style_count", "group_num", "group_size");

  /** Every table {@link #of} makes, in its order: the published ones, then solvable and group_layers. */
  public static final List<String> NAMES = List.of("jiang_bing_count", "style_count", "group_num", "group_size",
      "solvable", "group_layers");

  private CountTables() {}

  public static Map<String, Table> of(KlotskiDb db) {
    List<GroupRecord> groups = new ArrayList<>();
    db.forEachGroup(groups::add);
    return of(groups);
  }

  /** The style_count rows of layouts counted per class (by class index), the classes with none left out. */
  public static Table classCounts(long[] counts) {
    List<long[]> rows = new ArrayList<>();
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      if (counts[cls] > 0) {
        rows.add(new long[] {LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls),
            counts[cls]});
      }
    }
    return new Table("style_count", List.of("jiang", "bing", "style", "count"), rows);
  }

  public static Map<String, Table> of(List<GroupRecord> groups) {
    TreeMap<List<Integer>, long[]> jiangBing = new TreeMap<>(CountTables::compare);
    TreeMap<List<Integer>, long[]> styles = new TreeMap<>(CountTables::compare);
    List<long[]> sizes = new ArrayList<>();
    List<long[]> layers = new ArrayList<>();
    for (GroupRecord g : groups) {
      long[] jb = jiangBing.computeIfAbsent(List.of(g.jiang(), g.bing()), k -> new long[1]);
      jb[0] += g.size();
      // layouts, groups, solvable groups, solvable layouts
      long[] s = styles.computeIfAbsent(List.of(g.jiang(), g.bing(), g.style()), k -> new long[4]);
      s[0] += g.size();
      s[1]++;
      s[2] += g.isSolvable() ? 1 : 0;
      s[3] += g.isSolvable() ? g.size() : 0;
      sizes.add(new long[] {g.jiang(), g.bing(), g.style(), g.groupNum(), g.size()});
      layers.add(new long[] {g.jiang(), g.bing(), g.style(), g.groupNum(), g.size(), g.layers(), g.solvedNum(),
          g.maxMinSolutionStep()});
    }
    Map<String, Table> out = new LinkedHashMap<>();
    out.put("jiang_bing_count", new Table("jiang_bing_count", List.of("jiang", "bing", "count"),
        rows(jiangBing, 1)));
    out.put("style_count", new Table("style_count", List.of("jiang", "bing", "style", "count"), rows(styles, 1)));
    List<long[]> groupNum = new ArrayList<>();
    styles.forEach((k, v) -> groupNum.add(new long[] {k.get(0), k.get(1), k.get(2), v[1]}));
    out.put("group_num", new Table("group_num", List.of("jiang", "bing", "style", "groups"), groupNum));
    out.put("group_size", new Table("group_size", List.of("jiang", "bing", "style", "group_num", "size"), sizes));
    out.put("solvable", new Table("solvable", List.of("jiang", "bing", "style", "layouts", "groups",
        "solvable_groups", "solvable_layouts"), rows(styles, 4)));
    out.put("group_layers", new Table("group_layers", List.of("jiang", "bing", "style", "group_num", "size",
        "layers", "solved", "max_min_solution_step"), layers));
    return out;
  }

  private static int compare(List<Integer> a, List<Integer> b) {
    for (int i = 0; i < a.size(); i++) {
      int c = Integer.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static List<long[]> rows(TreeMap<List<Integer>, long[]> map, int values) {
    List<long[]> rows = new ArrayList<>();
    map.forEach((k, v) -> {
      long[] row = new long[k.size() + values];
      for (int i = 0; i < k.size(); i++) {
        row[i] = k.get(i);
      }
      System.arraycopy(v, 0, row, k.size(), values);
      rows.add(row);
    });
    return rows;
  }

  public static String tsv(Table t) {
    StringBuilder sb = new StringBuilder(String.join("\t", t.header())).append('\n');
    for (long[] row : t.rows()) {
      for (int i = 0; i < row.length; i++) {
        sb.append(i == 0 ? "" : "\t").append(row[i]);
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  public static String markdown(Table t) {
    StringBuilder sb = new StringBuilder("| ").append(String.join(" | ", t.header())).append(" |\n|");
    sb.append(" ---: |".repeat(t.header().size())).append('\n');
    for (long[] row : t.rows()) {
      sb.append('|');
      for (long v : row) {
        sb.append(' ').append(String.format(Locale.ROOT, "%,d", v)).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
