package org.fsnbot.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFileTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    private RunFile run() {
        RunFile.Header h = RunFile.Header.of("{\"name\":\"bw\",\"workloads\":[]}", "0123456789ab", "6.12.0",
                "host", "", new RunFile.Origin("7c1e0d5a-run", "boot-1", "2026-12-07T21:40:00Z"));
        return new RunFile(h, List.of(
                List.of("{\"type\":\"result\",\"workload\":\"byte-write\",\"value\":1}"),
                List.of("{\"type\":\"result\",\"workload\":\"byte-write\",\"value\":2}", "{\"type\":\"exit\"}")));
    }

    /** What Python's json.dumps writes by default: a space after every ':' and ','. */
    private static String spaced(String line) {
        return line.replace("\":", "\": ").replace(",\"", ", \"");
    }

    @Test
    void aRunFileReadsBackAsWritten() throws Exception {
        Path f = Files.write(tmp.resolve("r.jsonl"), run().lines(json));
        RunFile back = RunFile.read(f, json);
        assertThat(back.header()).isEqualTo(run().header());
        assertThat(back.passes()).isEqualTo(run().passes());
    }

    @Test
    void aRunFileWrittenWithJsonSpacesIsTheSameRun() throws Exception {
        List<String> lines = run().lines(json).stream().map(RunFileTest::spaced).toList();
        assertThat(lines.get(1)).isEqualTo("{\"type\": \"pass\", \"pass\": 1}");
        RunFile back = RunFile.read(Files.write(tmp.resolve("spaced.jsonl"), lines), json);
        assertThat(back.header().profileHash()).isEqualTo(run().header().profileHash());
        assertThat(back.passes()).hasSize(2);
        assertThat(back.passes().get(1)).hasSize(2);
    }

    @Test
    void aRunFileOfAnOlderFsnbotIsOfUnknownOrigin() throws Exception {
        List<String> lines = new java.util.ArrayList<>(run().lines(json));
        lines.set(0, lines.get(0).replaceAll(",\"(run|boot_id|started)\":\"[^\"]*\"", ""));
        RunFile back = RunFile.read(Files.write(tmp.resolve("older.jsonl"), lines), json);
        assertThat(back.header().origin()).isEqualTo(RunFile.Origin.UNKNOWN);
        assertThat(back.header().origin().known()).isFalse();
        assertThat(run().header().origin().known()).isTrue();
    }

    @Test
    void aLineThatIsNotJsonIsNamedByItsNumber() throws Exception {
        List<String> lines = new java.util.ArrayList<>(run().lines(json));
        lines.add(2, "not json");
        Path f = Files.write(tmp.resolve("bad.jsonl"), lines);
        assertThatThrownBy(() -> RunFile.read(f, json)).hasMessageContaining("line 3: not JSON");
    }
}
