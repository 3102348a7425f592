package org.fsnbot.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import okhttp3.OkHttpClient;
import org.fsnbot.intake.EpochMirror;
import org.fsnbot.intake.EpochReader;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `fsnbot bench-intake`: the follower's throughput. --generate writes a v2
 * epoch of N messages replayed from seed mail with fresh Message-IDs;
 * --inbox follows an inbox (directory or URL) into a fresh store and
 * prints messages per second, peak heap and the cost of an empty poll.
 */
@Command(name = "bench-intake", mixinStandardHelpOptions = true,
        description = "Benchmark the inbox follower: generate a large epoch, or ingest one and time empty polls.")
public final class BenchIntakeCommand implements Callable<Integer> {

    private static final Pattern MSGID = Pattern.compile("<([^<>\\s]+@[^<>\\s]+)>");

    @Option(names = "--generate", description = "Write an inbox of this many messages to --inbox (a directory).")
    int generate;

    @Option(names = "--seed", description = "Directory of .eml files or an mbox to replay (with --generate).")
    Path seed;

    @Option(names = "--inbox", required = true, description = "Inbox directory or URL.")
    String inbox;

    @Option(names = "--maintainers", description = "MAINTAINERS file for relevance (when measuring).")
    Path maintainers;

    @Option(names = "--work", description = "Scratch directory for the store and mirrors (when measuring).")
    Path work;

    @Option(names = "--empty-polls", defaultValue = "20", description = "Empty polls to time (default: ${DEFAULT-VALUE}).")
    int emptyPolls;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        if (generate > 0) {
            return generate(out);
        }
        BadInput.require(maintainers != null && work != null, "measuring needs --maintainers and --work");
        return measure(out);
    }

    private int generate(PrintStream out) throws Exception {
        BadInput.require(seed != null, "--generate needs --seed");
        List<byte[]> seeds = new ArrayList<>();
        if (Files.isDirectory(seed)) {
            try (Stream<Path> files = Files.list(seed)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".eml")).sorted().toList()) {
                    seeds.add(Files.readAllBytes(f));
                }
            }
        } else {
            seeds.addAll(MboxReader.split(Files.readAllBytes(seed)));
        }
        BadInput.require(!seeds.isEmpty(), "no seed messages in " + seed);
        long t0 = System.nanoTime();
        try (EpochWriter w = new EpochWriter(Path.of(inbox).resolve("git/0.git"))) {
            for (int i = 0; i < generate; i++) {
                w.append(vary(seeds.get(i % seeds.size()), i / seeds.size()));
            }
        }
        out.printf("generated %d messages from %d seeds in %.1f s%n", generate, seeds.size(), secs(t0));
        return 0;
    }

    /** Round r of a seed: every Message-ID in its threading headers gets an r prefix, so threads stay whole. */
    static byte[] vary(byte[] raw, int round) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\n\n");
        String head = end < 0 ? text : text.substring(0, end);
        String body = end < 0 ? "" : text.substring(end);
        StringBuilder sb = new StringBuilder();
        boolean threading = false;
        for (String line : head.split("\n", -1)) {
            if (!line.startsWith(" ") && !line.startsWith("\t")) {
                String name = line.toLowerCase(java.util.Locale.ROOT);
                threading = name.startsWith("message-id:") || name.startsWith("in-reply-to:")
                        || name.startsWith("references:");
            }
            if (threading) {
                Matcher m = MSGID.matcher(line);
                line = m.replaceAll(r -> Matcher.quoteReplacement("<r" + round + "." + r.group(1) + ">"));
            }
            sb.append(line).append('\n');
        }
        sb.setLength(sb.length() - 1);
        return (sb + body).getBytes(StandardCharsets.ISO_8859_1);
    }

    private int measure(PrintStream out) throws Exception {
        Files.createDirectories(work);
        MboxReader parser = new MboxReader();
        FsnotifyRelevance relevance = new FsnotifyRelevance(MaintainersPatterns.parse(
                Files.readString(maintainers), MaintainersPatterns.FSNOTIFY_ENTRIES));
        OkHttpClient http = new OkHttpClient.Builder().readTimeout(Duration.ofMinutes(2)).build();
        InboxFollower f = new InboxFollower(new LoreClient(http, new ObjectMapper(), parser), new EpochMirror(),
                new EpochReader(), parser, relevance, work.resolve("lore"));
        Store store = Store.h2(work.resolve("db/bench"));
        InboxFollower.Inbox in = new InboxFollower.Inbox("bench", inbox);
        System.gc();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            p.resetPeakUsage();
        }
        long t0 = System.nanoTime();
        InboxFollower.PollStats s = f.poll(in, store.intake());
        double ingest = secs(t0);
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        double[] empty = new double[emptyPolls];
        for (int i = 0; i < emptyPolls; i++) {
            long e0 = System.nanoTime();
            InboxFollower.PollStats e = f.poll(in, store.intake());
            empty[i] = (System.nanoTime() - e0) / 1e6;
            if (e.counts().messages() != 0) {
                throw new IllegalStateException("an empty poll read " + e.counts().messages() + " messages");
            }
        }
        Arrays.sort(empty);
        out.printf("inbox            %s%n", inbox);
        InboxFollower.Counts n = s.counts();
        out.printf("messages         %d (%d distinct, %d seen before, %d unparseable, %d deleted)%n", n.messages(),
                n.fresh(), n.duplicates(), n.unparseable(), n.deletions());
        out.printf("fsnotify patches %d; patch mails kept for series %d%n", n.relevant(), n.kept());
        out.printf("ingest+classify  %.1f s = %.0f messages/s (fetch, parse, relevance, store)%n", ingest,
                n.messages() / ingest);
        out.printf("peak heap        %.0f MiB (max heap %d MiB)%n", peak / 1048576.0,
                Runtime.getRuntime().maxMemory() / 1048576);
        out.printf("empty poll       median %.1f ms, max %.1f ms over %d polls%n", empty[emptyPolls / 2],
                empty[emptyPolls - 1], emptyPolls);
        return 0;
    }

    private static double secs(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
