package org.fsnbot.image;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Copies a directory of resources bundled with fsnbot (from the jar, or
 * from target/classes when run from the source tree) onto disk.
 */
final class BundledFiles {

    private BundledFiles() {
    }

    static void copy(String resourceDir, Path into) throws IOException {
        URL url = BundledFiles.class.getResource("/" + resourceDir);
        if (url == null) {
            throw new IOException("bundled resources missing: " + resourceDir);
        }
        Files.createDirectories(into);
        if (url.getProtocol().equals("file")) {
            Path dir;
            try {
                dir = Path.of(url.toURI());
            } catch (URISyntaxException e) {
                throw new IOException(e);
            }
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(Files::isRegularFile).toList();
            }
            for (Path f : files) {
                Files.copy(f, into.resolve(f.getFileName().toString()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            return;
        }
        String jarPath = url.getPath().substring("file:".length(), url.getPath().indexOf('!'));
        try (JarFile jar = new JarFile(java.net.URLDecoder.decode(jarPath, java.nio.charset.StandardCharsets.UTF_8))) {
            List<JarEntry> entries = new ArrayList<>();
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                JarEntry je = e.nextElement();
                String name = je.getName();
                if (name.startsWith(resourceDir + "/") && !je.isDirectory()
                        && name.indexOf('/', resourceDir.length() + 1) < 0) {
                    entries.add(je);
                }
            }
            for (JarEntry je : entries) {
                try (InputStream in = jar.getInputStream(je)) {
                    Files.copy(in, into.resolve(je.getName().substring(resourceDir.length() + 1)),
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
