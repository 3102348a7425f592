package org.fsnbot.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.Significance;
import org.fsnbot.testing.Golden;
import org.junit.jupiter.api.Test;

/** The bisection mail and its subject, byte for byte, for fixed reports (see testing.Golden). */
class BisectReportGoldenTest {

    private final ReplyRenderer renderer = new ReplyRenderer();

    private static final BisectReport.Range RANGE = new BisectReport.Range("https://example.org/linux.git",
            "v6.12", "9f8e7d6c5b4a (\"fsnotify: tip\")", 8);
    private static final BisectReport.Setup TCG = new BisectReport.Setup("runner1 (tcg, runner1.example.org)",
            "TCG (a KVM guest did not boot: QEMU exited with an error)", "quick", "sockets=2,cores=1,nodes=2", true);

    /** The culprit against its parent: three boots a side of parent-modify-scale, clients 1 and 2. */
    private static String confirmationTable() {
        List<Sample> s = new ArrayList<>();
        MetricInfo info = new MetricInfo("Clients", "s", true);
        for (int boot = 0; boot < 3; boot++) {
            for (int c = 1; c <= 2; c++) {
                MetricKey k = new MetricKey("parent-modify-scale", "" + c, "avg_client_s");
                s.add(new Sample(Side.BASE, boot, 0, k, info, 0.29 * c + 0.01 * boot));
                s.add(new Sample(Side.PATCHED, boot, 0, k, info, 0.43 * c + 0.02 * boot));
            }
        }
        return ResultTables.verdictTables(new ChangeEstimator(new MetricPolicy(Map.of("parent-modify-scale",
                Set.of("avg_client_s")), Map.of(), Significance.ALPHA)).compare(s), List.of(), false);
    }

    @Test
    void aConfirmedCulpritUnderTcg() throws Exception {
        BisectReport r = new BisectReport(new BisectReport.Conclusion("culprit",
                "parent-modify-scale clients=1 avg_client_s", "+48.0%", "1a2b3c4d5e6f",
                "fsnotify: revalidate children's parent-watched flags on every parent event",
                "Ann Author <ann@example.org>", ""), RANGE, List.of(
                        new BisectReport.LogLine(1, "9f8e7d6c5b4a", "good end", "+48.2%", "[+39.1%, +57.9%]",
                                "changed", 6),
                        new BisectReport.LogLine(2, "0c0c0c0c0c0c", "good end", "+0.4%", "[-6.0%, +7.2%]", "good", 6),
                        new BisectReport.LogLine(3, "3e3e3e3e3e3e", "good end", "", "", "skipped", 0),
                        new BisectReport.LogLine(4, "4d4d4d4d4d4d", "good end", "+47.1%", "[+30.2%, +66.3%]", "bad",
                                10),
                        new BisectReport.LogLine(5, "1a2b3c4d5e6f", "0c0c0c0c0c0c", "+48.9%", "[+36.0%, +63.0%]",
                                "bad", 6)),
                confirmationTable(), List.of("fsnbot compare --tree https://example.org/linux.git 0c0c0c0c0c0c"
                        + " 1a2b3c4d5e6f --profile quick --topology sockets=2,cores=1,nodes=2",
                        "fsnbot bisect --tree https://example.org/linux.git v6.12 9f8e7d6c5b4a --workloads"
                                + " parent-modify-scale --profile quick --topology sockets=2,cores=1,nodes=2"), TCG);
        String body = renderer.bisect(r);
        ReplyRendererTest.assertMailWidth(body);
        Golden.check("bisect-culprit", renderer.bisectSubject(r) + "\n\n" + body);
    }

    @Test
    void anUnclearStepIsSaidNotGuessed() throws Exception {
        BisectReport r = new BisectReport(new BisectReport.Conclusion("unclear",
                "byte-write mode=parent ns_per_op", "+6.1%", "", "", "", "the step at 4d4d4d4d4d4d stayed unclear"
                        + " after its most boots, so the culprit is after 0c0c0c0c0c0c and up to 9f8e7d6c5b4a, not"
                        + " guessed"), RANGE, List.of(
                        new BisectReport.LogLine(1, "9f8e7d6c5b4a", "good end", "+6.1%", "[+3.9%, +8.4%]", "changed",
                                16),
                        new BisectReport.LogLine(2, "0c0c0c0c0c0c", "good end", "+0.9%", "[-1.2%, +2.9%]", "good",
                                10),
                        new BisectReport.LogLine(3, "4d4d4d4d4d4d", "good end", "+3.2%", "[+0.8%, +5.7%]", "unclear",
                                32)),
                "", List.of("fsnbot bisect --tree https://example.org/linux.git v6.12 9f8e7d6c5b4a --workloads"
                        + " byte-write --profile quick --topology sockets=2,cores=1,nodes=2"),
                new BisectReport.Setup("runner1 (2s-kvm, runner1.example.org)", "KVM", "quick",
                        "sockets=2,cores=1,nodes=2", false));
        String body = renderer.bisect(r);
        ReplyRendererTest.assertMailWidth(body);
        Golden.check("bisect-unclear", renderer.bisectSubject(r) + "\n\n" + body);
    }
}
