package org.fsnbot.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.fsnbot.git.Trees;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.ForeignMail;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.store.Store;
import org.fsnbot.testing.HistoryFixture;
import org.fsnbot.testing.SiteFixture;
import org.fsnbot.testing.TestClock;
import org.fsnbot.trend.WeeklyReporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The pages in a real browser (Debian's headless Chromium through its
 * chromium-driver): a site made from jobs of every ending and a watched
 * branch's weeks, walked from its index by following every link, served
 * by `fsnbot serve` and, as static files, by another web server (Python's).
 * Every page loads with a heading, no page runs what a mail put in it (a
 * subject holding a script), every link resolves, and each page kind's
 * screenshot is kept in target/failsafe-reports/screenshots/.
 */
@Tag("e2e")
class PagesBrowserIT {

    private static final Path SCREENSHOTS = Path.of("target/failsafe-reports/screenshots");
    private static final Instant MONDAY = Instant.parse("2026-11-02T08:00:00Z");
    private static final String FROM = "fsnbot <fsnbot@fsnbot.test>";
    /** Every kind of page the site has, by its path. */
    private static final Map<String, String> KINDS = kinds();

    @TempDir
    static Path home;

    private static SiteFixture fixture;
    private static ChromeDriver browser;

    private static Map<String, String> kinds() {
        Map<String, String> k = new java.util.LinkedHashMap<>();
        k.put("index\\.html", "index");
        k.put("jobs/[0-9]+/index\\.html", "job");
        k.put("records/[0-9]+\\.html", "job-record");
        k.put("series/[0-9a-f]+\\.html", "series");
        k.put("runners\\.html", "runners");
        k.put("queue\\.html", "queue");
        k.put("weeks\\.html", "weeks");
        k.put("[0-9]{4}-[0-9]{2}-[0-9]{2}/index\\.html", "week");
        return k;
    }

    @BeforeAll
    static void siteAndBrowser() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromedriver"))
                && Files.isExecutable(Path.of("/usr/bin/chromium")),
                "SKIPPED: chromium and chromium-driver are not installed (scripts/test.sh installs them)");
        TestClock clock = new TestClock(MONDAY);
        Store store = Store.h2(home.resolve("db"), clock);
        Path tree = home.resolve("linux.git");
        List<String> commits = HistoryFixture.tree(tree, List.of(new String[] {"fs/notify/mark.c", "fsnotify: base"},
                new String[] {"fs/notify/fsnotify.c", "fsnotify: walk the parent on every modify"}));
        String line = tree + " fsnotify";
        double[] fast = {1.00, 1.02, 0.99};
        double[] slow = {1.30, 1.32, 1.29};
        clock.advance(Duration.ofDays(1));
        HistoryFixture.job(store, line, commits.get(0), commits.get(0), fast, fast);
        clock.advance(Duration.ofDays(2));
        HistoryFixture.job(store, line, commits.get(0), commits.get(0), fast, fast);
        clock.advance(Duration.ofDays(6));
        HistoryFixture.job(store, line, commits.get(0), commits.get(1), fast, slow);
        clock.advance(Duration.ofDays(2));
        HistoryFixture.job(store, line, commits.get(1), commits.get(1), slow, slow);
        clock.advance(Duration.ofDays(20));
        fixture = SiteFixture.in(home, store);
        Delivery d = new Delivery(new Outbox(home.resolve("outbox")), store.mail(), MailSettings.dryRun(),
                Optional.empty(), new Delivery.Guards(List.of(), DeliveryHooks.NONE, ForeignMail.NOBODY), FROM);
        WeeklyReporter weekly = WeeklyReporter.create(store, new Trees(home.resolve("trees")), k -> true,
                new ReplyComposer(FROM, "fsnbot.test", List.of()), d,
                new WeeklyReporter.Settings(List.of(), fixture.www(), Optional.empty()), clock);
        for (String week : List.of("2026-11-02", "2026-11-09")) {
            weekly.onDemand(LocalDate.parse(week), Optional.empty(), fixture.www());
        }
        fixture.site().writeAll();
        Files.createDirectories(SCREENSHOTS);
        System.setProperty("webdriver.chrome.driver", "/usr/bin/chromedriver");
        ChromeOptions o = new ChromeOptions();
        o.setBinary("/usr/bin/chromium");
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1400", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + home.resolve("chromium"));
        browser = new ChromeDriver(o);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void everyPageKindServedLiveLoadsAndEveryLinkResolves() throws Exception {
        try (LiveSite live = LiveSite.start(fixture.site(), fixture.www(), fixture.jobs(),
                new InetSocketAddress("127.0.0.1", 0))) {
            Map<String, String> shot = walk("http://127.0.0.1:" + live.address().getPort() + "/", "live");
            assertThat(shot.keySet()).as("every page kind reached from the index")
                    .containsExactlyInAnyOrderElementsOf(KINDS.values());
        }
    }

    @Test
    void theStaticFilesServedByAnotherWebServerAreTheSameSite() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process server = new ProcessBuilder("python3", "-m", "http.server", "--bind", "127.0.0.1",
                "--directory", fixture.www().toString(), Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(home.resolve("http.server.log").toFile()).start();
        try {
            String base = "http://127.0.0.1:" + port + "/";
            awaitUp(base);
            Map<String, String> shot = walk(base, "static");
            assertThat(shot.keySet()).containsExactlyInAnyOrderElementsOf(KINDS.values());
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    /**
     * Every page reached from the index, each loaded in the browser: its
     * heading, no dialog (a script run from a subject would open one), and
     * every link it holds fetched; external links are lore's alone. Returns
     * the screenshot kept of each page kind.
     */
    private Map<String, String> walk(String base, String label) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        Map<String, Integer> status = new HashMap<>();
        Map<String, String> shots = new TreeMap<>();
        Deque<String> todo = new ArrayDeque<>(List.of(base + "index.html"));
        Set<String> seen = new LinkedHashSet<>();
        while (!todo.isEmpty()) {
            String url = todo.removeFirst();
            if (!seen.add(url)) {
                continue;
            }
            browser.get(url);
            assertNoDialog(url);
            String rel = url.substring(base.length());
            String kind = kindOf(rel);
            assertThat(browser.findElements(By.tagName("h1"))).as("%s has a heading", rel).hasSize(1);
            assertThat(browser.findElement(By.tagName("h1")).getText()).as(rel).isNotBlank();
            assertThat(browser.findElements(By.cssSelector("nav a"))).as("%s has the site's navigation", rel)
                    .hasSize(4);
            if (!shots.containsKey(kind)) {
                Path png = SCREENSHOTS.resolve(label + "-" + kind + ".png");
                Files.write(png, browser.getScreenshotAs(OutputType.BYTES));
                assertThat(Files.readAllBytes(png)).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
                shots.put(kind, png.toString());
            }
            for (WebElement a : browser.findElements(By.tagName("a"))) {
                String href = a.getAttribute("href");
                assertThat(href).as("a link on %s", rel).isNotBlank();
                if (!href.startsWith(base)) {
                    assertThat(href).as("the only site outside: lore").startsWith("https://lore.kernel.org/");
                    continue;
                }
                String target = href.replaceAll("#.*$", "");
                int code = status.computeIfAbsent(target, t -> fetch(http, t));
                assertThat(code).as("%s links %s", rel, target).isEqualTo(200);
                if (target.endsWith(".html") && !seen.contains(target)) {
                    todo.addLast(target);
                }
            }
        }
        return shots;
    }

    private static String kindOf(String rel) {
        for (Map.Entry<String, String> k : KINDS.entrySet()) {
            if (rel.matches(k.getKey())) {
                return k.getValue();
            }
        }
        throw new AssertionError("a page of no known kind: " + rel);
    }

    private static void assertNoDialog(String url) {
        try {
            String text = browser.switchTo().alert().getText();
            throw new AssertionError(url + " ran a script: a dialog says " + text);
        } catch (NoAlertPresentException expected) {
            return;
        }
    }

    private static int fetch(HttpClient http, String url) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).method("HEAD", HttpRequest.BodyPublishers
                    .noBody()).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            throw new AssertionError(url + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(url, e);
        }
    }

    private static void awaitUp(String base) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 100; i++) {
            try {
                http.send(HttpRequest.newBuilder(URI.create(base)).build(), HttpResponse.BodyHandlers.discarding());
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("python3 -m http.server did not answer at " + base);
    }
}
