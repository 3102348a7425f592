package org.fsnbot.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.fsnbot.app.Config;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.intake.LoreSeries;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.MboxWriter;
import org.fsnbot.intake.PatchSeries;
import picocli.CommandLine.Option;

/**
 * Where test-patch's patch comes from, as b4 and lei take it: a local mbox,
 * a message-id, or a lore link (exactly one). A fetched series is written
 * as an mbox under the home, so the job has a file like any other.
 */
final class PatchInput {

    @Option(names = "--mbox", description = "The patch mail(s): mbox or a single RFC 822 message.")
    Path mbox;

    @Option(names = "--msgid", description = "A message-id of the series (its cover letter or a patch), fetched"
            + " from the configuration's allInbox (lore's all/).")
    String msgid;

    @Option(names = "--lore", description = "A lore link to a message of the series, e.g."
            + " https://lore.kernel.org/r/<message-id>.")
    String lore;

    /** The series and the mbox file it is in. */
    record Read(PatchSeries series, Path mbox) {
    }

    Read read(Config cfg, MboxReader reader) throws IOException {
        int given = (mbox != null ? 1 : 0) + (msgid != null ? 1 : 0) + (lore != null ? 1 : 0);
        BadInput.require(given == 1, "name the patch once: --mbox FILE, --msgid ID or --lore URL");
        try {
            if (mbox != null) {
                BadInput.require(Files.isRegularFile(mbox), "--mbox " + mbox + ": no such file");
                return new Read(reader.readSeries(mbox), mbox);
            }
        } catch (MalformedMailException e) {
            throw BadInput.of(e);
        }
        String typed = msgid != null ? msgid : lore;
        String id = LoreLink.messageId(typed).orElseThrow(() -> new BadInput((msgid != null ? "--msgid " : "--lore ")
                + typed + ": not a message-id or a lore link to one"));
        HttpUrl all = cfg.sources().allInbox().orElseThrow(() -> new BadInput(
                "--msgid and --lore fetch from allInbox, which the configuration leaves empty"));
        OkHttpClient http = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(20))
                .readTimeout(Duration.ofMinutes(2)).build();
        Optional<LoreSeries.Found> found = new LoreSeries(new LoreClient(http, new ObjectMapper(), reader), all)
                .fetch(id);
        LoreSeries.Found f = found.orElseThrow(() -> new BadInput(all + " has no patch " + id));
        if (f.partAlone()) {
            System.err.println("fsnbot: " + id + " is one part of a series " + all
                    + " does not have whole; testing that part alone");
        }
        return new Read(f.series(), write(cfg.home().root().resolve("fetched"), id, f.series()));
    }

    private static Path write(Path dir, String id, PatchSeries series) throws IOException {
        Files.createDirectories(dir);
        // The id is only a file name here after losing every character a path could misuse.
        Path f = dir.resolve(id.replaceAll("[^A-Za-z0-9@._-]", "_") + ".mbox");
        MboxWriter.write(f, series);
        return f;
    }
}
