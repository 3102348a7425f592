package org.fsnbot.trend;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.report.WeeklyReport;

/**
 * Puts a change point on commits: the range between the last point before
 * it and the first after it, and the commits in that range that touch the
 * fsnotify paths of MAINTAINERS (by subject and author). A change between
 * two points of the same commit is the runner's, not the kernel's.
 */
final class ChangeAttribution {

    /** The range "before..after", how many commits it holds and the fsnotify ones. */
    private final Trees trees;
    private final TreeWatcher watcher;

    ChangeAttribution(Trees trees, TreeWatcher watcher) {
        this.trees = trees;
        this.watcher = watcher;
    }

    WeeklyReport.Range of(String line, String before, String after) {
        String text = before.substring(0, 12) + ".." + after.substring(0, 12);
        if (before.equals(after)) {
            return new WeeklyReport.Range(text, 0, List.of());
        }
        try {
            TreeWatcher.Scan scan = watcher.scan(trees.local(tree(line)), after, before);
            List<WeeklyReport.Candidate> out = new ArrayList<>();
            for (TreeWatcher.NewCommit c : scan.touchingFsnotify()) {
                out.add(new WeeklyReport.Candidate(c.id().substring(0, 12), c.subject(), c.author()));
            }
            return new WeeklyReport.Range(text, scan.commits().size(), out);
        } catch (IOException | RuntimeException e) {
            return new WeeklyReport.Range(text, 0, List.of(new WeeklyReport.Candidate("?", "commits not read: " + e.getMessage(),
                    "")));
        }
    }

    /** A line is "tree branch"; a tree (a URL or a path) has no spaces. */
    static String tree(String line) {
        int sp = line.lastIndexOf(' ');
        return sp < 0 ? line : line.substring(0, sp);
    }
}
