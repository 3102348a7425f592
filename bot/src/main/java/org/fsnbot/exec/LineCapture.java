package org.fsnbot.exec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * A command's output, bytes in, lines out, within OutputLimits: a line
 * longer than lineBytes keeps its first lineBytes and says how long it
 * was; only the last keptBytes/keptLines lines are kept, and the first
 * kept line says how many went before. Nothing here grows with the output:
 * a 2 GB line costs lineBytes of memory. BufferedReader.readLine would
 * build the whole line first, which is what this class exists to avoid.
 */
final class LineCapture {

    private final OutputLimits limits;
    private final Consumer<String> onLine;
    private final byte[] line;
    private int lineLength;
    private long lineTotal;
    private final Deque<String> kept = new ArrayDeque<>();
    private long keptChars;
    private long dropped;
    private long total;

    LineCapture(OutputLimits limits, Consumer<String> onLine) {
        this.limits = limits;
        this.onLine = onLine;
        this.line = new byte[limits.lineBytes()];
    }

    /** Takes the next bytes of output; returns false once the output passed stopAfterBytes. */
    synchronized boolean accept(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                endLine();
            } else {
                if (lineLength < line.length) {
                    line[lineLength++] = b[i];
                }
                lineTotal++;
            }
        }
        total += len;
        return total <= limits.stopAfterBytes();
    }

    /** The bytes seen so far. */
    synchronized long total() {
        return total;
    }

    private void endLine() {
        String text = new String(line, 0, lineLength, StandardCharsets.UTF_8);
        if (lineTotal > lineLength) {
            text += " [fsnbot: line cut, " + lineLength + " of " + lineTotal + " bytes kept]";
        }
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        lineLength = 0;
        lineTotal = 0;
        keep(text);
        onLine.accept(text);
    }

    private void keep(String text) {
        kept.addLast(text);
        keptChars += text.length();
        while (kept.size() > limits.keptLines() || (keptChars > limits.keptBytes() && kept.size() > 1)) {
            keptChars -= kept.removeFirst().length();
            dropped++;
        }
    }

    /**
     * The kept lines, an unfinished last line included; when lines were
     * dropped the first says how many, and when the output was stopped
     * the last says so.
     */
    synchronized List<String> lines(boolean stopped) {
        if (lineTotal > 0) {
            endLine();
        }
        List<String> out = new ArrayList<>(kept.size() + 2);
        if (dropped > 0) {
            out.add("[fsnbot: " + dropped + " earlier lines not kept]");
        }
        out.addAll(kept);
        if (stopped) {
            out.add("[fsnbot: stopped: the output passed " + (limits.stopAfterBytes() >> 20) + " MiB]");
        }
        return out;
    }
}
