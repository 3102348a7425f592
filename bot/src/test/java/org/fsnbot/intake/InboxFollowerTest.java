package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import okhttp3.OkHttpClient;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.PoisonMails;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The follower on local v2 epochs, with its state in memory: what it reads, keeps, skips and re-reads. */
class InboxFollowerTest {

    /** FollowState in memory, with writes kept apart until commit as the store does. */
    private static final class MemoryState implements FollowState {
        final Map<String, Cursor> cursors = new HashMap<>();
        final Set<String> seen = new LinkedHashSet<>();
        final List<String> patches = new ArrayList<>();
        final Map<String, List<String>> trailers = new LinkedHashMap<>();
        final List<String> commandMails = new ArrayList<>();
        final List<String> unparseable = new ArrayList<>();
        /** A Message-ID whose keeping blows up the way a stage's bug would. */
        String explodesOn = "";

        @Override
        public Optional<Cursor> cursor(String inbox, String epoch) {
            return Optional.ofNullable(cursors.get(inbox + "/" + epoch));
        }

        @Override
        public Writer begin() {
            List<Runnable> staged = new ArrayList<>();
            Set<String> seenNow = new LinkedHashSet<>(seen);
            return new Writer() {
                @Override
                public boolean markSeen(String messageId, String inbox, String epoch, String commit,
                        boolean relevant) {
                    boolean fresh = seenNow.add(messageId);
                    if (fresh) {
                        staged.add(() -> seen.add(messageId));
                    }
                    return fresh;
                }

                @Override
                public void savePatch(String inbox, PatchMail m, boolean relevant) {
                    if (m.messageId().equals(explodesOn)) {
                        throw new StackOverflowError("a stage recursed on " + explodesOn);
                    }
                    staged.add(() -> patches.add(m.messageId() + (relevant ? " fsnotify" : "")));
                }

                @Override
                public void saveTrailers(String targetId, String sourceId, List<String> given) {
                    staged.add(() -> trailers.put(targetId, given));
                }

                @Override
                public void saveCommandMail(String source, PatchMail m) {
                    staged.add(() -> commandMails.add(m.messageId()));
                }

                @Override
                public void saveUnparseable(String inbox, String epoch, String commit, String reason) {
                    staged.add(() -> unparseable.add(commit.substring(0, 7) + " " + reason));
                }

                @Override
                public void saveCursor(String inbox, String epoch, String fingerprint, String head) {
                    staged.add(() -> cursors.put(inbox + "/" + epoch, new Cursor(fingerprint, head)));
                }

                @Override
                public void commit() {
                    staged.forEach(Runnable::run);
                    staged.clear();
                }

                @Override
                public void close() {
                    staged.clear();
                }
            };
        }
    }

    @TempDir
    Path tmp;
    private MemoryState state;
    private InboxFollower follower;
    private InboxFollower.Inbox inbox;

    @BeforeEach
    void setUp() {
        MboxReader reader = new MboxReader();
        FsnotifyRelevance relevance = new FsnotifyRelevance(MaintainersPatterns.parse(MiniTree.MAINTAINERS,
                MaintainersPatterns.FSNOTIFY_ENTRIES));
        follower = new InboxFollower(new LoreClient(new OkHttpClient(), new ObjectMapper(), reader),
                new EpochMirror(), new EpochReader(), reader, relevance, tmp.resolve("mirrors"));
        inbox = new InboxFollower.Inbox("fsdevel", tmp.resolve("fsdevel").toString());
        state = new MemoryState();
    }

