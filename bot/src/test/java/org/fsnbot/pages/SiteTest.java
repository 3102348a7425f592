package org.fsnbot.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.SchemaCheck;
import org.fsnbot.testing.SiteFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site made from a store of jobs of every ending: each page's JSON
 * against docs/pages.schema.json, what the pages say and link, hostile
 * subjects escaped, and what `fsnbot serve` refuses.
 */
class SiteTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void everyPageAndItsJsonAsTheSchemaSays(@TempDir Path home) throws Exception {
        SiteFixture f = SiteFixture.in(home, stores.h2(home.resolve("db")));
        List<Path> written = f.site().writeAll();
        Path www = f.www();
        assertThat(written).contains(www.resolve("index.html"), www.resolve("runners.html"),
                www.resolve("queue.html"), www.resolve("jobs/1/index.html"));
        SchemaCheck pages = SchemaCheck.docs("pages.schema.json");
        SchemaCheck results = SchemaCheck.docs("result.schema.json");
        for (String page : List.of("index.json", "runners.json", "queue.json")) {
            assertThat(pages.errors(json.readTree(www.resolve(page).toFile()))).as(page).isEmpty();
        }
        JsonNode index = json.readTree(www.resolve("index.json").toFile());
        assertThat(index.get("jobs")).hasSize(6);
        assertThat(index.at("/jobs/5/verdict").asText()).isEqualTo("regression");
        assertThat(index.at("/jobs/4/verdict").isNull()).as("an infrastructure failure has no verdict").isTrue();
        assertThat(index.at("/jobs/0/page").asText()).as("running: no files yet").isEqualTo("records/6.html");
        assertThat(index.at("/jobs/1/page").asText()).isEqualTo("records/5.html");
        for (String record : List.of("records/5.json", "records/6.json", "weeks.json")) {
            assertThat(pages.errors(json.readTree(www.resolve(record).toFile()))).as(record).isEmpty();
        }
        assertThat(Files.readString(www.resolve("records/5.html"))).contains("ran on runner runner-2");
        assertThat(Files.readString(www.resolve("records/6.html"))).contains("still running");
        assertThat(f.jobs().resolve("6")).as("no page in a directory the job has yet to make").doesNotExist();
        String key = PageModels.seriesKey("<" + SiteFixture.EXAMPLE + ">");
        JsonNode series = json.readTree(www.resolve("series/" + key + ".json").toFile());
        assertThat(pages.errors(series)).isEmpty();
        assertThat(series.get("jobs")).as("the test and its reruns").hasSize(4);
        assertThat(results.errors(json.readTree(f.jobs().resolve("1/result.json").toFile()))).isEmpty();

        String job = Files.readString(f.jobs().resolve("1/index.html"));
        assertThat(job).contains("<h1>Job 1: <span class=\"regression\">regression</span></h1>", "95% CI",
                "href=\"reproduce.sh\"", "href=\"patches/0001.patch\"", "href=\"boots/base-1-try1.qemu\"",
                "href=\"../../series/" + key + ".html\"", "href=\"../../index.html\"");
        String indexHtml = Files.readString(www.resolve("index.html"));
        assertThat(indexHtml).contains("href=\"jobs/1/index.html\"", "href=\"series/" + key + ".html\"")
                .doesNotContain("<script>", "<img src=x")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        assertThat(Files.isSymbolicLink(www.resolve("jobs"))).isTrue();
        assertThat(www.resolve("jobs/1/index.html")).isRegularFile();
    }

    @Test
    void theLiveSiteMakesPagesNowAndRefusesWhatIsNotOneOfItsFiles(@TempDir Path home) throws Exception {
        SiteFixture f = SiteFixture.in(home, stores.h2(home.resolve("db")));
        Files.createDirectories(f.www());
        Files.writeString(home.resolve("secret"), "not the site's");
        Files.createSymbolicLink(f.jobs().resolve("1/leak.txt"), home.resolve("secret"));
        Files.createDirectories(f.jobs().resolve("1/boots/x.run"));
        try (LiveSite live = LiveSite.start(f.site(), f.www(), f.jobs(), new InetSocketAddress("127.0.0.1", 0))) {
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + live.address().getPort();
            HttpResponse<String> index = get(http, base + "/");
            assertThat(index.statusCode()).isEqualTo(200);
            assertThat(index.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            assertThat(index.body()).contains("Recent jobs", "jobs/4/index.html", "records/6.html");
            assertThat(get(http, base + "/records/5.html").body()).contains("ran on runner runner-2");
            assertThat(get(http, base + "/weeks.html").body()).contains("None yet");
            assertThat(get(http, base + "/jobs/1/").body()).contains("Job 1:");
            assertThat(get(http, base + "/jobs/1/config").body()).isEqualTo("CONFIG_FSNOTIFY=y\n");
            assertThat(get(http, base + "/jobs/1/config").headers().firstValue("Content-Type")).get().asString()
                    .startsWith("text/plain");
            assertThat(SchemaCheck.docs("pages.schema.json").errors(json.readTree(get(http, base + "/runners.json")
                    .body()))).isEmpty();
            assertThat(get(http, base + "/jobs/1/leak.txt").statusCode()).as("a link a job's files hold").isEqualTo(404);
            assertThat(get(http, base + "/jobs/1/../../secret").statusCode()).isIn(400, 404);
            assertThat(get(http, base + "/jobs/1/%2e%2e/%2e%2e/secret").statusCode()).isEqualTo(400);
            assertThat(get(http, base + "/jobs/1/boots/x.run").statusCode()).as("a directory").isEqualTo(404);
            assertThat(get(http, base + "/nothing.html").statusCode()).isEqualTo(404);
            HttpResponse<String> post = http.send(HttpRequest.newBuilder(URI.create(base + "/")).POST(
                    HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
        }
    }

    @Test
    void aJobsFileIsStreamedHowEverLargeAndHeadReadsNothing(@TempDir Path home) throws Exception {
        SiteFixture f = SiteFixture.in(home, stores.h2(home.resolve("db")));
        Files.createDirectories(f.www());
        long size = (1L << 31) + 7; // one byte past what a Java array (readAllBytes) holds
        try (java.io.RandomAccessFile big = new java.io.RandomAccessFile(f.jobs().resolve("1/disk.img").toFile(),
                "rw")) {
            big.setLength(size);
        }
        try (LiveSite live = LiveSite.start(f.site(), f.www(), f.jobs(), new InetSocketAddress("127.0.0.1", 0))) {
            HttpClient http = HttpClient.newHttpClient();
            URI uri = URI.create("http://127.0.0.1:" + live.address().getPort() + "/jobs/1/disk.img");
            HttpResponse<Void> head = http.send(HttpRequest.newBuilder(uri).method("HEAD",
                    HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            assertThat(head.statusCode()).isEqualTo(200);
            HttpResponse<java.io.InputStream> got = http.send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(got.statusCode()).isEqualTo(200);
            assertThat(got.headers().firstValueAsLong("Content-Length")).hasValue(size);
            try (java.io.InputStream in = got.body()) {
                assertThat(in.transferTo(java.io.OutputStream.nullOutputStream())).as("bytes served")
                        .isEqualTo(size);
            }
        }
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
