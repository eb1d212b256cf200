package klotskidb.query;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import klotskidb.base.InputException;
import klotskidb.db.AnalysisMarker;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.FindCodec;
import klotskidb.db.FindFarthestCodec;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.Mover;

/**
 * Finding layouts by their facts ({@code klotski find}, {@code GET /api/find}): class (or any of
 * jiang, bing, style), a range of min_solution_step, solvable or not, symmetric or not, a minimal
 * puzzle or not; the answers in one stable order, a page at a time, each page naming where the
 * next one starts.
 *
 * <pre>
 *   FindFilter f = FindFilter.parse(Map.of("class", "5-4-1", "min_steps", "100"));
 *   Finder.Page p = Finder.page(db, f, null, 50);   // 1A9BF0C00's class, 100 steps or more
 *   p.next()                                         // the cursor of the next page, null at the end
 *   (asked from outside through a FindQuestion: its filter, page(cursor), pageAt(offset), total())
 *   FindFilter.parse(Map.of("class", "5-4-1", "minimal", "true", "order", "hardest"))
 *                     // the hardest minimal puzzles of 5-4-1 first, fewest optimal solutions first
 * </pre>
 *
 * <p>A group ({@code group=J-B-S-G}) narrows its class's answers by looking each layout's group
 * up, at most {@link #CHECKS_PER_PAGE} a page: meant for small step ranges such as a group's
 * hardest layouts ({@code min_steps = max_steps =} its max_min_solution_step). A range of
 * farthest_step ({@code min_farthest}, {@code max_farthest}) takes the analysed classes only (the
 * others are named in the page's {@code notAnalysed}, and a filter matching no analysed class is
 * refused); each answer then also carries its farthest_step. In a class indexed by farthest_step
 * ({@code find_farthest}, {@link klotskidb.db.FindFarthestCodec}: the steps of each find row's
 * codes beside it, under the same key) the index's rows are scanned instead of find's, a row
 * whose smallest and largest step miss the range passed over unread, so a rare range over every
 * class answers in milliseconds (BENCHMARKS.md, row "`find` by a farthest_step range") with an
 * exact total; in a class analysed before the index, each layout's analysis is looked up within
 * the group's budget, and the total is "at least" until the last page.
 *
 * <p>A range of optimal_solution_num ({@code min_optimal}, {@code max_optimal}): a bucket is in
 * order of that number, so its answers are one run of it, found by binary search with a look-up
 * of a code's record a step ({@link #optimalRange}); pages read that run, totals and offsets stay
 * exact.
 *
 * <p>One layout of each mirror pair ({@code distinct_mirror=true}): the one with the smaller code,
 * the other passed over as the rows are read. A layout and its mirror image are in the same
 * bucket (the mirror keeps class, steps and minimality), so the total stays exact: a bucket of
 * layouts that are not symmetric counts half.
 *
 * <p>How: the {@code find} family holds every layout's code in the bucket of (class,
 * min_solution_step + 1, symmetric, minimal), fewest optimal solutions first, 4,096 codes a row
 * (SCHEMA.md). The order of the answers is the rows' order: class (jiang, bing, style), then
 * min_solution_step (unsolvable first), then not symmetric before symmetric, not minimal before
 * minimal, then by fewest optimal move sequences (one narrow line is harder to find than many),
 * then code; {@code order=hardest} takes the same buckets by min_solution_step down. A search
 * seeks once per class that
 * matches and reads the rows of its step range; a page reads at most {@link #ROWS_PER_PAGE} rows,
 * so a filter that matches little still answers quickly: its page may hold fewer answers than
 * asked, with a cursor to go on from (and the page after a full one may be empty, the end).
 */
public final class Finder {
  /** Rows read for one page at most. */
  public static final int ROWS_PER_PAGE = 2048;
  /** Answers in one page at most. */
  public static final int MAX_LIMIT = 1000;

  /**
   * A farthest range over classes none of which is analysed: a question well formed that this
   * database cannot answer yet (exit 1, status 400), the API's reason {@value #KIND}.
   */
  public static final class NotAnalysedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    public static final String KIND = "not_analysed";