    private void append(String... messages) throws Exception {
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel/git/0.git"))) {
            for (String m : messages) {
                w.append(m.getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static String mail(String id, String subject, String body, String... refs) {
        return String.join("\n", "From: Dev <dev@example.org>", "To: linux-fsdevel@example.org",
                "Subject: " + subject, "Message-ID: " + id,
                refs.length == 0 ? "X-Refs: none" : "References: " + String.join(" ", refs),
                "", body, "");
    }

    private static String ext4Patch(String id, String subject) {
        return mail(id, subject, "diff --git a/fs/ext4/inode.c b/fs/ext4/inode.c\n--- a/fs/ext4/inode.c\n"
                + "+++ b/fs/ext4/inode.c\n@@ -1 +1 @@\n-a\n+b");
    }

    @Test
    void eachMessageIsReadOnceAndOnlyPatchesAreKept() throws Exception {
        append(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"),
                ext4Patch("<e1@x>", "[PATCH] ext4: unrelated"),
                ext4Patch("<s1@x>", "[PATCH 1/2] ext4: part of a series"),
                mail("<r1@x>", "Re: [PATCH] fsnotify: one", "Looks fine.\n\nReviewed-by: Jan <jan@example.org>",
                        "<n1@x>"));
        InboxFollower.PollStats s = follower.poll(inbox, state);
        assertThat(s.counts().messages()).isEqualTo(4);
        assertThat(s.counts().fresh()).isEqualTo(4);
        assertThat(s.counts().relevant()).isEqualTo(1);
        assertThat(state.patches).as("the fsnotify patch, and every part of a series").containsExactly(
                "<n1@x> fsnotify", "<s1@x>");
        assertThat(state.trailers).containsEntry("<n1@x>", List.of("Reviewed-by: Jan <jan@example.org>"));
    }

    @Test
    void anUnchangedEpochIsNotWalkedAgain() throws Exception {
        append(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"));
        follower.poll(inbox, state);
        InboxFollower.PollStats again = follower.poll(inbox, state);
        assertThat(again.epochsUnchanged()).isEqualTo(1);
        assertThat(again.counts().messages()).isZero();
    }

    @Test
    void onlyWhatArrivedAfterTheCursorIsRead() throws Exception {
        append(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"));
        follower.poll(inbox, state);
        append(MiniTree.patch("<n2@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: two"));
        InboxFollower.PollStats s = follower.poll(inbox, state);
        assertThat(s.counts().messages()).isEqualTo(1);
        assertThat(state.patches).containsExactly("<n1@x> fsnotify", "<n2@x> fsnotify");
    }

    @Test
    void aMessageThatDoesNotParseIsCountedAndTheWalkGoesOn() throws Exception {
        append("no headers at all, not even a Message-ID\n",
                MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"));
        InboxFollower.PollStats s = follower.poll(inbox, state);
        assertThat(s.counts().unparseable()).isEqualTo(1);
        assertThat(state.patches).containsExactly("<n1@x> fsnotify");
        assertThat(follower.poll(inbox, state).counts().messages()).as("the cursor moved past it").isZero();
    }

    @Test
    void poisonMailsAreRecordedOrTakenAndTheMailAfterThemIsFound() throws Exception {
        List<String> mails = new ArrayList<>();
        PoisonMails.all().forEach(p -> mails.add(p.text()));
        mails.add(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"));
        append(mails.toArray(String[]::new));
        InboxFollower.PollStats s = follower.poll(inbox, state);
        assertThat(s.counts().messages()).isEqualTo(PoisonMails.all().size() + 1);
        assertThat(state.patches).as("a bare id is given its brackets; loops are only references here")
                .contains("<n1@x> fsnotify", "<bare-id@example.net> fsnotify", "<loop-self@example.net> fsnotify");
        assertThat(state.unparseable).as("the garbage id and the two deep MIME trees, each with its reason")
                .hasSize(3).anyMatch(u -> u.contains("Message-ID is not <local@domain>"))
                .anyMatch(u -> u.contains("more than 64 multipart parts"))
                .anyMatch(u -> u.contains("nested deeper than 12 levels"));
        assertThat(follower.poll(inbox, state).counts().messages()).as("the cursor moved past them").isZero();
    }

    @Test
    void aStageThatBreaksOnAMessageQuarantinesItAndTheWalkGoesOn() throws Exception {
        state.explodesOn = "<n1@x>";
        append(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"),
                MiniTree.patch("<n2@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: two"));
        follower.poll(inbox, state);
        assertThat(state.patches).containsExactly("<n2@x> fsnotify");
        assertThat(state.unparseable).singleElement().asString().contains("StackOverflowError");
        assertThat(follower.poll(inbox, state).counts().messages()).as("the cursor moved past it").isZero();
    }

    @Test
    void aDeletionIsCountedNotRead() throws Exception {
        append("");
        assertThat(follower.poll(inbox, state).counts().deletions()).isEqualTo(1);
    }

    @Test
    void aMessageSeenBeforeIsNotTakenAgain() throws Exception {
        String patch = MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one");
        append(patch, patch);
        InboxFollower.PollStats s = follower.poll(inbox, state);
        assertThat(s.counts().duplicates()).isEqualTo(1);
        assertThat(state.patches).containsExactly("<n1@x> fsnotify");
    }

    @Test
    void aRewrittenHistoryIsReadAgainWithoutTakingAnythingTwice() throws Exception {
        append(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"),
                MiniTree.patch("<gone@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: purged"));
        follower.poll(inbox, state);
        // A purge: the epoch's history is written anew without the purged message.
        Path epoch = tmp.resolve("fsdevel/git/0.git");
        try (var files = Files.walk(epoch)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        append(MiniTree.patch("<n1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: one"),
                MiniTree.patch("<n3@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: three"));
        InboxFollower.PollStats s = follower.poll(inbox, state);
        assertThat(s.rewrittenEpochs()).containsExactly(0);
        assertThat(s.counts().duplicates()).isEqualTo(1);
        assertThat(state.patches).containsExactly("<n1@x> fsnotify", "<gone@x> fsnotify", "<n3@x> fsnotify");
    }

    @Test
    void aCommandLineKeepsTheMailForTheDesk() throws Exception {
        append(mail("<c1@x>", "Re: [PATCH] fsnotify: one", "#fsnbot status", "<n1@x>"),
                mail("<q1@x>", "Re: [PATCH] fsnotify: one", "> #fsnbot status\nquoted, not a command", "<n1@x>"));
        follower.poll(inbox, state);
        assertThat(state.commandMails).containsExactly("<c1@x>");
    }

    @Test
    void aCommandInABase64OrQuotedPrintableBodyIsFoundAsImapFindsIt() throws Exception {
        String b64 = java.util.Base64.getMimeEncoder().encodeToString(
                "Please test again.\n#fsnbot rerun\n".getBytes(StandardCharsets.UTF_8));
        append(String.join("\n", "From: Dev <dev@example.org>", "Subject: Re: [PATCH] fsnotify: one",
                "Message-ID: <b64@x>", "References: <n1@x>", "MIME-Version: 1.0",
                "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", b64, ""),
                String.join("\n", "From: Dev <dev@example.org>", "Subject: Re: [PATCH] fsnotify: one",
                "Message-ID: <qp@x>", "References: <n1@x>", "MIME-Version: 1.0",
                "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
                "=23fsnbot status", ""),
                String.join("\n", "From: Dev <dev@example.org>", "Subject: Re: [PATCH] fsnotify: one",
                "Message-ID: <plain64@x>", "References: <n1@x>", "MIME-Version: 1.0",
                "Content-Type: text/plain", "Content-Transfer-Encoding: base64", "",
                java.util.Base64.getMimeEncoder().encodeToString("no command here\n".getBytes(
                        StandardCharsets.UTF_8)), ""));
        follower.poll(inbox, state);
        assertThat(state.commandMails).containsExactly("<b64@x>", "<qp@x>");
    }

    @Test
    void aDirectoryThatIsNoInboxIsAnError() throws Exception {
        Files.createDirectories(tmp.resolve("fsdevel"));
        assertThatThrownBy(() -> follower.poll(inbox, state)).hasMessageContaining("not a public-inbox v2 inbox");
    }
}
