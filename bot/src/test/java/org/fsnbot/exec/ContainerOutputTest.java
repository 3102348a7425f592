package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.StreamType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Docker ends a follow stream (and closes its callback) before the last
 * of a container's output at times; the catch-up read hands the rest over
 * after. It must reach the file, and nothing may reach it once the step
 * is finished.
 */
class ContainerOutputTest {

    private static Frame out(String s) {
        return new Frame(StreamType.STDOUT, s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void outputCaughtUpAfterDockerClosedTheStreamReachesTheFileAndNothingAfterTheStepEnds(@TempDir Path dir)
            throws Exception {
        Path f = dir.resolve("stdout");
        ContainerOutput o = ContainerOutput.toFile(OutputLimits.defaults(), f, 1 << 20);
        o.onNext(out("first "));
        o.onComplete();
        o.onNext(out("caught up"));
        o.finish();
        o.onNext(out(" too late"));
        assertThat(Files.readString(f)).isEqualTo("first caught up");
        assertThat(o.fileBytes()).isEqualTo("first caught up".length());
    }
}
