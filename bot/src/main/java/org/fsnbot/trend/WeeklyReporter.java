package org.fsnbot.trend;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.report.WeeklyRenderer;
import org.fsnbot.run.MetricKey;
import org.fsnbot.stats.ReportChangePoints;
import org.fsnbot.store.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The weekly trend report (docs/trends.md): for every complete week since
 * the history began that has no report yet (at most MAX_CATCH_UP of them,
 * after a long outage), the analysis, the pages under www and one mail in
 * a thread of its own. A week is claimed in the store with its Message-ID
 * before its mail is posted, and the mail log holds each Message-ID once:
 * whatever fires the report again (the cron, a restart, a second process)
 * posts nothing new for a week already mailed.
 */
public final class WeeklyReporter {

    private static final Logger log = LoggerFactory.getLogger(WeeklyReporter.class);

    /** Weeks mailed at most when fsnbot comes back after missing some: older ones are only in the history. */
    public static final int MAX_CATCH_UP = 12;

    /** Who gets the mail (empty: kept in the outbox only), where the pages go and where they are served. */
    public record Settings(List<String> to, Path www, Optional<String> publicUrl) {
        public Settings {
            to = List.copyOf(to);
            Objects.requireNonNull(www);
            Objects.requireNonNull(publicUrl);
        }
    }

    private final Store store;
    private final WeeklyAnalysis analysis;
    private final WeeklyRenderer renderer;
    private final WeeklyPages pages;
    private final ReplyComposer composer;
    private final Delivery delivery;
    private final Settings settings;
    private final Clock clock;

    private WeeklyReporter(Store store, WeeklyAnalysis analysis, ReplyComposer composer, Delivery delivery,
            Settings settings, Clock clock) {
        this.store = store;
        this.analysis = analysis;
        this.renderer = new WeeklyRenderer();
        this.pages = new WeeklyPages(renderer);
        this.composer = composer;
        this.delivery = delivery;
        this.settings = settings;
        this.clock = clock;
    }

    /** A reporter over store's history, reading commits from trees, judging the headline metrics. */
    public static WeeklyReporter create(Store store, Trees trees, Predicate<MetricKey> headline,
            ReplyComposer composer, Delivery delivery, Settings settings, Clock clock) {
        WeeklyAnalysis a = new WeeklyAnalysis(store.trends(), new WeekActivityLines(store.weekActivity()),
                new ChangeAttribution(trees, new TreeWatcher()), headline, ReportChangePoints.standard());
        return new WeeklyReporter(store, a, composer, delivery, settings, clock);
    }

    /** The Monday (UTC) of the week instant falls in. */
    public static LocalDate weekOf(Instant instant) {
        return instant.atZone(ZoneOffset.UTC).toLocalDate().with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    }

    /** Mails every complete week not mailed yet; returns the weeks mailed now. */
    public List<LocalDate> catchUp() throws IOException {
        Optional<Instant> first = store.trends().firstMeasured();
        if (first.isEmpty()) {
            return List.of();
        }
        LocalDate last = weekOf(clock.instant()).minusWeeks(1);
        LocalDate week = weekOf(first.get());
        if (week.isBefore(last.minusWeeks(MAX_CATCH_UP - 1L))) {
            log.warn("weekly reports from {} to {} were missed and are not mailed now (the history keeps them)",
                    week, last.minusWeeks(MAX_CATCH_UP));
            week = last.minusWeeks(MAX_CATCH_UP - 1L);
        }
        List<LocalDate> sent = new ArrayList<>();
        for (; !week.isAfter(last); week = week.plusWeeks(1)) {
            if (mail(week)) {
                sent.add(week);
            }
        }
        return sent;
    }

    /** Mails the week unless it was mailed; true when this call posted it. */
    boolean mail(LocalDate week) throws IOException {
        Optional<String> claimed = store.weekly().claimed(week);
        if (claimed.isPresent() && store.mail().state(claimed.get()).isPresent()) {
            return false;
        }
        String id = store.weekly().claim(week, claimed.orElseGet(composer::newMessageId));
        if (store.mail().state(id).isPresent()) {
            return false;
        }
        Optional<String> link = settings.publicUrl().map(u -> u.replaceAll("/+$", "") + "/" + week + "/");
        WeeklyAnalysis.Result r = analysis.analyse(week, Optional.empty(), link);
        String body = renderer.mail(r.report());
        pages.write(settings.www(), r, body);
        List<String> to = settings.to().isEmpty() ? List.of(composer.from()) : settings.to();
        Reply reply = composer.composeNew(to, renderer.subject(r.report()), body, id);
        Path eml = delivery.post(null, reply, ReplyKind.WEEKLY,
                settings.to().isEmpty() ? Delivery.Audience.OUTBOX_ONLY : Delivery.Audience.ASKED);
        log.info("weekly report for {}: {} change point(s), {}", week, r.report().changes().size(), eml);
        return true;
    }

    /** `fsnbot trends`: the same report for the week, pages into out/www, not mailed; returns the mail text. */
    public String onDemand(LocalDate week, Optional<String> tree, Path out) throws IOException {
        WeeklyAnalysis.Result r = analysis.analyse(week, tree, Optional.empty());
        String body = renderer.mail(r.report());
        pages.write(out, r, body);
        return body;
    }
}
