package org.fsnbot.intake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows public-inbox v2 inboxes the way lore readers do: the manifest
 * says which epochs changed (by fingerprint), JGit fetches those, and each
 * new commit's message is parsed, classified and handed to the state. A
 * cursor per epoch makes a poll cost one manifest request when nothing
 * changed; Message-IDs make a message seen twice count once.
 */
public final class InboxFollower {

    /** An inbox to follow: a name for the logs and store, and an http(s) URL or a local v2 inbox directory. */
    public record Inbox(String name, String url) {
        public Inbox {
            if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException("inbox name must be [A-Za-z0-9._-]+: " + name);
            }
            if (url == null || url.isBlank()) {
                throw new IllegalArgumentException("inbox " + name + ": no url or path");
            }
        }

        /** The inbox's URL when it is followed over HTTP; empty for a local directory. */
        public Optional<HttpUrl> httpUrl() {
            return Optional.ofNullable(HttpUrl.parse(url));
        }
    }

    /** What one poll of one inbox did. */
    public record PollStats(String inbox, int epochs, int epochsUnchanged, Counts counts,
            List<Integer> rewrittenEpochs) {
        public PollStats {
            rewrittenEpochs = List.copyOf(rewrittenEpochs);
        }
    }

    /** The commits a poll walked: messages, and what became of them. */
    public record Counts(int messages, int duplicates, int deletions, int unparseable, int relevant, int kept) {
        /** Messages read for the first time. */
        public int fresh() {
            return messages - duplicates - deletions - unparseable;
        }
    }

    private static final Pattern LOCAL_EPOCH = Pattern.compile("(\\d+)\\.git");
    /** Commit the cursor this often during a long walk, so a crash costs at most this many re-reads. */
    private static final int COMMIT_EVERY = 1000;

    private final LoreClient lore;
    private final EpochMirror mirror;
    private final EpochReader reader;
    private final MboxReader parser;
    private final CommandMention mention;
    private final FsnotifyRelevance relevance;
    private static final Logger log = LoggerFactory.getLogger(InboxFollower.class);

    private final Path mirrorRoot;

    public InboxFollower(LoreClient lore, EpochMirror mirror, EpochReader reader, MboxReader parser,
            FsnotifyRelevance relevance, Path mirrorRoot) {
        this.lore = lore;
        this.mirror = mirror;
        this.reader = reader;
        this.parser = parser;
        this.mention = new CommandMention(parser);
        this.relevance = relevance;
        this.mirrorRoot = mirrorRoot;
    }

    public PollStats poll(Inbox inbox, FollowState state) throws IOException {
        Counter n = new Counter();
        Map<Integer, Located> epochs = locate(inbox);
        List<Integer> rewritten = new ArrayList<>();
        int unchanged = 0;
        for (Map.Entry<Integer, Located> e : epochs.entrySet()) {
            String epoch = Integer.toString(e.getKey());
            Located where = e.getValue();
            Optional<FollowState.Cursor> cursor = state.cursor(inbox.name(), epoch);
            if (cursor.isPresent() && where.fingerprint() != null
                    && where.fingerprint().equals(cursor.get().fingerprint())) {
                unchanged++;
                continue;
            }
            Path git = where.git().isPresent() ? where.git().get()
                    : mirror.update(where.url().orElseThrow(), mirrorRoot.resolve(inbox.name()).resolve(epoch + ".git"));
            String from = cursor.map(FollowState.Cursor::head).orElse(null);
            if (from != null && !reader.contains(git, from)) {
                log.warn("{} epoch {}: history rewritten (purge?), {} is gone; re-reading the epoch,"
                        + " de-duplicating by Message-ID", inbox.name(), epoch, from.substring(0, 12));
                rewritten.add(e.getKey());
                from = null;
            }
            walk(inbox, epoch, git, from, where.fingerprint(), state, n);
        }
        return new PollStats(inbox.name(), epochs.size(), unchanged, new Counts(n.messages, n.duplicates,
                n.deletions, n.unparseable, n.relevant, n.kept), rewritten);
    }

    private void walk(Inbox inbox, String epoch, Path git, String from, String fingerprint, FollowState state,
            Counter n) throws IOException {
        try (FollowState.Writer w = state.begin()) {
            int[] sinceCommit = {0};
            String head = reader.walk(git, from, entry -> {
                n.messages++;
                if (entry.message().isEmpty()) {
                    n.deletions++;
                } else {
                    take(inbox, epoch, entry, w, n);
                }
                if (++sinceCommit[0] >= COMMIT_EVERY) {
                    // The fingerprint is only true once the walk reaches the head.
                    w.saveCursor(inbox.name(), epoch, null, entry.commit());
                    w.commit();
                    sinceCommit[0] = 0;
                }
            });
            w.saveCursor(inbox.name(), epoch, fingerprint == null ? head : fingerprint, head);
            w.commit();
        }
    }

    /**
     * Takes one message. Whatever it does to the parser or a later step
     * (an exception, or an Error such as a stack overflow) is recorded
     * against its commit and the walk goes on: one hostile message must
     * not hold the cursor, and with it every later message of the inbox.
     */
    private void take(Inbox inbox, String epoch, EpochReader.Entry entry, FollowState.Writer w, Counter n) {
        try {
            takeParsed(inbox, epoch, entry, parser.parse(entry.message().get()), w, n);
        } catch (MalformedMailException ex) {
            unparseable(inbox, epoch, entry, ex.getMessage(), w, n);
        } catch (Throwable ex) {
            unparseable(inbox, epoch, entry, "could not be taken: " + ex, w, n);
        }
    }

    private static void unparseable(Inbox inbox, String epoch, EpochReader.Entry entry, String why,
            FollowState.Writer w, Counter n) {
        n.unparseable++;
        log.warn("{} epoch {} commit {}: {} (recorded, skipped)", inbox.name(), epoch,
                entry.commit().substring(0, 12), why);
        w.saveUnparseable(inbox.name(), epoch, entry.commit(), why);
    }

    private void takeParsed(Inbox inbox, String epoch, EpochReader.Entry entry, PatchMail m, FollowState.Writer w,
            Counter n) {
        boolean relevant = relevance.isFsnotifyPatch(m);
        if (!w.markSeen(m.messageId(), inbox.name(), epoch, entry.commit(), relevant)) {
            n.duplicates++;
            return;
        }
        if (relevant) {
            n.relevant++;
        }
        if (!SubjectPrefix.parse(m.subject()).isPatch() && !m.references().isEmpty()) {
            List<String> given = SeriesHints.trailersIn(new String(entry.message().get(),
                    StandardCharsets.ISO_8859_1));
            if (!given.isEmpty()) {
                w.saveTrailers(m.references().get(m.references().size() - 1), m.messageId(), given);
            }
        }
        if (mayHoldCommands(entry.message().get())) {
            w.saveCommandMail(inbox.name(), m);
        }
        if (worthKeeping(m, relevant)) {
            w.savePatch(inbox.name(), m, relevant);
            n.kept++;
        }
    }

    /**
     * A relevant patch, and every part or cover letter of a multi-part
     * series (numbered 0/N or not): one fsnotify part makes the whole
     * series worth testing, and its siblings may arrive before it.
     */
    public static boolean worthKeeping(PatchMail m, boolean relevant) {
        SubjectPrefix p = SubjectPrefix.parse(m.subject());
        if (!p.isPatch()) {
            return false;
        }
        boolean unnumberedCover = p.total() == 1 && !m.hasDiff() && m.hasDiffstat();
        return relevant || unnumberedCover || (p.total() > 1 && (m.hasDiff() || p.part() == 0));
    }

    private boolean mayHoldCommands(byte[] raw) {
        try {
            return mention.in(raw);
        } catch (MalformedMailException e) {
            // Its headers parsed; a body that does not decode holds no command anyone can read.
            return false;
        }
    }

    private record Located(Optional<Path> git, Optional<String> url, String fingerprint) {
    }

    private Map<Integer, Located> locate(Inbox inbox) throws IOException {
        Map<Integer, Located> out = new TreeMap<>();
        Optional<HttpUrl> url = inbox.httpUrl();
        if (url.isPresent()) {
            InboxManifest manifest = lore.manifest(url.get());
            for (InboxManifest.Epoch e : manifest.epochs().values()) {
                out.put(e.number(), new Located(Optional.empty(),
                        Optional.of(lore.epochUrl(url.get(), e).toString()), e.fingerprint()));
            }
            if (out.isEmpty()) {
                throw new IOException(inbox.url() + ": the manifest lists no v2 epochs");
            }
            return out;
        }
        Path dir = Path.of(inbox.url());
        Path gitDir = dir.resolve("git");
        if (!Files.isDirectory(gitDir)) {
            throw new IOException(inbox.name() + ": " + dir + " is not a public-inbox v2 inbox (no git/ directory)");
        }
        try (var list = Files.list(gitDir)) {
            for (Path p : list.toList()) {
                Matcher m = LOCAL_EPOCH.matcher(p.getFileName().toString());
                if (m.matches()) {
                    // A local epoch's fingerprint is its head: unchanged head, nothing to read.
                    out.put(Integer.parseInt(m.group(1)), new Located(Optional.of(p), Optional.empty(),
                            reader.head(p)));
                }
            }
        }
        return out;
    }

    private static final class Counter {
        int messages;
        int duplicates;
        int deletions;
        int unparseable;
        int relevant;
        int kept;
    }
}
