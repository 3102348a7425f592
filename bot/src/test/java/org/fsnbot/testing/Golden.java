package org.fsnbot.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reply texts held byte for byte against files under
 * src/test/resources/golden. The files were written from the code as it
 * was before a refactoring; -Dfsnbot.golden.write=true writes them anew
 * (only when a change of wording is intended, and then reviewed as a diff).
 */
public final class Golden {

    private Golden() {
    }

    private static Path dir() {
        return Repo.root().resolve("bot/src/test/resources/golden");
    }

    public static void check(String name, String actual) throws IOException {
        Path f = dir().resolve(name + ".txt");
        if (Boolean.getBoolean("fsnbot.golden.write")) {
            Files.createDirectories(f.getParent());
            Files.writeString(f, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(f).as("golden file %s (write with -Dfsnbot.golden.write=true)", f).exists();
        assertThat(actual).as("reply %s against %s", name, f).isEqualTo(Files.readString(f, StandardCharsets.UTF_8));
    }
}
