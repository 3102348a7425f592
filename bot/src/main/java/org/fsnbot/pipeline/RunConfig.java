package org.fsnbot.pipeline;

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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.HttpUrl;
import org.fsnbot.commands.CommandSettings;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.plan.BaseResolver;

/**
 * `fsnbot run`'s configuration: the embedded fsnbot-defaults.yaml with an
 * optional file merged over it. Every field is validated here, so a bad
 * file stops the bot before it touches anything.
 */
public record RunConfig(String home, String from, int pollMinutes, int incompleteWaitMinutes, String profile,
        String topology, List<InboxFollower.Inbox> inboxes, String allInbox, List<BaseResolver.Base> bases,
        List<Watch> watch, List<String> treeReportTo, MailSettings mail, CommandSettings commands) {

    /** A watched branch. */
    public record Watch(String tree, String branch) {
        public Watch {
            if (tree == null || tree.isBlank() || branch == null || branch.isBlank()) {
                throw new IllegalArgumentException("watch: each entry needs tree and branch");
            }
        }
    }

    public RunConfig {
        if (pollMinutes < 1) {
            throw new IllegalArgumentException("pollMinutes must be >= 1: " + pollMinutes);
        }
        if (incompleteWaitMinutes < 0) {
            throw new IllegalArgumentException("incompleteWaitMinutes must be >= 0: " + incompleteWaitMinutes);
        }
        inboxes = List.copyOf(inboxes == null ? List.of() : inboxes);
        bases = List.copyOf(bases == null ? List.of() : bases);
        watch = List.copyOf(watch == null ? List.of() : watch);
        mail = mail == null ? MailSettings.dryRun() : mail;
        commands = commands == null ? CommandSettings.defaults() : commands;
        treeReportTo = List.copyOf(treeReportTo == null || treeReportTo.isEmpty() ? List.of(from) : treeReportTo);
        allInbox = allInbox == null ? "" : allInbox.trim();
        if (!allInbox.isEmpty() && HttpUrl.parse(allInbox) == null) {
            throw new IllegalArgumentException("allInbox must be an http(s) URL: " + allInbox);
        }
        if (bases.isEmpty() && !inboxes.isEmpty()) {
            throw new IllegalArgumentException("inboxes are followed but no bases are configured");
        }
        long names = inboxes.stream().map(InboxFollower.Inbox::name).distinct().count();
        if (names != inboxes.size()) {
            throw new IllegalArgumentException("inbox names must be unique");
        }
    }

    public Path homeDir() {
        if (home != null && !home.isBlank()) {
            return Path.of(home);
        }
        String env = System.getenv("FSNBOT_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "fsnbot");
    }

    public Duration incompleteWait() {
        return Duration.ofMinutes(incompleteWaitMinutes);
    }

    public Optional<HttpUrl> allInboxUrl() {
        return allInbox.isEmpty() ? Optional.empty() : Optional.of(HttpUrl.parse(allInbox));
    }

    /** The defaults, with file (if any) merged over them. */
    public static RunConfig load(Optional<Path> file) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        JsonNode merged;
        try (InputStream in = RunConfig.class.getResourceAsStream("/fsnbot-defaults.yaml")) {
            merged = yaml.readTree(in);
        }
        if (file.isPresent()) {
            if (!Files.isRegularFile(file.get())) {
                throw new IllegalArgumentException("--config " + file.get() + ": no such file");
            }
            JsonNode over = yaml.readTree(file.get().toFile());
            if (over != null && !over.isMissingNode() && !over.isNull()) {
                if (!over.isObject()) {
                    throw new IllegalArgumentException(file.get() + ": expected a YAML mapping at the top");
                }
                merge((ObjectNode) merged, (ObjectNode) over);
            }
        }
        try {
            return yaml.treeToValue(merged, RunConfig.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException iae ? iae : e;
            throw new IllegalArgumentException("configuration" + file.map(f -> " " + f).orElse("") + ": "
                    + (cause == e ? e.getOriginalMessage() : cause.getMessage()), e);
        }
    }

    private static void merge(ObjectNode into, ObjectNode over) {
        for (Iterator<Map.Entry<String, JsonNode>> it = over.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode old = into.get(e.getKey());
            if (old instanceof ObjectNode o && e.getValue() instanceof ObjectNode n) {
                merge(o, n);
            } else {
                into.set(e.getKey(), e.getValue());
            }
        }
    }
}
