package org.fsnbot.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.KernelConfig;
import org.fsnbot.build.PatchApplier;
import org.fsnbot.build.SourceTrees;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.image.BlockImage;
import org.fsnbot.image.InitramfsBuilder;
import org.fsnbot.image.WorkloadBinaries;
import org.fsnbot.intake.MboxReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryCheck;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.ImapMailbox;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.SmtpSender;
import org.fsnbot.store.Store;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.run.InterleavedRunner;
import org.fsnbot.run.ResultParser;
import org.fsnbot.vm.AcceleratorProbe;
import org.fsnbot.vm.QemuBoot;

/** Wires the stages for one machine: caches under home, replies to outbox. */
public final class StandardStages {

    /** How long a KVM guest gets to prove it boots before we fall back to TCG. */
    public static final Duration KVM_PROBE_TIMEOUT = Duration.ofSeconds(30);

    private StandardStages() {
    }

    /** Dry-run wiring: replies become .eml files only. */
    public static PatchTestPipeline.Stages create(Path home, Path outbox, String from, PrintStream progress)
            throws IOException {
        return create(home, outbox, from, MailSettings.dryRun(), DeliveryHooks.NONE, progress);
    }

    public static PatchTestPipeline.Stages create(Path home, Path outbox, String from, MailSettings mail,
            DeliveryHooks hooks, PrintStream progress) throws IOException {
        CommandRunner runner = new CommandRunner();
        QemuBoot qemu = new QemuBoot(runner);
        Store store = Store.h2(home.resolve("db").resolve("fsnbot"));
        List<DeliveryCheck> checks = new ArrayList<>();
        // A mail the list archive shows was delivered; so was one whose Bcc copy is in our mailbox.
        checks.add(id -> {
            try {
                return store.intake().seen(id);
            } catch (java.sql.SQLException e) {
                throw new IOException(e);
            }
        });
        if (mail.imap().configured()) {
            checks.add(new ImapMailbox(mail.imap()));
        }
        Delivery delivery = new Delivery(new Outbox(outbox), store.mail(), mail,
                mail.sends() ? Optional.of(new SmtpSender(mail.smtp())) : Optional.empty(), checks, hooks, from,
                progress);
        return new PatchTestPipeline.Stages(
                new MboxReader(), new SourceTrees(home, runner), new PatchApplier(runner),
                new KernelBuilder(home, runner, progress), KernelConfig.builtin(), new WorkloadBinaries(home, runner),
                new InitramfsBuilder(InitramfsBuilder.DEFAULT_BUSYBOX), new BlockImage(runner),
                new AcceleratorProbe(qemu, KVM_PROBE_TIMEOUT),
                new InterleavedRunner(qemu, new ResultParser(), progress), new ReplyRenderer(),
                new ReplyComposer(from, mail.messageIdDomain(), mail.neverCc()), delivery, store);
    }
}
