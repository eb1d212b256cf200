package klotskidb.query;

import klotskidb.analysis.RootFacts;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.grouper.Names;
import klotskidb.layerer.Minimal;
import klotskidb.layerer.OneGroup;

/**
 * A layout's facts without a database, as the database would store them: its group alone
 * flooded from it and named from the shipped group table ({@link OneGroup}), layered by the
 * build's own passes, its ranks from the shipped steps table ({@code HarderThan.shipped()}),
 * {@code minimal} by solving the layout with each piece left out ({@link Minimal#isMinimal}),
 * and, when asked, its analysis from one BFS in its group ({@link RootFacts}). The records are
 * the database's, so the same documents and tables answer ({@code info X}, {@code group X} with
 * no database there).
 *
 * <pre>
 *   Computed c = Computed.layout(LayoutRef.parse("1A9BF0C"), null);
 *   c.layout().name()            5-4-1-1-7472     c.layout().minSolutionStep()   81
 *   c.layout().minimal()         true             c.analysis().farthestStep()    124
 *   c.group().size()             25955            (the group's diameter: not known, -1)
 *   Computed.group("5-4-1-1")    the same group, by its name
 * </pre>
 *
 * {@code members}: the group, for its members and layers. Not known without the database: the
 * group's diameter (a BFS from every layout of the group: {@code klotski analyse}).
 */
public record Computed(CaseRecord layout, GroupRecord group, AnalysisRecord analysis, RootFacts facts,
    OneGroup members) {
  /**
   * The layout {@code ref} names (a code, an id or short code, or J-B-S-G-I) and its group, for the
   * group's facts: the layout's {@code minimal} not worked out (null), no BFS.
   */
  public static Computed group(LayoutRef ref) {
    return of(ref, false, null);
  }

  /** The group named {@code J-B-S-G}, with no layout. */
  public static Computed group(String name) {
    int[] p = Names.parse(name, 4);
    OneGroup g = OneGroup.named(LayoutRef.classOf(p), p[3]);
    return new Computed(null, GroupRecord.of(g), null, null, g);
  }

  /**
   * Every fact of the layout {@code ref} names, its analysis from the layout's BFS ({@code made}
   * when already made: {@code info}'s, started ahead; else null).
   */
  public static Computed layout(LayoutRef ref, RootFacts made) {
    return of(ref, true, made);
  }

  private static Computed of(LayoutRef ref, boolean analyse, RootFacts made) {
    OneGroup g;
    int index;
    if (ref.kind == LayoutRef.Kind.GROUP_PLACE) {
      LayoutRef.Named n = ref.named();
      g = n.group();
      index = n.index();
    } else {
      long code = ref.codeWithoutDatabase();
      g = OneGroup.of(code);
      index = g.index(code);
    }
    long code = g.code(index);
    int steps = g.minSolutionStep(index);
    CaseRecord c = CaseRecord.of(g, index, !analyse ? null
        : Minimal.isMinimal(steps, Minimal.mostStepsWithoutAPiece(code)));
    GroupRecord gr = GroupRecord.of(g);
    if (!analyse) {
      return new Computed(c, gr, null, null, g);
    }
    RootFacts f = made != null ? made : RootFacts.of(code, gr.size());
    return new Computed(c, gr, RootAnalysis.of(f), f, g);
  }

}