    NotAnalysedException() {
      super("farthest_step is known for analysed classes only, and no class that the filter takes is analysed yet "
          + "(klotski analyse)");
    }
  }

  private Finder() {}

  /** Kinds of bucket per class and step: symmetric or not, times minimal or not. */
  static final int KINDS = 4;

  /** The kind of a find row's key: symmetric * 2 + minimal. */
  static int kindOf(byte[] key) {
    return (FindCodec.symmetricOf(key) ? 2 : 0) | (FindCodec.minimalOf(key) ? 1 : 0);
  }

  /** Layouts whose group is looked up for one page at most (the group filter). */
  public static final int CHECKS_PER_PAGE = 4096;

  /**
   * One answer: a layout, its class, its min_solution_step (-1: unsolvable), whether it is
   * symmetric, and its farthest_step when the filter asked for one (else -1).
   */
  public record Hit(long code, int cls, int minSolutionStep, boolean symmetric, int farthestStep) {
    public String className() {
      return LayoutClass.name(cls);
    }
  }

  /**
   * A page of answers and the cursor of the next one (null: no more). {@code partial}: no answer
   * yet within the page's time, more to scan from {@code next} (never the end). {@code records}:
   * each answer's stored record, for its name and short code. {@code notAnalysed}: under a
   * farthest_step range, the classes the filter takes that are not analysed yet (not searched).
   */
  public record Page(List<Hit> hits, FindCursor.Start following, int rowsRead, long examined,
      List<CaseRecord> records, boolean partial, Total total, List<String> notAnalysed) {
    /** The cursor of the next page, null at the end. */
    public String next() {
      return following == null ? null : following.text();
    }
  }

  /**
   * How many layouts the filter finds in all: exact (from the index's counts, or the pages
   * followed to the end), or at least {@code count} (the answers of the pages so far) when the
   * filter asks what the index does not count, a group or a farthest_step range; {@code why}
   * says so then.
   */
  public record Total(long count, boolean exact, String why) {
    public Total(long count, boolean exact) {
      this(count, exact, exact ? null : AT_LEAST);
    }
  }

  /** Why a total is a lower bound. */
  static final String AT_LEAST = "at least: the index counts layouts by class, steps, symmetry and minimality, "
      + "and by farthest_step in the classes indexed by it, a group alone by its size; a group with another filter, "
      + "or a farthest_step range in a class analysed before that index ('klotski analyse' adds it), is checked "
      + "layout by layout as the pages go";

  /**
   * The cursor of the page that starts at the {@code offset}-th answer (0: the first), in the
   * filter's order: found from the index's counts (one key each) and the rows' fixed size, no
   * code read; null when the filter finds {@code offset} answers or fewer. Only for a filter the
   * index counts (no group, no farthest_step range). With a random offset, a random layout that
   * matches (the page's "a new puzzle").
   */
  static FindCursor.Start cursorAt(KlotskiDb db, FindFilter f, long offset) {
    if (offset < 0) {
      throw new InputException(f.named("offset") + " must be 0 or more, not " + offset);
    }
    if (f.groupNum() >= 0 || f.byFarthest() || f.distinctMirror()) {
      throw new InputException(f.named("offset") + " needs a filter the index counts: not with " + f.named("group")
          + ", " + f.named("min_farthest") + ", " + f.named("max_farthest") + " or " + f.named("distinct_mirror")
          + " (page with " + f.named("cursor") + ")");
    }
    int[][] sizes = bucketSizes(db);
    LongArrayList buckets = new LongArrayList();
    int lo = f.lowSteps1();
    int hi = f.highSteps1();
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      if (!f.matches(cls)) {
        continue;
      }
      for (int at = lo * KINDS; at < sizes[cls].length && at / KINDS <= hi; at++) {
        if (sizes[cls][at] > 0 && f.takes(at % KINDS)) {
          long steps = f.hardestFirst() ? 0xFFFF - at / KINDS : at / KINDS;
          buckets.add(f.hardestFirst() ? steps << 32 | (long) cls << 8 | at % KINDS
              : (long) cls << 40 | steps << 8 | at % KINDS);
        }
      }
    }
    buckets.sort(null);
    long left = offset;
    for (long b : buckets) {
      int cls = f.hardestFirst() ? (int) (b >>> 8) & 0xFF : (int) (b >>> 40);
      int steps1 = f.hardestFirst() ? 0xFFFF - (int) (b >>> 32) : (int) (b >>> 8) & 0xFFFF;
      int kind = (int) b & 3;
      int[] range = optimalRange(db, f, cls, steps1, kind, sizes[cls][steps1 * KINDS + kind]);
      int size = range[1] - range[0];
      if (left < size) {
        long at = range[0] + left;
        ByteBuffer key = ByteBuffer.allocate(FindCodec.KEY_BYTES);
        FindCodec.putKey(key, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), steps1,
            kind >>> 1, kind & 1, (int) (at / FindCodec.CHUNK));
        return FindCursor.of(key.array(), (int) (at % FindCodec.CHUNK), offset, f);
      }
      left -= size;
    }
    return null;
  }

  /**
   * The page of {@code limit} answers from the {@code offset}-th ({@link #cursorAt}); empty, the
   * last, when the filter finds no more than {@code offset}.
   */
  static Page pageAt(KlotskiDb db, FindFilter f, long offset, int limit) {
    f.asked();
    FindCursor.start(f, null, limit); // the size checked
    FindCursor.Start start = cursorAt(db, f, offset);
    if (start == null) {
      return new Page(List.of(), null, 0, 0, List.of(), false, total(db, f, offset, true), List.of());
    }
    return pageWithin(db, f, start, limit, FILL_NANOS, ROWS_PER_PAGE, CHECKS_PER_PAGE);
  }

  /** How long a page goes on scanning for its first answer. */
  static final long FILL_NANOS = 1_000_000_000L;

  /**
   * The page of {@code limit} answers from {@code cursor} (null: the first page), with each
   * answer's record and the total. A page holds {@code limit} answers while more match: scans of
   * the budgets above follow one another until the page is full, or the end, or {@link
   * #FILL_NANOS} have passed; a page out of time with no answer yet is {@code partial}, its
   * cursor where the scan got to (never the end).
   */
  static Page page(KlotskiDb db, FindFilter f, String cursor, int limit) {
    return pageWithin(db, f, cursor, limit, FILL_NANOS, ROWS_PER_PAGE, CHECKS_PER_PAGE);
  }

  /**
   * {@link #page} within other budgets (tests): one scan ({@link #scanOnce}) after another until the
   * page is full, the end, or {@code fillNanos} have passed.
   */
  static Page pageWithin(KlotskiDb db, FindFilter f, String cursor, int limit, long fillNanos, int rowBudget,
      int checkBudget) {
    f.asked();
    return pageWithin(db, f, FindCursor.start(f, cursor, limit), limit, fillNanos, rowBudget, checkBudget);
  }

  private static Page pageWithin(KlotskiDb db, FindFilter f, FindCursor.Start start, int limit, long fillNanos,
      int rowBudget, int checkBudget) {
    if (!start.question().equals(f.question())) { // a start of another question (a page's, given back)
      throw new IllegalArgumentException("a start of another question: " + start.question());
    }
    long t0 = System.nanoTime();
    long before = start.before();
    Page p = scanOnce(db, f, start, limit, rowBudget, checkBudget);
    List<Hit> hits = new ArrayList<>(p.hits());
    int rows = p.rowsRead();
    long examined = p.examined();
    while (hits.size() < limit && p.following() != null && System.nanoTime() - t0 < fillNanos) {
      p = scanOnce(db, f, p.following(), limit - hits.size(), rowBudget, checkBudget);
      hits.addAll(p.hits());
      rows += p.rowsRead();
      examined += p.examined();
    }
    List<CaseRecord> records = new ArrayList<>(hits.size());
    for (Hit h : hits) {
      records.add(db.caseOf(h.code()).orElseThrow(() -> new IllegalStateException(
          "the database is inconsistent: " + Code.format(h.code()) + " is in find but not in cases")));
    }
    List<String> notAnalysed = new ArrayList<>();
    if (f.byFarthest()) {
      Set<String> analysed = db.analysedClasses().keySet();
      for (String c : db.classes()) {
        if (f.matches(LayoutClass.parse(c)) && !analysed.contains(c)) {
          notAnalysed.add(c);
        }
      }
    }
    return new Page(hits, p.following(), rows, examined, records, hits.isEmpty() && p.following() != null,
        total(db, f, before + hits.size(), p.following() == null), notAnalysed);
  }

  /** Layouts per bucket, read once per database handle and kept with it ({@link KlotskiDb#derived}). */
  private static final KlotskiDb.Derived<int[][]> BUCKETS = new KlotskiDb.Derived<>(Finder::readBucketSizes);

  /**
   * The layouts of every bucket, [class][(min_solution_step + 1) * 4 + kind] (kind: symmetric * 2 +
   * minimal, {@link #kindOf}), read once per
   * database handle from the find rows' keys and value lengths (no code read): the totals and
   * the order of order=hardest come from it.
   */
  static int[][] bucketSizes(KlotskiDb db) {
    return db.derived(BUCKETS);
  }

  private static int[][] readBucketSizes(KlotskiDb db) {
    int[][] sizes = new int[LayoutClass.COUNT][KINDS]; // every class has its unsolvable kinds
    db.scanFindSizes(new byte[FindCodec.KEY_BYTES], (key, bytes) -> {
      int cls = FindCodec.classOf(key);
      int at = FindCodec.steps1Of(key) * KINDS + kindOf(key);
      if (cls >= 0) {
        if (at >= sizes[cls].length) {
          int steps = Math.max(at / KINDS + 1, sizes[cls].length / KINDS * 2);
          sizes[cls] = Arrays.copyOf(sizes[cls], steps * KINDS);
        }
        sizes[cls][at] += FindCodec.count(bytes);
      }
      return true;
    });
    return sizes;
  }

  /**
   * The layouts the filter finds in all. Exact from the find rows' sizes (one key each, no code
   * read) unless the filter names a group or a farthest_step range; then the answers so far
   * ({@code found}: of the pages before and this one), a lower bound until the last page, where
   * it is the count. A group alone (in any order) finds its size, from its record.
   */
  static Total total(KlotskiDb db, FindFilter f, long found, boolean last) {
    f.asked();
    if (f.groupNum() >= 0 && !f.byFarthest() && f.asksNoFact()) {
      return db.group(f.jiang(), f.bing(), f.style(), f.groupNum()).map(g -> new Total(g.size(), true))
          .orElse(new Total(found, last));
    }
    long[] layouts = {0};
    Set<String> analysed = f.byFarthest() ? db.analysedClasses().keySet() : Set.of();
    int[][] sizes = bucketSizes(db);
    int lo = f.lowSteps1();
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      if (!f.matches(cls) || f.byFarthest() && !analysed.contains(LayoutClass.name(cls))) {
        continue;
      }
      int hi = Math.min(f.highSteps1(), sizes[cls].length / KINDS - 1);
      for (int steps1 = lo; steps1 <= hi; steps1++) {
        for (int kind = 0; kind < KINDS; kind++) {
          if (f.takes(kind)) {
            // one of each pair: a layout and its mirror image share their bucket (class, steps,
            // minimal), so a bucket of layouts that are not symmetric holds pairs, half taken
            int[] range = optimalRange(db, f, cls, steps1, kind, sizes[cls][steps1 * KINDS + kind]);
            int n = range[1] - range[0];
            layouts[0] += f.distinctMirror() && kind >>> 1 == 0 ? n / 2 : n;
          }
        }
      }
    }
    if (f.groupNum() < 0 && !f.byFarthest()) {
      return new Total(layouts[0], true);
    }
    long far = farthestTotal(db, f);
    if (far < 0 && f.groupNum() < 0) {
      far = farthestCount(db, f);
    }
    return far >= 0 ? new Total(far, true) : new Total(found, last);
  }

  /**
   * The layouts of a farthest_step range alone (with a class, jiang, bing or style at most), exact
   * from the analysed classes' markers ({@link klotskidb.db.AnalysisMarker#farthestBetween}); -1
   * when the filter asks more, or a class was analysed before markers held the sizes.
   */
  static long farthestTotal(KlotskiDb db, FindFilter f) {
    if (!f.byFarthest() || f.groupNum() >= 0 || !f.asksNoFact()) {
      return -1;
    }
    long n = 0;
    for (Map.Entry<String, AnalysisMarker> e : db.analysedClasses().entrySet()) {
      if (f.matches(LayoutClass.parse(e.getKey()))) {
        long k = e.getValue().farthestBetween(f.minFarthest(), f.maxFarthest());
        if (k < 0) {
          return -1;
        }
        n += k;
      }
    }
    return n;
  }

  /**
   * The classes a farthest_step range is searched in: the analysed ones, less those whose marker
   * says none of their layouts is in the range (a rare range reads only the classes that hold it).
   */
  static Set<String> searched(KlotskiDb db, FindFilter f) {
    Set<String> out = new HashSet<>();
    for (Map.Entry<String, AnalysisMarker> e : db.analysedClasses().entrySet()) {
      if (e.getValue().farthestBetween(f.minFarthest(), f.maxFarthest()) != 0) {
        out.add(e.getKey());
      }
    }
    return out;
  }

  /**
   * One scan from {@code start}: at most {@code rowBudget} rows read and {@code checkBudget} layouts
   * looked up (a group's), so its page may hold fewer answers than asked, or none, with the start
   * of the next scan ({@link Page#following}).
   */
  static Page scanOnce(KlotskiDb db, FindFilter f, FindCursor.Start start, int limit, int rowBudget,
      int checkBudget) {
    boolean resume = !start.first();
    byte[] from = resume ? start.key() : new byte[FindCodec.KEY_BYTES];
    int skip = start.skip();
    int first = LayoutClass.index(from[0], from[1], from[2]);
    Set<String> analysed = f.byFarthest() ? db.analysedClasses().keySet() : Set.of();
    if (f.byFarthest()) {
      boolean any = false;
      for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
        any |= f.matches(cls) && analysed.contains(LayoutClass.name(cls));
      }
      if (!any) {
        throw new NotAnalysedException();
      }
    }
    if (f.byFarthest()) {
      analysed = searched(db, f);
    }
    PageScan scan = new PageScan(db, f, limit, rowBudget, checkBudget, start.before());
    if (f.hardestFirst()) {
      hardestFirst(db, f, resume ? from : null, skip, analysed, scan);
      return scan.page();
    }
    for (int cls = Math.max(0, first); cls < LayoutClass.COUNT && !scan.full(); cls++) {
      if (!f.matches(cls) || f.byFarthest() && !analysed.contains(LayoutClass.name(cls))) {
        continue;
      }
      byte[] seek = FindCodec.seek(cls, f.lowSteps1());
      boolean here = resume && cls == first && Arrays.compareUnsigned(from, seek) >= 0;
      scan.startClass(cls, here ? skip : 0);
      scan(db, f, cls, here ? from : seek, scan);
    }
    return scan.page();
  }

  /**
   * The rows of one class from {@code from}: under a farthest_step range in a class indexed by it,
   * the rows of {@code find_farthest} (same keys), each {@code find} row read only when its
   * smallest and largest farthest_step say it holds an answer; else the rows of {@code find}.
   */
  private static void scan(KlotskiDb db, FindFilter f, int cls, byte[] from, PageScan scan) {
    if (f.byFarthest() && indexed(db, cls)) {
      db.scanFindFarthest(from, scan::indexRow);
    } else {
      db.scanFind(from, scan::row);
    }
  }

  /** Whether {@code find} reads the class's farthest_steps from {@code find_farthest}. */
  static boolean indexed(KlotskiDb db, int cls) {
    AnalysisMarker m = db.analysedClasses().get(LayoutClass.name(cls));
    return m != null && m.indexed();
  }

  /**
   * The layouts of the filter's class, step and kind buckets whose farthest_step is in the range,
   * counted over {@code find_farthest} (a row inside the range counts whole by its first two
   * bytes); -1 when a class the filter searches is not indexed (analysed before the index).
   */
  static long farthestCount(KlotskiDb db, FindFilter f) {
    long[] n = {0};
    OptimalRanges ranges = new OptimalRanges(db, f);
    Mover mover = new Mover();
    int lo = f.lowSteps1();
    int hi = f.highSteps1();
    for (String name : searched(db, f)) {
      int cls = LayoutClass.parse(name);
      if (!f.matches(cls)) {
        continue;
      }
      if (!indexed(db, cls)) {
        return -1;
      }
      db.scanFindFarthest(FindCodec.seek(cls, lo), (key, value) -> {
        if (FindCodec.classOf(key) != cls || FindCodec.steps1Of(key) > hi) {
          return false;
        }
        if (!f.takes(kindOf(key)) || !f.farthestMeets(value)) {
          return true;
        }
        int codes = FindFarthestCodec.count(value);
        if (f.byOptimal() || f.distinctMirror() && !FindCodec.symmetricOf(key)) {
          byte[] row = f.distinctMirror() ? db.findRow(key) : null; // which of each pair: the codes
          int[] range = ranges.of(key);
          int base = FindCodec.chunkOf(key) * FindCodec.CHUNK;
          for (int i = Math.max(0, range[0] - base); i < codes && base + i < range[1]; i++) {
            n[0] += f.farthestMatches(FindFarthestCodec.stepAt(value, i))
                && (row == null || f.takesOfPair(FindCodec.codeAt(row, i), mover)) ? 1 : 0;
          }
        } else if (f.farthestMatches(FindFarthestCodec.min(value)) && f.farthestMatches(FindFarthestCodec.max(value))) {
          n[0] += codes; // the whole row is in the range
        } else {
          for (int i = 0; i < codes; i++) {
            n[0] += f.farthestMatches(FindFarthestCodec.stepAt(value, i)) ? 1 : 0;
          }
        }
        return true;
      });
    }
    return n[0];
  }

  /**
   * The buckets in the order of {@code order=hardest}: min_solution_step down (unsolvable last),
   * then class, not symmetric before symmetric, not minimal before minimal, fewest optimal
   * solutions, code; each bucket its rows in key order. The
   * buckets that exist are known from {@link #bucketSizes}; a cursor resumes inside its bucket,
   * the buckets after it follow.
   */
  private static void hardestFirst(KlotskiDb db, FindFilter f, byte[] from, int skip, Set<String> analysed,
      PageScan scan) {
    int lo = f.lowSteps1();
    int hi = f.highSteps1();
    LongArrayList buckets = new LongArrayList();
    int[][] sizes = bucketSizes(db);
    for (int cls = 0; cls < LayoutClass.COUNT; cls++) {
      if (!f.matches(cls) || f.byFarthest() && !analysed.contains(LayoutClass.name(cls))) {
        continue;
      }
      for (int at = lo * KINDS; at < sizes[cls].length && at / KINDS <= hi; at++) {
        int kind = at % KINDS;
        if (sizes[cls][at] > 0 && f.takes(kind)) {
          buckets.add((long) (0xFFFF - at / KINDS) << 32 | (long) cls << 8 | kind); // steps down, class, kind
        }
      }
    }
    buckets.sort(null);
    long resume = -1;
    if (from != null) {
      resume = (long) (0xFFFF - FindCodec.steps1Of(from)) << 32 | (long) FindCodec.classOf(from) << 8
          | kindOf(from);
    }
    for (int b = 0; b < buckets.size() && !scan.full(); b++) {
      long order = buckets.getLong(b);
      if (order < resume) {
        continue; // before the cursor's bucket
      }
      int steps1 = 0xFFFF - (int) (order >>> 32);
      int cls = (int) (order >>> 8) & 0xFF;
      int kind = (int) order & 3;
      boolean here = order == resume;
      scan.startBucket(cls, steps1, kind, here ? skip : 0);
      ByteBuffer seek = ByteBuffer.allocate(FindCodec.KEY_BYTES);
      FindCodec.putKey(seek, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), steps1,
          kind >>> 1, kind & 1, 0);
      scan(db, f, cls, here ? from : seek.array(), scan);
    }
  }

  /**
   * The positions [lo, hi) in the bucket (class, min_solution_step + 1, kind) of {@code size}
   * layouts whose optimal_solution_num is in the filter's range ([0, size) without one). A bucket
   * is in order of that number, so the range is one run of it: found by two binary searches over
   * its codes, a look-up of the code's record each step, after its last and first code (most
   * buckets are inside or outside the range whole: two look-ups).
   */
  static int[] optimalRange(KlotskiDb db, FindFilter f, int cls, int steps1, int kind, int size) {
    if (!f.byOptimal() || size == 0) {
      return new int[] {0, size};
    }
    BucketCodes codes = new BucketCodes(db, cls, steps1, kind);
    int lo = f.minOptimal() <= 0 ? 0 : firstAbove(codes, size, f.minOptimal() - 1);
    int hi = f.maxOptimal() < 0 ? size : firstAbove(codes, size, f.maxOptimal());
    return new int[] {lo, Math.max(lo, hi)};
  }

  /** The first position of the bucket whose optimal_solution_num is more than {@code v}; {@code size} when none. */
  private static int firstAbove(BucketCodes codes, int size, long v) {
    if (codes.optimal(size - 1) <= v) {
      return size;
    }
    if (codes.optimal(0) > v) {
      return 0;
    }
    int lo = 0; // optimal(lo) <= v < optimal(hi)
    int hi = size - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (codes.optimal(mid) > v) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  /** A bucket's codes by position, each of its rows read once, and their optimal_solution_num. */
  private static final class BucketCodes {
    private final KlotskiDb db;
    private final byte[] key;
    private final Map<Integer, byte[]> rows = new HashMap<>();

    BucketCodes(KlotskiDb db, int cls, int steps1, int kind) {
      this.db = db;
      ByteBuffer b = ByteBuffer.allocate(FindCodec.KEY_BYTES);
      FindCodec.putKey(b, LayoutClass.jiangOf(cls), LayoutClass.bingOf(cls), LayoutClass.styleOf(cls), steps1,
          kind >>> 1, kind & 1, 0);
      this.key = b.array();
    }

    long optimal(int position) {
      byte[] row = rows.computeIfAbsent(position / FindCodec.CHUNK, chunk -> {
        byte[] k = key.clone();
        k[7] = (byte) (chunk >>> 8);
        k[8] = (byte) (int) chunk;
        byte[] v = db.findRow(k);
        if (v == null) {
          throw new IllegalStateException("the database is inconsistent: a find row is missing (verify --deep)");
        }
        return v;
      });
      long code = FindCodec.codeAt(row, position % FindCodec.CHUNK);
      return db.caseOf(code).orElseThrow(() -> new IllegalStateException("the database is inconsistent: "
          + Code.format(code) + " is in find but not in cases")).optimalSolutionNum();
    }
  }

  /** The optimal_solution_num range of each bucket a scan enters, found once ({@link #optimalRange}). */
  private static final class OptimalRanges {
    private final KlotskiDb db;
    private final FindFilter f;
    private final Map<Integer, int[]> byBucket = new HashMap<>();

    OptimalRanges(KlotskiDb db, FindFilter f) {
      this.db = db;
      this.f = f;
    }

    /** The range of the bucket of a find row's key. */
    int[] of(byte[] key) {
      int cls = FindCodec.classOf(key);
      int at = FindCodec.steps1Of(key) * KINDS + kindOf(key);
      return byBucket.computeIfAbsent(cls << 20 | at, b -> {
        int[] sizes = bucketSizes(db)[cls];
        return optimalRange(db, f, cls, at / KINDS, at % KINDS, at < sizes.length ? sizes[at] : 0);
      });
    }
  }

  /**
   * One page's scan over the rows of {@code find}: the answers so far, the rows read and the
   * look-ups made against their budgets, and where the next page starts once one runs out.
   */
  private static final class PageScan {
    private final KlotskiDb db;
    private final FindFilter f;
    private final int limit;
    private final int rowBudget;
    private final int checkBudget;
    private final int lo;
    private final int hi;
    /** Look-ups per layout checked: its group, its analysis (a page's time is mostly these). */
    private final int lookUps;
    private final List<Hit> hits = new ArrayList<>();
    private final Mover mover = new Mover();
    private final OptimalRanges ranges;
    private byte[] lastKey;
    private int lastIndex;
    private int rows;
    private int checks;
    /** Layouts of the rows read that the filter looked at (for the estimate of the total). */
    private long examined;
    private FindCursor.Start next;
    /** Answers of the pages before this one (the cursor's count). */
    private final long before;
    private int cls;
    /** Answers of the first row to pass over (the cursor's index), 0 after it. */
    private int skipInRow;
    /** The bucket scanned (order=hardest), -1 for a whole class. */
    private int bucketSteps1 = -1;
    private int bucketKind;

    PageScan(KlotskiDb db, FindFilter f, int limit, int rowBudget, int checkBudget, long before) {
      this.db = db;
      this.before = before;
      this.f = f;
      this.limit = limit;
      this.rowBudget = rowBudget;
      this.checkBudget = checkBudget;
      this.lo = f.lowSteps1();
      this.hi = f.highSteps1();
      this.lookUps = (f.groupNum() >= 0 ? 1 : 0) + (f.byFarthest() ? 1 : 0);
      this.ranges = new OptimalRanges(db, f);
    }

    boolean full() {
      return next != null || hits.size() >= limit;
    }

    void startClass(int cls, int skip) {
      this.cls = cls;
      this.skipInRow = skip;
      this.bucketSteps1 = -1;
    }

    /** One bucket's rows only (order=hardest). */
    void startBucket(int cls, int steps1, int kind, int skip) {
      startClass(cls, skip);
      this.bucketSteps1 = steps1;
      this.bucketKind = kind;
    }

    /** One row of the class's scan; false ends the class (its rows are over, or a budget is). */
    boolean row(byte[] key, byte[] value) {
      return row(key, value, null);
    }

    /**
     * One row of {@code find_farthest} (an indexed class under a farthest_step range): a row
     * whose smallest and largest farthest_step miss the range is passed over without reading its
     * codes or counting against the budget; another is read with its codes' steps from the index.
     */
    boolean indexRow(byte[] key, byte[] steps) {
      if (!inBucket(key)) {
        return false;
      }
      if (!f.farthestMeets(steps) || FindCodec.steps1Of(key) < lo || !f.takes(kindOf(key))) {
        skipInRow = 0;
        return true;
      }
      byte[] value = db.findRow(key);
      if (value == null || FindCodec.count(value) != FindFarthestCodec.count(steps)) {
        throw new IllegalStateException("the database is inconsistent: a find_farthest row does not match its "
            + "find row (verify --deep)");
      }
      return row(key, value, steps);
    }

    /** Whether the key is in the class (or the bucket) scanned and its step range. */
    private boolean inBucket(byte[] key) {
      int steps1 = FindCodec.steps1Of(key);
      return FindCodec.classOf(key) == cls && steps1 <= hi
          && (bucketSteps1 < 0 || steps1 == bucketSteps1 && kindOf(key) == bucketKind);
    }

    /** A row's codes, with their farthest_steps from the index ({@code steps}) or looked up (null). */
    private boolean row(byte[] key, byte[] value, byte[] steps) {
      int steps1 = FindCodec.steps1Of(key);
      boolean sym = FindCodec.symmetricOf(key);
      int kind = kindOf(key);
      if (!inBucket(key)) {
        return false;
      }
      if (rows >= rowBudget) {
        next = FindCursor.of(key, 0, before + hits.size(), f);
        return false;
      }
      rows++;
      int from = skipInRow;
      skipInRow = 0;
      if (steps1 < lo || !f.takes(kind)) {
        return true;
      }
      int n = FindCodec.count(value);
      int rowLookUps = steps == null ? lookUps : (f.groupNum() >= 0 ? 1 : 0);
      if (f.byOptimal()) { // the bucket's codes in the range of optimal_solution_num: one run of it
        int[] range = ranges.of(key);
        int base = FindCodec.chunkOf(key) * FindCodec.CHUNK;
        from = Math.max(from, range[0] - base);
        n = Math.min(n, range[1] - base);
      }
      for (int i = from; i < n; i++) {
        if (hits.size() == limit || rowLookUps > 0 && checks >= checkBudget) {
          next = FindCursor.of(key, i, before + hits.size(), f);
          return false;
        }
        long code = FindCodec.codeAt(value, i);
        if (!sym && !f.takesOfPair(code, mover)) {
          continue; // the other of its pair is the answer
        }
        int far = -1;
        if (f.byFarthest() && steps != null) {
          far = FindFarthestCodec.stepAt(steps, i);
          if (!f.farthestMatches(far)) {
            continue; // known from the index: neither examined nor looked up
          }
        }
        checks += rowLookUps;
        examined++;
        if (f.groupNum() >= 0 && db.caseOf(code).map(CaseRecord::groupNum).orElse(-1) != f.groupNum()) {
          continue;
        }
        if (f.byFarthest() && steps == null) {
          far = db.analysisOf(code).map(AnalysisRecord::farthestStep).orElse(-1);
          if (far < 0 || !f.farthestMatches(far)) {
            continue;
          }
        }
        hits.add(new Hit(code, cls, steps1 - 1, sym, far));
        lastKey = key;
        lastIndex = i;
      }
      return true;
    }

    Page page() {
      if (next == null && hits.size() == limit) {
        // the page ended with a row: the next one starts after its last answer (and may be empty)
        next = FindCursor.of(lastKey, lastIndex + 1, before + hits.size(), f);
      }
      return new Page(hits, next, rows, examined, List.of(), false, null, List.of());
    }
  }
}
