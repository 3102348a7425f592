package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LoreLinkTest {

    @Test
    void linksAMessageIdThroughLoresRedirector() {
        assertThat(LoreLink.of("<20261130084519.1-fsnbot-example@fsnbot.invalid>"))
                .isEqualTo("https://lore.kernel.org/r/20261130084519.1-fsnbot-example@fsnbot.invalid");
        assertThat(LoreLink.of("<a/b?c#d %e@x>")).isEqualTo("https://lore.kernel.org/r/a%2Fb%3Fc%23d%20%25e@x");
    }

    @Test
    void readsBackWhatPeopleType() {
        String id = "<20250101.1-x@example.org>";
        for (String typed : new String[] {id, "20250101.1-x@example.org", " <20250101.1-x@example.org> ",
            "https://lore.kernel.org/r/20250101.1-x@example.org",
            "https://lore.kernel.org/linux-fsdevel/20250101.1-x@example.org/",
            "https://lore.kernel.org/all/20250101.1-x@example.org/T/#u",
            LoreLink.of(id)}) {
            assertThat(LoreLink.messageId(typed)).as(typed).contains(id);
        }
        assertThat(LoreLink.messageId(LoreLink.of("<a/b@x>"))).contains("<a/b@x>");
    }

    @Test
    void refusesWhatIsNoMessageId() {
        for (String typed : new String[] {"", "no-at-sign", "a b@c", "<a@b", "https://evil.example.org/r/x@y",
            "file:///etc/passwd", "x@y\nBcc: z@w", "https://lore.kernel.org/r/", "a@" + "b".repeat(1000)}) {
            assertThat(LoreLink.messageId(typed)).as(typed).isEmpty();
        }
        assertThat(LoreLink.messageId(null)).isEmpty();
    }
}
