package klotskidb.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of this klotski-db, as {@code --version} prints it and a build stores it
 * ({@code tool_version} in the database's meta, which {@code /api/meta} and every export
 * repeat): the project version and the commit it was built from, written into
 * {@code version.properties} by the build.
 *
 * <pre>
 *   Version.current()   ->  "0.1.0-SNAPSHOT (commit 2d39903c1f4e)", or "0.1.0-SNAPSHOT" when
 *                           built without make (the commit unknown)
 * </pre>
 */
public final class Version {
  private Version() {}

  public static String current() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown (no version.properties)";
      }
      p.load(in);
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    String version = p.getProperty("version", "unknown");
    String commit = p.getProperty("commit", "unknown");
    return commit.equals("unknown") || commit.startsWith("${") ? version : version + " (commit " + commit + ")";
  }
}
