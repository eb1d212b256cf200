package klotskidb.jobs;

/**
 * The version of this klotski-db, as {@code --version} prints it and a build stores it
 * ({@code tool_version} in the database's meta, which every export repeats): the jar's
 * Implementation-Version, or "dev" when run from classes.
 */
public final class Version {
  private Version() {}

  public static String current() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
