package org.fsnbot.app;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.HttpUrl;
import org.fsnbot.commands.CommandSettings;
import org.fsnbot.disk.DiskSettings;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.job.RunnerName;
import org.fsnbot.plan.ClockSetting;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.work.TreeQueuer;

/**
 * The YAML's shape as Jackson fills it, made into the typed Config at
 * once. A class with fields rather than a record: the file is flat (every
 * top-level key one field), which as a record would be a fourteen-argument
 * constructor, and nothing outside this class ever sees it.
 */
final class ConfigFile {

    public String home;
    public String from;
    public int pollMinutes;
    public int incompleteWaitMinutes;
    public String profile;
    public String topology;
    public List<InboxFollower.Inbox> inboxes;
    public String allInbox;
    public List<BaseEntry> bases;
    public List<TreeQueuer.Watch> watch;
    public List<String> treeReportTo;
    public String stableTree;
    public boolean regzbot;
    public String publicUrl;
    public MailEntry mail;
    public CommandSettings commands;
    public SandboxEntry sandbox;
    public RunnerEntry runner;
    public WeeklyEntry weekly;

    public StoreEntry store;
    public FleetEntry fleet;
    public BisectEntry bisect;
    public DiskSettings disk;
    public PublishEntry publish;

    /** The publish: section: where patched trees are pushed as branches. */
    record PublishEntry(String remote, String branchPrefix) {

        Publishing typed() {
            String r = remote == null ? "" : remote.trim();
            return new Publishing(r.isEmpty() ? Optional.empty() : Optional.of(r),
                    branchPrefix == null ? "fsnbot/" : branchPrefix.trim());
        }
    }

    /** The bisect: section. */
    record BisectEntry(boolean auto, int maxBoots, int maxMinutes, double buildScatterPct) {
    }

    /** The runner: section ("class" is a Java keyword, hence the name). */
    record RunnerEntry(String name, @JsonProperty("class") String runnerClass, double maxCpuPressurePct,
            int quietWaitSeconds, String hugepages, String clock, int calibrationPairs) {

        Config.Runner typed(Config.Sandboxing sandbox) {
            String c = runnerClass == null ? "" : runnerClass.trim();
            RunnerName id = name == null || name.isBlank() ? RunnerName.thisHost(c) : new RunnerName(name.trim(), c);
            return new Config.Runner(id, sandbox, new Config.Quietness(maxCpuPressurePct,
                    Duration.ofSeconds(quietWaitSeconds)), Hugepages.parse(hugepages, Path.of("/sys")),
                    ClockSetting.of(clock), calibrationPairs);
        }
    }

    /** The store: section; the password comes from the environment variable passwordEnv names. */
    record StoreEntry(String url, String user, String passwordEnv, int poolSize) {

        Config.StoreSettings typed() {
            String u = url == null ? "" : url.trim();
            String env = passwordEnv == null ? "" : passwordEnv.trim();
            String password = env.isEmpty() ? "" : System.getenv().getOrDefault(env, "");
            return new Config.StoreSettings(u.isEmpty() ? Optional.empty() : Optional.of(u),
                    user == null ? "" : user.trim(), password, poolSize);
        }
    }

    /** The fleet: section. */
    record FleetEntry(int checkinSeconds, String defaultClass) {

        FleetSettings typed() {
            return new FleetSettings(checkinSeconds, defaultClass == null ? "" : defaultClass.trim());
        }
    }

    /** The weekly: section. */
    record WeeklyEntry(String cron, List<String> to, String publicUrl) {

        Config.Weekly typed() {
            String u = publicUrl == null ? "" : publicUrl.trim();
            HttpUrl url = u.isEmpty() ? null : HttpUrl.parse(u);
            if (!u.isEmpty() && url == null) {
                throw new IllegalArgumentException("weekly.publicUrl must be an https URL: " + u);
            }
            return new Config.Weekly(cron, orEmpty(to), Optional.ofNullable(url));
        }
    }

    /** The sandbox: section. */
    record SandboxEntry(String mode, String user, String image) {

        Config.Sandboxing typed() {
            return new Config.Sandboxing(Config.Sandboxing.Mode.parse(mode), user, image);
        }
    }

    /** A configured base: a tree and a revision (why it is chosen comes later). */
    record BaseEntry(String tree, String rev) {
    }

