package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Limits;
import org.fsnbot.exec.Mount;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.exec.SandboxStep;
import org.fsnbot.intake.MboxWriter;
import org.fsnbot.intake.PatchMail;

/**
 * Applies patch mails with `git am --3way` on a detached base. The
 * committer date is the author date, so the same series on the same base
 * always gives the same commit id (and the same build cache entry).
 */
public final class PatchApplier {

    /**
     * Where git says a patch failed, best first: a file and the line of
     * its hunk; a file and what was wrong with it (does not apply, does not
     * exist, already exists, does not match the index, ...); a file a
     * three-way merge conflicted in or could not find the blob of.
     */
    private static final List<Pattern> FAILED_AT = List.of(
            Pattern.compile("^error: patch failed: (\\S+:\\d+)$"),
            Pattern.compile("^error: ([^\\s:]+): .+$"),
            Pattern.compile("^CONFLICT \\([^)]*\\): Merge conflict in (\\S+)$"),
            Pattern.compile("^error: sha1 information is lacking or useless \\((\\S+)\\)\\.$"));

    /** Hooks off: a checkout's hooks are ours, and git am is not to run anything. */
    private static final List<String> GIT = List.of("git", "-c", "core.hooksPath=/dev/null", "-c", "user.name=fsnbot",
            "-c", "user.email=fsnbot@localhost");

    /** What git reads in the sandbox runs as the sandbox user, who must be able to read it. */
    private static final FileAttribute<Set<PosixFilePermission>> READABLE = PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-r--r--"));

    private final CommandRunner runner;
    private final Sandbox sandbox;

    public PatchApplier(CommandRunner runner, Sandbox sandbox) {
        this.runner = runner;
        this.sandbox = sandbox;
    }

    /**
     * Git reading what a mail brought (a series, a revision of a tree it
     * named) runs in the sandbox as the sandbox user, never as root: it
     * executes nothing from the mail, but a flaw in how git applies or
     * checks out crafted input must not reach beyond the checkout. The
     * checkout is the sandbox user's for the steps (apply hands it over
     * and takes it back).
     */
    private CommandResult git(Path checkout, List<String> args, Path... inputs) throws IOException {
        List<String> cmd = new ArrayList<>(GIT);
        cmd.addAll(args);
        List<Mount> mounts = new ArrayList<>(GitMounts.of(checkout));
        for (Path in : inputs) {
            mounts.add(Mount.readOnly(in));
        }
        return sandbox.run(new SandboxStep(cmd, checkout.toAbsolutePath().normalize(), Map.of("GIT_EDITOR", "true"),
                mounts, SandboxStep.Handles.UNTRUSTED_DATA, Limits.git(), Duration.ofMinutes(10)), l -> { });
    }

    /** Work with git in the sandbox, the checkout the sandbox user's for it. */
    @FunctionalInterface
    private interface GitWork<T> {
        T run() throws IOException;
    }

    private <T> T handedOver(Path checkout, GitWork<T> work) throws IOException {
        CheckoutGuard guard = CheckoutGuard.before(checkout);
        sandbox.handOver(checkout);
        try {
            return work.run();
        } finally {
            sandbox.takeBack(checkout);
            guard.restore();
        }
    }

    /**
     * For comparing two commits of a tree: puts the checkout at head. The
     * checkout shares the tree's object store, so any commit the tree has
     * is there without a fetch.
     */
    public ApplyResult checkoutRevision(Path checkout, String head) throws IOException {
        CommandResult r = handedOver(checkout, () -> git(checkout, List.of("checkout", "-q", "--detach", "-f", head)));
        if (!r.ok()) {
            return failure(r.output());
        }
        return new ApplyResult(Optional.of(head), Optional.empty(), Optional.empty(), r.output());
    }

    public ApplyResult apply(Path checkout, String baseCommit, List<PatchMail> patches) throws IOException {
        runner.check(CheckoutGuard.git("checkout", "-q", "--detach", "-f", baseCommit), checkout,
                Duration.ofMinutes(10));
        Path mbox = Files.createTempFile("fsnbot-series", ".mbox", READABLE);
        try {
            Files.writeString(mbox, MboxWriter.mboxrd(patches), java.nio.charset.StandardCharsets.ISO_8859_1);
            List<String> output = new ArrayList<>();
            boolean applied = handedOver(checkout, () -> {
                CommandResult r = git(checkout, List.of("am", "--3way", "--committer-date-is-author-date",
                        "--keep-cr", "--quiet", mbox.toString()), mbox);
                output.addAll(r.output());
                if (!r.ok()) {
                    output.addAll(explain(checkout));
                    git(checkout, List.of("am", "--abort"));
                }
                return r.ok();
            });
            if (applied) {
                String commit = runner.check(CheckoutGuard.git("rev-parse", "HEAD"), checkout, Duration.ofMinutes(1))
                        .output().get(0).trim();
                return new ApplyResult(Optional.of(commit), Optional.empty(), Optional.empty(), output);
            }
            runner.check(CheckoutGuard.git("checkout", "-q", "--detach", "-f", baseCommit), checkout,
                    Duration.ofMinutes(10));
            return failure(output);
        } finally {
            Files.deleteIfExists(mbox);
        }
    }

    /**
     * A three-way am that cannot build its fake ancestor does not say which
     * hunk failed; a plain `git apply --check` of the stopped patch does.
     */
    private List<String> explain(Path checkout) throws IOException {
        CommandResult shown = git(checkout, List.of("am", "--show-current-patch=diff"));
        if (!shown.ok()) {
            return List.of();
        }
        Path diff = Files.createTempFile("fsnbot-failed", ".diff", READABLE);
        try {
            Files.write(diff, shown.output());
            return git(checkout, List.of("apply", "--check", "-v", diff.toString()), diff).output().stream()
                    .filter(l -> l.startsWith("error:")).toList();
        } finally {
            Files.deleteIfExists(diff);
        }
    }

    static ApplyResult failure(List<String> output) {
        String at = null;
        for (Pattern p : FAILED_AT) {
            for (String line : output) {
                Matcher m = p.matcher(line.trim());
                if (at == null && m.matches()) {
                    at = m.group(1);
                }
            }
        }
        String patch = "the series";
        for (String line : output) {
            if (line.startsWith("Patch failed at ")) {
                patch = line.substring("Patch failed at ".length()).trim();
            }
        }
        List<String> kept = new ArrayList<>();
        for (String line : output) {
            if (!line.startsWith("hint:")) {
                kept.add(line);
            }
        }
        return new ApplyResult(Optional.empty(), Optional.of(patch), Optional.ofNullable(at), kept);
    }
}
