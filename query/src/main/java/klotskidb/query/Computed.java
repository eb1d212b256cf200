package klotskidb.query;

import java.util.List;
import klotskidb.analysis.RootFacts;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.InputException;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;
import klotskidb.grouper.Names;
import klotskidb.layerer.HarderThan;
import klotskidb.layerer.Layerer;
import klotskidb.layerer.Layers;
import klotskidb.layerer.Minimal;

/**
 * A layout's facts without a database, as the database would store them: its class alone spawned,
 * grouped and layered ({@link Grouper#of}, {@link Layerer}), its ranks against all layouts
 * ({@link HarderThan}: the whole space's steps are a shipped table), {@code minimal} by solving
 * each layout with one piece fewer ({@link Minimal#isMinimal}), and, when asked, its analysis
 * from one BFS in its group ({@link RootFacts}). The records are the database's, so the same
 * documents and tables answer ({@code info X}, {@code group X} with no database there).
 *
 * <pre>
 *   Computed c = Computed.layout(LayoutRef.parse("1A9BF0C"), null);
 *   c.layout().name()            5-4-1-1-7472     c.layout().minSolutionStep()   81
 *   c.layout().minimal()         true             c.analysis().farthestStep()    124
 *   c.group().size()             25955            (the group's diameter: not known, -1)
 * </pre>
 *
 * {@code layers}: the class's, for a group's members. Not known without the database: the group's diameter (a BFS from every layout of the group:
 * {@code klotski analyse}).
 */
public record Computed(CaseRecord layout, GroupRecord group, KlotskiDb.Analysis analysis, RootFacts facts,
    Layers layers) {
  /**
   * The layout {@code ref} names (a code, an id or short code, or J-B-S-G-I) and its group, for the
   * group's facts: the layout's {@code minimal} not worked out (null), no BFS.
   */
  public static Computed group(LayoutRef ref) {
    return of(ref, false, null);
  }

  /**
   * Every fact of the layout {@code ref} names, its analysis from the layout's BFS ({@code made}
   * when already made: {@code info}'s, started ahead; else null).
   */
  public static Computed layout(LayoutRef ref, RootFacts made) {
    return of(ref, true, made);
  }

  private static Computed of(LayoutRef ref, boolean analyse, RootFacts made) {
    int cls;
    if (ref.kind == LayoutRef.Kind.NAME) {
      int[] p = Names.parse(ref.text, 5);
      cls = LayoutClass.index(p[0], p[1], p[2]);
      if (cls < 0) {
        throw new InputException("no class " + p[0] + "-" + p[1] + "-" + p[2]);
      }
    } else {
      cls = LayoutClass.of(ref.codeWithoutDatabase());
    }
    int threads = Runtime.getRuntime().availableProcessors();
    Groups groups = Grouper.of(ClassSet.ofIndexes(List.of(cls)), threads, Progress.NONE);
    Layers layers = new Layerer(groups, threads, Progress.NONE).run();
    LayoutSpace space = groups.layouts();
    int index = ref.kind == LayoutRef.Kind.NAME ? groups.idOfName(ref.text) : space.index(ref.codeWithoutDatabase());
    long code = space.code(index);
    int steps = layers.minSolutionStep(index);
    CaseRecord c = CaseRecord.of(layers, HarderThan.of(layers), index, !analyse ? null
        : Minimal.isMinimal(steps, Minimal.mostStepsWithoutAPiece(code)));
    GroupRecord g = GroupRecord.of(layers, groups.groupOf(index));
    if (!analyse) {
      return new Computed(c, g, null, null, layers);
    }
    RootFacts f = made != null ? made : RootFacts.of(code, g.size());
    return new Computed(c, g, new KlotskiDb.Analysis(f.farthestStep(), f.farthest().length, f.minSolutionNum(),
        f.solutions().length), f, layers);
  }
}
