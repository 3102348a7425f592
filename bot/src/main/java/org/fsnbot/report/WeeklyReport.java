package org.fsnbot.report;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a weekly trend report says, as values: the week, the change points
 * found in it with their tables and candidate commits, a trend line per
 * headline metric, what else fsnbot did, and where the pages are.
 * docs/trends.md.
 */
public record WeeklyReport(LocalDate weekStart, Scope scope, List<ChangeFinding> changes, List<TrendLine> trends,
        Activity activity, Optional<String> link) {

    /** How much was looked at: lines, series, points this week and in the window. */
    public record Scope(int lines, int series, int pointsThisWeek, int pointsInWindow, int windowWeeks) {
    }

    /**
     * One change point: the series it is in, the change with its interval,
     * the before/after table, the commit range between the two points
     * around it and the fsnotify commits in that range.
     */
    /**
     * A change point found this week: its table (the points either side),
     * and the step with its interval over every split the search looked at
     * (the table's own interval does not allow for the split having been
     * chosen for its size).
     */
    public record ChangeFinding(Series series, String direction, String table, String step, Range range,
            String chart) {
        public ChangeFinding {
            Objects.requireNonNull(series);
            Objects.requireNonNull(range);
        }
    }

    /** Where a change is: its commit range as text, how many commits it holds, and those that touch fsnotify. */
    public record Range(String text, int commits, List<Candidate> candidates) {
        public Range {
            Objects.requireNonNull(text);
            candidates = List.copyOf(candidates);
        }
    }

    /** A commit in a change point's range that touches fsnotify: its short id, subject and author. */
    public record Candidate(String commit, String subject, String author) {
    }

    /** A series' name: its line (tree and branch), the setup it was measured on, and the metric. */
    public record Series(String line, String setup, String metric) {
    }

    /** One headline metric over the window: a week per character, and the change first week to last. */
    public record TrendLine(Series series, String spark, String changePct, String chart) {
    }

    /** The week's patch tests, reruns served, infrastructure failures and each runner's noise. */
    public record Activity(List<PatchLine> patchTests, long reruns, List<String> failures, List<String> noise) {
        public Activity {
            patchTests = List.copyOf(patchTests);
            failures = List.copyOf(failures);
            noise = List.copyOf(noise);
        }
    }

    /** One patch test of the week. */
    public record PatchLine(String subject, String link, String result) {
    }

    public WeeklyReport {
        Objects.requireNonNull(weekStart);
        Objects.requireNonNull(scope);
        changes = List.copyOf(changes);
        trends = List.copyOf(trends);
        Objects.requireNonNull(activity);
        Objects.requireNonNull(link);
    }

    public LocalDate weekEnd() {
        return weekStart.plusDays(6);
    }

    public boolean nothingMeasured() {
        return scope.pointsThisWeek() == 0 && activity.patchTests().isEmpty() && activity.failures().isEmpty();
    }
}
