package org.fsnbot.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadBinariesTest {

    /**
     * Fsnbot processes on one home at their first job (a test-patch beside
     * a run, two test lanes): four builds at once, three times over.
     */
    @Test
    void buildsAtOnceInOneCacheAllEndWithTheSameWholeBinaries(@TempDir Path tmp) throws Exception {
        ExecutorService four = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 3; round++) {
                Path cache = tmp.resolve("cache-" + round);
                List<Future<Path>> builds = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    builds.add(four.submit(() -> new WorkloadBinaries(cache, new CommandRunner()).build()));
                }
                Path first = builds.get(0).get();
                for (Future<Path> b : builds) {
                    assertThat(b.get()).isEqualTo(first);
                }
                try (Stream<Path> bins = Files.list(first)) {
                    assertThat(bins.toList()).as("the workloads' binaries").hasSizeGreaterThanOrEqualTo(5)
                            .allSatisfy(b -> assertThat(Files.isExecutable(b)).as("%s", b).isTrue());
                }
                try (Stream<Path> left = Files.list(first.getParent().getParent())) {
                    assertThat(left.toList()).as("one directory, no half-made one beside it").hasSize(1);
                }
            }
        } finally {
            four.shutdownNow();
        }
    }
}
