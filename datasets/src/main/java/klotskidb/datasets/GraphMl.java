package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.Mover;
import klotskidb.enumerator.ShortCode;

/**
 * One group's step graph as GraphML (networkx, igraph, Gephi, yEd): a node per layout, an
 * undirected edge per step, each once.
 *
 * <pre>
 *   &lt;node id="n7472"&gt;&lt;data key="code"&gt;1A9BF0C00&lt;/data&gt;&lt;data key="short_code"&gt;4WVE1&lt;/data&gt;
 *     &lt;data key="group_index"&gt;7472&lt;/data&gt;&lt;data key="layer"&gt;..&lt;/data&gt;
 *     &lt;data key="min_solution_step"&gt;81&lt;/data&gt;&lt;data key="solved"&gt;false&lt;/data&gt;&lt;/node&gt;
 *   &lt;edge source="n7472" target="n7480"/&gt;
 * </pre>
 *
 * Node ids are {@code n} and the group_index; {@code min_solution_step} is -1 in an unsolvable
 * group (the original data's convention). Streams: the group's codes (8 bytes a layout: 7.7 MB
 * for the largest group, 2-6-1-0) are the only state; nodes come from a range scan of
 * {@code names} and a lookup per layout, edges from the move generator, the other end found by
 * binary search in the codes (code order is group_index order).
 */
public final class GraphMl {
  /** Nodes and edges written. */
  public record Counts(long nodes, long edges) {}

  private GraphMl() {}

  public static Counts write(KlotskiDb db, GroupRecord g, OutputStream out) throws IOException {
    long[] codes = new long[g.size()];
    int[] n = new int[1];
    db.forEachMember(g.jiang(), g.bing(), g.style(), g.groupNum(), code -> {
      if (n[0] < codes.length) {
        codes[n[0]] = code;
      }
      n[0]++;
    });
    if (n[0] != codes.length) {
      throw new IllegalStateException("group " + g.name() + " has " + codes.length + " layouts, the database lists "
          + n[0] + " names");
    }
    Text t = new Text(out);
    t.add("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .add("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
            + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
            + "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
            + "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
    key(t, "code", "string");
    key(t, "short_code", "string");
    key(t, "group_index", "int");
    key(t, "layer", "int");
    key(t, "min_solution_step", "int");
    key(t, "solved", "boolean");
    t.add("  <graph id=\"").add(g.name()).add("\" edgedefault=\"undirected\">\n");
    for (int i = 0; i < codes.length; i++) {
      long code = codes[i];
      CaseRecord c = db.caseOf(code).orElseThrow(() -> new IllegalStateException(
          "the database names " + Code.format(code) + " in group " + g.name() + " but has no record of it"));
      t.add("    <node id=\"n").add(i).add("\">")
          .add("<data key=\"code\">").add(Code.format(code)).add("</data>")
          .add("<data key=\"short_code\">").add(ShortCode.of(c.id())).add("</data>")
          .add("<data key=\"group_index\">").add(i).add("</data>")
          .add("<data key=\"layer\">").add(c.layer()).add("</data>")
          .add("<data key=\"min_solution_step\">").add(c.isSolvable() ? c.minSolutionStep() : -1).add("</data>")
          .add("<data key=\"solved\">").add(c.solved() ? "true" : "false").add("</data></node>\n");
    }
    Mover mover = new Mover();
    long[] next = new long[Mover.MAX_NEIGHBOURS];
    long edges = 0;
    for (int i = 0; i < codes.length; i++) {
      int count = mover.neighbours(codes[i], next);
      for (int k = 0; k < count; k++) {
        int j = Arrays.binarySearch(codes, next[k]);
        if (j < 0) {
          throw new IllegalStateException(Code.format(next[k]) + " is one step from " + Code.format(codes[i])
              + " but not in its group " + g.name() + " in the database");
        }
        if (j > i) {
          t.add("    <edge source=\"n").add(i).add("\" target=\"n").add(j).add("\"/>\n");
          edges++;
        }
      }
    }
    t.add("  </graph>\n</graphml>\n").flush();
    return new Counts(codes.length, edges);
  }

  private static void key(Text t, String name, String type) throws IOException {
    t.add("  <key id=\"").add(name).add("\" for=\"node\" attr.name=\"").add(name).add("\" attr.type=\"")
        .add(type).add("\"/>\n");
  }

  /** ASCII text into a byte buffer, written out in large pieces. */
  private static final class Text {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int at;

    Text(OutputStream out) {
      this.out = out;
    }

    Text add(String s) throws IOException {
      if (at + s.length() > buf.length) {
        flush();
      }
      if (s.length() > buf.length) {
        out.write(s.getBytes(StandardCharsets.US_ASCII));
        return this;
      }
      for (int i = 0; i < s.length(); i++) {
        buf[at++] = (byte) s.charAt(i);
      }
      return this;
    }

    Text add(long v) throws IOException {
      return add(Long.toString(v));
    }

    Text flush() throws IOException {
      out.write(buf, 0, at);
      at = 0;
      return this;
    }
  }
}
