package org.fsnbot.cli;

import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.store.UnitOverrides;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `fsnbot fail UNIT --why TEXT`: a stuck or unwanted unit set aside, with the operator's reason. */
@Command(name = "fail", mixinStandardHelpOptions = true,
        description = "Fail a queued or running unit with a reason: a queued one is not run; a running one's job"
                + " is abandoned (its result and reply are discarded when it ends). Nobody is mailed.")
public final class FailCommand implements Callable<Integer> {

    /** The reason is stored and shown on one line of fsnbot queue's neighbours: kept short. */
    private static final int MAX_WHY = 500;

    @Parameters(index = "0", paramLabel = "UNIT", description = "The unit's number (fsnbot queue: #12).")
    String unit;

    @Option(names = "--why", required = true, description = "Why, in one line: kept with the unit.")
    String why;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        long id = UnitNumber.parse(unit);
        BadInput.require(!why.isBlank() && why.length() <= MAX_WHY && why.lines().count() == 1
                && why.chars().noneMatch(Character::isISOControl), "--why: one line of text, at most " + MAX_WHY
                        + " characters");
        try (Application app = Application.look(options.load())) {
            UnitOverrides.Result r = app.store().overrides().fail(id, why.strip());
            BadInput.require(r.done(), r.said());
            System.err.println("fsnbot: " + r.said());
        }
        return ExitCodes.OK;
    }
}
