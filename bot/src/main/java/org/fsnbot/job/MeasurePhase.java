package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Objects;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.Profile;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.Significance;
import org.fsnbot.store.QualificationStore;
import org.fsnbot.testbed.Artefacts;
import org.fsnbot.testbed.Budget;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.MeasurePlan;
import org.fsnbot.testbed.Measurement;
import org.fsnbot.testbed.MorePairs;
import org.fsnbot.testbed.Testbed;

/**
 * Phase 5, boot and measure, through the testbed port: what measures is
 * asked first (the statistics' rules depend on its clock), then base and
 * patched are booted as planned, more pairs while a verdict metric is open
 * and the profile's budget allows, each look at alpha divided by the
 * looks. A failed boot or gate ends the job without a comparison.
 */
public final class MeasurePhase {

    private final Testbed testbed;
    private final RunnerName name;
    private final NoiseFloors floors;
    private final FirstUseCalibration firstUse;
    private final QualificationStore qualifications;

    /**
     * This runner's own: its name (in every reply), its noise floors, its
     * calibration at a setup's first use, and what `fsnbot qualify` found
     * (quoted in every reply's runner fact).
     */
    public record ThisRunner(RunnerName name, NoiseFloors floors, FirstUseCalibration firstUse,
            QualificationStore qualifications) {
        public ThisRunner {
            Objects.requireNonNull(name);
            Objects.requireNonNull(floors);
            Objects.requireNonNull(firstUse);
            Objects.requireNonNull(qualifications);
        }
    }

    public MeasurePhase(Testbed testbed, ThisRunner self) {
        this.testbed = testbed;
        this.name = self.name();
        this.floors = self.floors();
        this.firstUse = self.firstUse();
        this.qualifications = self.qualifications();
    }

    public Step<Measured> run(Imaged i, Path dir, JobJournal journal) throws IOException {
        Job job = i.built().applied().resolved().job();
        Profile p = job.profile();
        AdaptiveSampling plan = new AdaptiveSampling(p.bootsPerKernel(), p.maxBootsPerKernel(), Significance.ALPHA);
        Artefacts artefacts = artefacts(i);
        Instrument instrument = testbed.instrument(artefacts, job.topology());
        List<MetricNoise> known = floors.noise(instrument.accelerator(), instrument.clock(), job.topology(), p);
        MetricPolicy rules = MetricPolicy.forProfile(p, plan.alpha()).withLooks(plan.spending()).withOwnBoots();
        Resolved r = i.built().applied().resolved();
        Optional<List<MetricNoise>> filed = FirstUseCalibration.precedes(job)
                ? firstUse.ifFirst(new FirstUseCalibration.Use(job.base(), r.baseCommit(), p, job.topology(),
                        instrument, artefacts.base(), dir), known, estimator(rules, known, instrument, p))
                : Optional.empty();
        List<MetricNoise> noise = filed
                .map(f -> floors.noise(instrument.accelerator(), instrument.clock(), job.topology(), p))
                .orElse(known);
        ChangeEstimator estimator = estimator(rules, noise, instrument, p);
        return boot(i, artefacts, dir, journal, new Budget(plan.initialBoots(), plan.maxBoots()),
                new WhileOpen(plan, estimator))
                // The last look again: a comparison is a pure function of the samples.
                .then(b -> Step.next(new Measured(b, estimator.compare(b.run().samples()), plan, noise)));
    }

    /** The job's test: its rules over the floor the runner's noise makes, on the instrument's clock. */
    private static ChangeEstimator estimator(MetricPolicy rules, List<MetricNoise> noise, Instrument instrument,
            Profile p) {
        MetricPolicy policy = rules.withFloor(NoiseFloors.of(instrument.clock(), noise));
        return new ChangeEstimator(instrument.clock() == Clock.INSTRUCTIONS ? policy.onInstructionClock(p) : policy);
    }

    /**
     * Boots base and patched as planned, budget's pairs, more while more
     * wants them (a reply's rule, or a bisection's question); a failed boot
     * or gate stops the job without samples to judge.
     */
    public Step<Booted> boot(Imaged i, Path dir, JobJournal journal, Budget budget, MorePairs more)
            throws IOException {
        return boot(i, artefacts(i), dir, journal, budget, more);
    }

    private Step<Booted> boot(Imaged i, Artefacts artefacts, Path dir, JobJournal journal, Budget budget,
            MorePairs more) throws IOException {
        Job job = i.built().applied().resolved().job();
        journal.accelerator(testbed.instrument(artefacts, job.topology()));
        Measurement m = testbed.measure(artefacts, new MeasurePlan(job.topology(),
                Duration.ofSeconds(job.profile().bootTimeoutSeconds()), budget, more, dir), journal::booted);
        m.placement().ifPresent(c -> journal.topology(c.verified()));
        Booted booted = new Booted(i, m, name, qualifications.latest(name.name())
                .map(QualificationStore.Qualified::summary).orElse(""));
        RunResult run = m.run();
        if (run.failure().isPresent()) {
            return Step.stop(new Finding.InfrastructureFailed(run.failure().get(),
                    run.good().stream().anyMatch(b -> b.side() == Side.BASE)), booted);
        }
        if (!run.gateFailures().isEmpty()) {
            return Step.stop(new Finding.GateFailed(run.gateFailures(), run.baseFailedGate()), booted);
        }
        return Step.next(booted);
    }

    /** The two kernels and the guest image they share, by content (the shared files digested once). */
    private static Artefacts artefacts(Imaged i) throws IOException {
        Built b = i.built();
        Artefacts.Kernel base = Artefacts.Kernel.of(b.base().bzImage().orElseThrow(), i.guest().initrd(),
                i.guest().disk());
        return new Artefacts(base, base.withImage(b.patched().bzImage().orElseThrow()));
    }
}
