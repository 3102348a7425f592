package org.fsnbot.pages;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.store.JobRecord;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.store.Store;

/**
 * fsnbot's pages for people (docs/pages.md): an index of recent jobs with
 * their verdicts, a page per job (in the job's own directory, beside the
 * files it links), a page per patch series with every job and rerun of it,
 * the runners and the queue, each with the same data as JSON; and the
 * weekly report's pages, which the trend report writes beside them. Made as
 * static files under www/ (www/jobs is the jobs directory, linked, so one
 * web server root serves it all), or one at a time, now, for `fsnbot serve`.
 */
public final class Site {

    /** The store, where the pages go, and who this runner is (single-machine mode shows it alone). */
    public record Where(Store store, Path www, Path jobs, String self, int checkinSeconds) {
    }

    private static final Pattern JOB = Pattern.compile("jobs/([1-9][0-9]{0,17})/index\\.html");
    private static final Pattern SERIES = Pattern.compile("series/([0-9a-f]{16})\\.html");
    private static final Pattern RECORD = Pattern.compile("records/([1-9][0-9]{0,17})\\.html");

    /** How many of the most recent jobs the index lists and the static site has pages for. */
    public static final int RECENT = 200;

    private final Where where;
    private final PageModels models;
    private final PageRenderer renderer = new PageRenderer();
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Clock clock;

    public Site(Where where, Clock clock) {
        this.where = where;
        this.clock = clock;
        this.models = new PageModels(json, clock, where.jobs());
    }

    /** The page at path (relative to the site's root, an .html path), made now; empty when there is none. */
    public Optional<Page> page(String path) throws IOException {
        switch (path) {
            case "index.html":
                return Optional.of(models.index(where.store().jobRecords().recent(RECENT)));
            case "runners.html":
                return Optional.of(runners());
            case "queue.html":
                return Optional.of(models.queue(where.store().fleet().open()));
            case "weeks.html":
                return Files.exists(where.www().resolve("weeks.html")) ? Optional.empty() : Optional.of(models.noWeeks());
            default:
                break;
        }
        Matcher record = RECORD.matcher(path);
        if (record.matches()) {
            Optional<JobRecord.Summary> s = where.store().jobRecords().summary(Long.parseLong(record.group(1)));
            return s.map(x -> models.jobRecord(x, where.self()));
        }
        Matcher job = JOB.matcher(path);
        if (job.matches()) {
            Optional<JobRecord.Summary> s = where.store().jobRecords().summary(Long.parseLong(job.group(1)));
            return s.isEmpty() ? Optional.empty() : models.job(s.get(), where.jobs().resolve(Long.toString(s.get().id())));
        }
        Matcher series = SERIES.matcher(path);
        if (series.matches()) {
            for (JobRecord.Summary s : where.store().jobRecords().recent(RECENT * 5)) {
                if (!s.messageId().isEmpty() && PageModels.seriesKey(s.messageId()).equals(series.group(1))) {
                    return Optional.of(models.series(s.messageId(), where.store().jobRecords().ofSeries(s.messageId())));
                }
            }
        }
        return Optional.empty();
    }

    /** The page as HTML. */
    public String html(Page p) {
        return renderer.render(p.kind(), p.model());
    }

    /** The page's data as JSON. */
    public String json(Page p) throws IOException {
        return json.writeValueAsString(p.json());
    }

    /** Every page of the recent jobs, their series, the index, the runners and the queue, as files. */
    public List<Path> writeAll() throws IOException {
        List<JobRecord.Summary> recent = where.store().jobRecords().recent(RECENT);
        List<Path> written = new ArrayList<>();
        written.add(write(models.index(recent)));
        written.add(write(runners()));
        written.add(write(models.queue(where.store().fleet().open())));
        Set<String> series = new LinkedHashSet<>();
        for (JobRecord.Summary s : recent) {
            if (!s.messageId().isEmpty() && series.add(s.messageId())) {
                written.add(write(models.series(s.messageId(), where.store().jobRecords().ofSeries(s.messageId()))));
            }
            written.add(write(jobPage(s)));
        }
        if (!Files.exists(where.www().resolve("weeks.html"))) {
            written.add(write(models.noWeeks()));
        }
        return written;
    }

