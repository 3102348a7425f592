package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.run.HostRunner;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.testing.SchemaCheck;
import org.junit.jupiter.api.Test;

/** bench --host --json: the summary a CI job reads, in docs/result.schema.json's fsnbot-bench/1. */
class BenchJsonTest {

    @Test
    void theHostSummaryMatchesTheSchema() throws Exception {
        List<Sample> s = new ArrayList<>();
        MetricKey k = new MetricKey("byte-write", "parent", "ns_per_op");
        for (int pass = 0; pass < 3; pass++) {
            s.add(new Sample(Side.BASE, pass, 0, k, new MetricInfo("mode", "ns", true), 930 + pass));
        }
        s.add(new Sample(Side.BASE, 0, 0, new MetricKey("byte-write", "none", "ns_per_op"),
                new MetricInfo("mode", "ns", true), 250));
        ObjectNode doc = BenchCommand.summary(new ObjectMapper(), new HostRunner.HostResult(s, List.of(),
                List.of("iouring-peak polled: no block device"), List.of()), "6.1.0-28-amd64", "quick",
                org.fsnbot.report.ReplyRendererTestAccess.VERSIONS);
        SchemaCheck schema = SchemaCheck.docs("result.schema.json");
        assertThat(schema.errors(doc)).isEmpty();
        assertThat(doc.get("rows")).hasSize(2);
        for (var row : doc.get("rows")) {
            boolean parent = row.get("row").asText().equals("parent");
            assertThat(row.get("n").asInt()).isEqualTo(parent ? 3 : 1);
            assertThat(row.get("cvPct").isNull()).as("one value has no CV").isEqualTo(!parent);
        }
        doc.remove("kernel");
        assertThat(schema.errors(doc)).isNotEmpty();
    }
}
