package klotskidb.cli;

import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Progress;
import klotskidb.grouper.Grouper;
import klotskidb.grouper.Groups;

/** Answers that need no database: enumerate, then group just the classes a question touches. */
final class InMemory {
  private InMemory() {}

  /** Groups of the given classes only (a class holds at most 964,656 layouts: a second or so). */
  static Groups groupsOfClasses(AllLayouts all, int... classes) {
    boolean[] selected = new boolean[LayoutClass.COUNT];
    for (int c : classes) {
      selected[c] = true;
    }
    return new Grouper(all, selected, Runtime.getRuntime().availableProcessors(), Progress.NONE).run();
  }
}
