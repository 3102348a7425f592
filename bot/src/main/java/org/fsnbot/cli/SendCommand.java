package org.fsnbot.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.RunConfig;
import org.fsnbot.pipeline.StandardStages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `fsnbot send`: deliver what the outbox holds for SMTP, settling sends a crash interrupted. */
@Command(name = "send", mixinStandardHelpOptions = true,
        description = "Send pending replies by SMTP (mail.mode smtp); resolve sends a crash interrupted.")
public final class SendCommand implements Callable<Integer> {

    @Option(names = "--config", description = "YAML file merged over the embedded defaults.")
    Path config;

    @Option(names = "--home", description = "Overrides the configuration's home.")
    Path home;

    @Override
    public Integer call() throws Exception {
        RunConfig cfg;
        try {
            cfg = RunConfig.load(Optional.ofNullable(config));
        } catch (IllegalArgumentException e) {
            System.err.println("fsnbot: " + e.getMessage());
            return TestPatchCommand.EXIT_BAD_INPUT;
        }
        if (!cfg.mail().sends()) {
            System.err.println("fsnbot: mail.mode is dry-run: nothing is sent (replies are in the outbox)");
            return 0;
        }
        Path root = home != null ? home : cfg.homeDir();
        Files.createDirectories(root);
        PatchTestPipeline.Stages s = StandardStages.create(root, root.resolve("outbox"), cfg.from(), cfg.mail(),
                PauseHooks.fromSystemProperties(), System.err);
        int n = s.delivery().flush();
        System.err.println("fsnbot: sent " + n + " mail(s)");
        return 0;
    }
}
