package org.fsnbot.mail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.fsnbot.intake.Addresses;
import org.fsnbot.intake.PatchMail;

/**
 * Addresses a reply the way list etiquette wants it: a report to the
 * author (or their Reply-To), Cc everyone the patch went to, de-duplicated,
 * threaded under the patch with In-Reply-To and References. A reply that
 * reached no verdict (the patch did not apply or build) goes only to the
 * author's From and the lists fsnbot writes to: a stranger's failing patch
 * with a Reply-To and twenty Cc's chosen by them mails none of those. An answer to a
 * command goes only to its authenticated sender and the lists it was
 * posted on; a stranger's only to those lists (never to a Reply-To or Cc
 * list a stranger wrote). No mail has more than maxRecipients addresses.
 */
public final class ReplyComposer {

    private final String fromAddress;
    private final String domain;
    private final List<String> neverCc;
    private final List<String> lists;
    private final int maxRecipients;

    public ReplyComposer(String fromAddress) {
        this(fromAddress, "", List.of());
    }

    public ReplyComposer(String fromAddress, String messageIdDomain, List<String> neverCc) {
        this(fromAddress, messageIdDomain, neverCc, MailSettings.Etiquette.DEFAULT.lists(),
                MailSettings.Etiquette.DEFAULT.maxRecipients());
    }

    public ReplyComposer(String fromAddress, MailSettings.Etiquette e) {
        this(fromAddress, e.messageIdDomain(), e.neverCc(), e.lists(), e.maxRecipients());
    }

    /**
     * messageIdDomain: the right-hand side of our Message-IDs (empty: the
     * From address's domain); neverCc: addresses dropped from every Cc.
     */
    private ReplyComposer(String fromAddress, String messageIdDomain, List<String> neverCc, List<String> lists,
            int maxRecipients) {
        this.fromAddress = fromAddress;
        int at = fromAddress.lastIndexOf('@');
        String d = fromAddress.substring(at + 1).replace(">", "").trim();
        if (at < 0 || d.isEmpty()) {
            throw new IllegalArgumentException("from address needs a domain: " + fromAddress);
        }
        this.domain = messageIdDomain.isBlank() ? d : messageIdDomain.trim();
        this.neverCc = neverCc.stream().map(Addresses::bare).toList();
        this.lists = lists.stream().map(Addresses::bare).toList();
        this.maxRecipients = maxRecipients;
    }

    public Reply compose(PatchMail target, String body) {
        return compose(target, body, newMessageId());
    }

    /** As compose, with a Message-ID made beforehand (newMessageId) that the body already links to. */
    public Reply compose(PatchMail target, String body, String messageId) {
        return compose(target, List.of(), body, messageId);
    }

    /**
     * A reply under target with more people on Cc than its own (a
     * bisection asked for by mail: the culprit's author, the maintainers),
     * each address once, neverCc left out, capped as every reply is.
     */
    public Reply compose(PatchMail target, List<String> alsoCc, String body) {
        return compose(target, alsoCc, body, newMessageId());
    }

    private Reply compose(PatchMail target, List<String> alsoCc, String body, String messageId) {
        String author = target.replyTo() != null ? target.replyTo() : target.from();
        Map<String, String> cc = new LinkedHashMap<>();
        for (String a : concat(concat(target.to(), target.cc()), alsoCc)) {
            cc.putIfAbsent(Addresses.bare(a), a);
        }
        cc.remove(Addresses.bare(author));
        cc.remove(Addresses.bare(target.from()));
        cc.remove(Addresses.bare(fromAddress));
        neverCc.forEach(cc::remove);
        return capped(List.of(author), new ArrayList<>(cc.values()), target, body, messageId);
    }

