package org.fsnbot.pages;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.QueueEntry;
import org.fsnbot.store.JobRecord;

/**
 * What each page shows and the same as JSON, from the store's lists and a
 * job's own files (its result.json is the job page's data): no page holds
 * a figure its JSON does not, and the JSON of every page but a job's is
 * docs/pages.schema.json's.
 */
final class PageModels {

    static final String SCHEMA = "fsnbot-pages/1";

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final ObjectMapper json;
    private final Clock clock;
    private final Path jobs;

    PageModels(ObjectMapper json, Clock clock, Path jobs) {
        this.json = json;
        this.clock = clock;
        this.jobs = jobs;
    }

    /** The series page's file name under series/, from its message-id (a hash: ids are any bytes). */
    static String seriesKey(String messageId) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(messageId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    Page index(List<JobRecord.Summary> jobs) {
        ObjectNode j = root("index");
        ArrayNode list = j.putArray("jobs");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JobRecord.Summary s : jobs) {
            rows.add(row(s, ""));
            list.add(rowJson(s));
        }
        Map<String, Object> m = common("fsnbot: recent jobs", "", "index.json");
        m.put("jobs", rows);
        return new Page("index", "index.html", m, j);
    }

    Page series(String messageId, List<JobRecord.Summary> jobs) {
        String subject = jobs.isEmpty() ? messageId : jobs.get(0).subject();
        ObjectNode j = root("series").put("messageId", messageId).put("subject", subject);
        ArrayNode list = j.putArray("jobs");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JobRecord.Summary s : jobs) {
            rows.add(row(s, "../"));
            list.add(rowJson(s));
        }
        String key = seriesKey(messageId);
        Map<String, Object> m = common("fsnbot: " + subject, "../", key + ".json");
        m.put("subject", subject);
        m.put("messageId", messageId);
        m.put("lore", "https://lore.kernel.org/r/" + messageId.replaceAll("^<|>$", ""));
        m.put("jobs", rows);
        return new Page("series", "series/" + key + ".html", m, j);
    }

    /** A runner as the runners page lists it: who, when last heard from (silent: too long ago), what it did. */
    record Runner(String name, String runnerClass, String state, Heard heard, long unitsDone, String host,
            String noise) {
    }

    /** A runner's last check-in, and whether it has been silent for longer than the fleet allows. */
    record Heard(Optional<Instant> lastCheckin, boolean silent) {
    }

    Page runners(boolean shared, List<Runner> runners) {
        ObjectNode j = root("runners").put("shared", shared);
        ArrayNode list = j.putArray("runners");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Runner r : runners) {
            String checkin = r.heard().lastCheckin().map(WHEN::format).orElse("never");
            rows.add(Map.of("name", r.name(), "class", r.runnerClass(), "state", r.state(), "lastCheckin", checkin,
                    "silent", r.heard().silent(), "unitsDone", r.unitsDone(), "host", r.host(), "noise", r.noise()));
            ObjectNode o = list.addObject().put("name", r.name()).put("class", r.runnerClass()).put("state", r.state())
                    .put("silent", r.heard().silent()).put("unitsDone", r.unitsDone()).put("host", r.host())
                    .put("noise", r.noise());
            if (r.heard().lastCheckin().isPresent()) {
                o.put("lastCheckin", r.heard().lastCheckin().get().toString());
            } else {
                o.putNull("lastCheckin");
            }
        }
        Map<String, Object> m = common("fsnbot: runners", "", "runners.json");
        m.put("shared", shared);
        m.put("runners", rows);
        return new Page("runners", "runners.html", m, j);
    }

    Page queue(List<QueueEntry> open) {
        ObjectNode j = root("queue");
        ArrayNode list = j.putArray("units");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (QueueEntry e : open) {
            rows.add(Map.of("unit", e.id(), "kind", e.kind(), "title", e.title(), "where", e.where(), "minutes",
                    e.age().toMinutes()));
            list.addObject().put("unit", e.id()).put("kind", e.kind()).put("title", e.title()).put("state", e.state())
                    .put("runnerClass", e.runnerClass()).put("runner", e.runner() == null ? "" : e.runner())
                    .put("runnerGone", e.runnerGone()).put("minutes", e.age().toMinutes());
        }
        Map<String, Object> m = common("fsnbot: queue", "", "queue.json");
        m.put("units", rows);
        return new Page("queue", "queue.html", m, j);
    }


    /** A job's page from its result.json (JobPageModel); its series is the store's. */
    Optional<Page> job(JobRecord.Summary s, Path dir) throws IOException {
        String series = s.messageId().isEmpty() ? "" : "../../series/" + seriesKey(s.messageId()) + ".html";
        return JobPageModel.of(json, s.id(), dir, series, common("fsnbot: job " + s.id(), "../../", "result.json"));
    }

    /**
     * A job whose files are not here, from what the store knows: one still
     * running, one another runner ran (its files are on that runner), or one
     * whose directory was removed. Its page says which, never a dead link;
     * it lives under records/, never in a jobs directory a job may yet make.
     */
    Page jobRecord(JobRecord.Summary s, String self) {
        String why;
        if (s.times().finished().isEmpty()) {
            why = "The job is still running: its tables and files come when it ends.";
        } else if (!s.times().runner().isEmpty() && !s.times().runner().equals(self)) {
            why = "The job ran on runner " + s.times().runner() + ": its files are kept there, not on " + self + ".";
        } else {
            why = "The job's files are no longer here (its directory was removed): the store keeps its outcome alone.";
        }
        ObjectNode j = root("job-record").put("why", why);
        j.set("job", rowJson(s));
        Map<String, Object> m = common("fsnbot: job " + s.id(), "../", s.id() + ".json");
        m.putAll(row(s, "../"));
        m.put("why", why);
        m.put("tree", s.tree());
        m.put("finished", s.times().finished().map(WHEN::format).orElse("not yet"));
        return new Page("job-record", "records/" + s.id() + ".html", m, j);
    }

    /** weeks.html before any weekly report is written: says so, and how to make one. */
    Page noWeeks() {
        return new Page("no-weeks", "weeks.html", common("fsnbot: weekly reports", "", "weeks.json"),
                root("no-weeks"));
    }


    private Map<String, Object> row(JobRecord.Summary s, String root) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("job", s.id());
        r.put("page", root + page(s.id()));
        r.put("created", WHEN.format(s.times().created()));
        r.put("subject", s.subject());
        r.put("seriesPage", s.messageId().isEmpty() ? "" : root + "series/" + seriesKey(s.messageId()) + ".html");
        r.put("verdict", verdict(s));
        r.put("reply", reply(s));
        r.put("state", s.state());
        r.put("runner", s.times().runner());
        r.put("accelerator", s.times().accelerator());
        r.put("clock", s.times().clock());
        return r;
    }

    private ObjectNode rowJson(JobRecord.Summary s) {
        ObjectNode o = json.createObjectNode().put("job", s.id()).put("created", s.times().created().toString());
        if (s.times().finished().isPresent()) {
            o.put("finished", s.times().finished().get().toString());
        } else {
            o.putNull("finished");
        }
        o.put("state", s.state()).put("reply", reply(s));
        if (verdict(s).isEmpty()) {
            o.putNull("verdict");
        } else {
            o.put("verdict", verdict(s));
        }
        return o.put("subject", s.subject()).put("messageId", s.messageId()).put("tree", s.tree())
                .put("runner", s.times().runner()).put("accelerator", s.times().accelerator())
                .put("clock", s.times().clock()).put("page", page(s.id()));
    }

    /** A job's page from the site's root: beside its files when they are here, else its record's. */
    private String page(long id) {
        return Files.isRegularFile(jobs.resolve(Long.toString(id)).resolve("result.json"))
                ? "jobs/" + id + "/index.html" : "records/" + id + ".html";
    }

    private static String verdict(JobRecord.Summary s) {
        for (Verdict v : Verdict.values()) {
            if (v.name().equals(s.verdict())) {
                return v.text();
            }
        }
        return "";
    }

    private static String reply(JobRecord.Summary s) {
        return s.times().outcome().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private ObjectNode root(String kind) {
        return json.createObjectNode().put("schema", SCHEMA).put("kind", kind).put("generated",
                clock.instant().toString());
    }

    private Map<String, Object> common(String title, String root, String jsonHref) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("root", root);
        m.put("json", jsonHref);
        m.put("generated", "Made " + WHEN.format(clock.instant()));
        return m;
    }
}
