package org.fsnbot.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import okhttp3.HttpUrl;
import org.fsnbot.build.BuiltConfig;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.report.Versions;

/**
 * What a job keeps beside its reply, in its directory: result.json (the
 * ResultDocument), results.txt (every table unfolded, the metrics outside
 * the verdict) and config (the base kernel's .config), which the reply
 * names so a reader can ask for them.
 */
public final class ResultFiles {

    public static final String JSON = "result.json";
    public static final String TABLES = "results.txt";
    public static final String CONFIG = "config";

    private final ReplyRenderer renderer;
    private final ObjectMapper json;
    private final Optional<HttpUrl> publicUrl;
    private final Versions versions;
    private final TreePublisher trees;
    private final JobPages pages;

    /**
     * publicUrl: where the operator serves <home>/jobs/ (empty: the files
     * are not published); versions: this fsnbot's and its workloads';
     * trees: where patched trees are pushed; pages: what shows a finished job.
     */
    public ResultFiles(ReplyRenderer renderer, ObjectMapper json, Optional<HttpUrl> publicUrl, Versions versions,
            TreePublisher trees, JobPages pages) {
        this.renderer = renderer;
        this.json = json;
        this.publicUrl = publicUrl;
        this.versions = versions;
        this.trees = trees;
        this.pages = pages;
    }

    /** The pages that show the job, once its files are written; a page that fails is logged, not the job's. */
    public void showOnPages(long jobId) {
        try {
            pages.written(jobId);
        } catch (IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(ResultFiles.class).warn("job {}: its pages could not be made: {}", jobId,
                    e.toString());
        }
    }

    /**
     * A patch job's patched tree pushed as its branch, once the series
     * applied: where it went, or why not.
     */
    public JobFacts.Published publishTree(Job job, Reached reached, long jobId) {
        if (!(job.candidate() instanceof Candidate.Series)) {
            return JobFacts.Published.NOTHING;
        }
        return applied(reached).map(a -> trees.publish(a, jobId)).orElse(JobFacts.Published.NOTHING);
    }

    /** Which fsnbot and workloads measure here: every job's facts carry them. */
    public Versions versions() {
        return versions;
    }

    /** The job's files as a reader reaches them: https://.../jobs/17/, or empty when not published. */
    public String link(long jobId) {
        return publicUrl.map(u -> u.newBuilder().addPathSegment("jobs").addPathSegment(Long.toString(jobId))
                .addPathSegment("").build().toString()).orElse("");
    }

    public void write(Path dir, Ending end, JobFacts facts) throws IOException {
        Files.createDirectories(dir);
        json.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(JSON).toFile(),
                new ResultDocument(json, renderer).of(facts, end.finding()));
        if (end.finding() instanceof Finding.Report r) {
            Files.writeString(dir.resolve(TABLES), renderer.results(facts, r.measurement()));
        }
        Optional<BuiltConfig> config = built(end.reached()).flatMap(Built::config);
        if (config.isPresent()) {
            Files.copy(config.get().file(), dir.resolve(CONFIG), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The applied candidate, once the job got that far. */
    static Optional<Applied> applied(Reached r) {
        return r instanceof Applied a ? Optional.of(a) : built(r).map(Built::applied);
    }

    /** The kernels a job built, once it got that far. */
    static Optional<Built> built(Reached r) {
        if (r instanceof Measured m) {
            return Optional.of(m.booted().imaged().built());
        }
        if (r instanceof Booted b) {
            return Optional.of(b.imaged().built());
        }
        if (r instanceof Imaged i) {
            return Optional.of(i.built());
        }
        return r instanceof Built b ? Optional.of(b) : Optional.empty();
    }
}
