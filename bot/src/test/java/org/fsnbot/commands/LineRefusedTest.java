package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.report.ReplyRenderer;
import org.junit.jupiter.api.Test;

/** Every way a line is refused has its own words in the template, and they quote only the values given. */
class LineRefusedTest {

    @Test
    void everyReasonHasItsOwnSentenceAndNoneFallsThroughToTheCatchAll() throws Exception {
        ReplyRenderer renderer = new ReplyRenderer();
        Set<String> sentences = new HashSet<>();
        for (LineRefused.Reason r : LineRefused.Reason.values()) {
            Map<String, Object> values = new LineRefused(r, Map.of("got", "G", "verb", "V", "usage", "U", "key", "K",
                    "n", 99, "max", 20)).templateValues();
            String body = renderer.commandAnswer(new CommandAnswer(List.of(new CommandAnswer.Item("#fsnbot x",
                    CommandAnswer.Outcome.ERROR, "refused-line", values)), false));
            String from = body.substring(body.indexOf("Not run: "));
            String sentence = from.substring(0, from.indexOf("\n\n")).replaceAll("\\s+", " ");
            assertThat(sentence).as(r.name()).endsWith(".");
            if (r != LineRefused.Reason.MALFORMED) {
                assertThat(sentence).as(r.name()).doesNotContain("not a command fsnbot can read");
            }
            assertThat(sentences.add(sentence)).as("%s says what another reason says: %s", r, sentence).isTrue();
        }
    }

    @Test
    void everyReasonACommandIsNotRunHasItsOwnSentence() throws Exception {
        ReplyRenderer renderer = new ReplyRenderer();
        Set<String> sentences = new HashSet<>();
        Command c = new Command.Status("#fsnbot status", java.util.Optional.empty());
        for (NotRun r : NotRun.values()) {
            String body = renderer.commandAnswer(new CommandAnswer(List.of(QueueEstimate.notRun(c, r,
                    Map.of("prefixes", List.of("https://git.kernel.org/")))), false));
            String from = body.substring(body.indexOf("Not run: "));
            String sentence = from.substring(0, from.indexOf("\n\n")).replaceAll("\\s+", " ");
            assertThat(sentence).as(r.name()).endsWith(".");
            assertThat(sentences.add(sentence)).as("%s says what another reason says: %s", r, sentence).isTrue();
        }
    }
}
