package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.report.Measurement;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.report.ReplyRendererTestAccess;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.testing.SchemaCheck;
import org.junit.jupiter.api.Test;

/** The result JSON against docs/result.schema.json, and the schema against documents that break it. */
class ResultDocumentTest {

    private final ObjectMapper json = new ObjectMapper();
    private final ResultDocument doc = new ResultDocument(json, new ReplyRenderer());

    private ObjectNode report() {
        return doc.of(ReplyRendererTestAccess.facts(), new Finding.Report(new Measurement(
                ReplyRendererTestAccess.comparison(), 3, new AdaptiveSampling(3, 3, 0.05), 0, List.of(), List.of())));
    }

    @Test
    void aReportAndAFailureEachMatchTheSchema() throws Exception {
        SchemaCheck schema = SchemaCheck.docs("result.schema.json");
        ObjectNode r = report();
        assertThat(schema.errors(r)).isEmpty();
        assertThat(r.get("outcome").asText()).isEqualTo("regression");
        assertThat(r.get("exitCode").asInt()).isEqualTo(1);
        assertThat(r.get("metrics").size()).isGreaterThan(4);
        ObjectNode failed = doc.of(ReplyRendererTestAccess.facts(), new Finding.DoesNotApply(new ApplyResult(
                Optional.empty(), Optional.of("0001 x"), Optional.of("fs/notify/fsnotify.c:256"), List.of())));
        assertThat(schema.errors(failed)).isEmpty();
        assertThat(failed.get("exitCode").asInt()).isEqualTo(3);
        assertThat(failed.get("verdict").isNull()).isTrue();
    }

    @Test
    void theSchemaRefusesWhatBreaksIt() throws Exception {
        SchemaCheck schema = SchemaCheck.docs("result.schema.json");
        ObjectNode missing = report();
        missing.remove("facts");
        ObjectNode wrongType = report();
        ((ObjectNode) wrongType.get("metrics").get(0)).put("changePct", "+5%");
        ObjectNode verdictWithoutReport = doc.of(ReplyRendererTestAccess.facts(), new Finding.InfrastructureFailed(
                new BootRecord(Side.BASE, 0, 2, new BootOutcome("base-1-try2", BootStatus.PANIC, "TCG", 1, List.of(),
                        new BootOutcome.Console(Path.of("/tmp/c"), List.of()), "Kernel panic - not syncing: x"), BootResults.NONE), false));
        verdictWithoutReport.put("verdict", "regression");
        ObjectNode unknownField = report();
        unknownField.put("color", "red");
        for (ObjectNode broken : List.of(missing, wrongType, verdictWithoutReport, unknownField)) {
            assertThat(schema.errors(broken)).as(broken.toString().substring(0, 60)).isNotEmpty();
        }
    }
}
