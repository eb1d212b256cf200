package klotskidb.query;

import klotskidb.db.KlotskiDb;

/**
 * One question of {@code find} asked of one database: its filter, its answers a page at a time
 * (from a cursor, or from an offset), and how many there are. The command line, the API, the
 * sheets and the Java library ask through it; how the answers are found is {@link Finder}'s.
 *
 * <pre>
 *   FindQuestion q = FindQuestion.on(db, FindFilter.parse(Map.of("class", "5-4-1", "min_steps", "100")));
 *   Finder.Page first = q.page(null, 50);   // 1A9BF0C00's class, 100 steps or more: the first 50
 *   q.page(first.next(), 50)                // the 50 after them (first.next() null: there are none)
 *   q.pageAt(1000, 50)                      // the 50 from the 1000th answer
 *   q.total()                               // how many in all: exact where the index counts them
 *   Documents.findPage(q.filter(), first)   // a page as JSON, for --json and the API
 * </pre>
 *
 * A cursor and a page's size are checked before any database is read ({@link #checked}: the
 * command line checks every word it was given before it opens one).
 */
public final class FindQuestion {
  private final KlotskiDb db;
  private final FindFilter filter;

  private FindQuestion(KlotskiDb db, FindFilter filter) {
    this.db = db;
    this.filter = filter;
  }

  /**
   * The question {@code filter} asks of {@code db}; a group given as a layout of it is found there
   * ({@link FindFilter#in}: {@link #filter} names it J-B-S-G).
   */
  public static FindQuestion on(KlotskiDb db, FindFilter filter) {
    return new FindQuestion(db, filter.in(db));
  }

  /**
   * Refuses a malformed cursor, one of another question, or a page size out of range, with the
   * words the user typed ({@link klotskidb.base.InputException}), without a database (a cursor's
   * question, where the group was given as a layout, once the database names the group).
   */
  public static void checked(FindFilter filter, String cursor, int limit) {
    FindCursor.start(filter, cursor, limit);
  }

  /** The filter asked, its group named J-B-S-G however it was given. */
  public FindFilter filter() {
    return filter;
  }

  /**
   * The page of {@code limit} answers (at most {@value Finder#MAX_LIMIT}) from {@code cursor} (null
   * or empty: the first page), each with its record, the total so far and the next page's cursor.
   */
  public Finder.Page page(String cursor, int limit) {
    return Finder.page(db, filter, cursor == null || cursor.isEmpty() ? null : cursor, limit);
  }

  /**
   * The page of {@code limit} answers from the {@code offset}-th (0: the first) in the question's
   * order, found from the index's counts with no code read; empty, the last, past the end. Only
   * for a filter the index counts (no group, farthest_step range or distinct_mirror).
   */
  public Finder.Page pageAt(long offset, int limit) {
    return Finder.pageAt(db, filter, offset, limit);
  }

  /**
   * How many layouts the question finds: exact from the index's counts (one key each, no code
   * read), or for a group alone its size, unless the filter names a group with other words, or a
   * farthest_step range the index cannot count; then a lower bound ({@code exact} false, and why):
   * 0 here, and in each page's total what the pages so far have found.
   */
  public Finder.Total total() {
    return Finder.total(db, filter, 0, false);
  }
}
