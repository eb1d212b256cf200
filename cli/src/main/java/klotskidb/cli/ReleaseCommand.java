package klotskidb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import klotskidb.base.InputException;
import klotskidb.base.Progress;
import klotskidb.base.UserText;
import klotskidb.datasets.PublishedReference;
import klotskidb.datasets.Release;
import klotskidb.enumerator.ClassSet;
import klotskidb.jobs.ClassAnalysis;
import klotskidb.jobs.ReleaseJob;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The whole HRD_Database release in one run, every file checked against the published checksums. */
@Command(name = "release", mixinStandardHelpOptions = true,
    description = {"Write the original HRD_Database release into DIR: All_Case.txt, main.csv and the "
        + "farthest_J-B-S.csv and solution_J-B-S.csv files of every class (about 28.5 GB), from one "
        + "all-roots analysis pass per class that also stores the values of classes not analysed yet. "
        + "Classes already analysed are analysed again for their files (the same BFS), their values "
        + "are not rewritten. Each file is checked against the published MD5, lines and bytes; DIR ends "
        + "with MD5SUMS (md5sum -c), SHA256SUMS (sha256sum -c), MANIFEST.tsv and README.md (the dataset "
        + "card). A killed run resumes with the files not yet "
        + "complete. The published checksums ship with klotski-db (--published DIR reads another copy); "
        + "exit 1 if any file differs or cannot be compared (unless --no-compare).",
        "--out must be a new or empty folder, or one an earlier release wrote: a folder holding anything "
        + "else is refused and left as it is."})
final class ReleaseCommand implements Callable<Integer> {
  @Option(names = "--out", converter = PathArgument.class, paramLabel = "DIR", required = true, description = "Folder for the release.")
  Path out;

  @Mixin DbOption db;

  @Option(names = "--published", paramLabel = "DIR",
      description = "A folder of published checksums to compare with (default: the copy shipped with klotski-db).")
  Path published;

  @Option(names = "--no-compare", description = "Write and sum the files without comparing them.")
  boolean noCompare;

  @Mixin ThreadsOption threads;

  @Mixin KernelOption kernel;

  @Option(names = "--gzip", description = "Write NAME.gz files; their uncompressed content is what is checked.")
  boolean gzip;

  @Mixin ClassesOption classes;

  @Option(names = "--max-class-layouts", paramLabel = "N",
      description = "Only classes of at most N layouts (e.g. 50000 for a quick release of 99 classes).")
  int maxClassLayouts = Integer.MAX_VALUE;

  @Mixin ProgressOption progressOption;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (maxClassLayouts < 1) {
      throw new InputException("--max-class-layouts must be at least 1, not " + maxClassLayouts);
    }
    if (noCompare && published != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give --published or --no-compare, not both");
    }
    PublishedReference reference = noCompare ? null : PublishedReference.of(published);
    Release.Folder folder = Release.folder(out); // what is at --out, once, before anything is printed or computed
    PrintWriter printer = spec.commandLine().getOut();
    ClassSet wanted = classes.set();
    Progress progress = progressOption.on(spec.commandLine().getErr());
    List<String> differing = new ArrayList<>();
    int[] counts = new int[3]; // matched, differing, without reference
    long t0 = System.nanoTime();
    List<Release.FileResult> results = ReleaseJob.run(db.dir(),
        new ReleaseJob.Options(folder, reference, threads.count(), kernel.choose(spec.commandLine().getErr()), gzip, wanted, maxClassLayouts), progress, new ReleaseJob.Listener() {
          @Override
          public void note(String line) {
            synchronized (printer) { // also from the analysis writer's thread
              printer.println(line);
              printer.flush();
            }
          }

          @Override
          public void classDone(ClassAnalysis.Done d, boolean stored) {
            note(String.format(Locale.ROOT, "  class %-7s %,9d layouts %,6d %-6s %9.1f s%s", d.className(),
                d.layouts(), d.groups(), UserText.noun(d.groups(), "group", "groups"), d.seconds(), stored ? "  (values stored)" : ""));
          }

          @Override
          public void file(Release.FileResult r) {
            Boolean m = r.matches();
            if (m == null) {
              counts[2]++;
            } else if (m) {
              counts[0]++;
            } else {
              counts[1]++;
              differing.add(r.file() + " (expected " + r.expected() + ", wrote " + r.md5() + " " + r.lines() + " "
                  + r.bytes() + ")");
            }
          }
        });
    printer.printf(Locale.ROOT, "release: %s in %.1f s: %d matched, %d differing, %d without reference; %s%n",
        UserText.count(results.size(), "file", "files"), (System.nanoTime() - t0) / 1e9, counts[0], counts[1], counts[2],
        reference == null ? "not compared (--no-compare)" : "compared with " + reference.source());
    for (String d : differing) {
      printer.println("  DIFFERS " + d);
    }
    if (reference != null && counts[2] > 0) {
      printer.println("  FAILED: " + UserText.count(counts[2], "file", "files") + " could not be compared: the reference "
          + "has no checksum for " + UserText.noun(counts[2], "it", "them")
          + " (give a complete --published folder, or --no-compare to write without comparing)");
    }
    return counts[1] == 0 && (reference == null || counts[2] == 0) ? 0 : 1;
  }
}
