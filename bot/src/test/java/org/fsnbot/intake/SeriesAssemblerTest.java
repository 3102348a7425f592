package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesAssemblerTest {

    @Test
    void readsTheSubjectPrefixesB4Knows() {
        SubjectPrefix a = SubjectPrefix.parse("[PATCH v3 2/5] fanotify: x");
        assertThat(a.isPatch()).isTrue();
        assertThat(a.revision()).isEqualTo(3);
        assertThat(a.part()).isEqualTo(2);
        assertThat(a.total()).isEqualTo(5);
        assertThat(a.title()).isEqualTo("fanotify: x");
        SubjectPrefix b = SubjectPrefix.parse("[RFC PATCHv2 0/3] new API");
        assertThat(b.rfc()).isTrue();
        assertThat(b.revision()).isEqualTo(2);
        assertThat(b.part()).isZero();
        assertThat(SubjectPrefix.parse("[PATCH RESEND] fsnotify: y").resend()).isTrue();
        assertThat(SubjectPrefix.parse("[PATCH 6.6 79/84] fs/notify: z").revision()).as("6.6 is a tree").isEqualTo(1);
        assertThat(SubjectPrefix.parse("Re: [PATCH v3 2/5] fanotify: x").isPatch()).isFalse();
        assertThat(SubjectPrefix.parse("[RFC][PATCH 4/4] fanotify: w").part()).isEqualTo(4);
        assertThat(SubjectPrefix.parse("fsnotify: no brackets").isPatch()).isFalse();
    }

    private static PatchMail mail(String id, String subject, boolean diff, String... refs) {
        return new PatchMail(id, new PatchMail.Headers(subject, "Dev <dev@x.org>", null, List.of("list@x.org"),
                List.of(), List.of(refs), null), new PatchMail.Diff(diff, !diff,
                        diff ? List.of("fs/notify/mark.c") : List.of()), new byte[0]);
    }

    @Test
    void assemblesACompleteSeriesUnderItsCoverLetter() {
        List<PatchMail> m = List.of(mail("<c@x>", "[PATCH v2 0/2] thing", false),
                mail("<2@x>", "[PATCH v2 2/2] thing two", true, "<c@x>"),
                mail("<1@x>", "[PATCH v2 1/2] thing one", true, "<c@x>"),
                mail("<r@x>", "Re: [PATCH v2 1/2] thing one", true, "<c@x>", "<1@x>"));
        List<SeriesAssembler.Candidate> c = new SeriesAssembler().assemble(m);
        assertThat(c).singleElement().satisfies(s -> {
            assertThat(s.complete()).isTrue();
            assertThat(s.threadRoot()).isEqualTo("<c@x>");
            assertThat(s.series().patches()).extracting(PatchMail::messageId).containsExactly("<1@x>", "<2@x>");
            assertThat(s.series().replyTarget().messageId()).isEqualTo("<c@x>");
        });
    }

    @Test
    void aMissingPartLeavesTheSeriesIncompleteAndTheNewestRevisionWins() {
        List<PatchMail> m = new ArrayList<>(List.of(mail("<c1@x>", "[PATCH 0/3] thing", false),
                mail("<a1@x>", "[PATCH 1/3] a", true, "<c1@x>"), mail("<a3@x>", "[PATCH 3/3] c", true, "<c1@x>"),
                mail("<c2@x>", "[PATCH v2 0/3] thing", false), mail("<b1@x>", "[PATCH v2 1/3] a", true, "<c2@x>"),
                mail("<b2@x>", "[PATCH v2 2/3] b", true, "<c2@x>"), mail("<b3@x>", "[PATCH v2 3/3] c", true, "<c2@x>")));
        SeriesAssembler a = new SeriesAssembler();
        List<SeriesAssembler.Candidate> all = a.assemble(m);
        assertThat(all).hasSize(2);
        SeriesAssembler.Candidate v1 = all.stream().filter(c -> c.revision() == 1).findFirst().orElseThrow();
        assertThat(v1.complete()).isFalse();
        assertThat(v1.missing()).containsExactly(2);
        assertThat(a.current(all)).singleElement().satisfies(c -> {
            assertThat(c.revision()).isEqualTo(2);
            assertThat(c.complete()).isTrue();
        });
    }

    @Test
    void partsWithoutARevisionTakeTheirCoverLettersAndAResentPatchIsTheNextRevision() {
        List<PatchMail> m = List.of(mail("<c@x>", "[PATCH v3 0/2] thing", false),
                mail("<1@x>", "[PATCH 1/2] thing one", true, "<c@x>"),
                mail("<2@x>", "[PATCH 2/2] thing two", true, "<c@x>"),
                mail("<s1@x>", "[PATCH] fanotify: fix", true),
                mail("<s2@x>", "[PATCH] fanotify: fix", true, "<s1@x>"));
        SeriesAssembler a = new SeriesAssembler();
        List<SeriesAssembler.Candidate> all = a.assemble(m);
        SeriesAssembler.Candidate series = all.stream().filter(c -> c.total() == 2).findFirst().orElseThrow();
        assertThat(series.revision()).isEqualTo(3);
        assertThat(series.complete()).isTrue();
        assertThat(series.cover()).map(PatchMail::messageId).contains("<c@x>");
        assertThat(a.current(all)).filteredOn(c -> c.total() == 1).singleElement().satisfies(c -> {
            assertThat(c.revision()).as("sent in reply to the first version").isEqualTo(2);
            assertThat(c.threadRoot()).isEqualTo("<s2@x>");
        });
    }

    @Test
    void anUnnumberedParentWithADiffstatIsTheCoverLetter() {
        PatchMail cover = new PatchMail("<c@x>", new PatchMail.Headers("[PATCH v2] fsnotify: a series",
                "Dev <dev@x.org>", null, List.of("list@x.org"), List.of(), List.of(), null),
                new PatchMail.Diff(false, true, List.of()), new byte[0]);
        List<PatchMail> m = List.of(cover, mail("<1@x>", "[PATCH 1/2] one", true, "<c@x>"),
                mail("<2@x>", "[PATCH 2/2] two", true, "<c@x>"));
        SeriesAssembler.Candidate c = new SeriesAssembler().assemble(m).stream().filter(x -> x.total() == 2)
                .findFirst().orElseThrow();
        assertThat(c.cover()).contains(cover);
        assertThat(c.revision()).as("the parts take the cover's v2").isEqualTo(2);
        assertThat(c.series().replyTarget()).isEqualTo(cover);
    }

    @Test
    void referencesThatLoopEndTheWalkInsteadOfTheStack() {
        List<PatchMail> m = List.of(mail("<a@x>", "[PATCH 2/3] loop", true, "<b@x>"),
                mail("<b@x>", "[PATCH 3/3] loop", true, "<a@x>"));
        List<SeriesAssembler.Candidate> c = new SeriesAssembler().assemble(m);
        assertThat(c).isNotEmpty().allSatisfy(s -> assertThat(s.complete()).isFalse());
        assertThat(c.stream().flatMap(s -> s.parts().keySet().stream())).containsExactlyInAnyOrder(2, 3);
    }
}
