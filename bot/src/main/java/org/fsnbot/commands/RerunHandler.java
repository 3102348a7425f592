package org.fsnbot.commands;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.plan.UnknownWorkload;
import org.fsnbot.plan.WorkloadSpec;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkKind;
import org.fsnbot.store.WorkQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** `#fsnbot rerun [workloads=a,b] [runs=N] [profile=quick|full] [topology=...]`: the thread's series again. */
public final class RerunHandler implements CommandHandler<Command.Rerun> {

    private static final Logger log = LoggerFactory.getLogger(RerunHandler.class);

    private final WorkQueue queue;
    private final JobDefaults defaults;
    private final QueueEstimate estimate;

    public RerunHandler(WorkQueue queue, JobDefaults defaults, QueueEstimate estimate) {
        this.queue = queue;
        this.defaults = defaults;
        this.estimate = estimate;
    }

    @Override
    public CommandAnswer.Item handle(Command.Rerun r, Context ctx) {
        Optional<Work> w = ctx.thread().work().filter(x -> x.kind() == WorkKind.SERIES);
        if (w.isEmpty()) {
            return QueueEstimate.notRun(r, NotRun.NOT_A_TESTED_SERIES);
        }
        if (w.get().base().isEmpty()) {
            return QueueEstimate.notRun(r, NotRun.NEVER_TESTED);
        }
        RunOptions options = new RunOptions(r.workloads(), r.runs().orElse(0), r.profile().orElse(""),
                r.topology().orElse(""), false, r.line());
        Profile p;
        try {
            p = options.apply(defaults.profile());
        } catch (UnknownWorkload e) {
            return new CommandAnswer.Item(r.line(), CommandAnswer.Outcome.ERROR, "no-such-workload",
                    Map.of("workload", e.workload(), "profile", e.profile(), "known", e.known()));
        } catch (IllegalArgumentException | IOException e) {
            // Options the parser let through that the profile still refused: not the asker's words to read.
            log.warn("{}: rerun options refused: {}", ctx.mail().messageId(), e.toString());
            return QueueEstimate.notRun(r, NotRun.OPTIONS_REFUSED);
        }
        Work tested = w.get();
        Optional<Long> id = queue.enqueue(WorkItem.requested("rerun " + ctx.mail().messageId() + " " + ctx.index(),
                tested.title(), tested.item().target(), tested.base().get(), options, ctx.mail().messageId()),
                CommandHandler.asker(ctx));
        return estimate.accepted(r, id, "rerun-accepted", Map.of("title", tested.title(), "base",
                tested.base().get().rev(), "profile", p.name(), "boots", p.bootsPerKernel(), "maxBoots",
                p.maxBootsPerKernel(), "topology", options.topology(defaults.topology()).toString(), "workloads",
                p.workloads().stream().map(WorkloadSpec::name).distinct().toList()));
    }
}
