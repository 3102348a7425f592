package org.fsnbot.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.fsnbot.report.TextTable;
import org.fsnbot.stats.FsnbotRule;
import org.fsnbot.stats.NoiseModel;
import org.fsnbot.stats.Significance;
import org.fsnbot.stats.VerdictSimulation;

/**
 * A/A false alarms per report at a fixed number of boots a side, from a
 * few to the full profile's most, uncalibrated: more boots must never
 * raise them. Wild boots are judged from JudgedLogs.ROBUST_BOOTS on, so
 * the columns either side of it show what that judging costs under modes.
 */
record FixedBootsTable(List<NoiseModel> models, int metrics, int trials, long seed) {

    static final int[] BOOTS = {5, 10, 11, 12, 14, 16, 20};

    String render() {
        List<String> header = new ArrayList<>(List.of("noise (every metric of a " + metrics + "-metric report)"));
        for (int b : BOOTS) {
            header.add(b + " boots");
        }
        TextTable t = new TextTable(header, 1);
        FsnbotRule rule = new FsnbotRule(Significance.ALPHA, Significance.MIN_EFFECT_PCT);
        for (NoiseModel model : models) {
            VerdictSimulation sim = new VerdictSimulation(Collections.nCopies(metrics, model), trials, seed);
            List<String> row = new ArrayList<>(List.of(model.name()));
            for (int b : BOOTS) {
                row.add(String.format(Locale.ROOT, "%.1f%%", 100 * sim.falseAlarmsPerReport(rule, b)));
            }
            t.row(row);
        }
        return String.format(Locale.ROOT, "A/A false alarms per report at fixed boots a side, uncalibrated, %d"
                + " reports per setting:%n%n", trials) + t.render("  ");
    }
}
