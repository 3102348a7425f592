package org.fsnbot.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** `fsnbot send`: deliver what the outbox holds for SMTP, settling sends a crash interrupted. */
@Command(name = "send", mixinStandardHelpOptions = true,
        description = "Send pending replies by SMTP (mail.mode smtp); resolve sends a crash interrupted.")
public final class SendCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Optional<RunConfig> loaded = options.load(System.err);
        if (loaded.isEmpty()) {
            return TestPatchCommand.EXIT_BAD_INPUT;
        }
        RunConfig cfg = loaded.get();
        if (!cfg.mail().sends()) {
            System.err.println("fsnbot: mail.mode is dry-run: nothing is sent (replies are in the outbox)");
            return 0;
        }
        PatchTestPipeline.Stages s = options.stages(cfg, options.home(cfg), System.err);
        int n = s.delivery().flush();
        System.err.println("fsnbot: sent " + n + " mail(s)");
        return 0;
    }
}
