package klotskidb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import klotskidb.db.Publisher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code klotski serve} started before {@code analyse} answers the analysed values within seconds after the
 * publish, with no failed request while a loopback load runs through it, and {@code /api/meta}
 * names the publication that answered.
 */
class ServeFollowsTest {
  @TempDir Path temp;

  @Test
  void aServerStartedBeforeAnAnalyseAnswersItsValuesWithoutAFailedRequest() throws Exception {
    Path db = temp.resolve("db");
    assertEquals(0, Cli.run("build", "--db", db.toString(), "--no-progress", "--classes", "5-4-1").exit);
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    try (Served served = Served.start(db)) {
      String base = served.base;
      String before = get(client, base + "/api/meta");
      assertTrue(before.contains("\"analysed_classes\":[]"), before);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger requests = new AtomicInteger();
      List<String> failures = Collections.synchronizedList(new ArrayList<>());
      List<Thread> load = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        Thread th = new Thread(() -> {
          while (!stop.get() && requests.get() < 200_000) {
            try {
              HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + "/api/layout/1A9BF0C"))
                  .build(), HttpResponse.BodyHandlers.ofString());
              requests.incrementAndGet();
              if (r.statusCode() != 200) {
                failures.add(r.statusCode() + " " + r.body());
              }
            } catch (Exception e) {
              failures.add(e.toString());
            }
          }
        });
        th.start();
        load.add(th);
      }
      Cli analyse = Cli.run("analyse", "--db", db.toString(), "--no-progress", "--classes", "5-4-1");
      assertEquals(0, analyse.exit, analyse.toString());
      long published = System.nanoTime();
      String after = "";
      while (System.nanoTime() - published < 10_000_000_000L && !after.contains("\"farthest_step\":124")) {
        after = get(client, base + "/api/layout/1A9BF0C");
        Thread.sleep(20);
      }
      double seconds = (System.nanoTime() - published) / 1e9;
      stop.set(true);
      for (Thread th : load) {
        th.join(10_000);
      }
      assertTrue(after.contains("\"farthest_step\":124"), "the analysed value after the publish: " + after);
      assertTrue(seconds < 3, "seen " + seconds + " s after the publish");
      assertEquals(List.of(), failures, requests.get() + " requests during the publish");
      assertTrue(requests.get() > 50, requests.get() + " requests");
      String meta = get(client, base + "/api/meta");
      assertTrue(meta.contains("\"analysed_classes\":[\"5-4-1\"]"), meta);
      assertTrue(meta.contains("\"publication\":\"" + Publisher.publicationOf(db).trim() + "\""), meta);
    }
  }

  private static String get(HttpClient client, String url) throws Exception {
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), url + ": " + r.body());
    return r.body();
  }
}
