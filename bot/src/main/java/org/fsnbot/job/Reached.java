package org.fsnbot.job;

import org.fsnbot.report.JobFacts;

/** How far a job got: every phase result knows the facts a reply states at that point. */
public interface Reached {
    JobFacts facts(JobFacts.Run timing);
}
