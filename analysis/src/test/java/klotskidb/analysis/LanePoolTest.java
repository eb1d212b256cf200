package klotskidb.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.enumerator.LayoutClass;
import klotskidb.grouper.Groups;
import klotskidb.layerer.GroupGraph;
import klotskidb.layerer.SampleData;
import org.junit.jupiter.api.Test;

/**
 * The run's one pool of engine threads and memory ({@link LanePool}, {@link ClassScheduler}): 16
 * threads over several classes at once stay 16, the leases stay within the budget, each lane's
 * arrays within what it was leased for, and every class's values and lists are those of one
 * class on one thread; a budget smaller than one group still finishes, and leases are granted in
 * the order asked.
 */
class LanePoolTest {
  private static final Groups groups = SampleData.groups();
  /** 5-4-1: 898 groups, two long ones of 25,955 (anchors and candidates); the others of every size. */
  private static final List<String> CLASSES = List.of("5-4-1", "0-3-0", "1-2-1", "2-1-1", "3-0-2", "5-1-1");
  /** Each class's digest on one thread, no pool shared: the reference. */
  private static final Map<Integer, String> REFERENCE = new ConcurrentHashMap<>();

  private static int[] classes() {
    return CLASSES.stream().mapToInt(LayoutClass::parse).toArray();
  }

  /** A digest of every group's values and lists, in group order. */
  private static final class Digest implements ClassDriver.Handler {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);

    @Override
    public void group(int g, GroupGraph graph, AllRootsBfs.Result r) throws IOException {
      out.writeInt(g);
      for (int i = 0; i < r.size; i++) {
        out.writeInt(r.farthestStep[i]);
        out.writeInt(r.farthestNum[i]);
        out.writeInt(r.minSolutionStep[i]);
        out.writeInt(r.minSolutionNum[i]);
        out.writeInt(r.solutionNum[i]);
        for (int f : r.farthest(i)) {
          out.writeInt(f);
        }
        out.writeInt(-1);
        for (int m : r.minSolutions(i)) {
          out.writeInt(m);
        }
        out.writeInt(-2);
      }
    }

