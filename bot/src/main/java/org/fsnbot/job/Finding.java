package org.fsnbot.job;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.Measurement;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.Verdict;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.run.BootRecord;

/**
 * What a job found, which decides the kind of reply: a report with a
 * verdict, or one of the ways a job ends without one. Only a complete,
 * clean run makes a report.
 */
public sealed interface Finding {

    ReplyKind kind();

    /** What the job means to a CI script (its exit-code class). */
    Outcome outcome();

    /** The reply's body, from its template. */
    String render(ReplyRenderer renderer, JobFacts facts);

    /** One line for the job's and the queue's record. */
    String detail();

    default Optional<Verdict> verdict() {
        return Optional.empty();
    }

    /** The comparison a measured job made; empty when it measured nothing. */
    default Optional<Comparison> comparison() {
        return Optional.empty();
    }

    /** Found nothing to tell the author: such replies stay in the outbox unless someone asked. */
    default boolean nothingFound() {
        return false;
    }

    /** The measurement and its verdict. */
    record Report(Measurement measurement) implements Finding {
        public Report {
            Objects.requireNonNull(measurement);
        }

        @Override
        public ReplyKind kind() {
            return ReplyKind.REPORT;
        }

        @Override
        public Outcome outcome() {
            return measurement.comparison().overall() == Verdict.REGRESSION ? Outcome.REGRESSION
                    : Outcome.NO_REGRESSION;
        }

        @Override
        public String render(ReplyRenderer renderer, JobFacts facts) {
            return renderer.report(facts, measurement);
        }

        @Override
        public String detail() {
            return measurement.comparison().overall().text();
        }

        @Override
        public Optional<Verdict> verdict() {
            return Optional.of(measurement.comparison().overall());
        }

        @Override
        public Optional<Comparison> comparison() {
            return Optional.of(measurement.comparison());
        }

        @Override
        public boolean nothingFound() {
            Verdict v = measurement.comparison().overall();
            return v != Verdict.REGRESSION && v != Verdict.IMPROVEMENT;
        }
    }

    /** The candidate does not apply to the base. */
    record DoesNotApply(ApplyResult apply) implements Finding {
        @Override
        public ReplyKind kind() {
            return ReplyKind.DOES_NOT_APPLY;
        }

        @Override
        public Outcome outcome() {
            return Outcome.CANDIDATE_BROKEN;
        }

        @Override
        public String render(ReplyRenderer renderer, JobFacts facts) {
            return renderer.doesNotApply(facts, apply);
        }

        @Override
        public String detail() {
            return "does not apply at " + apply.failedAt().orElse("?");
        }
    }

    /** A kernel (base or patched) did not build. */
    record BuildFailed(BuildResult build) implements Finding {
        @Override
        public ReplyKind kind() {
            return ReplyKind.BUILD_FAILURE;
        }

        @Override
        public Outcome outcome() {
            return Outcome.CANDIDATE_BROKEN;
        }

        @Override
        public String render(ReplyRenderer renderer, JobFacts facts) {
            return renderer.buildFailure(facts, build);
        }

        @Override
        public String detail() {
            return build.label() + " build failed";
        }
    }

    /**
     * A kernel lost or garbled events: it is not measured. baseFailed: the
     * base kernel did too, so the events lost say nothing against the
     * candidate (its outcome is then no verdict, not a regression).
     */
    record GateFailed(List<String> failures, boolean baseFailed) implements Finding {
        public GateFailed {
            failures = List.copyOf(failures);
            if (failures.isEmpty()) {
                throw new IllegalArgumentException("a gate failure names its failed checks");
            }
        }

        @Override
        public ReplyKind kind() {
            return ReplyKind.GATE_FAILURE;
        }

        @Override
        public Outcome outcome() {
            return baseFailed ? Outcome.INFRASTRUCTURE : Outcome.REGRESSION;
        }

        @Override
        public String render(ReplyRenderer renderer, JobFacts facts) {
            return renderer.gateFailure(facts, failures);
        }

        @Override
        public String detail() {
            return "gate failed: " + failures.get(0);
        }
    }

    /**
     * A boot failed twice (panic, hang, QEMU exit, garbled results), or the
     * runner stayed busy through every try: ours to fix, never a verdict.
     * The reply says it from the last boot's record (templates/), and
     * whether a base kernel booted well in the job (then a failure of the
     * patched one alone points at the patch).
     */
    record InfrastructureFailed(BootRecord last, boolean baseBooted) implements Finding {
        public InfrastructureFailed {
            Objects.requireNonNull(last);
        }

        public BootOutcome boot() {
            return last.outcome();
        }
        @Override
        public ReplyKind kind() {
            return ReplyKind.INFRASTRUCTURE_FAILURE;
        }

        @Override
        public Outcome outcome() {
            return Outcome.INFRASTRUCTURE;
        }

        @Override
        public String render(ReplyRenderer renderer, JobFacts facts) {
            return renderer.infrastructureFailure(facts, last, baseBooted);
        }

        /** For the store's record and the weekly activity: the boot, what it ended as, and why. */
        @Override
        public String detail() {
            String evidence = last.outcome().evidence();
            return "boot " + last.outcome().bootId() + " (try " + last.attempt() + "): " + last.outcome().status()
                    .name().toLowerCase(Locale.ROOT).replace('_', ' ') + (evidence.isEmpty() ? "" : ": " + evidence);
        }

        @Override
        public boolean nothingFound() {
            return true;
        }
    }
}