    /**
     * A reply under target that reached no verdict: To its From (the
     * author; never a Reply-To), Cc only the lists fsnbot writes to among
     * those it went to.
     */
    public Reply composeToAuthorAndLists(PatchMail target, String body, String messageId) {
        List<String> onLists = listsOf(target);
        onLists.remove(Addresses.bare(target.from()));
        return capped(List.of(target.from()), onLists, target, body, messageId);
    }

    /** The lists fsnbot writes to that target went to, each once, bare. */
    private List<String> listsOf(PatchMail target) {
        List<String> onLists = new ArrayList<>();
        for (String a : concat(target.to(), target.cc())) {
            String bare = Addresses.bare(a);
            if (lists.contains(bare) && !onLists.contains(bare)) {
                onLists.add(bare);
            }
        }
        return onLists;
    }

    /**
     * An answer to a command mail: To its sender when a trusted server
     * authenticated them (Cc the lists it went to), else To those lists
     * only; empty when a stranger's mail went to no list fsnbot writes to.
     */
    public Optional<Reply> composeAnswer(PatchMail target, String body, Optional<String> authenticatedSender) {
        List<String> onLists = listsOf(target);
        if (authenticatedSender.isPresent()) {
            String who = authenticatedSender.get();
            onLists.remove(who);
            // The From line names them as they name themselves, when it is the address vouched for.
            String to = Addresses.bare(target.from()).equals(who) ? target.from() : who;
            return Optional.of(capped(List.of(to), onLists, target, body, newMessageId()));
        }
        if (onLists.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(capped(onLists, List.of(), target, body, newMessageId()));
    }

    private Reply capped(List<String> to, List<String> cc, PatchMail target, String body, String messageId) {
        List<String> t = to.subList(0, Math.min(to.size(), maxRecipients));
        List<String> c = cc.subList(0, Math.min(cc.size(), maxRecipients - t.size()));
        List<String> refs = new ArrayList<>(target.references());
        refs.remove(target.messageId());
        refs.add(target.messageId());
        String subject = target.subject().matches("(?i)^re:.*") ? target.subject() : "Re: " + target.subject();
        return new Reply(messageId, fromAddress, List.copyOf(t), List.copyOf(c),
                new Reply.Threading(subject, target.messageId(), refs), body);
    }

    /** A report that starts its own thread (a watched tree's new head has no patch mail to answer). */
    public Reply composeNew(List<String> to, String subject, String body) {
        return composeNew(to, subject, body, newMessageId());
    }

    public Reply composeNew(List<String> to, String subject, String body, String messageId) {
        return new Reply(messageId, fromAddress, to, List.of(), Reply.Threading.newThread(subject), body);
    }

    /**
     * A report in a thread of its own To some people and Cc others (a
     * bisection's: the culprit's author, the maintainers and lists), each
     * address once, neverCc left out, capped at maxRecipients.
     */
    public Reply composeNew(List<String> to, List<String> cc, String subject, String body) {
        Map<String, String> t = new LinkedHashMap<>();
        to.forEach(a -> t.putIfAbsent(Addresses.bare(a), a));
        Map<String, String> c = new LinkedHashMap<>();
        cc.forEach(a -> c.putIfAbsent(Addresses.bare(a), a));
        t.keySet().forEach(c::remove);
        c.remove(Addresses.bare(fromAddress));
        neverCc.forEach(c::remove);
        List<String> tl = new ArrayList<>(t.values()).subList(0, Math.min(t.size(), maxRecipients));
        List<String> cl = new ArrayList<>(c.values()).subList(0, Math.min(c.size(), maxRecipients - tl.size()));
        return new Reply(newMessageId(), fromAddress, List.copyOf(tl), List.copyOf(cl),
                Reply.Threading.newThread(subject), body);
    }

    /** The address our mail comes from, as a Reported-by: line names it. */
    public String from() {
        return fromAddress;
    }

    /** A fresh Message-ID of ours. */
    public String newMessageId() {
        return "<fsnbot." + UUID.randomUUID().toString().replace("-", "").substring(0, 20) + "@" + domain + ">";
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
