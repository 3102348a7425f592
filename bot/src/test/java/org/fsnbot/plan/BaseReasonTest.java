package org.fsnbot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BaseReasonTest {

    @Test
    void aStoredReasonComesBackAsItWas() {
        for (BaseReason r : new BaseReason[] {BaseReason.of(BaseReason.Kind.CONFIGURED),
                BaseReason.of(BaseReason.Kind.STABLE_UNRESOLVED, "6.12", "linux-6.12.y"),
                BaseReason.of(BaseReason.Kind.LAST_TESTED_HEAD, "fsnotify")}) {
            assertThat(BaseReason.fromStored(r.stored())).isEqualTo(r);
        }
    }

    @Test
    void aSentenceAnEarlierFsnbotStoredIsShownAsItWasNotReadAsAKind() {
        assertThat(BaseReason.fromStored("stable 6.12 patch; no stableTree configured, so the first configured base"))
                .isEqualTo(BaseReason.of(BaseReason.Kind.RECORDED, "stable 6.12 patch; no stableTree configured, so"
                        + " the first configured base"));
        assertThat(BaseReason.fromStored("HEARTBEAT")).as("a kind without its branch is not that kind")
                .isEqualTo(BaseReason.of(BaseReason.Kind.RECORDED, "HEARTBEAT"));
        assertThat(BaseReason.fromStored("")).isEqualTo(BaseReason.of(BaseReason.Kind.CONFIGURED));
    }

    @Test
    void aKindQuotesExactlyItsNamesEachOneLine() {
        assertThatThrownBy(() -> BaseReason.of(BaseReason.Kind.STABLE_BRANCH, "6.12"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BaseReason.of(BaseReason.Kind.HEARTBEAT, "a\nb"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
