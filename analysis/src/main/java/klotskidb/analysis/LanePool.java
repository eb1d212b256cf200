package klotskidb.analysis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * The engine threads and the memory of one whole analysis run, shared by every class in flight:
 * T threads that run batches of roots (the unit of work), whichever group they belong to, and a
 * budget of heap bytes. A group leases the bytes of its lanes (a lane: one BFS state,
 * {@link BitParallelBfs}, a thread runs a batch on) and of its own arrays before it is loaded, and
 * gives them back when its results are handed on; each of its passes then puts its batches up
 * ({@link #runPhase}) and waits while the pool's threads run them on its lanes. So however many
 * classes are in flight, at most T engine threads are alive and the lanes' memory stays within
 * the budget.
 *
 * <pre>
 *   LanePool pool = new LanePool(16, 6_000_000_000L);   // 16 threads, 6 GB
 *   try (LanePool.Lease l = pool.acquire(AllRootsBfs.idealLanes(n), AllRootsBfs.usefulLanes(n), groupBytes, laneBytes)) {
 *     // group 2-6-1-0 (964,656 layouts, about 400 MB a lane at 512 roots): 16 lanes wanted, 12 fit
 *   }
 * </pre>
 *
 * <p><b>Threads.</b> A free thread takes a batch of the largest group whose pass has batches left
 * and a lane free, then the next batch of that pass, until the pass has none, then looks again.
 * The largest groups (the critical path of a run: the classes come costliest first) go first, and
 * a thread that a pass's last batches leave idle helps another group's pass at once: every thread
 * is busy while any pass has work. Threads end after a second without work. Once a group's passes
 * are done, its handlers may run tasks of their own on the threads it leased ({@link Lease#runTasks}:
 * a large group's rows formatted at once instead of on one thread).
 *
 * <p><b>Memory.</b> A lease asks for the bytes of its group whatever the lanes ({@code shared})
 * and of {@code least} to {@code wanted} lanes: no more lanes than the whole budget holds beside
 * the shared bytes, at least one. Leases are granted in the order asked (first in, first out): the
 * one at the head waits until the bytes of its least lanes are free, then takes as many more as
 * fit. A large group asks for enough lanes for a wide batch on each ({@link AllRootsBfs#idealLanes}):
 * admitted with one lane beside another group, it would run on one thread to its end. A group whose one
 * lane and shared bytes exceed the budget waits for the whole budget (it runs alone) rather than
 * fail. Nothing is held while a lease waits, and a pass never waits for memory, so no two wait on
 * each other. What a lease's lanes grow beyond their arrays (the pairs of the lists, the anchors'
 * log: sized by the data, not the group) is charged to it after each batch: never waited for, so
 * it can pass the budget, but the leases behind it wait until it is given back.
 */
public final class LanePool {
  private final int threads;
  private final long budget;
  private long freeBytes;
  private final ArrayDeque<Object> waiting = new ArrayDeque<>();
  /** The passes whose batches are up, in the order put up. */
  private final List<Phase> phases = new ArrayList<>();
  private final ThreadPoolExecutor workers;
  /** The most bytes leased and engine threads running at once, over the pool's life. */
  private long peakBytes;
  private int runningThreads;
  private int peakThreads;
  private long leases;
  private long batchesRun;
  /** The bytes charged to leases for their lanes' lists and logs, now; and the most in use at once. */
  private long charged;
  private long peakInUse;

  /** A pool of {@code threads} engine threads (at least one) and {@code budgetBytes} of memory. */
  public LanePool(int threads, long budgetBytes) {
    this.threads = Math.max(1, threads);
    this.budget = Math.max(1, budgetBytes);
    this.freeBytes = this.budget;
    AtomicInteger named = new AtomicInteger();
    workers = new ThreadPoolExecutor(this.threads, this.threads, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, "bfs-" + named.getAndIncrement());
      t.setDaemon(true); // a run that fails or is stopped never waits for an idle engine thread
      return t;
    });
    workers.allowCoreThreadTimeOut(true);
  }

  /** A pool of {@code threads} threads with no bound on memory (one engine's own, tests, a single group). */
  public static LanePool unbounded(int threads) {
    return new LanePool(threads, Long.MAX_VALUE / 4);
  }

  /**
   * The engine threads a run of {@code threads} (as {@code --threads} asks) gets: no more than the
   * processors, since a BFS thread beyond them only shares a core's time and the caches with
   * another (BENCHMARKS.md, row "more threads than cores").
   */
  public static int threadsFor(int threads) {
    return Math.max(1, Math.min(threads, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * The budget a run has in this JVM: {@link #HEAP_SHARE} of the long-lived heap that is neither
   * live now (measured after a collection) nor {@code reserved} by the caller for what it keeps
   * beside the engine (the classes' values, the writer's queue).
   */
  public static long heapBudget(long reserved) {
    System.gc();
    long[] old = oldGeneration();
    return Math.max(64L << 20, (long) ((old[0] - old[1] - reserved) * HEAP_SHARE));
  }

  /**
   * The heap that long-lived arrays can live in, and what is in it now: {max, used}. A lane's
   * arrays outlive many collections, so they end up in the collector's old generation, and a
   * generational collector caps that below the heap: ParallelGC's is two thirds of -Xmx (10.2 of
   * 15.3 GB, where {@link Runtime#maxMemory} says 13.6). A budget of the whole heap filled the old
   * generation on 16 cores ("Java heap space" after collections back to back). A collector with
   * no separate old generation (or none that says its size): the whole heap.
   */
  public static long[] oldGeneration() {
    Runtime rt = Runtime.getRuntime();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      String name = p.getName();
      MemoryUsage u = p.getUsage();
      if (p.getType() == MemoryType.HEAP && (name.contains("Old") || name.contains("Tenured")) && u.getMax() > 0) {
        return new long[] {u.getMax(), u.getUsed()};
      }
    }
    return new long[] {rt.maxMemory(), rt.totalMemory() - rt.freeMemory()};
  }

  /**
   * The share of the free old generation the lanes and groups may lease: the rest is the
   * collector's room (a heap full of live arrays collects often) and what the estimates leave out
   * (lists grown by the data, the JIT, RocksDB's Java side).
   */
  public static final double HEAP_SHARE = 0.7;

  /** The engine threads at most. */
  public int threads() {
    return threads;
  }

  public long budget() {
    return budget;
  }

  /** Lanes a group of {@code laneBytes} a lane and {@code shared} bytes beside them gets at most: at least one. */
  public int lanesThatFit(long shared, long laneBytes) {
    if (laneBytes <= 0) {
      return threads;
    }
    long room = budget - shared;
    return room < laneBytes ? 1 : (int) Math.min(threads, room / laneBytes);
  }

  /**
   * Waits for the bytes of a group (see the class comment) and {@code least} lanes, then takes up to
   * {@code wanted} as they fit; both clamped to the pool's threads and to what the whole budget
   * holds, at least one. Interrupted, it gives up its place and throws
   * {@link IllegalStateException}, the interrupt kept.
   */
  public Lease acquire(int least, int wanted, long shared, long laneBytes) {
    Object me = new Object();
    int want = Math.max(1, Math.min(wanted, lanesThatFit(shared, laneBytes)));
    int first = Math.max(1, Math.min(least, want));
    long leastBytes = Math.min(budget, shared + first * laneBytes);
    synchronized (this) {
      waiting.add(me);
      try {
        while (waiting.peek() != me || freeBytes < leastBytes) {
          wait();
        }
      } catch (InterruptedException e) {
        waiting.remove(me);
        notifyAll();
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for memory", e);
      }
      waiting.remove();
      int k = first;
      long bytes = leastBytes;
      while (k < want && bytes + laneBytes <= freeBytes) {
        k++;
        bytes += laneBytes;
      }
      freeBytes -= bytes;
      peakBytes = Math.max(peakBytes, budget - freeBytes - charged);
      peakInUse = Math.max(peakInUse, budget - freeBytes);
      leases++;
      notifyAll(); // the next in line may fit too
      return new Lease(k, bytes, laneBytes);
    }
  }

  private synchronized void giveBack(Lease lease) {
    freeBytes += lease.bytes + lease.charged;
    charged -= lease.charged;
    notifyAll();
  }

  /** One batch's work on a lane (one thread at a time on a lane). */
  interface Body {
    void run(BitParallelBfs lane, int[] roots);
  }

  /**
   * A pass's batches put up: {@code batches} to run on {@code lanes}, each asked {@code go} before it
   * is taken; {@code ran} marks those run. Guarded by the pool.
   */
  private static final class Phase {
    final BitParallelBfs[] lanes;
    final boolean[] laneBusy;
    final List<int[]> batches;
    final Body body;
    final BooleanSupplier go;
    final boolean[] ran;
    final int priority;
    /** Charged with what the lanes' lists and logs grow to (null: a phase put up without a lease, as LanePoolTest does). */
    final Lease lease;
    int next;
    int holders;
    boolean stopped;
    Throwable failure;

    Phase(BitParallelBfs[] lanes, List<int[]> batches, Body body, BooleanSupplier go, boolean[] ran, int priority,
        Lease lease) {
      this.lease = lease;
      this.lanes = lanes;
      this.laneBusy = new boolean[lanes.length];
      this.batches = batches;
      this.body = body;
      this.go = go;
      this.ran = ran;
      this.priority = priority;
    }

    boolean open() {
      return !stopped && next < batches.size() && holders < lanes.length;
    }

    boolean done() {
      return (stopped || next >= batches.size()) && holders == 0;
    }
  }

  /**
   * Runs a pass's batches on the pool's threads and the group's {@code lanes} (priority: the
   * group's size, the largest first) and waits until every batch taken has run; {@code go} is
   * asked before each batch is taken. Returns which ran. A batch's failure stops the pass and is
   * thrown here, as {@code Workers.run} throws it ("bfs failed: ...").
   */
  boolean[] runPhase(BitParallelBfs[] lanes, List<int[]> batches, Body body, BooleanSupplier go, int priority) {
    return runPhase(lanes, batches, body, go, priority, null);
  }

  private boolean[] runPhase(BitParallelBfs[] lanes, List<int[]> batches, Body body, BooleanSupplier go, int priority,
      Lease lease) {
    boolean[] ran = new boolean[batches.size()];
    if (batches.isEmpty()) {
      return ran;
    }
    Phase p = new Phase(lanes, batches, body, go, ran, priority, lease);
    synchronized (this) {
      phases.add(p);
    }
    for (int t = Math.min(lanes.length, batches.size()); t > 0; t--) {
      workers.execute(this::work);
    }
    boolean interrupted = false;
    synchronized (this) {
      while (!p.done()) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
          p.stopped = true; // no batch is taken any more; those running end
        }
      }
      phases.remove(p);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during bfs");
    }
    if (p.failure != null) {
      Throwable e = p.failure;
      throw new IllegalStateException("bfs failed: " + (e.getMessage() == null ? e : e.getMessage()), e);
    }
    return ran;
  }

  /** An engine thread's work: batches of the largest pass open, pass after pass, until none is open. */
  private void work() {
    synchronized (this) {
      runningThreads++;
      peakThreads = Math.max(peakThreads, runningThreads);
    }
    try {
      while (true) {
        Phase p;
        int lane = -1;
        synchronized (this) {
          p = null;
          for (Phase q : phases) {
            if (q.open() && (p == null || q.priority > p.priority)) {
              p = q;
            }
          }
          if (p == null) {
            return;
          }
          while (p.laneBusy[++lane]) {
            // the first free lane: holders < lanes
          }
          p.laneBusy[lane] = true;
          p.holders++;
        }
        runOn(p, lane);
      }
    } finally {
      synchronized (this) {
        runningThreads--;
      }
    }
  }

  /** Runs p's batches on one of its lanes until it has none to give, then frees the lane. */
  private void runOn(Phase p, int lane) {
    try {
      while (true) {
        int b;
        synchronized (this) {
          if (p.stopped || p.next >= p.batches.size()) {
            break;
          }
          b = p.next++;
        }
        if (!p.go.getAsBoolean()) {
          synchronized (this) {
            p.stopped = true;
          }
          break;
        }
        p.ran[b] = true;
        BitParallelBfs l = p.lanes[lane];
        p.body.run(l, p.batches.get(b));
        long grown = p.lease == null ? 0 : l.growingBytes() - l.charged;
        synchronized (this) {
          batchesRun++;
          if (grown > 0) { // the lists and logs the batch grew: charged to the group's lease
            l.charged += grown;
            p.lease.charged += grown;
            freeBytes -= grown;
            charged += grown;
            peakInUse = Math.max(peakInUse, budget - freeBytes);
          }
        }
      }
    } catch (Throwable e) {
      synchronized (this) {
        if (p.failure == null) {
          p.failure = e;
        }
        p.stopped = true;
      }
    } finally {
      synchronized (this) {
        p.laneBusy[lane] = false;
        p.holders--;
        notifyAll();
      }
    }
  }

  /** The most bytes leased at once so far. */
  public synchronized long peakBytes() {
    return peakBytes;
  }

  /** The most engine threads running batches at once so far. */
  public synchronized int peakThreads() {
    return peakThreads;
  }

  /**
   * The most bytes in use at once so far: the leases as granted and what their lanes' lists and
   * logs grew to (which can pass the budget: a lease is charged, never stopped, and the leases
   * after it wait for it).
   */
  public synchronized long peakInUse() {
    return peakInUse;
  }

  /** Leases granted so far. */
  public synchronized long leases() {
    return leases;
  }

  /** Leases waiting now (for tests). */
  synchronized int waitingNow() {
    return waiting.size();
  }

  /** Batches run so far. */
  public synchronized long batchesRun() {
    return batchesRun;
  }

  /** The engine threads alive now (running batches or waiting a second for more). */
  public int threadsAlive() {
    return workers.getPoolSize();
  }

  /** The bytes of one group and its lanes, given back on close. */
  public final class Lease implements AutoCloseable {
    private final int lanes;
    private final long bytes;
    /** What the lanes' lists and logs grew to beside it (guarded by the pool). */
    private long charged;
    private final long laneBytes;
    private boolean closed;

    private Lease(int lanes, long bytes, long laneBytes) {
      this.lanes = lanes;
      this.bytes = bytes;
      this.laneBytes = laneBytes;
    }

    /**
     * Runs a pass's batches on the pool's threads and these lanes ({@link LanePool#runPhase}); what
     * the lanes' lists and logs grow to is charged to this lease as they grow, never waited for:
     * later leases wait for it instead.
     */
    boolean[] runPhase(BitParallelBfs[] lanes, List<int[]> batches, Body body, BooleanSupplier go, int priority) {
      return LanePool.this.runPhase(lanes, batches, body, go, priority, this);
    }

    /**
     * Runs {@code task(0)} to {@code task(count - 1)} on the pool's threads, at most {@link #lanes}
     * at once (the threads this group leased, idle while its results are handed on), the group's
     * passes' {@code priority}; returns once every one has run. A task's failure is thrown here.
     */
    public void runTasks(int count, IntConsumer task, int priority) {
      List<int[]> each = new ArrayList<>(count);
      for (int k = 0; k < count; k++) {
        each.add(new int[] {k});
      }
      // no lane's arrays: the tasks' own bytes are the group's, already leased
      LanePool.this.runPhase(new BitParallelBfs[Math.min(lanes, count)], each, (lane, k) -> task.accept(k[0]),
          () -> true, priority, null);
    }

    /** The lanes granted, at least one. */
    public int lanes() {
      return lanes;
    }

    /** The bytes granted (the group's and its lanes'). */
    public long bytes() {
      return bytes;
    }

    /** The bytes granted for each lane. */
    public long laneBytes() {
      return laneBytes;
    }

    /** The pool it came from, whose threads run the group's passes. */
    LanePool pool() {
      return LanePool.this;
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        giveBack(this);
      }
    }
  }
}
