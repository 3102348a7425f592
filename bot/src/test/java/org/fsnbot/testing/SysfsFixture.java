package org.fsnbot.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A recorded sysfs tree (bot/src/test/resources/sysfs/*.tree: one
 * "path TAB content" line per file) made into real files under a
 * directory, so HostTopology reads it as it reads /sys.
 */
public final class SysfsFixture {

    private SysfsFixture() {
    }

    /** Expands the named tree into dir/sys; returns dir/sys. */
    public static Path expand(String name, Path dir) throws IOException {
        Path sys = dir.resolve("sys");
        String text;
        try (InputStream in = SysfsFixture.class.getResourceAsStream("/sysfs/" + name + ".tree")) {
            if (in == null) {
                throw new IOException("no sysfs fixture " + name);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            Path f = sys.resolve(line.substring(0, tab));
            Files.createDirectories(f.getParent());
            Files.writeString(f, line.substring(tab + 1).replace("\\n", "\n") + "\n");
        }
        return sys;
    }
}
