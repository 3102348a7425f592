package org.fsnbot.job;

import java.io.IOException;

/**
 * Whatever shows a finished job to people besides its reply (the site's
 * pages, pages.Site), told once the job's files are written. Showing it
 * cannot fail the job: a page that could not be made is logged.
 */
@FunctionalInterface
public interface JobPages {

    void written(long jobId) throws IOException;

    /** No pages (a command that writes none). */
    JobPages NONE = id -> { };
}
