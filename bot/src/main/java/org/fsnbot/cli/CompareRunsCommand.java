package org.fsnbot.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fsnbot.job.RunsComparison;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.report.RunsReport;
import org.fsnbot.run.RunFile;
import org.fsnbot.stats.MetricComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `fsnbot compare-runs`: bare-metal runs a person made on two kernels
 * (each file one `fsnbot bench --host --out`), through the same stats
 * engine, tables, verdicts and exit codes as a reply; nothing is booted.
 */
@Command(name = "compare-runs", mixinStandardHelpOptions = true,
        description = "Compare runs made with `fsnbot bench --host --out FILE` on a base and a patched kernel with"
                + " the reply's statistics (each file's passes are that side's boots). Exit codes as test-patch.",
        footer = {"", "Exit codes:", "  " + ExitCodes.LIST_NO_REGRESSION, "  " + ExitCodes.LIST_REGRESSION,
            "  " + ExitCodes.LIST_BAD_INPUT, "  " + ExitCodes.LIST_INFRA})
public final class CompareRunsCommand implements Callable<Integer> {

    @Option(names = "--base", required = true, description = "A run file of the base kernel (repeat).")
    List<Path> base;

    @Option(names = "--patched", required = true, description = "A run file of the patched kernel (repeat).")
    List<Path> patched;

    @Option(names = "--json", description = "Also write the comparison as JSON here (fsnbot-runs/1).")
    Path json;

    @Override
    public Integer call() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        RunsComparison.Result r;
        try {
            r = new RunsComparison().compare(read(base, mapper), read(patched, mapper));
        } catch (IllegalArgumentException | IOException e) {
            throw BadInput.of(e);
        }
        if (r.report() == null) {
            System.out.println("The correctness gate failed, so there is no performance verdict:");
            r.gateFailures().forEach(g -> System.out.println("  " + g));
        } else {
            System.out.print(new ReplyRenderer().runs(r.report()));
        }
        if (json != null) {
            mapper.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), document(mapper, r));
        }
        return r.outcome().exitCode();
    }

    private static Map<Path, RunFile> read(List<Path> files, ObjectMapper mapper) throws IOException {
        Map<Path, RunFile> out = new LinkedHashMap<>();
        for (Path f : files) {
            BadInput.require(!out.containsKey(f), f + " is given twice on one side");
            out.put(f, RunFile.read(f, mapper));
        }
        return out;
    }

    private static ObjectNode document(ObjectMapper mapper, RunsComparison.Result r) {
        ObjectNode root = mapper.createObjectNode().put("schema", "fsnbot-runs/1")
                .put("outcome", r.outcome().word()).put("exitCode", r.outcome().exitCode());
        ArrayNode gate = root.putArray("gate");
        r.gateFailures().forEach(gate::add);
        ArrayNode metrics = root.putArray("metrics");
        if (r.report() != null) {
            root.put("verdict", r.report().measurement().comparison().overall().text());
            root.put("ciLevel", r.report().measurement().comparison().ciLabel());
            root.put("baseRuns", r.report().base().runs()).put("patchedRuns", r.report().patched().runs());
            RunsReport.Cautions c = r.report().cautions();
            ObjectNode cautions = root.putObject("cautions");
            ArrayNode injected = cautions.putArray("injected");
            c.injected().forEach(i -> injected.addObject().put("side", i.side()).put("runs", i.runs())
                    .put("files", i.files()).put("inject", i.what()));
            ArrayNode same = cautions.putArray("sameRuns");
            c.sameRuns().forEach(x -> same.addObject().put("side", x.side()).put("first", x.first())
                    .put("second", x.second()));
            cautions.putObject("flatRows").put("rows", c.flat().rows()).put("example", c.flat().example());
            for (MetricComparison m : r.report().measurement().comparison().metrics()) {
                ObjectNode n = metrics.addObject().put("workload", m.key().workload()).put("row", m.key().variant())
                        .put("metric", m.key().metric()).put("inVerdict", m.inVerdict());
                n.put("verdict", m.verdict().map(v -> v.text()).orElse(null));
                n.put("changePct", m.changePct()).put("ciLowPct", m.change().ciLowPct())
                        .put("ciHighPct", m.change().ciHighPct());
            }
        }
        return root;
    }
}
