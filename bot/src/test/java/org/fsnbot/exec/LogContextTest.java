package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** A line logged in a unit's job carries the date, the time and both ids, with the production pattern. */
class LogContextTest {

    private static String productionPattern() throws Exception {
        Matcher m = Pattern.compile("<pattern>(.*)</pattern>").matcher(Files.readString(
                Path.of("src/main/resources/logback.xml")));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    @Test
    @SuppressWarnings("try")
    void aLineInAUnitsJobNamesBothAndOneOutsideNamesNeither() throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(productionPattern());
        encoder.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
        appender.setContext(context);
        appender.setEncoder(encoder);
        appender.setOutputStream(out);
        appender.start();
        Logger log = context.getLogger("org.fsnbot.exec.LogContextTest.probe");
        log.setAdditive(false);
        log.addAppender(appender);
        try {
            try (MDC.MDCCloseable u = LogContext.unit(12); MDC.MDCCloseable j = LogContext.job(56)) {
                log.info("inside");
            }
            log.info("outside");
        } finally {
            log.detachAppender(appender);
            appender.stop();
        }
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines[0]).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ INFO  unit 12 job 56 probe: inside");
        assertThat(lines[1]).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ INFO  probe: outside");
    }
}
