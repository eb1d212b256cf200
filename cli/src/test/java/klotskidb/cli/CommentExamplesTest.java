package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of the class comments call code that exists: in every {@code <pre>} block of
 * a main source's comments, each {@code Class.method(} whose class is one of the project's names a
 * method (or nested type) of that class, so an example cannot go on showing a call that was
 * renamed or removed (a comment that did: {@code BuildJob.run} returning what it no longer returns,
 * {@code Kernels::best}).
 */
class CommentExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern PRE = Pattern.compile("(?s)<pre>(.*?)</pre>");
  private static final Pattern CALL = Pattern.compile("\\b([A-Z][A-Za-z0-9]*)(?:\\.|::)([a-z][A-Za-z0-9]*)\\b(?=\\s*\\(|::|\\s)");

  @Test
  void everyCallInAnExampleExists() throws Exception {
    Map<String, String> classes = new HashMap<>(); // simple name -> binary name, the project's main classes
    List<Path> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/klotskidb/")
          && !f.toString().contains("/target/") && !f.toString().contains("/bench/")).forEach(sources::add);
    }
    for (Path f : sources) {
      String pkg = ROOT.relativize(f).toString().replaceAll(".*/src/main/java/", "").replaceAll("/[^/]+$", "").replace('/', '.');
      classes.put(f.getFileName().toString().replace(".java", ""), pkg + "." + f.getFileName().toString().replace(".java", ""));
    }
    TreeSet<String> missing = new TreeSet<>();
    int checked = 0;
    for (Path f : sources) {
      Matcher pre = PRE.matcher(Files.readString(f));
      while (pre.find()) {
        Matcher call = CALL.matcher(pre.group(1).replace("&lt;", "<").replace("&gt;", ">"));
        while (call.find()) {
          String binary = classes.get(call.group(1));
          if (binary == null) {
            continue; // not one of ours (String.format, List.of, ...)
          }
          Class<?> c = Class.forName(binary);
          checked++;
          if (!has(c, call.group(2))) {
            missing.add(ROOT.relativize(f) + ": " + call.group(1) + "." + call.group(2));
          }
        }
      }
    }
    assertEquals(new TreeSet<String>(), missing, "examples calling what does not exist");
    assertTrue(checked > 40, "the examples were read: " + checked);
  }

  /** A method or field of that name, on the class, its supertypes or a nested type. */
  private static boolean has(Class<?> c, String name) {
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        if (m.getName().equals(name)) {
          return true;
        }
      }
      for (Field fl : k.getDeclaredFields()) {
        if (fl.getName().equals(name)) {
          return true;
        }
      }
      for (Class<?> i : k.getInterfaces()) {
        if (has(i, name)) {
          return true;
        }
      }
    }
    return false;
  }
}
