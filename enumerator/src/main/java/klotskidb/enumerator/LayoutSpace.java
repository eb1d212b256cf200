package klotskidb.enumerator;

/**
 * The layouts a run works on, in code order, each at an index: every legal layout
 * ({@link AllLayouts}, where the index is the id) or the layouts of some classes
 * ({@link ClassLayouts}), so that a question about one class costs that class, not all 29,334,498.
 *
 * <pre>
 *   LayoutSpace s = LayoutSpace.of(ClassSet.of(List.of("5-4-1")));   // 65,880 layouts
 *   int i = s.index(0x1A9BF0C00L);      // its place among those, in code order
 *   s.code(i)                           // 0x1A9BF0C00
 *   s.globalId(i)                       // 4,091,296: its id among all layouts (SPEC 2)
 *   LayoutSpace.of(ClassSet.ALL).globalId(i) == i
 * </pre>
 *
 * The grouper, layerer and database writer index their arrays by a space's index and store
 * {@link #globalId}: the same rows for a class whether it is built alone or with every other.
 */
public abstract class LayoutSpace {
  /** Every legal layout when {@code classes} is all of them, else just those classes' layouts. */
  public static LayoutSpace of(ClassSet classes) {
    return classes.isAll() ? AllLayouts.build() : ClassLayouts.of(classes);
  }

  /** Number of layouts in the space. */
  public abstract int size();

  /** The code of the layout at {@code index} (0 <= index < size()), ascending with the index. */
  public abstract long code(int index);

  /** The index of a code in this space, or -1 when it is not a legal layout of the space's classes. */
  public abstract int index(long code);

  /** The id (rank among all 29,334,498 layouts, SPEC 2) of the layout at {@code index}. */
  public abstract int globalId(int index);

  /** Whether this space is every legal layout (index = id). */
  public abstract boolean isAll();
}
