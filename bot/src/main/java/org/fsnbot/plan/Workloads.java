package org.fsnbot.plan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The workloads fsnbot can run: the binaries the bundled workloads/Makefile
 * builds (its WORKLOADS line, the one list the image and the host runner
 * build from). A profile that names anything else is refused when it is
 * loaded, before a kernel is built for it.
 */
public final class Workloads {

    private Workloads() {
    }

    /** Every workload binary's name, as the Makefile lists them. */
    public static List<String> available() {
        try (InputStream in = Workloads.class.getResourceAsStream("/fsnbot/workloads/Makefile")) {
            if (in == null) {
                throw new IllegalStateException("the workloads' Makefile is not bundled with fsnbot");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("WORKLOADS :=")) {
                    return Arrays.stream(line.substring("WORKLOADS :=".length()).trim().split("\\s+")).toList();
                }
            }
            throw new IllegalStateException("the workloads' Makefile has no WORKLOADS line");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Refuses a name fsnbot has no workload of, saying which it has and which was likely meant. */
    public static void check(String name, String where) {
        List<String> known = available();
        if (!known.contains(name)) {
            throw new IllegalArgumentException(where + " names workload '" + name + "', which fsnbot does not have"
                    + NearestName.hint(name, known) + "; it has " + String.join(", ", known));
        }
    }
}