    String hex() throws Exception {
      out.flush();
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
    }
  }

  private static String alone(int cls) {
    return REFERENCE.computeIfAbsent(cls, c -> {
      try {
        Digest d = new Digest();
        new ClassDriver(1, Kernels.fastest()).run(groups, c, true, d);
        return d.hex();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static int largestGroup(int[] classes) {
    int largest = 0;
    for (int c : classes) {
      for (int g = groups.group(c, 0), end = g + groups.groupsInClass(c); g < end; g++) {
        largest = Math.max(largest, groups.size(g));
      }
    }
    return largest;
  }

  /** Runs the classes on the scheduler with {@code pool}, each class's digest by its class. */
  private static Map<Integer, String> scheduled(LanePool pool, int[] classes, AtomicInteger mostAlive) {
    Map<Integer, String> digests = new ConcurrentHashMap<>();
    List<Integer> order = new ArrayList<>();
    for (int c : classes) {
      order.add(c);
    }
    ClassScheduler.run("test", groups, order, pool, cls -> {
      Digest d = new Digest();
      ClassDriver.Handler alive = (g, graph, r) -> mostAlive.accumulateAndGet(pool.threadsAlive(), Math::max);
      new ClassDriver(pool, Kernels.fastest()).run(groups, cls, true, d, alive);
      digests.put(cls, d.hex());
    });
    return digests;
  }

  @Test
  void sixteenThreadsOverSeveralClassesStaySixteenWithinTheBudgetAndGiveTheValuesOfOneThread() throws Exception {
    int[] classes = classes();
    int largest = largestGroup(classes);
    long lane = AllRootsBfs.laneBytes(largest, Kernels.fastest());
    long shared = largest * AllRootsBfs.GROUP_BYTES_PER_LAYOUT;
    // the largest group holds three lanes of the budget; smaller ones more, several classes at once
    long budget = shared + 3 * lane;
    LanePool pool = new LanePool(16, budget);
    AtomicInteger mostAlive = new AtomicInteger();
    Map<Integer, String> digests = scheduled(pool, classes, mostAlive);
    for (int c : classes) {
      assertEquals(alone(c), digests.get(c), LayoutClass.name(c));
    }
    assertTrue(pool.peakThreads() <= 16 && pool.peakThreads() >= 2, pool.peakThreads() + " engine threads at once");
    assertTrue(mostAlive.get() <= 16, mostAlive.get() + " engine threads alive");
    assertTrue(pool.peakBytes() <= budget, pool.peakBytes() + " bytes leased, budget " + budget);
    // the lists' pairs grow with the data, beyond the arrays a lease asks for: charged as they grew
    assertTrue(pool.peakInUse() > pool.peakBytes(), pool.peakInUse() + " bytes in use at most, " + pool.peakBytes() + " leased");
    assertTrue(pool.batchesRun() > 0);
    assertEquals(groupCount(classes), pool.leases());
  }

  @Test
  void theBudgetIsTakenFromTheOldGenerationNotTheWholeHeap() {
    // the tests run on ParallelGC, as the launcher's analysis does: its old generation is two
    // thirds of -Xmx by default, where Runtime.maxMemory counts the young generation too
    long[] old = LanePool.oldGeneration();
    long max = Runtime.getRuntime().maxMemory();
    assertTrue(old[0] > 0 && old[0] < max, old[0] + " bytes of old generation, " + max + " of heap");
    assertTrue(old[1] >= 0 && old[1] <= old[0]);
    long budget = LanePool.heapBudget(0);
    assertTrue(budget <= LanePool.HEAP_SHARE * old[0], budget + " budget, " + old[0] + " old generation");
    assertTrue(LanePool.heapBudget(old[0]) == 64L << 20, "a reservation of it all leaves the least budget");
  }

  @Test
  void aBudgetSmallerThanOneGroupRunsEachGroupAloneAndFinishes() throws Exception {
    int[] classes = {LayoutClass.parse("0-3-0"), LayoutClass.parse("1-2-1"), LayoutClass.parse("2-1-1")};
    LanePool pool = new LanePool(16, 1);
    Map<Integer, String> digests = scheduled(pool, classes, new AtomicInteger());
    for (int c : classes) {
      assertEquals(alone(c), digests.get(c), LayoutClass.name(c));
    }
    assertEquals(1, pool.peakBytes());
  }

  private static long groupCount(int[] classes) {
    long n = 0;
    for (int c : classes) {
      n += groups.groupsInClass(c);
    }
    return n;
  }

  /** Each lane's arrays within the bytes leased for it, the group's largest and a small one after it. */
  @Test
  void everyLanesArraysStayWithinWhatItWasLeasedFor() {
    int cls = LayoutClass.parse("5-4-1");
    LanePool pool = new LanePool(4, Long.MAX_VALUE / 4);
    AllRootsBfs engine = new AllRootsBfs(Kernels.fastest());
    GroupGraph graph = new GroupGraph();
    int first = groups.group(cls, 0);
    for (int g : new int[] {first, first + 1, first + 2, first + groups.groupsInClass(cls) - 1}) {
      int n = groups.size(g);
      try (LanePool.Lease lease = pool.acquire(4, 4, 0, AllRootsBfs.laneBytes(n, Kernels.fastest()))) {
        graph.load(groups, g);
        engine.run(graph, true, lease);
        long[] lanes = engine.laneBytesNow();
        assertEquals(lease.lanes(), lanes.length);
        for (long b : lanes) {
          assertTrue(b > 0 && b <= lease.laneBytes(), "group " + g + ": a lane of " + b + " bytes, leased " + lease.laneBytes());
        }
        engine.dropLanes();
        for (long b : engine.laneBytesNow()) {
          assertTrue(b <= AllRootsBfs.KEPT_LANE_BYTES, b + " bytes kept between groups");
        }
      }
    }
  }

  @Test
  void leasesAreGrantedInTheOrderAskedAndAGroupTakesAtMostWhatFits() throws Exception {
    LanePool pool = new LanePool(8, 1000);
    LanePool.Lease all = pool.acquire(1, 8, 1000, 100);
    assertEquals(1, all.lanes()); // 1,000 shared bytes leave no room for a second lane
    List<String> order = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch bigAsked = new CountDownLatch(1);
    Thread big = new Thread(() -> {
      try (LanePool.Lease l = pool.acquire(4, 8, 200, 100)) {
        order.add("big " + l.lanes());
      }
    });
    Thread small = new Thread(() -> {
      try {
        bigAsked.await();
      } catch (InterruptedException e) {
        return;
      }
      try (LanePool.Lease l = pool.acquire(1, 1, 10, 10)) {
        order.add("small " + l.lanes());
      }
    });
    big.setDaemon(true);
    small.setDaemon(true);
    big.start();
    waiting(pool, 1);
    bigAsked.countDown();
    small.start();
    waiting(pool, 2);
    assertEquals(List.of(), order); // both wait: the budget is leased whole
    all.close();
    big.join();
    small.join();
    // the big one first, with as many lanes as the budget holds beside its shared bytes: 8
    assertEquals(List.of("big 8", "small 1"), order);
  }

  /** Whether n leases wait now; fails after ten seconds (a lease granted that should wait). */
  private static boolean waiting(LanePool pool, int n) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (pool.waitingNow() != n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(pool.waitingNow() + " leases wait, not " + n);
      }
      Thread.onSpinWait();
    }
    return true;
  }

  @Test
  void aFailingBatchStopsItsPassAndIsThrownNamingTheBfs() {
    LanePool pool = new LanePool(4, Long.MAX_VALUE / 4);
    BitParallelBfs[] lanes = new BitParallelBfs[4];
    for (int t = 0; t < lanes.length; t++) {
      lanes[t] = new BitParallelBfs(GroupArrays.ring(96));
    }
    List<int[]> batches = new ArrayList<>();
    for (int b = 0; b < 100; b++) {
      batches.add(new int[] {b});
    }
    AtomicInteger ran = new AtomicInteger();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.runPhase(lanes, batches, (lane, roots) -> {
      if (roots[0] == 10) {
        throw new IllegalArgumentException("batch 10 broke");
      }
      if (roots[0] > 10) { // a batch's real work takes a while: the pool has seen the failure long before 99 ran
        try {
          Thread.sleep(5);
        } catch (InterruptedException stop) {
          Thread.currentThread().interrupt();
        }
      }
      ran.incrementAndGet();
    }, () -> true, 96));
    assertEquals("bfs failed: batch 10 broke", e.getMessage());
    assertTrue(ran.get() < 99, ran.get() + " batches ran after the failure");
    // and the pool goes on: the next pass runs every batch, on at most its four lanes at once
    AtomicInteger at = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    boolean[] done = pool.runPhase(lanes, batches, (lane, roots) -> {
      most.accumulateAndGet(at.incrementAndGet(), Math::max);
      Thread.onSpinWait();
      at.decrementAndGet();
    }, () -> true, 96);
    boolean[] all = new boolean[100];
    Arrays.fill(all, true);
    assertArrayEquals(all, done);
    assertTrue(most.get() <= 4, most.get() + " batches at once");
  }
}
