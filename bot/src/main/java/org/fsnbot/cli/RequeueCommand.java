package org.fsnbot.cli;

import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.store.UnitOverrides;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** `fsnbot requeue UNIT`: a failed, cancelled, dead-letter or orphaned unit queued again. */
@Command(name = "requeue", mixinStandardHelpOptions = true,
        description = "Queue a unit again (its crash count reset): a failed, cancelled or dead-letter one, or one"
                + " running on a runner that is gone. A unit running on a live runner is failed first"
                + " (fsnbot fail); a done one is asked for again by mail or fsnbot submit.")
public final class RequeueCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "UNIT", description = "The unit's number (fsnbot queue: #12).")
    String unit;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        long id = UnitNumber.parse(unit);
        try (Application app = Application.look(options.load())) {
            UnitOverrides.Result r = app.store().overrides().requeue(id);
            BadInput.require(r.done(), r.said());
            System.err.println("fsnbot: " + r.said());
        }
        return ExitCodes.OK;
    }
}
