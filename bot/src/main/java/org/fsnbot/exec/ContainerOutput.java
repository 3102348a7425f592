package org.fsnbot.exec;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.StreamType;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A container's output as Docker streams it, within the same bounds as
 * CommandRunner's: as lines (stdout and stderr merged, LineCapture), or
 * stdout into a new file of at most maxBytes with stderr as the lines.
 * Past a bound the container is killed (onOverflow). Docker closes a
 * callback when its stream ends (close, from onComplete), which may be
 * before the last of the output: the catch-up read hands that over after,
 * so the file stays open until its owner finishes (finish); a frame after
 * that is dropped, never written to a closed file.
 */
final class ContainerOutput extends ResultCallback.Adapter<Frame> {

    private final OutputLimits limits;
    private final LineCapture lines;
    private final Optional<OutputStream> file;
    private final long maxBytes;
    private final List<String> notes = new ArrayList<>();
    private long fileBytes;
    private long stdoutReceived;
    private long stderrReceived;
    private boolean cut;
    private boolean stopped;
    private boolean finished;
    private Runnable onOverflow = () -> { };

    private ContainerOutput(OutputLimits limits, LineCapture lines, Optional<OutputStream> file, long maxBytes) {
        this.limits = limits;
        this.lines = lines;
        this.file = file;
        this.maxBytes = maxBytes;
    }

    static ContainerOutput lines(OutputLimits limits, Consumer<String> onLine) {
        return new ContainerOutput(limits, new LineCapture(limits, onLine), Optional.empty(), 0);
    }

    static ContainerOutput toFile(OutputLimits limits, Path target, long maxBytes) throws IOException {
        OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        return new ContainerOutput(limits, new LineCapture(limits, line -> { }), Optional.of(out), maxBytes);
    }

    synchronized void onOverflow(Runnable kill) {
        this.onOverflow = kill;
    }

    @Override
    public synchronized void onNext(Frame frame) {
        if (finished) {
            return;
        }
        byte[] b = frame.getPayload();
        if (frame.getStreamType() == StreamType.STDOUT) {
            stdoutReceived += b.length;
        } else {
            stderrReceived += b.length;
        }
        if (file.isPresent() && frame.getStreamType() == StreamType.STDOUT) {
            int keep = (int) Math.min(b.length, maxBytes - fileBytes);
            try {
                file.get().write(b, 0, keep);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fileBytes += keep;
            if (keep < b.length && !cut) {
                cut = true;
                onOverflow.run();
            }
        } else if (!lines.accept(b, 0, b.length) && !stopped) {
            stopped = true;
            onOverflow.run();
        }
    }

    synchronized void note(String line) {
        notes.add(line);
    }

    /** Bytes of stream type t received so far, before any bound (STDERR: every other stream). */
    synchronized long received(StreamType t) {
        return t == StreamType.STDOUT ? stdoutReceived : stderrReceived;
    }

    /** Whether a bound stopped the output (and the container was killed for it). */
    synchronized boolean overflowed() {
        return cut || stopped;
    }

    synchronized long fileBytes() {
        return fileBytes;
    }

    synchronized boolean cut() {
        return cut;
    }

    synchronized CommandResult result(List<String> command, int exit, boolean timedOut, long millis) {
        List<String> out = new ArrayList<>(lines.lines(stopped));
        out.addAll(notes);
        List<LimitHit> hits = stopped ? List.of(new LimitHit(LimitHit.Kind.OUTPUT, limits.stopAfterBytes(),
                lines.total())) : List.of();
        return new CommandResult(command, stopped || cut ? -1 : exit, timedOut, out, millis, hits);
    }

    /** Done with: no frame is taken after this, and the file (if any) is closed. */
    synchronized void finish() throws IOException {
        finished = true;
        if (file.isPresent()) {
            file.get().close();
        }
    }
}
