package klotskidb.enumerator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A set of classes, as every command takes it ({@code --classes 5-4-1,0-2-0}) and every job
 * runs it: all classes, or the ones named, in class order, each once.
 *
 * <pre>
 *   ClassSet.of(List.of("5-4-1", "0-2-0", "5-4-1"))   ->  0-2-0,5-4-1 (two classes)
 *   ClassSet.ALL.contains(LayoutClass.parse("5-4-1"))  ->  true
 * </pre>
 */
public final class ClassSet {
  /** Every class. */
  public static final ClassSet ALL = new ClassSet(null);

  /** null: all. */
  private final boolean[] mask;

  private ClassSet(boolean[] mask) {
    this.mask = mask;
  }

  /** The classes named (J-B-S each; a bad name fails saying why); null or none given: all. */
  public static ClassSet of(Collection<String> names) {
    if (names == null) {
      return ALL;
    }
    boolean[] mask = new boolean[LayoutClass.COUNT];
    for (String n : names) {
      mask[LayoutClass.parse(n)] = true;
    }
    return new ClassSet(mask);
  }

  /** The classes given by index. */
  public static ClassSet ofIndexes(Collection<Integer> classes) {
    boolean[] mask = new boolean[LayoutClass.COUNT];
    classes.forEach(c -> mask[c] = true);
    return new ClassSet(mask);
  }

  public boolean isAll() {
    return mask == null;
  }

  public boolean contains(int cls) {
    return mask == null || mask[cls];
  }

  /** The classes, by index, in class order. */
  public List<Integer> indexes() {
    List<Integer> out = new ArrayList<>();
    for (int c = 0; c < LayoutClass.COUNT; c++) {
      if (contains(c)) {
        out.add(c);
      }
    }
    return out;
  }

  /** The classes, "J-B-S", in class order. */
  public List<String> names() {
    return indexes().stream().map(LayoutClass::name).toList();
  }

  /** One flag per class, null for all (the form the grouper takes). */
  public boolean[] mask() {
    return mask == null ? null : mask.clone();
  }

  @Override
  public String toString() {
    return isAll() ? "all classes" : String.join(",", names());
  }
}
