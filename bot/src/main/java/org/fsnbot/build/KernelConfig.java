package org.fsnbot.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The kconfig fragment merged over tinyconfig; its hash keys the build cache. */
public record KernelConfig(String fragment) {

    private static final Pattern SETTING = Pattern.compile("^(CONFIG_[A-Za-z0-9_]+)=(.*)$", Pattern.MULTILINE);

    public KernelConfig {
        if (fragment == null || !SETTING.matcher(fragment).find()) {
            throw new IllegalArgumentException("kconfig fragment has no CONFIG_ settings");
        }
    }

    public static KernelConfig builtin() throws IOException {
        try (InputStream in = KernelConfig.class.getResourceAsStream("/fsnbot/qemu-images/fsnotify.config")) {
            if (in == null) {
                throw new IOException("fsnotify.config missing from the jar");
            }
            return new KernelConfig(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * Names how fsnbot builds beside what it builds: a change to the build's
     * environment (BuildStep) makes different objects from the same
     * fragment, and objects of the old way must seed no build of the new.
     */
    static final String RECIPE = "fsnbot build recipe 3: fixed KBUILD_BUILD_*, absolute dependencies\n";

    /** The build cache's key: the fragment and the recipe. */
    public String hash() {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((RECIPE + fragment).getBytes(
                    StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Map<String, String> settings() {
        Map<String, String> m = new LinkedHashMap<>();
        Matcher matcher = SETTING.matcher(fragment);
        while (matcher.find()) {
            m.put(matcher.group(1), matcher.group(2).trim());
        }
        return m;
    }
}
