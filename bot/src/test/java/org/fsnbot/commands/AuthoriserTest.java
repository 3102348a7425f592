package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.fsnbot.store.CommandOutcome;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthoriserTest {

    private static final Command RERUN = new Command.Rerun("#fsnbot rerun", List.of(), OptionalInt.empty(),
            Optional.empty(), Optional.empty());
    private static final Command TEST = new Command.Test("#fsnbot test git://x/y.git main", "git://x/y.git", "main");
    private static final CommandSettings TWO_PER_HOUR = new CommandSettings(List.of("tester@example.org"), false, 2,
            3, 10);

    @TempDir
    Path tmp;
    private DeskFixture f;
    private CommandThread tested;
    private final CommandThread nowhere = new CommandThread(false, Optional.empty());

    @BeforeEach
    void setUp() throws Exception {
        f = new DeskFixture(tmp);
        tested = new CommandThread(true, f.store.queue().all().stream().findFirst());
    }

    private Optional<Authoriser.Refusal> check(Command c, String sender, CommandThread t) throws Exception {
        return f.authoriser(TWO_PER_HOUR).check(c, sender, t);
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
        CommandSettings silent = new CommandSettings(List.of(), true, 2, 3, 10);
        assertThat(f.authoriser(silent).check(RERUN, "stranger@example.org", tested)).hasValueSatisfying(
                r -> assertThat(r.silent()).isTrue());
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
    void theGlobalLimitCountsEveryone() throws Exception {
        for (String who : List.of("a@example.org", "b@example.org", "c@example.org")) {
            f.store.commands().log(who, "#fsnbot rerun", CommandOutcome.ACCEPTED);
        }
        assertThat(check(RERUN, "maint@example.org", tested)).hasValueSatisfying(r -> assertThat(r.template())
                .isEqualTo("over-global-limit"));
    }
}
