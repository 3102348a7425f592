package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Message;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fsnbot.intake.EpochReader;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.SeriesAssembler;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.plan.Profile;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.stats.Verdict;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tests on the real lore mail in ../shared/fixtures. Skipped, and saying
 * so, when ../shared is not beside the checkout.
 */
@Tag("shared")
@ExtendWith(SharedKernel.class)
class SharedFixturesIT {

    @BeforeAll
    static void needShared() {
        Assumptions.assumeTrue(Repo.haveShared(), "SKIPPED: ../shared/fixtures not found at " + Repo.shared()
                + " (set -Dfsnbot.shared=DIR); the real-mail tests did not run");
    }

    @Test
    void everyFixtureMessageParsesWithTheManifestsIdAndSubject() throws Exception {
        Path dir = Repo.shared().resolve("fixtures/mail");
        List<String> manifest = Files.readAllLines(dir.resolve("MANIFEST.tsv"));
        MboxReader reader = new MboxReader();
        int checked = 0;
        for (String row : manifest.subList(1, manifest.size())) {
            String[] f = row.split("\t");
            List<PatchMail> mails = reader.read(dir.resolve(f[0]));
            assertThat(mails).as(f[0]).hasSize(1);
            PatchMail m = mails.get(0);
            assertThat(m.messageId()).as(f[0]).isEqualTo(f[2]);
            assertThat(m.subject()).as(f[0]).isEqualTo(f[4]);
            if (f[5].equals("yes")) {
                assertThat(m.hasDiff()).as(f[0] + " touches fsnotify, so carries a diff").isTrue();
            }
            checked++;
        }
        assertThat(checked).isEqualTo(31);
    }

    private static FsnotifyRelevance relevance() throws Exception {
        String maintainers = Files.readString(KernelFixture.tree().resolve("MAINTAINERS"));
        return new FsnotifyRelevance(MaintainersPatterns.parse(maintainers, MaintainersPatterns.FSNOTIFY_ENTRIES));
    }

    @Test
    void relevanceByDiffPathsAgreesWithTheManifest() throws Exception {
        Path dir = Repo.shared().resolve("fixtures/mail");
        List<String> manifest = Files.readAllLines(dir.resolve("MANIFEST.tsv"));
        FsnotifyRelevance r = relevance();
        for (String row : manifest.subList(1, manifest.size())) {
            String[] f = row.split("\t");
            PatchMail m = new MboxReader().read(dir.resolve(f[0])).get(0);
            assertThat(r.isFsnotifyPatch(m)).as("%s (%s): touches_fsnotify=%s, paths %s", f[0], f[4], f[5],
                    m.diffPaths()).isEqualTo(f[5].equals("yes"));
        }
    }

    @Test
    void theRealV3SeriesIsAssembledCompleteUnderItsCoverLetter() throws Exception {
        Path dir = Repo.shared().resolve("fixtures/mail");
        List<PatchMail> mails = new java.util.ArrayList<>();
        for (String f : List.of("020.eml", "018.eml", "017.eml", "019.eml", "028.eml", "009.eml")) {
            mails.addAll(new MboxReader().read(dir.resolve(f)));
        }
        SeriesAssembler a = new SeriesAssembler();
        List<SeriesAssembler.Candidate> current = a.current(a.assemble(mails));
        SeriesAssembler.Candidate v3 = current.stream().filter(c -> c.total() == 3).findFirst().orElseThrow();
        assertThat(v3.revision()).isEqualTo(3);
        assertThat(v3.complete()).isTrue();
        assertThat(v3.series().replyTarget().messageId()).isEqualTo("<20220629144210.2983229-1-amir73il@gmail.com>");
        assertThat(v3.series().patches()).extracting(PatchMail::messageId).containsExactly(
                "<20220629144210.2983229-2-amir73il@gmail.com>", "<20220629144210.2983229-3-amir73il@gmail.com>",
                "<20220629144210.2983229-4-amir73il@gmail.com>");
        assertThat(current).as("009 is a series of one; the reply 028 is none").hasSize(2);
    }