    /** The mail: section, flat in the file. */
    static final class MailEntry {
        public String mode;
        public MailSettings.Smtp smtp;
        public MailSettings.Imap imap;
        public String messageIdDomain;
        public List<String> neverCc;
        public List<String> optOutAuthors;
        public boolean replyWhenNothingFound;
        public boolean bccSelf;
        public List<String> lists;
        public int maxRecipients;
        public int maxRepliesPerSenderHour;

        MailSettings settings() {
            return new MailSettings(MailSettings.Mode.parse(mode), smtp, imap, new MailSettings.Etiquette(
                    messageIdDomain, neverCc, optOutAuthors, replyWhenNothingFound, bccSelf, lists,
                    new MailSettings.Bounds(maxRecipients, maxRepliesPerSenderHour)));
        }
    }

    static Config read(Optional<Path> file) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        JsonNode merged;
        try (InputStream in = ConfigFile.class.getResourceAsStream("/fsnbot-defaults.yaml")) {
            merged = yaml.readTree(in);
        }
        if (file.isPresent()) {
            if (!Files.isRegularFile(file.get())) {
                throw new IllegalArgumentException("--config " + file.get() + ": no such file");
            }
            JsonNode over;
            try {
                over = yaml.readTree(file.get().toFile());
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("configuration " + file.get() + ": " + ConfigProblem.notYaml(e), e);
            }
            if (over != null && !over.isMissingNode() && !over.isNull()) {
                if (!over.isObject()) {
                    throw new IllegalArgumentException(file.get() + ": expected a YAML mapping at the top");
                }
                merge((ObjectNode) merged, (ObjectNode) over);
            }
        }
        String where = "configuration" + file.map(f -> " " + f).orElse("") + ": ";
        try {
            return yaml.treeToValue(merged, ConfigFile.class).typed();
        } catch (JsonProcessingException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException iae ? iae : e;
            throw new IllegalArgumentException(where + (cause == e ? ConfigProblem.of(e) : cause.getMessage()), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }

    private Config typed() throws IOException {
        Home h = Home.at(home == null || home.isBlank() ? Home.defaultRoot() : Path.of(home));
        String all = allInbox == null ? "" : allInbox.trim();
        if (!all.isEmpty() && HttpUrl.parse(all) == null) {
            throw new IllegalArgumentException("allInbox must be an http(s) URL: " + all);
        }
        List<Base> configured = bases == null ? List.of()
                : bases.stream().map(b -> Base.configured(b.tree(), b.rev())).toList();
        return new Config(h, new Config.Polling(pollMinutes, Duration.ofMinutes(incompleteWaitMinutes),
                new BisectSettings(bisect.auto(), bisect.maxBoots(), bisect.maxMinutes(),
                        bisect.buildScatterPct()), disk),
                new JobDefaults(Profile.load(profile), Topology.parse(topology)),
                new Config.Sources(orEmpty(inboxes), Optional.ofNullable(HttpUrl.parse(all)), configured,
                        orEmpty(watch), Optional.ofNullable(stableTree).map(String::trim).filter(t -> !t.isEmpty())),
                new Config.Mailing(from, mail == null ? MailSettings.dryRun() : mail.settings(),
                        orEmpty(treeReportTo), regzbot, publicUrl(), weekly.typed()),
                commands == null ? CommandSettings.defaults() : commands,
                new Config.Deployment(runner.typed(sandbox.typed()), store.typed(), fleet.typed(),
                        publish == null ? Publishing.NOWHERE : publish.typed()));
    }

    private Optional<HttpUrl> publicUrl() {
        String u = publicUrl == null ? "" : publicUrl.trim();
        if (u.isEmpty()) {
            return Optional.empty();
        }
        HttpUrl url = HttpUrl.parse(u);
        if (url == null || !url.isHttps()) {
            throw new IllegalArgumentException("publicUrl must be an https URL: " + u);
        }
        return Optional.of(url);
    }

    private static <T> List<T> orEmpty(List<T> l) {
        return l == null ? List.of() : l;
    }

    private static void merge(ObjectNode into, ObjectNode over) {
        for (Map.Entry<String, JsonNode> e : over.properties()) {
            JsonNode old = into.get(e.getKey());
            if (old instanceof ObjectNode o && e.getValue() instanceof ObjectNode n) {
                merge(o, n);
            } else {
                into.set(e.getKey(), e.getValue());
            }
        }
    }
}
