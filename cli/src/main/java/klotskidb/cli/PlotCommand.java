package klotskidb.cli;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import klotskidb.base.UserText;
import klotskidb.datasets.OwnFolder;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Names;
import klotskidb.query.LayoutRef;
import klotskidb.query.Lookup;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** PNG charts of the database (XChart): class sizes, group sizes, one group's layer profile. */
@Command(name = "plot", mixinStandardHelpOptions = true,
    description = {"Render four PNG charts from the database into --out.",
        "  layouts_per_class.png  layouts per (jiang, bing) class",
        "  groups_per_class.png   groups per (jiang, bing) class",
        "  group_sizes.png        how many groups have each size (log scales)",
        "  layers_J-B-S-G.png     layer sizes of one group from its seed",
        "A file of the same name that klotski did not write (its SHA-256 is not in --out's .klotski-files) is "
            + "refused unless --force; a link, folder or FIFO there always."})
final class PlotCommand implements Callable<Integer> {
  @Option(names = "--out", converter = PathArgument.class, paramLabel = "DIR", required = true, description = "Folder for the PNG files.")
  Path out;

  /** The layer profile's group where none is named and the database holds it: the classic start's. */
  static final String CLASSIC = "5-4-1-1";

  @Option(names = "--group", paramLabel = "J-B-S-G", description = "Group for the layer profile, by its name or a layout of "
      + "it, as klotski group takes it (default: " + CLASSIC + ", the classic start's; in a database without it, its "
      + "largest group).")
  String group;

  @Option(names = "--force", description = "Replace a plain file of a chart's name that klotski did not write.")
  boolean force;

  @Mixin DbOption db;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    System.setProperty("java.awt.headless", "true");
    // ImageIO's PNG writer caches in a temporary file by default, and when a write fails (a full
    // disk) its StreamCloser thread later printed a NullPointerException's stack trace after the
    // one-line error; a chart is some 30 KB: cached in memory instead
    ImageIO.setUseCache(false);
    List<String> files = new ArrayList<>(List.of("layouts_per_class.png", "groups_per_class.png", "group_sizes.png"));
    // a malformed name fails before the database is opened; a layout's group is known once it is open
    LayoutRef layout = group == null ? null : Lookup.asLayout(group);
    if (group != null && layout == null) {
      int[] g = Names.parse(group.trim(), 4);
      files.add("layers_" + g[0] + "-" + g[1] + "-" + g[2] + "-" + g[3] + ".png");
    }
    OwnFolder folder = OwnFolder.of(out, force, note -> spec.commandLine().getErr().println("klotski: " + note));
    folder.check(files, force);
    List<GroupRecord> groups = new ArrayList<>();
    GroupRecord chosen;
    try (KlotskiDb kdb = db.open()) {
      kdb.forEachGroup(groups::add);
      chosen = group != null ? Database.groupFor(kdb, group) : groups.stream().filter(r -> r.name().equals(CLASSIC))
          .findFirst().orElseGet(() -> groups.stream().max(Comparator.comparingInt(GroupRecord::size)).orElseThrow());
    }
    if (group == null || layout != null) { // the group found in the database: its chart's file checked as the others were
      folder.check(List.of("layers_" + chosen.name() + ".png"), force);
    }
    save(folder, perClass(groups, true), "layouts_per_class.png");
    save(folder, perClass(groups, false), "groups_per_class.png");
    save(folder, groupSizes(groups), "group_sizes.png");
    save(folder, layers(chosen), "layers_" + chosen.name() + ".png");
    folder.seal();
    return 0;
  }

  private void save(OwnFolder folder, Chart<?, ?> chart, String name) throws IOException {
    folder.write(name, stream -> BitmapEncoder.saveBitmap(chart, stream, BitmapEncoder.BitmapFormat.PNG));
    spec.commandLine().getOut().println(out.resolve(name));
  }

  /**
   * Layouts or groups per (jiang, bing) class as bars, log scale: classes span 12 to 3.4M
   * layouts. Bars, not a line: the 64 classes are categories, nothing lies between two of them.
   */
  private static CategoryChart perClass(List<GroupRecord> groups, boolean layouts) {
    Map<List<Integer>, Long> byClass = new TreeMap<>((a, b) -> a.get(0).equals(b.get(0))
        ? Integer.compare(a.get(1), b.get(1)) : Integer.compare(a.get(0), b.get(0)));
    for (GroupRecord g : groups) {
      byClass.merge(List.of(g.jiang(), g.bing()), layouts ? g.size() : 1L, Long::sum);
    }
    List<String> names = new ArrayList<>();
    List<Number> counts = new ArrayList<>();
    for (Map.Entry<List<Integer>, Long> e : byClass.entrySet()) {
      names.add(e.getKey().get(0) + "-" + e.getKey().get(1));
      counts.add(e.getValue());
    }
    CategoryChart chart = new CategoryChartBuilder().width(1600).height(700)
        .title(layouts ? "Layouts per class" : "Groups per class")
        .xAxisTitle("class jiang-bing (two-cell pieces - 1x1 pieces)")
        .yAxisTitle(layouts ? "layouts (log scale)" : "groups (log scale)").build();
    style(chart);
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setXAxisLabelRotation(90);
    chart.getStyler().setAvailableSpaceFill(0.8);
    chart.addSeries(layouts ? "layouts" : "groups", names, counts);
    chart.getStyler().setYAxisMin(1.0); // bars start at 0 otherwise, which a log axis cannot show
    chart.getStyler().setYAxisLogarithmic(true);
    return chart;
  }

  /** How many groups have each size, log-log: most groups are small, a few hold most layouts. */
  private static XYChart groupSizes(List<GroupRecord> groups) {
    TreeMap<Integer, Long> bySize = new TreeMap<>();
    for (GroupRecord g : groups) {
      bySize.merge(g.size(), 1L, Long::sum);
    }
    double[] x = new double[bySize.size()];
    double[] y = new double[bySize.size()];
    int i = 0;
    for (Map.Entry<Integer, Long> e : bySize.entrySet()) {
      x[i] = e.getKey();
      y[i++] = e.getValue();
    }
    XYChart chart = new XYChartBuilder().width(1400).height(700)
        .title("Group sizes: " + String.format("%,d", groups.size()) + " " + UserText.noun(groups.size(), "group", "groups"))
        .xAxisTitle("group size in layouts (log scale)").yAxisTitle("groups of that size (log scale)").build();
    style(chart);
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    chart.addSeries("groups", x, y);
    return chart;
  }

  private static XYChart layers(GroupRecord g) {
    double[] x = new double[g.layers()];
    double[] y = new double[g.layers()];
    for (int k = 0; k < g.layers(); k++) {
      x[k] = k;
      y[k] = g.layerSizes()[k];
    }
    XYChart chart = new XYChartBuilder().width(1400).height(700)
        .title("Group " + g.name() + ": " + String.format("%,d", g.size()) + " " + UserText.noun(g.size(), "layout", "layouts")
            + " in " + UserText.count(g.layers(), "layer", "layers") + " from the seed " + Code.format(g.seed()))
        .xAxisTitle("layer (steps from the seed)").yAxisTitle("layouts in the layer").build();
    style(chart);
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    chart.addSeries("layer size", x, y).setMarker(SeriesMarkers.NONE);
    return chart;
  }

  private static void style(Chart<? extends AxesChartStyler, ?> chart) {
    AxesChartStyler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
    s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
    s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
  }
}
