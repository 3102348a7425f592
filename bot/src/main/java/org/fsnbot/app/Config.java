package org.fsnbot.app;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import okhttp3.HttpUrl;
import org.fsnbot.commands.CommandSettings;
import org.fsnbot.disk.DiskSettings;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.job.RunnerName;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.work.TreeQueuer;
import org.fsnbot.plan.ClockSetting;
import org.fsnbot.store.StoreUrl;
import org.quartz.CronExpression;

/**
 * fsnbot's configuration, typed and validated: the embedded
 * fsnbot-defaults.yaml with an optional file merged over it (ConfigFile
 * reads it). A bad file stops fsnbot before it touches anything; every
 * command takes its defaults from here.
 */
public record Config(Home home, Polling polling, JobDefaults jobs, Sources sources, Mailing mailing,
        CommandSettings commands, Deployment deployment) {

    /**
     * Where this fsnbot runs: as which runner, on which store, in which
     * fleet (docs/fleet.md), and where it pushes patched trees.
     */
    public record Deployment(Runner runner, StoreSettings store, FleetSettings fleet, Publishing publishing) {
        public Deployment {
            Objects.requireNonNull(runner);
            Objects.requireNonNull(store);
            Objects.requireNonNull(fleet);
            Objects.requireNonNull(publishing);
        }
    }

    /**
     * This machine as a runner: its name and class, where code from mail
     * runs, how quiet it must be while it measures, and the hugepages a
     * pinned guest's memory is in (docs/numa.md).
     */
    public record Runner(RunnerName identity, Sandboxing sandbox, Quietness quiet, Hugepages hugepages,
            ClockSetting clock, int calibrationPairs) {
        public Runner {
            Objects.requireNonNull(identity);
            Objects.requireNonNull(clock);
            Objects.requireNonNull(sandbox);
            Objects.requireNonNull(quiet);
            Objects.requireNonNull(hugepages);
            if (calibrationPairs < 0 || calibrationPairs == 1) {
                throw new IllegalArgumentException("runner.calibrationPairs is 0 (no calibration at first use) or"
                        + " at least 2 (A/A pairs), not " + calibrationPairs);
            }
        }

        /** The same runner with other A/A pairs at a setup's first use (0: none). */
        public Runner withCalibrationPairs(int pairs) {
            return new Runner(identity, sandbox, quiet, hugepages, clock, pairs);
        }
    }

    /**
     * The database: empty url for the embedded H2 file under home (one
     * process), a jdbc:postgresql:// URL for the fleet, with its user,
     * password (from the environment variable the file names) and how many
     * connections this process may hold for fsnbot's own tables.
     */
    public record StoreSettings(Optional<String> url, String user, String password, int poolSize) {
        public StoreSettings {
            if (poolSize < 1 || poolSize > 100) {
                throw new IllegalArgumentException("store.poolSize must be in 1..100: " + poolSize);
            }
            Objects.requireNonNull(url);
            Objects.requireNonNull(user);
            Objects.requireNonNull(password);
            url.ifPresent(StoreUrl::checked);
        }

        /** Whether this is the fleet's shared store (PostgreSQL). */
        public boolean shared() {
            return url.isPresent();
        }
    }

    /**
     * The most CPU pressure (PSI "some" plus steal, in % of a boot's wall
     * time) a measured boot may see before it is booted again, and how
     * long to wait for a quiet runner before that (docs/stats.md, "A quiet
     * runner").
     */
    public record Quietness(double maxCpuPressurePct, Duration quietWait) {
        public Quietness {
            if (!(maxCpuPressurePct > 0 && maxCpuPressurePct <= 100)) {
                throw new IllegalArgumentException("runner.maxCpuPressurePct must be in (0, 100]: "
                        + maxCpuPressurePct);
            }
            if (quietWait.isNegative()) {
                throw new IllegalArgumentException("runner.quietWaitSeconds must be >= 0: " + quietWait.toSeconds());
            }
        }
    }

    /**
     * What fsnbot does on its own, and how often: poll every pollMinutes,
     * wait so long for a series' missing parts, bisect a watched tree's
     * regression (docs/bisect.md), and keep the home's disk (retention and
     * the free-space floor: docs/fleet.md "Disk").
     */
    public record Polling(int pollMinutes, Duration incompleteWait, BisectSettings bisect, DiskSettings disk) {
        public Polling {
            Objects.requireNonNull(bisect);
            Objects.requireNonNull(disk);
            if (pollMinutes < 1) {
                throw new IllegalArgumentException("pollMinutes must be >= 1: " + pollMinutes);
            }
            if (incompleteWait.isNegative()) {
                throw new IllegalArgumentException("incompleteWaitMinutes must be >= 0: "
                        + incompleteWait.toMinutes());
            }
        }
    }

    /** What is followed: inboxes, the inbox whole threads come from, bases in order of preference, branches. */
    public record Sources(List<InboxFollower.Inbox> inboxes, Optional<HttpUrl> allInbox, List<Base> bases,
            List<TreeQueuer.Watch> watch, Optional<String> stableTree) {

        public Sources {
            Objects.requireNonNull(stableTree);
            inboxes = List.copyOf(inboxes);
            bases = List.copyOf(bases);
            watch = List.copyOf(watch);
            Objects.requireNonNull(allInbox);
            if (bases.isEmpty() && !inboxes.isEmpty()) {
                throw new IllegalArgumentException("inboxes are followed but no bases are configured");
            }
            if (inboxes.stream().map(InboxFollower.Inbox::name).distinct().count() != inboxes.size()) {
                throw new IllegalArgumentException("inbox names must be unique");
            }
        }
    }

    /**
     * Who fsnbot is on mail, how it mails, who gets tree reports (which
     * have no thread to answer), and whether a tree regression's report
     * carries a "#regzbot introduced:" line for the regression tracker,
     * and where replies may link the job's kept files (publicUrl).
     */
    public record Mailing(String from, MailSettings settings, List<String> treeReportTo, boolean regzbot,
            Optional<HttpUrl> publicUrl, Weekly weekly) {
        public Mailing {
            Objects.requireNonNull(from);
            Objects.requireNonNull(settings);
            Objects.requireNonNull(weekly);
            treeReportTo = List.copyOf(treeReportTo.isEmpty() ? List.of(from) : treeReportTo);
        }

        public Mailing withWeekly(Weekly other) {
            return new Mailing(from, settings, treeReportTo, regzbot, publicUrl, other);
        }
    }

    /**
     * The weekly trend report (docs/trends.md): when it fires (a Quartz
     * cron expression, UTC), who gets it (empty: it stays in the outbox),
     * and where its pages under home/www are served (https), if anywhere.
     */
    public record Weekly(String cron, List<String> to, Optional<HttpUrl> publicUrl) {
        public Weekly {
            if (cron == null || !CronExpression.isValidExpression(cron)) {
                throw new IllegalArgumentException("weekly.cron must be a Quartz cron expression: " + cron);
            }
            to = List.copyOf(to);
            for (String a : to) {
                try {
                    new InternetAddress(a, true).validate();
                } catch (AddressException e) {
                    throw new IllegalArgumentException("weekly.to: not a mail address: " + a, e);
                }
            }
            if (publicUrl.isPresent() && !publicUrl.get().isHttps()) {
                throw new IllegalArgumentException("weekly.publicUrl must be an https URL: " + publicUrl.get());
            }
        }
    }

    /** Where code from mail runs: the mode, the user untrusted code runs as, the container image. */
    public record Sandboxing(Mode mode, String user, String image) {

        /** The sandbox kinds; the YAML names them in lower case. */
        public enum Mode {
            BWRAP,
            CONTAINER,
            NONE;

            static Mode parse(String s) {
                for (Mode m : values()) {
                    if (m.name().equalsIgnoreCase(s == null ? "" : s.trim())) {
                        return m;
                    }
                }
                throw new IllegalArgumentException("sandbox.mode must be bwrap, container or none: " + s);
            }
        }

        private static final Pattern USER = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");
        private static final Pattern IMAGE = Pattern.compile(
                "[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?");

        public Sandboxing {
            Objects.requireNonNull(mode);
            if (user == null || !USER.matcher(user).matches()) {
                throw new IllegalArgumentException("sandbox.user must be a user name: " + user);
            }
            if (image == null || !IMAGE.matcher(image).matches()) {
                throw new IllegalArgumentException("sandbox.image must be an image name: " + image);
            }
        }
    }

    public Config {
        Objects.requireNonNull(home);
        Objects.requireNonNull(polling);
        Objects.requireNonNull(jobs);
        Objects.requireNonNull(sources);
        Objects.requireNonNull(mailing);
        Objects.requireNonNull(commands);
        Objects.requireNonNull(deployment);
    }

    public Runner runner() {
        return deployment.runner();
    }

    public Sandboxing sandbox() {
        return deployment.runner().sandbox();
    }

    /** The defaults, with file (if any) merged over them. */
    public static Config load(Optional<Path> file) throws IOException {
        return ConfigFile.read(file);
    }

    public Config withHome(Home other) {
        return new Config(other, polling, jobs, sources, mailing, commands, deployment);
    }

    public Config withJobs(JobDefaults other) {
        return new Config(home, polling, other, sources, mailing, commands, deployment);
    }

    public Config withMailing(Mailing other) {
        return new Config(home, polling, jobs, sources, other, commands, deployment);
    }

    public Config withSandbox(Sandboxing other) {
        Runner r = deployment.runner();
        return withDeployment(new Deployment(new Runner(r.identity(), other, r.quiet(), r.hugepages(), r.clock(),
                r.calibrationPairs()), deployment.store(),
                deployment.fleet(), deployment.publishing()));
    }

    public Config withRunner(Runner other) {
        return withDeployment(new Deployment(other, deployment.store(), deployment.fleet(), deployment.publishing()));
    }

    public Config withDeployment(Deployment other) {
        return new Config(home, polling, jobs, sources, mailing, commands, other);
    }
}
