package klotskidb.db;

import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import klotskidb.base.Workers;

/**
 * The database of a long-running reader ({@code klotski serve}) that follows publications: when
 * {@code build} or {@code analyse} publishes a new {@code data/klotski-db}, the next request reads
 * the new one within {@link #CHECK_MILLIS} or so, and requests already under way finish on the
 * handle they started with.
 *
 * <pre>
 *   try (LiveDatabase live = LiveDatabase.open(Path.of("data/klotski-db"), System.err::println);
 *        LiveDatabase.Lease lease = live.lease()) {
 *     lease.db().caseOf(0x1A9BF0C00L);   // farthest_step 124 once 5-4-1 is analysed and published
 *   }
 * </pre>
 *
 * How: a thread reads the directory's {@link Publisher#PUBLICATION} every {@link #CHECK_MILLIS};
 * when it differs from the open handle's, it opens the new database ({@link KlotskiDb#open},
 * which retries an open that overlaps a publish) and swaps it in. Each handle counts its leases;
 * the old one is closed when its last lease ends. A new database that does not open (damaged,
 * another schema version) is reported once and the old one goes on serving.
 */
public final class LiveDatabase implements AutoCloseable {
  /** How often the publication is checked. */
  public static final long CHECK_MILLIS = 500;

  private final Path dir;
  private final Consumer<String> notes;
  private final ScheduledExecutorService watcher;
  private volatile Handle current;
  private volatile String refused = "";

  private LiveDatabase(Path dir, KlotskiDb first, Consumer<String> notes, boolean follow) {
    this.dir = dir;
    this.notes = notes;
    this.current = new Handle(first, follow);
    this.watcher = follow ? Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "klotski-publications");
      t.setDaemon(true);
      return t;
    }) : null;
    if (follow) {
      watcher.scheduleWithFixedDelay(this::check, CHECK_MILLIS, CHECK_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  /** Opens the database at {@code dir} (or throws, as {@link KlotskiDb#open}) and starts following it. */
  public static LiveDatabase open(Path dir, Consumer<String> notes) {
    return new LiveDatabase(dir, KlotskiDb.open(dir), notes, true);
  }

  /** One open handle that is never swapped nor closed here (its caller closes it): for tests and benchmarks. */
  public static LiveDatabase fixed(KlotskiDb db) {
    return new LiveDatabase(db.dir(), db, note -> { }, false);
  }

  /** A request's use of one handle: the database it reads until closed. */
  public static final class Lease implements AutoCloseable {
    private final Handle handle;
    private boolean closed;

    private Lease(Handle handle) {
      this.handle = handle;
    }

    public KlotskiDb db() {
      return handle.db;
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        handle.release();
      }
    }
  }

  /** The current database, held until the lease is closed. */
  public Lease lease() {
    while (true) {
      Handle h = current;
      if (h.retain()) {
        return new Lease(h);
      }
      // swapped and closed between the read and the retain: the next one is current
    }
  }

  /** The database as the last check found it, for answers that name their publication. */
  public String publication() {
    return current.db.publication();
  }

  /** Checks for a new publication now (the watcher does it every {@link #CHECK_MILLIS}). */
  void check() {
    try {
      String now = Publisher.publicationOf(dir);
      if (now.isEmpty() || now.equals(current.db.publication()) || now.equals(refused)) {
        return;
      }
      KlotskiDb next;
      try {
        next = KlotskiDb.open(dir);
      } catch (DatabaseException e) {
        refused = now;
        notes.accept("a new publication of the database at " + dir + " does not open; still serving the previous "
            + "one: " + e.getMessage());
        return;
      }
      Handle old = current;
      current = new Handle(next, true);
      old.release(); // the owner's reference: closed once its last request is done
      notes.accept("serving the new publication of " + dir);
    } catch (RuntimeException e) {
      notes.accept("checking the database for a new publication failed: " + e);
    }
  }

  @Override
  public void close() {
    if (watcher != null) {
      Workers.stop(watcher); // a check under way ends before the handle is released
    }
    current.release();
  }

  /** One open database and its references: the owner's (until swapped out) and one per lease. */
  private static final class Handle {
    final KlotskiDb db;
    private final boolean owned;
    private final AtomicInteger refs = new AtomicInteger(1);

    Handle(KlotskiDb db, boolean owned) {
      this.db = db;
      this.owned = owned;
    }

    boolean retain() {
      for (int r = refs.get(); r > 0; r = refs.get()) {
        if (refs.compareAndSet(r, r + 1)) {
          return true;
        }
      }
      return false;
    }

    void release() {
      if (refs.decrementAndGet() == 0 && owned) {
        db.close();
      }
    }
  }
}
