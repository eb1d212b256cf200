package klotskidb.query;

/**
 * What the library's {@link Layout} answers beyond its facts: whether it can be solved. The record
 * is generated from {@code codegen/layout-facts.txt}; it has this through the interface.
 *
 * <pre>
 *   db.layout("横刀立马").solvable()   true: 81 steps
 *   db.layout("0E83ABC").solvable()   false: its min_solution_step is null, its group has no solved layout
 * </pre>
 */
public interface LayoutMethods {
  Integer minSolutionStep();

  /** Whether a solved layout can be reached from it. */
  default boolean solvable() {
    return minSolutionStep() != null;
  }
}
