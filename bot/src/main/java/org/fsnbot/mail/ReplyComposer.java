package org.fsnbot.mail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.fsnbot.intake.PatchMail;

/**
 * Addresses a reply the way list etiquette wants it: to the author (or
 * their Reply-To), Cc everyone the patch went to, de-duplicated, threaded
 * under the patch with In-Reply-To and References.
 */
public final class ReplyComposer {

    private final String fromAddress;
    private final String domain;
    private final List<String> neverCc;

    public ReplyComposer(String fromAddress) {
        this(fromAddress, "", List.of());
    }

    /**
     * messageIdDomain: the right-hand side of our Message-IDs (empty: the
     * From address's domain); neverCc: addresses dropped from every Cc.
     */
    public ReplyComposer(String fromAddress, String messageIdDomain, List<String> neverCc) {
        this.fromAddress = fromAddress;
        int at = fromAddress.lastIndexOf('@');
        String d = fromAddress.substring(at + 1).replace(">", "").trim();
        if (at < 0 || d.isEmpty()) {
            throw new IllegalArgumentException("from address needs a domain: " + fromAddress);
        }
        this.domain = messageIdDomain.isBlank() ? d : messageIdDomain.trim();
        this.neverCc = neverCc.stream().map(Addresses::bare).toList();
    }

    public Reply compose(PatchMail target, String body) {
        String author = target.replyTo() != null ? target.replyTo() : target.from();
        Map<String, String> cc = new LinkedHashMap<>();
        for (String a : concat(target.to(), target.cc())) {
            cc.putIfAbsent(Addresses.bare(a), a);
        }
        cc.remove(Addresses.bare(author));
        cc.remove(Addresses.bare(target.from()));
        cc.remove(Addresses.bare(fromAddress));
        neverCc.forEach(cc::remove);
        List<String> refs = new ArrayList<>(target.references());
        refs.remove(target.messageId());
        refs.add(target.messageId());
        String subject = target.subject().matches("(?i)^re:.*") ? target.subject() : "Re: " + target.subject();
        return new Reply(newId(), fromAddress, List.of(author), new ArrayList<>(cc.values()),
                new Reply.Threading(subject, target.messageId(), refs), body);
    }

    /** A report that starts its own thread (a watched tree's new head has no patch mail to answer). */
    public Reply composeNew(List<String> to, String subject, String body) {
        return new Reply(newId(), fromAddress, to, List.of(), Reply.Threading.newThread(subject), body);
    }

    private String newId() {
        return "<fsnbot." + UUID.randomUUID().toString().replace("-", "").substring(0, 20) + "@" + domain + ">";
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
