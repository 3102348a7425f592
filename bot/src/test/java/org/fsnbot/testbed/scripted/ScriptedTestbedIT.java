package org.fsnbot.testbed.scripted;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.app.Home;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
import org.fsnbot.job.JobOutcome;
import org.fsnbot.job.ReplyRoute;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.Side;
import org.fsnbot.stats.Verdict;
import org.fsnbot.testbed.Artefacts;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.MeasurePlan;
import org.fsnbot.testbed.Measurement;
import org.fsnbot.testbed.Testbed;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A whole job on a third backend wired with one line (the factory given
 * to Application.open): the example patch applied and built as always,
 * its "boots" answered by the script, and the reply's verdict and facts
 * made from what the backend said, with no QEMU anywhere.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class ScriptedTestbedIT {

    @Test
    void aJobMeasuredByAScriptedBackendIsJudgedAndRepliedFromItsTypedFacts(@TempDir Path dir) throws Exception {
        Config loaded = Config.load(Optional.empty());
        Config c = loaded.withHome(Home.at(KernelFixture.home()).withState(KernelFixture.state())
                .withOutbox(dir.resolve("outbox")))
                .withMailing(new Config.Mailing("fsnbot <fsnbot@fsnbot.test>", MailSettings.dryRun(), List.of(),
                        true, Optional.empty(), loaded.mailing().weekly()));
        // A profile no earlier run used: this runner's first use of it, which calibrates before the job's boots.
        String name = "tiny-" + Long.toString(System.currentTimeMillis(), 36);
        Path profile = Files.writeString(dir.resolve("tiny.json"), "{\"name\":\"" + name + "\",\"description\":\"scripted\","
                + "\"bootsPerKernel\":3,\"maxBootsPerKernel\":6,\"bootTimeoutSeconds\":60,\"workloads\":[{\"name\":"
                + "\"byte-write\",\"args\":[\"--modes\",\"none,parent\"],\"verdictMetrics\":[\"ns_per_op\"]}]}");
        // The patched kernel's none row costs what a parent watch does (~930 ns against ~250 ns).
        Map<Side, Map<String, Double>> medians = Map.of(Side.BASE, Map.of("none", 250.0, "parent", 930.0),
                Side.PATCHED, Map.of("none", 930.0, "parent", 930.0));
        // Whether this JVM holds the base's lock while the job measures (BaseLocks: boots hold none).
        java.util.List<Boolean> lockHeldWhileMeasuring = new java.util.ArrayList<>();
        String baseCommit = org.fsnbot.testing.GitCli.git(KernelFixture.tree(), Map.of(), "rev-parse",
                KernelFixture.base() + "^{commit}");
        try (Application app = Application.open(c, DeliveryHooks.NONE, java.time.Clock.systemUTC(),
                parts -> new Testbed() {
                    private final ScriptedTestbed script = new ScriptedTestbed(medians, 7);

                    @Override
                    public Instrument instrument(Artefacts artefacts, Topology topology) throws IOException {
                        return script.instrument(artefacts, topology);
                    }

                    @Override
                    public Measurement measure(Artefacts artefacts, MeasurePlan plan, Consumer<BootRecord> booted)
                            throws IOException {
                        lockHeldWhileMeasuring.add(org.fsnbot.testing.BaseLockProbe.heldByThisProcess(
                                KernelFixture.home(), baseCommit));
                        return script.measure(artefacts, plan, booted);
                    }
                })) {
            PatchSeries series = new MboxReader().readSeries(Repo.exampleMbox());
            Job job = new Job(new Base(KernelFixture.tree().toString(), KernelFixture.base(), BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)),
                    new Candidate.Series(series, Repo.exampleMbox()), Profile.load(profile.toString()),
                    Topology.parse("sockets=2,cores=1,nodes=2"), new ReplyRoute.UnderMail(series.replyTarget()),
                    true, KernelBuilder.Code.TRUSTED);
            // What `fsnbot qualify` found is quoted in the runner fact of every reply after it.
            app.store().runners().qualifications().save(new org.fsnbot.store.QualificationStore.Qualified(
                    app.runnerName().name(), java.time.Instant.now(), "qualified for " + name, "{}"));
            JobOutcome o = app.jobRunner().run(job);
            assertThat(o.kind()).as(o::body).isEqualTo(ReplyKind.REPORT);
            assertThat(o.verdict()).contains(Verdict.REGRESSION);
            String body = o.body().replace("\n    ", " ").replace("\n           ", " ");
            assertThat(body).contains("accel:     scripted (nothing booted: the figures are a test's)",
                    "a test's backend", "the test's script", "testbed:   scripted, booted by nothing (a script"
                    + " answers)", "load:      not measured by the scripted testbed").doesNotContain("qemu:");
            assertThat(body).containsPattern("(?m)^  none +[\\d.]+ +[\\d.]+ +\\+\\d[\\d.]*%.*regression$");
            // Three pairs at first, more (up to six) while the parent row, unchanged by design, stays open.
            assertThat(app.store().count("boots", "job_id = ? AND accelerator = 'SCRIPT'", o.jobId()))
                    .isBetween(6L, 12L);
            assertThat(lockHeldWhileMeasuring).as("the base's lock, held by this fsnbot while boots run")
                    .isNotEmpty().containsOnly(false);
            String calibration = "profile = ? AND detail = 'A/A calibration at first use'";
            assertThat(app.store().count("jobs", calibration, name)).as("one calibration at first use").isEqualTo(1);
            assertThat(app.store().count("boots", "status = 'OK' AND job_id IN (SELECT id FROM jobs WHERE "
                    + calibration + ")", name)).as("3 A/A pairs (runner.calibrationPairs)").isEqualTo(6);
            assertThat(app.store().count("calibrations", "profile = ?", name)).isPositive();
            assertThat(body).contains("(from an A/A calibration, 6 boots, to ");
            assertThat(body).containsPattern("(?m)^runner:    .*; qualified for " + name + "$");
            JobOutcome again = app.jobRunner().run(job);
            assertThat(again.kind()).as(again::body).isEqualTo(ReplyKind.REPORT);
            assertThat(app.store().count("jobs", calibration, name)).as("a setup calibrated once is not again")
                    .isEqualTo(1);
        }
    }
}
