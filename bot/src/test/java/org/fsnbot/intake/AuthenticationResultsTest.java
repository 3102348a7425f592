package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The trusted MTA's boundary is found by the connection it recorded, never
 * by the name the client gave in HELO; Authentication-Results are read by
 * RFC 8601's grammar, quoted strings whole.
 */
class AuthenticationResultsTest {

    private static final String MX = "smtp.subspace.kernel.org";
    private static final Set<String> TRUST = Set.of(MX);

    /** HELO names a client may give: the MTA's own, local names, address literals, odd and UTF-8 ones. */
    static final List<String> HELOS = List.of(MX, "SMTP.SUBSPACE.KERNEL.ORG", "localhost", "localhost.localdomain",
            "[127.0.0.1]", "[IPv6:::1]", "[::1]", "127.0.0.1", "_x", "-x", ".", "[", "]", "\u00fcn\u00efcode.example",
            "x(localhost [127.0.0.1])", "(a\"", "\"q", "x\\", "a)by(b)" + MX, "x;by", "mail.example.org");

    /** The shapes MTAs write a Received line in, with the client's HELO and its real address 198.51.100.4. */
    static List<String> shapes(String helo, String mx) {
        return List.of("from " + helo + " (unknown [198.51.100.4]) by " + mx + " (Postfix) with ESMTPS id 1;"
                + " Mon, 30 Nov 2026 09:00:00 +0000",
                "from " + helo + " (mail.outsider.example [198.51.100.4])\n\t(using TLSv1.3 with cipher"
                        + " TLS_AES_256_GCM_SHA384 (256/256 bits))\n\t(No client certificate requested)\n\tby " + mx
                        + " (Postfix) with ESMTPS id 2",
                "from [198.51.100.4] (port=4321 helo=" + helo + ") by " + mx + " with esmtps id 3",
                "from mail.outsider.example ([198.51.100.4]:44468 \"EHLO " + helo + "\" rhost-flags-OK-OK-OK-OK)"
                        + " by " + mx + " with ESMTP id 4",
                "from " + helo + " (mail6.outsider.example [IPv6:2001:db8::4]) by " + mx + " (Postfix) id 5");
    }

    @Test
    void everyHeloWithAConnectionFromOutsideIsTheBoundary() {
        for (String helo : HELOS) {
            for (String line : shapes(helo, MX)) {
                assertThat(AuthenticationResults.takenIn(line.replace("\n", ""), TRUST)).as(line).isTrue();
            }
        }
    }

    @Test
    void theMtasLoopbackHopsAndLocalLinesAreNotTheBoundary() {
        assertThat(AuthenticationResults.takenIn("from localhost.localdomain (localhost.localdomain [127.0.0.1])"
                + "\tby " + MX + " (Postfix) with ESMTP id 19ECA257851;", TRUST)).isFalse();
        assertThat(AuthenticationResults.takenIn("from localhost (localhost [IPv6:::1]) by " + MX + " (Postfix)",
                TRUST)).isFalse();
        assertThat(AuthenticationResults.takenIn("(majordomo@" + MX + ") by " + MX + " via listexpand id S1", TRUST))
                .isFalse();
        assertThat(AuthenticationResults.takenIn("from smtp.kernel.org (aws-us-west-2-korg-mail-1 [10.30.226.201])"
                + " by " + MX + " (Postfix)", TRUST)).as("a private address is still outside").isTrue();
        assertThat(AuthenticationResults.takenIn("from " + MX + " by " + MX, TRUST)).as("no connection recorded")
                .isTrue();
        assertThat(AuthenticationResults.takenIn("from a (b [198.51.100.4]) by tor.lore.kernel.org", TRUST))
                .as("another MTA's line").isFalse();
    }

    @Test
    void aForgedResultBelowALineWhoseHeloIsTheMtasOwnIsNotBelieved() {
        String forged = "Authentication-Results: " + MX + "; dkim=pass header.d=suse.cz\n";
        for (String helo : HELOS) {
            for (String line : shapes(helo, MX)) {
                String mail = "Received: from localhost.localdomain (localhost.localdomain [127.0.0.1])\n\tby " + MX
                        + " (Postfix) with ESMTP id 9\nAuthentication-Results: " + MX + "; dkim=none\nReceived: "
                        + line + "\n" + forged + "From: Jan Kara <jack@suse.cz>\nSubject: x\n\n#fsnbot compare\n";
                assertThat(AuthenticationResults.authenticatedFrom(mail.getBytes(StandardCharsets.UTF_8), TRUST))
                        .as(line).isEmpty();
            }
        }
    }

    @Test
    void loresOwnLayoutStillVouches() {
        String mail = "Received: from localhost.localdomain (localhost.localdomain [127.0.0.1])\n\tby " + MX
                + " (Postfix) with ESMTP id 19ECA257851;\n\tTue, 13 Jan 2026 00:31:58 +0000 (UTC)\n"
                + "Authentication-Results: " + MX + ";\n\tdkim=pass (2048-bit key) header.d=suse.cz"
                + " header.i=@suse.cz header.b=\"AGpTtmg2\"\n"
                + "Received: from smtp-out1.suse.de (smtp-out1.suse.de [195.135.220.28])\n\t(using TLSv1.2 with"
                + " cipher ECDHE-RSA-AES256-GCM-SHA384 (256/256 bits))\n\t(No client certificate requested)\n\tby "
                + MX + " (Postfix) with ESMTPS id 851F3248F66;\n"
                + "From: Jan Kara <jack@suse.cz>\nSubject: x\n\nbody\n";
        assertThat(AuthenticationResults.authenticatedFrom(mail.getBytes(StandardCharsets.UTF_8), TRUST))
                .contains("jack@suse.cz");
    }

    @Test
    void quotedStringsAreOneValueWhateverTheyHold() {
        String d = "suse.cz";
        assertThat(AuthenticationResults.vouches(MX + "; dkim=pass header.d=" + d, TRUST, d)).isTrue();
        assertThat(AuthenticationResults.vouches(MX + "; dkim = pass (good) header.d = \"" + d + "\"", TRUST, d))
                .as("white space around =, a quoted value").isTrue();
        assertThat(AuthenticationResults.vouches("\"" + MX + "\" 1; dmarc=pass (p=none) header.from=" + d, TRUST, d))
                .isTrue();
        for (String injected : List.of(
                MX + "; spf=none smtp.mailfrom=\"a;dkim=pass header.d=" + d + "\"",
                MX + "; spf=none smtp.mailfrom=\"a; dkim=pass header.d=" + d + "; x=\"",
                MX + "; spf=none smtp.helo=\"x) ; dkim=pass header.d=" + d + "; (\"",
                MX + "; spf=none (x \"y) dkim=pass header.d=" + d,
                MX + "; spf=none smtp.mailfrom=\"unterminated; dkim=pass header.d=" + d,
                MX + "; spf=none smtp.mailfrom=\"a\\\"; dkim=pass header.d=" + d + "\"",
                MX + "; auth=pass smtp.auth=\"dkim=pass header.d=" + d + "\"",
                MX + "; dkim=none header.d=\"" + d + "\" reason=\"; dkim=pass header.d=" + d + "\"")) {
            assertThat(AuthenticationResults.vouches(injected, TRUST, d)).as(injected).isFalse();
        }
    }
}
