package org.fsnbot.exec;

import org.slf4j.MDC;

/**
 * Which unit of work and which job a log line belongs to, on every line
 * logged while they run (logback's pattern prints both): an operator
 * reading one runner's log at 3 a.m. can pick one job's lines out of many.
 * The values carry their own leading space so that a line outside any
 * job prints nothing extra.
 */
public final class LogContext {

    private LogContext() {
    }

    /** The queued unit (work id) until closed. */
    public static MDC.MDCCloseable unit(long workId) {
        return MDC.putCloseable("unit", " unit " + workId);
    }

    /** The job until closed. */
    public static MDC.MDCCloseable job(long jobId) {
        return MDC.putCloseable("job", " job " + jobId);
    }
}
