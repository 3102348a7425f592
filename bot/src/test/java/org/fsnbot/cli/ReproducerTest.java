package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fsnbot.job.Candidate;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.plan.Topology;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A reply's "Reproduce:" line, given back to the command line, runs the
 * profile the reply measured: its name and every change a rerun made.
 */
class ReproducerTest {

    private static final Base BASE = Base.configured("https://example.org/linux.git", "0123456789ab");

    /** The words after `fsnbot compare` in a reproducer, through the command's own option parsing. */
    private static Profile parsedBack(String line) throws Exception {
        List<String> words = new ArrayList<>(List.of(line.split(" ")));
        assertThat(words.subList(0, 2)).containsExactly("fsnbot", "compare");
        CompareCommand c = new CompareCommand();
        new CommandLine(c).parseArgs(words.subList(2, words.size()).toArray(String[]::new));
        return c.job.over(new JobDefaults(Profile.load("quick"), Topology.DEFAULT), HostTopology.readOrGuess()).profile();
    }

    @Test
    void aRerunOfSomeWorkloadsWithFixedRunsReproducesThoseWorkloadsAndRuns() throws Exception {
        Profile ran = new RunOptions(List.of("byte-write"), 5, "full", "", false, "#fsnbot rerun")
                .apply(Profile.load("quick"));
        String line = new Candidate.Revision("fedcba987654").reproduce(BASE, ran, Topology.DEFAULT).get(0);
        assertThat(line).contains("--profile full --workloads byte-write --runs 5 --topology");
        assertThat(parsedBack(line)).isEqualTo(ran);
    }

    @Test
    void anUnchangedProfileIsNamedAlone() throws Exception {
        Profile quick = Profile.load("quick");
        String line = new Candidate.Revision("fedcba987654").reproduce(BASE, quick, Topology.DEFAULT).get(0);
        assertThat(line).contains(" --profile quick --topology ").doesNotContain("--workloads", "--runs");
        assertThat(parsedBack(line)).isEqualTo(quick);
    }

    @Test
    void theProfileAsRunSurvivesTheJsonJobsAreKeptIn() throws Exception {
        Profile ran = Profile.load("full").only(List.of("byte-write")).withBoots(4);
        assertThat(Profile.fromJson(ran.toJson())).isEqualTo(ran);
        assertThat(Profile.fromJson(Profile.load("quick").toJson())).isEqualTo(Profile.load("quick"));
    }
}
