package org.fsnbot.cli;

import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
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
        Config cfg = options.load();
        if (!cfg.mailing().settings().sends()) {
            System.err.println("fsnbot: mail.mode is dry-run: nothing is sent (replies are in the outbox)");
            return ExitCodes.OK;
        }
        int n = Application.open(cfg, PauseHooks.fromSystemProperties()).delivery().flush();
        System.err.println("fsnbot: sent " + n + " mail(s)");
        return ExitCodes.OK;
    }
}
