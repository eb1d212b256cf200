package klotskidb.grouper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.base.Workers;
import klotskidb.enumerator.ClassSet;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.enumerator.Mover;

/**
 * Splits layouts into groups (connected components of the step graph) and numbers them (SPEC 4).
 *
 * <ol>
 *   <li><b>union</b>: union-find over unit slides down and right ({@link Mover#slides}), which
 *       give every undirected unit-slide edge once and have the components of the step graph.
 *       Moves never leave a (jiang, bing, style) class, so classes are dealt out to the threads
 *       (largest first, to the least loaded) and each thread unions only ids of its own classes:
 *       no locks, no shared elements.
 *   <li><b>seeds</b>: one ascending pass finds each set's root; the first id met per root is the
 *       set's smallest code, its seed. The root is labelled with a dense set number in place
 *       (its entry is hot after the find), so later passes never touch root ids again.
 *   <li><b>rank</b>: groups sorted by (class, size descending, seed code ascending); the position
 *       inside the class is group_num.
 *   <li><b>number</b>: one ascending pass gives every id its group and group_index (ids ascend in
 *       code order, so a running counter per group is the rank) and lays out the member lists.
 * </ol>
 *
 * Invariants are checked as it goes: every selected id gets one group, group sizes add up, and
 * the root counts match; a broken one throws {@link IllegalStateException}.
 */
public final class Grouper {
  private final LayoutSpace all;
  private final boolean[] selected;
  private final int threads;
  private final Progress progress;

  /**
   * @param all the layouts to group: every one, or some classes' ({@link LayoutSpace}: the
   *     passes and arrays are as large as the space)
   * @param selected classes to group, by class index; null for all the space holds
   * @param threads worker threads for the union pass
   */
  public Grouper(LayoutSpace all, boolean[] selected, int threads, Progress progress) {
    this.all = all;
    this.selected = selected;
    this.threads = Math.max(1, threads);
    this.progress = progress;
  }

  /**
   * The groups of {@code classes}, in memory and in proportion to them: their layouts spawned
   * directly ({@link LayoutSpace#of}; every layout when all), then grouped. The one place a set of
   * classes is grouped: build, analyse and release, export --class, group X without a database,
   * the engine's benchmark and the tests' small databases all come here.
   *
   * <pre>
   *   Groups g = Grouper.of(ClassSet.of(List.of("5-4-1")), 2, Progress.NONE);
   *   g.layoutCount()   65,880; g.count() 2,173... ; 1A9BF0C00 is 5-4-1-1-7472 as in the full build
   * </pre>
   */
  public static Groups of(ClassSet classes, int threads, Progress progress) {
    return new Grouper(LayoutSpace.of(classes), null, threads, progress).run();
  }

  public Groups run() {
    long t0 = System.nanoTime();
    int[] owner = dealClasses();
    UnionFind sets = new UnionFind(all.size());
    long merges = union(sets, owner);
    progress.end("union", System.nanoTime() - t0, UserText.count(merges, "merge", "merges"));

    long t1 = System.nanoTime();
    int n = all.size();
    int[] setOf = new int[n];
    List<int[]> bySet = seeds(sets, owner, setOf); // {class, size, seed} or null
    sets = null; // done with: let the collector have it
    int[] setToGroup = new int[bySet.size()];
    List<int[]> raw = new ArrayList<>();
    for (int k = 0; k < bySet.size(); k++) {
      if (bySet.get(k) != null) {
        raw.add(new int[] {bySet.get(k)[0], bySet.get(k)[1], bySet.get(k)[2], k});
      }
    }
    progress.end("seeds", System.nanoTime() - t1, UserText.count(raw.size(), "group", "groups"));

    long t2 = System.nanoTime();
    int[][] ranked = raw.toArray(new int[0][]);
    Arrays.sort(ranked, (a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0])
        : a[1] != b[1] ? Integer.compare(b[1], a[1]) : Integer.compare(a[2], b[2]));
    for (int g = 0; g < ranked.length; g++) {
      setToGroup[ranked[g][3]] = g;
    }
    progress.end("rank", System.nanoTime() - t2, "");

