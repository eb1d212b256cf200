package klotskidb.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.LayoutSpace;
import klotskidb.grouper.Groups;
import klotskidb.layerer.GroupGraph;
import klotskidb.layerer.SampleData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The kernels against each other: whole groups of every kind give the same digest of every value
 * and list with the scalar kernel, the vector kernels at their own width and the vector kernels
 * forced to 512 roots. {@link AllRootsBfsTest} checks every kernel against a plain BFS.
 */
class KernelsTest {
  private static final LayoutSpace all = SampleData.space();
  private static final Groups groups = SampleData.groups();

  /** Whether the vector kernels run here; with {@value Kernels#REQUIRE} set they must. */
  static boolean vectorHere() {
    String why = Kernels.vectorUnavailable();
    if (why != null && System.getenv(Kernels.REQUIRE) != null) {
      throw new AssertionError(Kernels.REQUIRE + " is set but " + why);
    }
    return why == null;
  }

  @Test
  void theVectorKernelsRunWhereRequired() {
    if (System.getenv(Kernels.REQUIRE) != null) {
      assertNull(Kernels.vectorUnavailable(), "the vector kernels fell back");
      assertEquals("vector", Kernels.choose("auto", line -> {
        throw new AssertionError("auto fell back: " + line);
      }).name());
    }
    assertEquals("scalar", Kernels.choose("SCALAR", line -> {}).name());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Kernels.choose("gpu", l -> {}));
    assertEquals("unknown kernel 'gpu': expected auto, vector or scalar", e.getMessage());
  }

  /** A JVM without the incubator module: auto says in one line that it runs the scalar kernel. */
  @Test
  void autoWithoutTheModuleFallsBackWithOneLine() throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ChooseMain.class.getName())
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), output);
    assertEquals("klotski: using the scalar kernel: this JVM was started without --add-modules "
        + "jdk.incubator.vector\nscalar\n", output);
  }

  /** What the fallback test runs in a JVM of its own. */
  static final class ChooseMain {
    public static void main(String[] args) {
      System.out.println(Kernels.choose("auto", System.out::println).name());
      try {
        Kernels.vector();
        System.out.println("vector() did not fail");
      } catch (IllegalStateException expected) {
        // the reason is the same line
      }
    }
  }

  @Test
  void everyKernelGivesTheSameDigestOnGroupsOfEveryKind() throws Exception {
    List<Integer> picked = new ArrayList<>();
    picked.add(groups.group(LayoutClass.index(1, 2, 0), 0)); // dense: 12,012 layouts, 30 moves each
    picked.add(groups.groupOf(all.index(0x1A9BF0C00L))); // long: anchors and candidates
    int unsolvable = -1;
    int tiny = -1;
    for (int g = 0; g < groups.count(); g++) {
      int n = groups.size(g);
      if (unsolvable < 0 && n > 5000 && !AllRootsBfsTest.solvable(g)) {
        unsolvable = g;
      }
      if (tiny < 0 && n == 3) {
        tiny = g;
      }
    }
    picked.add(unsolvable);
    picked.add(tiny);
    sameDigests(picked);
  }

  /** A dense group three times larger: 2-2-0-0 (38,412 layouts). */
  @Test
  @Tag("slow")
  void everyKernelGivesTheSameDigestOnALargerDenseGroup() throws Exception {
    sameDigests(List.of(groups.group(LayoutClass.index(2, 2, 0), 0)));
  }

  private static void sameDigests(List<Integer> picked) throws Exception {
    GroupGraph graph = new GroupGraph();
    for (int g : picked) {
      graph.load(groups, g);
      List<AllRootsBfs> engines = AllRootsBfsTest.engines(2, AllRootsBfs.LONG_DEPTH);
      String reference = null;
      for (AllRootsBfs engine : engines) {
        String d = digest(engine.run(graph, true));
        String where = groups.groupName(g) + " (" + graph.size() + " layouts), kernel " + engine.kernels().describe()
            + ", " + engine.farthestWords + "/" + engine.solutionWords + " words";
        if (reference == null) {
          reference = d;
        } else {
          assertEquals(reference, d, where);
        }
      }
      assertTrue(!vectorHere() || engines.size() == (Kernels.vector().wideVectors() ? 4 : 3));
    }
  }

  /** SHA-256 of every layout's five values and two lists, in local index order. */
  private static String digest(AllRootsBfs.Result r) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    ByteBuffer b = ByteBuffer.allocate(1 << 16);
    for (int i = 0; i < r.size; i++) {
      int[] f = r.farthest(i);
      int[] s = r.minSolutions(i);
      if (b.remaining() < 4 * (7 + f.length + s.length)) {
        md.update(b.array(), 0, b.position());
        b.clear();
      }
      b.putInt(r.farthestStep[i]).putInt(r.farthestNum[i]).putInt(r.minSolutionStep[i])
          .putInt(r.minSolutionNum[i]).putInt(r.solutionNum[i]).putInt(f.length).putInt(s.length);
      for (int v : f) {
        b.putInt(v);
      }
      for (int v : s) {
        b.putInt(v);
      }
    }
    md.update(b.array(), 0, b.position());
    return HexFormat.of().formatHex(md.digest());
  }
}
