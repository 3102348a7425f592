package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildSeedsTest {

    private final CommandRunner run = new CommandRunner();

    private String git(Path dir, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        return run.check(cmd, dir, Duration.ofMinutes(1)).outputText().strip();
    }

    private String commit(Path repo, String file, String text) throws Exception {
        Files.createDirectories(repo.resolve(file).getParent());
        Files.writeString(repo.resolve(file), text);
        git(repo, "add", file);
        git(repo, "commit", "-q", "-m", file);
        return git(repo, "rev-parse", "HEAD");
    }

    /** A new git tree under tmp whose first commit holds a Makefile. */
    private Path repo(Path tmp) throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("linux"));
        git(repo, "init", "-q");
        commit(repo, "Makefile", "all:\n");
        return repo;
    }

    /** A built base directory of commit under root, trusted or not, its marker dated secondsAgo, built from src. */
    private BuildDir built(Path root, String commit, String hash, boolean trusted, long secondsAgo, Path src)
            throws Exception {
        BuildDir base = new BuildDir(root.resolve(commit + "-" + hash).resolve("base"));
        Path obj = base.obj();
        Files.createDirectories(obj.resolve("fs/notify"));
        Files.writeString(obj.resolve("fs/notify/fsnotify.o"), "object of " + commit);
        Files.writeString(obj.resolve("fs/notify/.fsnotify.o.cmd"), "savedcmd_fs/notify/fsnotify.o := gcc -I" + src
                + "/include -c -o fs/notify/fsnotify.o " + src + "/fs/notify/fsnotify.c\n");
        Files.createSymbolicLink(obj.resolve("source"), src);
        Files.createDirectories(obj.resolve("tools/objtool"));
        Files.writeString(obj.resolve("tools/objtool/.weak.o.cmd"), "deps_" + obj + "/tools/objtool/weak.o := "
                + obj + "/tools/objtool/weak.d\n");
        Files.writeString(base.configHash(), hash + "\n");
        Files.writeString(base.built(), commit + "\n");
        if (trusted) {
            Files.writeString(base.trusted(), "");
        }
        Files.setLastModifiedTime(base.built(), FileTime.fromMillis(System.currentTimeMillis() - secondsAgo * 1000));
        return base;
    }

    /** A checkout of repo at commit in dir, its files dated long ago as if the objects were built after them. */
    private Path checkout(Path repo, String commit, Path dir) throws Exception {
        git(repo.getParent(), "clone", "-q", "--shared", repo.toString(), dir.toString());
        git(dir, "checkout", "-q", "--detach", commit);
        for (String f : List.of("Makefile", "fs/notify/fsnotify.c", "fs/notify/mark.c")) {
            if (Files.exists(dir.resolve(f))) {
                Files.setLastModifiedTime(dir.resolve(f), FileTime.fromMillis(1_000_000));
            }
        }
        return dir;
    }

    @Test
    void aNewBaseStartsFromTheTrustedBuildThatDiffersInFewestFilesAndIsRebuiltWhereItDiffers(@TempDir Path tmp)
            throws Exception {
        Path repo = repo(tmp);
        String c0 = git(repo, "rev-parse", "HEAD");
        String c1 = commit(repo, "fs/notify/fsnotify.c", "int a;\n");
        String c2 = commit(repo, "fs/notify/mark.c", "int b;\n");
        String c3 = commit(repo, "fs/notify/fsnotify.c", "int a, c;\n");
        Path src1 = checkout(repo, c1, tmp.resolve("src/" + c1));
        Path src0 = checkout(repo, c0, tmp.resolve("src/" + c0));
        Path src2 = checkout(repo, c2, tmp.resolve("src/" + c2));
        Path root = tmp.resolve("build");
        built(root, c0, "cfg1", true, 30, src0);
        BuildDir nearUntrusted = built(root, c2, "cfg1", false, 10, src2);
        BuildDir near = built(root, c1, "cfg1", true, 20, src1);
        built(root, c2, "cfg2", true, 5, src2);
        BuildSeeds seeds = new BuildSeeds(root, run);
        Path src3 = tmp.resolve("src/" + c3);
        git(tmp, "clone", "-q", "--shared", repo.toString(), src3.toString());
        git(src3, "checkout", "-q", "--detach", c3);
        BuildDir target = new BuildDir(root.resolve(c3 + "-cfg1").resolve("base"));
        Path obj = Files.createDirectories(target.obj());

        Optional<BuildSeeds.Seed> seed = seeds.nearest(src3, c3, "cfg1", target);
        assertThat(seed).isPresent();
        assertThat(seed.get().build()).as("c2 is nearer but was built from untrusted code; c2 of cfg2 is another config")
                .isEqualTo(near).isNotEqualTo(nearUntrusted);
        assertThat(seed.get().changed()).containsExactlyInAnyOrder("fs/notify/fsnotify.c", "fs/notify/mark.c");

        FileTime cmdTime = Files.getLastModifiedTime(near.obj().resolve("fs/notify/.fsnotify.o.cmd"));
        seeds.plant(seed.get(), src3, obj, target);
        assertThat(obj.resolve("fs/notify/fsnotify.o")).hasContent("object of " + c1);
        assertThat(target.built()).as("a seed is not a build of the new commit").doesNotExist();
        assertThat(target.trusted()).doesNotExist();
        assertThat(target.configHash()).as("the seed's configuration comes with its objects").hasContent("cfg1\n");
        assertThat(obj.resolve("source")).as("make links its own").doesNotExist();
        assertThat(obj.resolve("fs/notify/.fsnotify.o.cmd")).as("the saved command names the new checkout")
                .content().contains("-I" + src3 + "/include").doesNotContain(src1.toString());
        assertThat(Files.getLastModifiedTime(obj.resolve("fs/notify/.fsnotify.o.cmd"))).isEqualTo(cmdTime);
        assertThat(obj.resolve("tools/objtool/.weak.o.cmd")).as("host tools' saved dependencies name the new objects")
                .content().contains(target.obj() + "/tools/objtool/weak.d").doesNotContain(near.obj().toString());
        FileTime objects = Files.getLastModifiedTime(obj.resolve("fs/notify/fsnotify.o"));
        assertThat(Files.getLastModifiedTime(src3.resolve("Makefile"))).as("shared: the seed checkout's mtime")
                .isEqualTo(FileTime.fromMillis(1_000_000));
        assertThat(Files.getLastModifiedTime(src3.resolve("fs/notify/mark.c"))).isGreaterThan(objects);
        assertThat(Files.getLastModifiedTime(src3.resolve("fs/notify/fsnotify.c"))).isGreaterThan(objects);
        // The next job's checkout of another commit rewrites only what differs (make would rebuild the rest).
        git(src3, "checkout", "-q", "--detach", "-f", c2);
        assertThat(Files.getLastModifiedTime(src3.resolve("Makefile"))).isEqualTo(FileTime.fromMillis(1_000_000));
        assertThat(near.built()).as("the seed itself is untouched").exists();
        assertThat(near.obj().resolve("fs/notify/.fsnotify.o.cmd")).content().contains(src1.toString());
    }

    @Test
    void aSeedFromAnotherTreeServesABaseWhoseCheckoutHasNeverSeenItsCommit(@TempDir Path tmp) throws Exception {
        Path mainline = repo(tmp);
        String c0 = git(mainline, "rev-parse", "HEAD");
        Path other = tmp.resolve("other.git");
        git(tmp, "clone", "-q", "--bare", "--shared", mainline.toString(), other.toString());
        Path work = tmp.resolve("other-work");
        git(tmp, "clone", "-q", "--shared", other.toString(), work.toString());
        String onlyThere = commit(work, "fs/notify/mark.c", "int b;\n");
        git(work, "push", "-q", "origin", "HEAD:refs/heads/only-there");
        Path root = tmp.resolve("build");
        BuildDir seedBuild = built(root, onlyThere, "cfg1", true, 10, checkout(other, onlyThere,
                tmp.resolve("src/" + onlyThere)));
        Path src0 = checkout(mainline, c0, tmp.resolve("src/" + c0));
        assertThat(run.run(List.of("git", "cat-file", "-e", onlyThere + "^{commit}"), src0, Duration.ofMinutes(1)).ok())
                .as("the new base's checkout knows only its own tree").isFalse();

        Optional<BuildSeeds.Seed> seed = new BuildSeeds(root, run).nearest(src0, c0, "cfg1",
                new BuildDir(root.resolve(c0 + "-cfg1").resolve("base")));

        assertThat(seed).map(BuildSeeds.Seed::build).contains(seedBuild);
        assertThat(seed.get().changed()).containsExactly("fs/notify/mark.c");
    }

    @Test
    void noTrustedBuildOfTheConfigMeansNoSeed(@TempDir Path tmp) throws Exception {
        Path repo = repo(tmp);
        String c0 = git(repo, "rev-parse", "HEAD");
        Path root = tmp.resolve("build");
        built(root, c0, "cfg1", false, 10, repo);
        BuildSeeds seeds = new BuildSeeds(root, run);
        assertThat(seeds.nearest(repo, c0, "cfg1", new BuildDir(root.resolve("x-cfg1/base")))).isEmpty();
        assertThat(new BuildSeeds(tmp.resolve("none"), run).nearest(repo, c0, "cfg1", new BuildDir(tmp))).isEmpty();
    }

    @Test
    void objectsBuiltFromACheckoutElsewhereAreMadeToNameThisOneKeepingTheirMtimes(@TempDir Path tmp)
            throws Exception {
        Path repo = repo(tmp);
        String c0 = git(repo, "rev-parse", "HEAD");
        Path elsewhere = checkout(repo, c0, tmp.resolve("old-home/src/" + c0));
        BuildDir base = built(tmp.resolve("build"), c0, "cfg1", true, 30, elsewhere);
        Path cmd = base.obj().resolve("fs/notify/.fsnotify.o.cmd");
        FileTime cmdTime = Files.getLastModifiedTime(cmd);
        Path here = tmp.resolve("home/src/" + c0);

        assertThat(BuildSeeds.adopt(base, here)).isTrue();

        assertThat(cmd).content().contains("-I" + here + "/include").doesNotContain(elsewhere.toString());
        assertThat(Files.getLastModifiedTime(cmd)).isEqualTo(cmdTime);
        assertThat(Files.readSymbolicLink(base.obj().resolve("source"))).isEqualTo(here);
        assertThat(BuildSeeds.adopt(base, here)).as("already this checkout's").isFalse();
    }
}