    long t3 = System.nanoTime();
    Groups groups = number(owner, setOf, setToGroup, ranked);
    classOf = null;
    progress.end("number", System.nanoTime() - t3, UserText.count(groups.layoutCount(), "layout", "layouts") + " in "
        + UserText.count(groups.count(), "group", "groups"));
    return groups;
  }

  private boolean isSelected(int cls) {
    return selected == null || selected[cls];
  }

  /** Class index of every id, computed once for all passes (29 MB for every layout). */
  private byte[] classOf;

  /** owner[class] = the thread that unions it, -1 when not selected; largest classes first. */
  private int[] dealClasses() {
    long[] size = new long[LayoutClass.COUNT];
    classOf = new byte[all.size()];
    for (int id = 0; id < all.size(); id++) {
      int cls = LayoutClass.of(all.code(id));
      classOf[id] = (byte) cls;
      size[cls]++;
    }
    Integer[] order = new Integer[LayoutClass.COUNT];
    for (int c = 0; c < order.length; c++) {
      order[c] = c;
    }
    Arrays.sort(order, (a, b) -> Long.compare(size[b], size[a]));
    long[] load = new long[threads];
    int[] owner = new int[LayoutClass.COUNT];
    Arrays.fill(owner, -1);
    for (int c : order) {
      if (!isSelected(c)) {
        continue;
      }
      int t = 0;
      for (int i = 1; i < threads; i++) {
        if (load[i] < load[t]) {
          t = i;
        }
      }
      owner[c] = t;
      load[t] += size[c];
    }
    return owner;
  }

  /** Runs one share of a pass per thread: each thread handles the ids of the classes it owns. */
  private void onAllThreads(String pass, IntConsumer share) {
    Workers.run("grouper-" + pass, threads, share);
  }

  private long union(UnionFind sets, int[] owner) {
    int n = all.size();
    progress.begin("union", (long) n * threads);
    AtomicLong done = new AtomicLong();
    AtomicLong merges = new AtomicLong();
    onAllThreads("union", me -> {
      Mover mover = new Mover();
      long[] next = new long[Mover.MAX_NEIGHBOURS];
      long merged = 0;
      for (int id = 0; id < n; id++) {
        if (owner[classOf[id] & 0xFF] == me) {
          long code = all.code(id);
          int k = mover.slides(code, next);
          for (int i = 0; i < k; i++) {
            merged += sets.union(id, all.index(next[i])) ? 1 : 0;
          }
        }
        if ((id & 0xFFFFF) == 0xFFFFF) {
          progress.advance(done.addAndGet(0x100000));
        }
      }
      merges.addAndGet(merged);
    });
    return merges.get();
  }

  /**
   * Fills setOf with each selected id's set number (-1 elsewhere) and returns {class, size, seed
   * id} per set, indexed by set number: thread t numbers its sets t, t + threads, ... (holes,
   * if any, are null).
   */
  private List<int[]> seeds(UnionFind sets, int[] owner, int[] setOf) {
    int n = all.size();
    List<List<int[]>> found = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      found.add(new ArrayList<>());
    }
    onAllThreads("seeds", me -> {
      List<int[]> mine = found.get(me);
      for (int id = 0; id < n; id++) {
        int cls = classOf[id] & 0xFF;
        if (owner[cls] != me) {
          if (owner[cls] < 0) {
            setOf[id] = -1;
          }
          continue;
        }
        int root = sets.find(id);
        if (!sets.isLabelled(root)) { // roots are class-local: only this thread labels them
          mine.add(new int[] {cls, sets.sizeOfRoot(root), id});
          sets.label(root, (mine.size() - 1) * threads + me);
        }
        setOf[id] = sets.labelOf(root);
      }
    });
    int most = found.stream().mapToInt(List::size).max().orElse(0);
    List<int[]> bySet = new ArrayList<>();
    for (int k = 0; k < most * threads; k++) {
      List<int[]> mine = found.get(k % threads);
      bySet.add(k / threads < mine.size() ? mine.get(k / threads) : null);
    }
    return bySet;
  }

  private Groups number(int[] owner, int[] setOf, int[] setToGroup, int[][] ranked) {
    int count = ranked.length;
    int[] classOfGroup = new int[count];
    int[] start = new int[count + 1];
    int[] classStart = new int[LayoutClass.COUNT + 1];
    for (int g = 0; g < count; g++) {
      classOfGroup[g] = ranked[g][0];
      start[g + 1] = start[g] + ranked[g][1];
      classStart[ranked[g][0] + 1]++;
    }
    for (int c = 0; c < LayoutClass.COUNT; c++) {
      classStart[c + 1] += classStart[c];
    }
    int n = all.size();
    int[] groupOf = setOf; // overwritten in place: set -> group
    int[] groupIndex = new int[n];
    int[] members = new int[start[count]];
    int[] filled = new int[count];
    // each thread numbers the ids of its own classes in ascending order; groups never span classes
    onAllThreads("number", me -> {
      for (int id = 0; id < n; id++) {
        // decide ownership by class before touching setOf: other threads rewrite their ids' entries
        int cls = classOf[id] & 0xFF;
        if (owner[cls] != me) {
          if (owner[cls] < 0 && me == 0) {
            groupIndex[id] = -1;
          }
          continue;
        }
        int g = setToGroup[setOf[id]];
        groupOf[id] = g;
        int index = filled[g]++;
        groupIndex[id] = index;
        members[start[g] + index] = id;
      }
    });
    for (int g = 0; g < count; g++) {
      if (filled[g] != start[g + 1] - start[g]) {
        throw new IllegalStateException("group " + g + " has " + filled[g] + " members, its root counted "
            + (start[g + 1] - start[g]));
      }
    }
    return new Groups(all, groupOf, groupIndex, members, start, classOfGroup, classStart);
  }
}
