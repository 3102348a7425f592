package org.fsnbot.job;

import org.fsnbot.build.BuildResult;
import org.fsnbot.run.BootRecord;
import org.fsnbot.store.JobStore;
import org.fsnbot.testbed.Instrument;

/** A job's journal in the store: its row, builds and boots, as they happen. */
final class StoreJournal implements JobJournal {

    private final JobStore jobs;
    private final long jobId;
    private final RunnerName runner;

    /** Files the job under runner at once: a runner that dies mid-build has its job found by name. */
    StoreJournal(JobStore jobs, long jobId, RunnerName runner) {
        this.jobs = jobs;
        this.jobId = jobId;
        this.runner = runner;
        jobs.setRunner(jobId, runner.name());
    }

    @Override
    public void applied(String baseCommit, String patchedCommit) {
        jobs.setCommits(jobId, baseCommit, patchedCommit);
    }

    @Override
    public void built(BuildResult b) {
        jobs.saveBuild(jobId, b);
    }

    @Override
    public void accelerator(Instrument d) {
        jobs.setAccelerator(jobId, d.accelerator(), d.reason(), d.clock().word(), runner.name());
    }

    @Override
    public void booted(BootRecord b) {
        jobs.saveBoot(jobId, b);
    }

    @Override
    public void topology(boolean verified) {
        jobs.setTopologyVerified(jobId, verified);
    }
}