    /** A finished job's page, its series' page and the index: what one job changes. */
    public void writeJob(long id) throws IOException {
        Optional<JobRecord.Summary> s = where.store().jobRecords().summary(id);
        if (s.isEmpty()) {
            return;
        }
        write(jobPage(s.get()));
        if (!s.get().messageId().isEmpty()) {
            write(models.series(s.get().messageId(), where.store().jobRecords().ofSeries(s.get().messageId())));
        }
        write(models.index(where.store().jobRecords().recent(RECENT)));
        if (!Files.exists(where.www().resolve("weeks.html"))) {
            write(models.noWeeks());
        }
    }

    /** The job's page beside its files, or, when they are not here, its record's. */
    private Page jobPage(JobRecord.Summary s) throws IOException {
        Optional<Page> job = models.job(s, where.jobs().resolve(Long.toString(s.id())));
        return job.isPresent() ? job.get() : models.jobRecord(s, where.self());
    }

    /** The page's HTML and (but for a job's, whose result.json is its data) JSON under the site. */
    private Path write(Page p) throws IOException {
        Files.createDirectories(where.www());
        linkJobs();
        Path html = where.www().resolve(p.path());
        Files.createDirectories(html.getParent());
        Files.writeString(html, html(p), StandardCharsets.UTF_8);
        if (!p.kind().equals("job")) {
            Files.writeString(where.www().resolve(p.jsonPath()), json(p), StandardCharsets.UTF_8);
        }
        return html;
    }

    /** www/jobs is the jobs directory: a job's page sits beside its files, and one root serves both. */
    private void linkJobs() throws IOException {
        Path link = where.www().resolve("jobs");
        if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.createDirectories(where.jobs());
        Files.createSymbolicLink(link, where.www().relativize(where.jobs()));
    }

    private Page runners() {
        Store store = where.store();
        List<PageModels.Runner> rows = new ArrayList<>();
        Instant now = clock.instant();
        for (RunnerRegistry.Entry e : store.runners().all()) {
            long silent = e.lastCheckin().map(t -> Duration.between(t, now).toSeconds()).orElse(-1L);
            boolean gone = e.state() != RunnerRegistry.State.STOPPED
                    && (silent < 0 || silent > where.checkinSeconds() + 8);
            rows.add(new PageModels.Runner(e.name(), e.runnerClass(), e.state().stored(),
                    new PageModels.Heard(e.lastCheckin(), gone), store.fleet().doneBy(e.name()), host(e.facts()),
                    noise(store.calibrations().noiseOf(e.name()))));
        }
        if (rows.isEmpty() && !store.shared()) {
            rows.add(new PageModels.Runner(where.self(), "", "this host", new PageModels.Heard(Optional.empty(), false),
                    0, "", noise(store.calibrations().noiseOf(where.self()))));
        }
        return models.runners(store.shared(), rows);
    }

    private String host(String facts) {
        try {
            var f = json.readTree(facts);
            return String.format(Locale.ROOT, "%s; %d CPUs, %d NUMA node(s), %d MiB, %s", f.path("cpu").asText("?"),
                    f.path("cpus").asInt(), f.path("numa").size(), f.path("memory_mib").asLong(),
                    f.path("kvm").asBoolean() ? "KVM" : "TCG");
        } catch (IOException e) {
            return "";
        }
    }

    private static String noise(List<MetricNoise> noise) {
        if (noise.isEmpty()) {
            return "not calibrated";
        }
        double[] cv = noise.stream().mapToDouble(MetricNoise::cvPct).sorted().toArray();
        double median = cv.length % 2 == 1 ? cv[cv.length / 2] : (cv[cv.length / 2 - 1] + cv[cv.length / 2]) / 2;
        return String.format(Locale.ROOT, "median CV %.1f%% over %d metric(s)", median, noise.size());
    }
}
