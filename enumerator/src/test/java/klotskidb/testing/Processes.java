package klotskidb.testing;

/** Processes for the tests of what a killed run leaves behind. */
public final class Processes {
  private Processes() {}

  /** A process id that no running process has: a finished child's. */
  public static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }
}
