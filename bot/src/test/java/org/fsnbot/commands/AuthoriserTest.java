package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.fsnbot.store.CommandOutcome;
import org.fsnbot.store.CommandStore;
import org.fsnbot.testing.OpenStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class AuthoriserTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final Command RERUN = new Command.Rerun("#fsnbot rerun", List.of(), OptionalInt.empty(),
            Optional.empty(), Optional.empty());
    private static final Command TEST = new Command.Test("#fsnbot test https://x/y.git main", "https://x/y.git", "main");
    private static final CommandSettings TWO_PER_HOUR = new CommandSettings(List.of("tester@example.org"), false,
            new CommandSettings.Limits(2, 3), new CommandSettings.Limits(3, 5), 10,
            new CommandSettings.Trust(List.of("mx.example.org"), List.of("mx.fsnbot.test")), List.of());

    @TempDir
    Path tmp;
    private DeskFixture f;
    private CommandThread tested;
    private final CommandThread nowhere = new CommandThread(false, Optional.empty());

    @BeforeEach
    void setUp() throws Exception {
        f = stores.add(new DeskFixture(tmp));
        tested = new CommandThread(true, f.store.queue().all().stream().findFirst());
    }

    /** A command from an authenticated sender. */
    private Optional<Authoriser.Refusal> check(Command c, String sender, CommandThread t) throws Exception {
        return f.authoriser(TWO_PER_HOUR).check(c, new Sender(sender, true), t);
    }

    @Test
    void helpAndStatusAreForAnyone() throws Exception {
        assertThat(check(new Command.Help("#fsnbot help"), "stranger@example.org", nowhere)).isEmpty();
        assertThat(check(new Command.Status("#fsnbot status"), "stranger@example.org", nowhere)).isEmpty();
    }

    @Test
    void maintainersReviewersAndTheAllowlistMayRunAnything() throws Exception {
        for (String who : List.of("maint@example.org", "reviewer@example.org", "tester@example.org")) {
            assertThat(check(TEST, who, nowhere)).as(who).isEmpty();
        }
    }

    @Test
    void anAuthorMayAskForReruns() throws Exception {
        assertThat(check(RERUN, "dev@example.org", tested)).isEmpty();
    }

    @Test
    void anAuthorMayNotAskForOtherRunsNorRerunsOffTheirThread() throws Exception {
        assertThat(check(TEST, "dev@example.org", tested)).hasValueSatisfying(r -> {
            assertThat(r.logged()).isEqualTo(CommandOutcome.REFUSED);
            assertThat(r.template()).isEqualTo("refused");
        });
        assertThat(check(RERUN, "dev@example.org", nowhere)).isPresent();
    }

    @Test
    void aStrangerIsRefusedAndSilentlySoWhenConfigured() throws Exception {
        assertThat(check(RERUN, "stranger@example.org", tested)).hasValueSatisfying(r -> assertThat(r.silent())
                .isFalse());
        CommandSettings silent = new CommandSettings(List.of(), true, new CommandSettings.Limits(2, 3),
                new CommandSettings.Limits(3, 5), 10, null, List.of());
        assertThat(f.authoriser(silent).check(RERUN, new Sender("stranger@example.org", true), tested))
                .hasValueSatisfying(r -> assertThat(r.silent()).isTrue());
    }

    @Test
    void aForgedMaintainerIsAStranger() throws Exception {
        for (Command c : List.of(TEST, RERUN)) {
            assertThat(f.authoriser(TWO_PER_HOUR).check(c, new Sender("maint@example.org", false), tested))
                    .hasValueSatisfying(r -> {
                        assertThat(r.logged()).isEqualTo(CommandOutcome.REFUSED);
                        assertThat(r.values()).containsEntry("stranger", true);
                    });
        }
        assertThat(f.authoriser(TWO_PER_HOUR).check(RERUN, new Sender("dev@example.org", false), tested))
                .as("the author, unauthenticated").isPresent();
        assertThat(f.authoriser(TWO_PER_HOUR).check(new Command.Help("#fsnbot help"),
                new Sender("maint@example.org", false), nowhere)).as("help is for anyone").isEmpty();
    }

    private static CommandStore.Stored stored(String source, String... headers) {
        String raw = String.join("\n", headers) + "\nFrom: Jan Maintainer <maint@example.org>\nSubject: x\n"
                + "Message-ID: <c@example.org>\n\n#fsnbot test https://x/y.git main\n";
        return new CommandStore.Stored("<c@example.org>", source, raw.getBytes(StandardCharsets.UTF_8));
    }

    private Sender senderOf(CommandStore.Stored s) throws Exception {
        return f.authoriser(TWO_PER_HOUR).sender(s, f.reader.parse(s.raw()));
    }

    @Test
    void onlyATrustedServersPassAboveTheLastReceivedAuthenticates() throws Exception {
        String received = "Received: from mail.example.org by mx.example.org";
        String pass = "Authentication-Results: mx.example.org; dkim=pass (2048-bit key) header.d=example.org"
                + " header.i=@example.org";
        assertThat(senderOf(stored("fsdevel", pass, received))).isEqualTo(new Sender("maint@example.org", true));
        assertThat(senderOf(stored("fsdevel", "Authentication-Results: mx.example.org; dmarc=pass (p=none)"
                + " header.from=example.org", received)).authenticated()).as("dmarc").isTrue();
        assertThat(senderOf(stored("fsdevel", received)).authenticated()).as("no result").isFalse();
        assertThat(senderOf(stored("fsdevel", received, pass)).authenticated())
                .as("below the last Received: written by the sender").isFalse();
        assertThat(senderOf(stored("fsdevel", pass.replace("mx.example.org", "mx.evil.net"), received))
                .authenticated()).as("an id nobody trusts").isFalse();
        assertThat(senderOf(stored("fsdevel", pass.replace("header.d=example.org", "header.d=evil.net"), received))
                .authenticated()).as("signed by another domain").isFalse();
        assertThat(senderOf(stored("fsdevel", pass.replace("dkim=pass", "dkim=fail"), received)).authenticated())
                .as("failed").isFalse();
        assertThat(senderOf(stored("imap", pass, received)).authenticated())
                .as("the archive's MTA does not vouch for mail in fsnbot's own mailbox").isFalse();
        assertThat(senderOf(stored("imap", pass.replace("mx.example.org", "mx.fsnbot.test"), received))
                .authenticated()).isTrue();
    }

    @Test
    void answersOfEveryKindAreLimitedPerSenderAndOverallInTwoPools() throws Exception {
        Sender s = new Sender("stranger@example.net", false);
        Authoriser a = f.authoriser(TWO_PER_HOUR);
        for (int i = 0; i < 3; i++) {
            assertThat(a.mayAnswer(s, nowhere)).isTrue();
            f.store.commands().log(s.address(), "(answer)", a.answered(s, nowhere));
        }
        assertThat(a.mayAnswer(s, nowhere)).as("three per sender").isFalse();
        f.store.commands().log("x@example.net", "(answer)", CommandOutcome.ANSWERED_STRANGER);
        f.store.commands().log("y@example.net", "(answer)", CommandOutcome.ANSWERED_STRANGER);
        assertThat(a.mayAnswer(new Sender("z@example.net", false), nowhere)).as("five in all").isFalse();
        assertThat(a.mayAnswer(new Sender("maint@example.org", true), nowhere)).as("a maintainer's pool is their own")
                .isTrue();
        f.clock.advance(Duration.ofMinutes(61));
        assertThat(a.mayAnswer(s, nowhere)).as("an hour later").isTrue();
    }

    @Test
    void aResultTheSenderWroteBelowTheMtasOwnLineIsNotBelieved() throws Exception {
        String pass = "Authentication-Results: mx.example.org; dkim=pass (2048-bit key) header.d=example.org";
        assertThat(senderOf(stored("fsdevel",
                "Received: from mail.attacker.net (mail.attacker.net [203.0.113.9]) by mx.example.org (Postfix)"
                        + " with ESMTPS id 1; Mon, 30 Nov 2026 09:00:00 +0000",
                "Authentication-Results: mx.example.org; dkim=none",
                pass,
                "Received: from localhost (localhost [127.0.0.1]) by mail.attacker.net; Mon, 30 Nov 2026 08:59:00"
                        + " +0000")).authenticated()).as("a forged result above a forged Received").isFalse();
        assertThat(senderOf(stored("fsdevel", pass,
                "Received: from mail.attacker.net by mx.example.org",
                "Received: from x by mx.example.org")).authenticated())
                .as("a Received naming the trusted MTA lower down changes nothing").isTrue();
    }

    @Test
    void loresLayoutIsRead() throws Exception {
        CommandSettings subspace = new CommandSettings(List.of(), false, new CommandSettings.Limits(2, 3),
                new CommandSettings.Limits(3, 5), 10, new CommandSettings.Trust(List.of("smtp.subspace.kernel.org"),
                        List.of()), List.of());
        CommandStore.Stored s = stored("fsdevel",
                "Received: from smtp.subspace.kernel.org (relay.kernel.org [52.25.139.140])\n\tby sv.mirrors.kernel.org"
                        + " (Postfix) with ESMTPS id 25C5E5E260C",
                "Received: from localhost.localdomain (localhost.localdomain [127.0.0.1])\n\tby"
                        + " smtp.subspace.kernel.org (Postfix) with ESMTP id E147F2C2361;",
                "Authentication-Results: smtp.subspace.kernel.org;\n\tdkim=pass (1024-bit key) header.d=example.org"
                        + " header.i=@example.org",
                "X-Original-To: linux-fsdevel@vger.kernel.org",
                "Received: from mail-pf1-f179.google.com (mail-pf1-f179.google.com [209.85.210.179])\n\tby"
                        + " smtp.subspace.kernel.org (Postfix) with ESMTPS id 2D9DF2C2347",
                "Authentication-Results: smtp.subspace.kernel.org; arc=none smtp.client-ip=209.85.210.179",
                "Received: by mail-pf1-f179.google.com with SMTP id d2e1a72fcca58");
        assertThat(f.authoriser(subspace).sender(s, f.reader.parse(s.raw())).authenticated()).isTrue();
    }

    @Test
    void aSendersLimitCountsTheirAcceptedRunsOfTheLastHour() throws Exception {
        f.store.commands().log("maint@example.org", "#fsnbot rerun", CommandOutcome.ACCEPTED);
        f.store.commands().log("maint@example.org", "#fsnbot rerun runs=lots", CommandOutcome.ERROR);
        assertThat(check(RERUN, "maint@example.org", tested)).as("one accepted so far").isEmpty();
        f.store.commands().log("maint@example.org", "#fsnbot rerun", CommandOutcome.ACCEPTED);
        assertThat(check(RERUN, "maint@example.org", tested)).hasValueSatisfying(r -> {
            assertThat(r.logged()).isEqualTo(CommandOutcome.LIMITED);
            assertThat(r.template()).isEqualTo("over-sender-limit");
            assertThat(r.values()).containsEntry("limit", 2).containsEntry("later", "13:00");
        });
        assertThat(check(new Command.Status("#fsnbot status"), "maint@example.org", tested))
                .as("only measuring commands count").isEmpty();
        f.clock.advance(Duration.ofMinutes(61));
        assertThat(check(RERUN, "maint@example.org", tested)).as("an hour later").isEmpty();
    }

    @Test
    void signedStrangersAnswersAndAuthorsRerunsHavePoolsOfTheirOwn() throws Exception {
        Authoriser a = f.authoriser(TWO_PER_HOUR);
        for (String who : List.of("a@webmail.example", "b@webmail.example", "c@webmail.example",
                "d@webmail.example", "e@webmail.example")) {
            Sender signed = new Sender(who, true);
            assertThat(a.answered(signed, nowhere)).as("DKIM-signed, no maintainer").isEqualTo(
                    CommandOutcome.ANSWERED_SIGNED);
            f.store.commands().log(who, "(answer)", a.answered(signed, nowhere));
        }
        assertThat(a.mayAnswer(new Sender("f@webmail.example", true), nowhere)).as("their pool is full").isFalse();
        assertThat(a.mayAnswer(new Sender("maint@example.org", true), nowhere)).as("a maintainer's is not").isTrue();
        assertThat(a.mayAnswer(new Sender("tester@example.org", true), nowhere)).as("nor the allowlist's").isTrue();
        Sender author = new Sender("dev@example.org", true);
        assertThat(a.answered(author, tested)).as("an author on their own thread").isEqualTo(
                CommandOutcome.ANSWERED_AUTHOR);
        assertThat(a.mayAnswer(author, tested)).as("is answered from the authors' pool").isTrue();
        assertThat(a.answered(author, nowhere)).as("elsewhere, one of the signed").isEqualTo(
                CommandOutcome.ANSWERED_SIGNED);
        assertThat(a.answered(new Sender("dev@example.org", false), tested)).as("unauthenticated, a stranger")
                .isEqualTo(CommandOutcome.ANSWERED_STRANGER);
        for (String who : List.of("a@example.org", "b@example.org", "c@example.org")) {
            f.store.commands().log(who, "#fsnbot rerun", CommandOutcome.ACCEPTED_AUTHOR);
        }
        assertThat(check(RERUN, "maint@example.org", tested)).as("authors' reruns leave the maintainers' pool")
                .isEmpty();
        assertThat(a.accepted(new Sender("maint@example.org", true))).isEqualTo(CommandOutcome.ACCEPTED);
        assertThat(a.accepted(new Sender("dev@example.org", true))).isEqualTo(CommandOutcome.ACCEPTED_AUTHOR);
        assertThat(a.standing(new Sender("maint@example.org", true))).as("a maintainer's units stand first")
                .isEqualTo(org.fsnbot.store.Asker.Standing.MAINTAINER);
        assertThat(a.standing(new Sender("tester@example.org", true))).isEqualTo(
                org.fsnbot.store.Asker.Standing.MAINTAINER);
        assertThat(a.standing(new Sender("dev@example.org", true))).as("an author's reruns with authors' series")
                .isEqualTo(org.fsnbot.store.Asker.Standing.OWN);
    }

    @Test
    void theGlobalLimitCountsEveryone() throws Exception {
        for (String who : List.of("a@example.org", "b@example.org", "c@example.org")) {
            f.store.commands().log(who, "#fsnbot rerun", CommandOutcome.ACCEPTED);
        }
        assertThat(check(RERUN, "maint@example.org", tested)).hasValueSatisfying(r -> assertThat(r.template())
                .isEqualTo("over-global-limit"));
    }
}
