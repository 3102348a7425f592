package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SubjectPrefixTest {

    @Test
    void aStableReviewNamesItsTreeNotARevision() {
        SubjectPrefix p = SubjectPrefix.parse("[PATCH 6.12 044/117] fs/notify: call exportfs_encode_fid with"
                + " s_umount");
        assertThat(p.stable()).contains("6.12");
        assertThat(p.revision()).isEqualTo(1);
        assertThat(p.part()).isEqualTo(44);
        assertThat(p.total()).isEqualTo(117);
        assertThat(SubjectPrefix.parse("[PATCH 5.15.y] fanotify: x").stable()).contains("5.15");
        assertThat(SubjectPrefix.parse("[PATCH 6.6 79/84] fsnotify: y").stable()).contains("6.6");
    }

    @Test
    void otherPrefixesAreNoStableReview() {
        for (String s : new String[] {"[PATCH v2 1/2] fsnotify: x", "[PATCH net-next 1/3] x",
            "[RFC PATCH 0/3] x", "Re: [PATCH 6.12 044/117] x", "[PATCH] fsnotify: bump to 6.12 semantics"}) {
            assertThat(SubjectPrefix.parse(s).stable()).as(s).isEmpty();
        }
    }
}
