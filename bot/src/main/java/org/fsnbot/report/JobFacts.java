package org.fsnbot.report;

import java.util.List;
import java.util.Objects;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.plan.BaseReason;

/**
 * What every reply states about the job, in the block 0-day's readers
 * look for: what was tested on what (commit, lore link, tree), how it was
 * built (compiler, config), where it ran (host, QEMU, guest), and the
 * commands that reproduce it.
 */
public record JobFacts(Topic topic, Kernels kernels, Runner runner, ProfileLine profile, List<String> reproduce,
        Run run, Confinement confinement) {

    /**
     * The job's number (what its kept files are filed under), how long it
     * took, where its kept files are published (empty: not published), and
     * the tags a fix should carry (Reported-by:, Closes:; only for a
     * regression found in a tree, as 0-day gives them), and which fsnbot and
     * workloads measured.
     */
    public record Run(long jobId, String wallTime, String filesUrl, List<String> tags, Versions versions) {
        public Run {
            Objects.requireNonNull(wallTime);
            Objects.requireNonNull(filesUrl);
            tags = List.copyOf(tags);
            Objects.requireNonNull(versions);
        }

        /** A job's run before anything is published or tagged. */
        public Run(long jobId, String wallTime, Versions versions) {
            this(jobId, wallTime, "", List.of(), versions);
        }
    }

    /** What the job is about: the subject of the mail (or tree head) it answers, and trailers given for it. */
    public record Topic(String subject, String messageId, List<String> trailers) {
        public Topic {
            Objects.requireNonNull(subject);
            Objects.requireNonNull(messageId);
            trailers = List.copyOf(trailers);
        }

        /** The patch on lore, empty for a job that answers no mail. */
        public String loreLink() {
            return messageId.isEmpty() ? "" : LoreLink.of(messageId);
        }
    }

    /**
     * The kernels compared (patched is null until a candidate was applied)
     * and how they were built: the compiler Kbuild recorded and the
     * config's hash with where to get it (both empty before a build); where
     * the patched tree was pushed ("remote branch"), why not, or empty when
     * fsnbot publishes none.
     */
    public record Kernels(String tree, String base, BaseReason baseReason, String patched, String compiler,
            String config, Published published) {
        public Kernels {
            Objects.requireNonNull(tree);
            Objects.requireNonNull(base);
            Objects.requireNonNull(baseReason);
            Objects.requireNonNull(compiler);
            Objects.requireNonNull(config);
            Objects.requireNonNull(published);
        }

        /** Before anything is published: no branch to name. */
        public Kernels(String tree, String base, BaseReason baseReason, String patched, String compiler,
                String config) {
            this(tree, base, baseReason, patched, compiler, config, Published.NOTHING);
        }
    }

    /**
     * What measured: the accelerator and why it was chosen, the clock its
     * figures count ("wall", "instructions"; empty before a boot) and what
     * that means; emulated when the CPUs were (TCG), which decides what
     * the reply says such figures can show.
     */
    public record Instrument(String accelerator, String reason, String clock, String clockMeaning,
            boolean emulated) {
        public Instrument {
            Objects.requireNonNull(accelerator);
            Objects.requireNonNull(reason);
            Objects.requireNonNull(clock);
            Objects.requireNonNull(clockMeaning);
        }
    }

    /**
     * Where the kernels ran: the guest kernel, its topology, what measured
     * (Instrument), the host and the software that booted the kernels
     * (QEMU's version line; both empty before a boot), and the testbed
     * backend whose words those are ("qemu"; empty before a boot).
     */
    public record Runner(String guestKernel, Guest guest, Instrument instrument, String host, String qemu,
            Load load, String backend) {
        public Runner {
            Objects.requireNonNull(instrument);
            Objects.requireNonNull(guest);
            Objects.requireNonNull(host);
            Objects.requireNonNull(qemu);
            Objects.requireNonNull(load);
            Objects.requireNonNull(backend);
        }
    }

    /**
     * The guest's topology, and for a pinned one (docs/numa.md) where each
     * of its nodes sat on the host (one line each), what the host could not
     * give, and its check in words (empty for an unpinned guest) and
     * whether it passed.
     */
    public record Guest(String topology, List<String> mapping, List<String> notes, String check,
            boolean verified) {
        public Guest {
            Objects.requireNonNull(topology);
            mapping = List.copyOf(mapping);
            notes = List.copyOf(notes);
            Objects.requireNonNull(check);
        }

        /** An unpinned guest: its topology and nothing more. */
        public static Guest of(String topology) {
            return new Guest(topology, List.of(), List.of(), "", false);
        }
    }

    /**
     * How busy the runner was while it measured: the most CPU pressure of
     * a boot whose samples count ("1.9"), the limit, why the limit was not
     * applied (empty when it was; not for an instruction clock, nor for a
     * guest with more vCPUs than the host has CPUs), and how many boots
     * were booted again because the runner was busy. Not measured before
     * a boot, or where the host has no PSI; not counted where boots were
     * measured and none of them counts.
     */
    public record Load(boolean measured, boolean counted, String maxPct, String limitPct, String notJudged,
            int busyBoots) {
        public Load {
            Objects.requireNonNull(maxPct);
            Objects.requireNonNull(limitPct);
            Objects.requireNonNull(notJudged);
            if (busyBoots < 0) {
                throw new IllegalArgumentException("busyBoots >= 0: " + busyBoots);
            }
        }

        /** Whether the limit was applied to the boots. */
        public boolean judged() {
            return notJudged.isEmpty();
        }

        public static Load notMeasured(int busyBoots) {
            return new Load(false, false, "", "", "not measured", busyBoots);
        }
    }

    /** How the candidate's code ran: the sandbox, and whether it confined anything (a warning when not). */
    public record Confinement(String description, boolean confined) {
        public Confinement {
            Objects.requireNonNull(description);
        }
    }

    /** The workload profile that ran. */
    public record ProfileLine(String name, String description) {
    }

    public JobFacts {
        Objects.requireNonNull(topic);
        Objects.requireNonNull(kernels);
        Objects.requireNonNull(runner);
        Objects.requireNonNull(profile);
        reproduce = List.copyOf(reproduce);
        Objects.requireNonNull(confinement);
        Objects.requireNonNull(run);
        if (reproduce.isEmpty()) {
            throw new IllegalArgumentException("a reply says how to reproduce it");
        }
    }

    /** The same facts with the tags a fix should carry. */
    /** The same facts, naming where the patched tree was pushed. */
    public JobFacts withPublished(Published published) {
        return new JobFacts(topic, new Kernels(kernels.tree(), kernels.base(), kernels.baseReason(), kernels.patched(),
                kernels.compiler(), kernels.config(), published), runner, profile, reproduce, run, confinement);
    }

    public JobFacts withTags(List<String> tags) {
        return new JobFacts(topic, kernels, runner, profile, reproduce, new Run(run.jobId(), run.wallTime(), run.filesUrl(), tags, run.versions()),
                confinement);
    }

    /**
     * Where a job's patched tree was pushed: the remote and the branch, or
     * why it was not (notPushed), or nothing at all (no remote configured,
     * or nothing to push).
     */
    public record Published(String remote, String branch, String notPushed) {
        public Published {
            Objects.requireNonNull(remote);
            Objects.requireNonNull(branch);
            Objects.requireNonNull(notPushed);
        }

        public static final Published NOTHING = new Published("", "", "");
    }

    /** Whether the boots were emulated: the reply then says what such figures can and cannot show. */
    public boolean emulated() {
        return runner.instrument().emulated();
    }
}
