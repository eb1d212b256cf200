package klotskidb.base;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * Runs one body per worker thread and waits for all; the first failure of any worker fails the
 * whole run (an {@link IllegalStateException} naming the pass, with the failure as cause).
 * Bodies share their work themselves (by class ownership or a shared cursor).
 *
 * <p>{@link #stop} ends a pool before what its tasks read is closed: a task still reading a
 * RocksDB handle or its options when they are closed reads freed native memory (a JVM crash,
 * SIGSEGV in {@code MultiGetCommon}, seen when {@code export --out - | head -1} closed the pipe).
 */
public final class Workers {
  private Workers() {}

  /** Runs {@code body.accept(t)} for t = 0..threads-1, each on its own thread named pass-t. */
  public static void run(String pass, int threads, IntConsumer body) {
    Thread[] workers = new Thread[Math.max(1, threads)];
    Throwable[] failure = new Throwable[1];
    for (int t = 0; t < workers.length; t++) {
      int me = t;
      workers[t] = new Thread(() -> body.accept(me), pass + "-" + t);
      workers[t].setUncaughtExceptionHandler((th, e) -> {
        synchronized (failure) {
          if (failure[0] == null) {
            failure[0] = e;
          }
        }
      });
      workers[t].start();
    }
    for (Thread w : workers) {
      try {
        w.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted during " + pass, e);
      }
    }
    if (failure[0] != null) {
      Throwable e = failure[0];
      throw new IllegalStateException(pass + " failed: " + (e.getMessage() == null ? e : e.getMessage()), e);
    }
  }

  /**
   * Stops a pool and waits until every task has ended, however long (a native read cannot be
   * interrupted) and even when this thread is interrupted (the interrupt is kept): the owner of a
   * pool calls it in a finally, before it closes what the tasks read.
   */
  public static void stop(ExecutorService pool) {
    pool.shutdownNow();
    boolean interrupted = false;
    while (true) {
      try {
        if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A pool task's result: its IOException or RuntimeException thrown as it was, anything else
   * it threw as the cause of an IOException, an interrupt of this thread as an IOException (the
   * interrupt kept). For tasks that read or write files on a pool ({@link #stop} in the finally).
   */
  public static <T> T await(Future<T> task) throws IOException {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IOException(e.getCause());
    }
  }
}
