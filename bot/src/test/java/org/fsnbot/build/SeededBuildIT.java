package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.testing.FsnotifyCommits;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.Sandboxes;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build seeded from another commit's objects is the build of its own
 * commit: the same vmlinux, byte for byte, as the clean build, and a
 * change compiles what depends on it and nothing else. The base kernel
 * here is the test home's shared one (its one cold build on an empty
 * home); the other two builds start from objects of another commit.
 */
@Tag("e2e")
class SeededBuildIT {

    /** A header five objects of the configuration include (fs/notify's own). */
    private static final String HEADER = "fs/notify/fsnotify.h";
    private static final Pattern CC = Pattern.compile("^\\s+CC\\s+(\\S+\\.o)$");
    /** What Kbuild compiles at every link of a changed vmlinux, whatever changed (the version stamp, the boot code). */
    private static final Set<String> EVERY_LINK = Set.of("init/version-timestamp.o", "arch/x86/boot/version.o",
            "arch/x86/boot/compressed/misc.o");

    private final CommandRunner run = new CommandRunner();

    @Test
    void aBaseBuiltFromAnotherCommitsObjectsIsByteForByteItsCleanBuildAndAHeaderRebuildsOnlyItsIncluders(
            @TempDir Path tmp) throws Exception {
        Sandbox sandbox = Sandboxes.bwrap("seeded-build-it");
        KernelConfig config = KernelConfig.builtin();
        Path home = KernelFixture.home();
        KernelBuilder builder = new KernelBuilder(home, run, sandbox);
        Checkouts checkouts = new Checkouts(home, run);
        FsnotifyCommits commits = FsnotifyCommits.in("seeded-tree.git", "fsnbot-seeded-index");
        String base = commits.base();
        BuildResult clean = SharedKernel.build();
        BuildDir cleanDir = new BuildDir(builder.buildDir(base, config, "base"));
        assertThat(clean.ok()).isTrue();
        assertThat(compiled(cleanDir.log())).as("the shared base's objects: a clean build's (its log, whether"
                + " built now or reused)").hasSizeGreaterThan(1000);

        // Another commit: the example patch (code in fs/notify/fsnotify.c) and a header of fs/notify's changed.
        String patched = commits.patch(base, Repo.exampleMbox(), "fsnotify: revalidate children (seeded)",
                "2026-11-20T00:00:00Z");
        String other = commits.comment(patched, HEADER, "fsnotify: a note in the header (seeded)",
                "2026-11-21T00:00:00Z");
        BuildResult seeded = base(builder, checkouts, commits.repo(), other, config);
        Set<String> includers = includers(cleanDir.obj(), HEADER);
        assertThat(includers).as("objects whose saved dependencies name %s", HEADER).hasSizeGreaterThanOrEqualTo(3)
                .contains("fs/notify/fsnotify.o");
        assertThat(seeded.ok()).isTrue();
        // Its log, whether built now or reused: the make that built it from the base's objects.
        BuildDir otherDir = new BuildDir(builder.buildDir(other, config, "base"));
        assertOnly(compiled(otherDir.log()), includers, "what the header and fsnotify.c change reach, no more");

        // The base again, in a cache of its own whose only build is the other commit's: from its objects.
        Path elsewhere = tmp.resolve("cache");
        Path copy = KernelBuilder.builds(elsewhere).resolve(otherDir.dir().getParent().getFileName()).resolve("base");
        Files.createDirectories(copy.getParent());
        run.check(List.of("cp", "-a", otherDir.dir().toString(), copy.toString()), null, Duration.ofMinutes(10));
        KernelBuilder second = new KernelBuilder(elsewhere, run, sandbox);
        BuildResult again = base(second, new Checkouts(elsewhere, run), KernelFixture.tree(), base, config);

        assertThat(again.cost().reused()).isFalse();
        assertOnly(compiled(again.log()), includers, "built from the other commit's objects");
        Path vmlinux = new BuildDir(second.buildDir(base, config, "base")).obj().resolve("vmlinux");
        assertThat(Files.mismatch(vmlinux, cleanDir.obj().resolve("vmlinux"))).as("%s against the clean build's",
                vmlinux).isEqualTo(-1L);
        assertThat(Files.mismatch(vmlinux, otherDir.obj().resolve("vmlinux"))).as("the other commit's kernel differs")
                .isNotEqualTo(-1L);
    }

    /** compiled holds every one of expected, and nothing else but what every link compiles. */
    private static void assertOnly(Set<String> compiled, Set<String> expected, String what) {
        assertThat(compiled).as(what).containsAll(expected);
        Set<String> more = new TreeSet<>(compiled);
        more.removeAll(expected);
        assertThat(more).as(what).isSubsetOf(EVERY_LINK);
    }

    private static BuildResult base(KernelBuilder builder, Checkouts checkouts, Path repo, String commit,
            KernelConfig config) throws Exception {
        Path checkout = checkouts.at(repo, commit);
        BuildResult r = builder.buildBase(checkout, commit, config, KernelBuilder.Code.TRUSTED);
        assertThat(r.ok()).as("%s: %s", commit, r.errorLines()).isTrue();
        assertThat(checkouts.keepIfClean(commit)).isTrue();
        return r;
    }

    /** The kernel objects a build's log says it compiled. */
    private static Set<String> compiled(Path log) throws Exception {
        Set<String> out = new TreeSet<>();
        for (String line : Files.readAllLines(log)) {
            Matcher m = CC.matcher(line);
            if (m.find() && !m.group(1).startsWith("/")) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The objects under obj whose saved command (Kbuild's .NAME.o.cmd) lists header among their dependencies. */
    private static Set<String> includers(Path obj, String header) throws Exception {
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.walk(obj)) {
            for (Path cmd : files.filter(p -> p.getFileName().toString().matches("\\..+\\.o\\.cmd")).toList()) {
                // A dependency may be named through ".." (fanotify/../fsnotify.h): compared normalized.
                boolean names = false;
                for (String word : Files.readString(cmd).split("\\s+")) {
                    names |= word.endsWith(Path.of(header).getFileName().toString())
                            && Path.of(word).normalize().endsWith(Path.of(header));
                }
                if (names) {
                    String name = cmd.getFileName().toString();
                    out.add(obj.relativize(cmd.resolveSibling(name.substring(1, name.length() - ".cmd".length())))
                            .toString());
                }
            }
        }
        return out;
    }
}