    @Test
    void followingTheRealEpochFindsExactlyItsTwentyThreeFsnotifyPatches(@TempDir Path tmp) throws Exception {
        Path epoch = tmp.resolve("0.git");
        copyTree(Repo.shared().resolve("fixtures/lore/linux-unionfs/git/0.git"), epoch);
        FsnotifyRelevance r = relevance();
        MboxReader reader = new MboxReader();
        int[] messages = {0};
        List<String> found = new java.util.ArrayList<>();
        List<String> unreadable = new java.util.ArrayList<>();
        String head = new EpochReader().walk(epoch, null, e -> {
            if (e.message().isPresent()) {
                messages[0]++;
                try {
                    PatchMail m = reader.parse(e.message().get());
                    if (r.isFsnotifyPatch(m)) {
                        found.add(m.messageId());
                    }
                } catch (org.fsnbot.intake.MalformedMailException x) {
                    unreadable.add(e.commit() + ": " + x.getMessage());
                }
            }
        });
        assertThat(messages[0]).isEqualTo(8481);
        assertThat(unreadable).isEmpty();
        // The fixture README counts 20: the diffs with git headers. Three more are 6.6/6.12/6.17 stable
        // review patches, quilt style (--- a/ +++ b/), whose own diff touches fs/notify as well.
        assertThat(found).hasSize(23).doesNotHaveDuplicates();
        int[] again = {0};
        assertThat(new EpochReader().walk(epoch, head, e -> again[0]++)).isEqualTo(head);
        assertThat(again[0]).as("nothing new after the head").isZero();
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                    target.toFile().setWritable(true);
                }
            }
        }
    }

    @Test
    @Tag("e2e")
    void realPatch009IsMeasuredEndToEnd(@TempDir Path tmp) throws Exception {
        // The gate and the two workloads whose tables are checked below: every workload of the quick
        // profile is PatchTestIT's example's to run, and booting them all again cost CI five minutes.
        JobOutcome o = PatchTestIT.e2eApplication(tmp.resolve("outbox")).jobRunner().run(PatchTestIT.request(
                Repo.shared().resolve("fixtures/mail/009.eml"), Profile.load("quick").only(List.of("byte-write",
                        "parent-modify-scale"))));
        assertThat(o.kind()).isEqualTo(ReplyKind.REPORT);
        MimeMessage m = PatchTestIT.parse(o.eml());
        assertThat(m.getSubject()).isEqualTo("Re: [PATCH] fanotify: avoid possible NULL dereference");
        assertThat(m.getHeader("In-Reply-To", null)).isEqualTo("<20230808091849.505809-1-suhui@nfschina.com>");
        assertThat(m.getHeader("References", null)).contains("<20230808091849.505809-1-suhui@nfschina.com>");
        assertThat(Arrays.stream(m.getRecipients(Message.RecipientType.TO))
                .map(a -> ((InternetAddress) a).getAddress())).containsExactly("suhui@nfschina.com");
        assertThat(Arrays.stream(m.getRecipients(Message.RecipientType.CC))
                .map(a -> ((InternetAddress) a).getAddress())).containsExactly("jack@suse.cz", "amir73il@gmail.com",
                        "repnop@google.com", "linux-fsdevel@vger.kernel.org", "linux-kernel@vger.kernel.org",
                        "kernel-janitors@vger.kernel.org");
        PatchTestIT.assertPlainEightyColumnMail(o.eml());
        String body = (String) m.getContent();
        Verdict v = o.verdict().orElseThrow();
        String[] lines = body.split("\r?\n");
        assertThat(lines[2]).isEqualTo(
                "fsnbot measured this patch against its base: " + v.text().toUpperCase(java.util.Locale.ROOT));
        assertThat(v).isEqualTo(overallOf(decisiveLines(lines), body));
        String results = Files.readString(o.dir().resolve(ResultFiles.TABLES));
        for (String mode : List.of("none", "other", "parent", "parent-nomatch")) {
            assertThat(results).containsPattern("(?m)^  " + mode + " +\\d");
        }
        // Two clients are judged on wall time only (on the instruction clock they are in "Also measured").
        assertThat(results).containsPattern("(?m)^  1 +\\d").containsPattern("(?m)^  (2 +|clients=2 +avg_client_s +)\\d");
        assertThat(body).containsPattern("accel: +(TCG \\(emulated|KVM)");
        PatchTestIT.assertResultJson(o);
        System.err.println("009.eml verdict: " + v.text() + "\n" + body);
    }

    /** The lines between the verdict header and the first blank line: one per decisive metric. */
    private static List<String> decisiveLines(String[] lines) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 4; i < lines.length && !lines[i].isBlank(); i++) {
            out.add(lines[i].strip());
        }
        return out;
    }

    /**
     * The overall verdict the printed rows imply, worked out independently of
     * the estimator: any regression wins, then any improvement; with neither,
     * "no significant change" only when no verdict cell reads "inconclusive".
     */
    private static Verdict overallOf(List<String> decisive, String body) {
        if (decisive.stream().anyMatch(l -> l.startsWith("regression: "))) {
            return Verdict.REGRESSION;
        }
        if (decisive.stream().anyMatch(l -> l.startsWith("improvement: "))) {
            return Verdict.IMPROVEMENT;
        }
        String verdictTables = body.split("Also measured, not part of the verdict|Not run here:|Method:")[0];
        return java.util.regex.Pattern.compile("(?m) inconclusive\\*?$|^Inconclusive in every row")
                .matcher(verdictTables).find() ? Verdict.INCONCLUSIVE : Verdict.NO_SIGNIFICANT_CHANGE;
    }
}
