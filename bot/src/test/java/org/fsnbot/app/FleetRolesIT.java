package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.MailLedger;
import org.fsnbot.mail.MailSender;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.MailState;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.store.Store;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's logins on a real PostgreSQL 15: the coordinator owns and
 * migrates the schema and grants; the runner records what it measured and
 * claims units, and can do nothing else a compromised runner would want:
 * no DDL, no change to what a unit is, no say in who recorded a mail, no
 * sending. And a mail a runner recorded goes, from the coordinator, only to
 * the people of the thread it answers and the lists.
 */
@Tag("e2e")
class FleetRolesIT {

    private static Postgres pg;

    @TempDir
    Path tmp;

    @BeforeAll
    static void server() {
        pg = Postgres.start(50);
    }

    @AfterAll
    static void stop() {
        pg.close();
    }

    private static void refused(Connection c, String sql) {
        assertThatThrownBy(() -> {
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }).as(sql).isInstanceOf(SQLException.class).hasMessageMatching("(?s).*(permission denied|must be owner).*");
    }

    private static void allowed(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @Test
    void aRunnerRecordsAndClaimsAndNothingMore() throws Exception {
        String url = pg.fleetDatabase("roles_" + UUID.randomUUID().toString().substring(0, 8));
        try (Store coordinator = Store.postgres(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD, 2,
                Clock.systemUTC());
                Store runner = Store.postgres(url, Postgres.RUNNER, Postgres.RUNNER_PASSWORD, 2, Clock.systemUTC());
                Connection c = DriverManager.getConnection(url, Postgres.RUNNER, Postgres.RUNNER_PASSWORD)) {
            assertThat(coordinator.shared()).isTrue();
            long job = runner.jobs().createJob(null, "/srv/linux", "v6.12", "quick", "sockets=1");
            assertThat(job).isPositive();
            allowed(c, "SELECT COUNT(*) FROM patch_mails");
            allowed(c, "INSERT INTO work_queue (kind, work_key, title, revision, state, created_at, updated_at)"
                    + " VALUES ('bisect', 'k', 't', 1, 'queued', now(), now())");
            allowed(c, "UPDATE work_queue SET state = 'running', runner = 'r1', started_at = now()");
            refused(c, "UPDATE work_queue SET tree = 'https://evil.example/linux.git'");
            refused(c, "UPDATE work_queue SET message_ids = '<x@y>'");
            refused(c, "DELETE FROM work_queue");
            refused(c, "CREATE TABLE planted (x INT)");
            refused(c, "ALTER TABLE jobs ADD COLUMN planted INT");
            refused(c, "INSERT INTO command_log (sender, command, outcome, at) VALUES ('a', 'b', 'accepted', now())");
            refused(c, "INSERT INTO outgoing_mail (message_id, kind, state, created_at, raw, envelope, recorded_by)"
                    + " VALUES ('<m@x>', 'REPORT', 'pending', now(), '', 'a@b', 'fsnbot_coordinator')");
            refused(c, "UPDATE outgoing_mail SET state = 'sent'");
            refused(c, "UPDATE patch_mails SET state = 'pending'");
            refused(c, "DROP TABLE verdicts");
        }
    }

    @Test
    void aRunnersMailGoesOnlyToThePeopleOfItsThreadAndTheLists() throws Exception {
        String url = pg.fleetDatabase("mail_" + UUID.randomUUID().toString().substring(0, 8));
        MboxReader reader = new MboxReader();
        PatchMail patch = reader.parse(MiniTree.patch("<fleet-mail-1@example.org>", "Dev <dev@example.org>",
                "[PATCH] fsnotify: make it faster").getBytes(StandardCharsets.UTF_8));
        String from = "fsnbot <fsnbot@fsnbot.test>";
        MailSettings smtp = new MailSettings(MailSettings.Mode.SMTP, new MailSettings.Smtp("smtp.invalid", 587, true,
                "", "", "NONE"), null, new MailSettings.Etiquette("fsnbot.test", List.of(), List.of(), true, false,
                        List.of("linux-fsdevel@x.org"), 20));
        Config.Mailing mailing = new Config.Mailing(from, smtp, List.of(), false, Optional.empty(),
                new Config.Weekly("0 0 6 ? * MON", List.of(), Optional.empty()));
        List<List<String>> sent = new ArrayList<>();
        MailSender capture = (id, raw, envelope) -> sent.add(List.copyOf(envelope));
        try (Store coordinator = Store.postgres(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD, 2,
                Clock.systemUTC());
                Store runner = Store.postgres(url, Postgres.RUNNER, Postgres.RUNNER_PASSWORD, 2, Clock.systemUTC())) {
            coordinator.intake().addFetched("fsdevel", patch, true);
            ReplyComposer composer = new ReplyComposer(from, smtp.etiquette());
            Reply report = composer.compose(patch, "Hi,\n\nREGRESSION\n");
            Reply widened = new Reply(report.messageId().replace("@", ".2@"), report.from(), List.of(
                    "Dev <dev@example.org>", "victim@elsewhere.example"), List.of("linux-fsdevel@x.org",
                            "another@elsewhere.example"), report.threading(), report.body());
            Reply nowhere = new Reply(report.messageId().replace("@", ".3@"), report.from(), List.of(
                    "victim@elsewhere.example"), List.of(), new Reply.Threading("Re: nothing",
                            "<unknown@elsewhere.example>", List.of("<unknown@elsewhere.example>")), "Hi\n");
            Outbox out = new Outbox(tmp.resolve("runner-outbox"));
            for (Reply r : List.of(widened, nowhere)) {
                byte[] raw = out.toBytes(r);
                List<String> envelope = new ArrayList<>(r.to().stream().map(org.fsnbot.intake.Addresses::bare)
                        .toList());
                envelope.addAll(r.cc().stream().map(org.fsnbot.intake.Addresses::bare).toList());
                runner.mail().record(null, new MailLedger.Outgoing(r, ReplyKind.REPORT, MailState.PENDING,
                        out.write(r.messageId(), raw), raw, envelope));
            }
            assertThat(coordinator.mail().unsent()).as("recorded by the runner's login").allMatch(
                    MailLedger.Unsent::foreign);
            Delivery delivery = new Delivery(new Outbox(tmp.resolve("outbox")), coordinator.mail(), smtp,
                    Optional.of(capture), new Delivery.Guards(List.of(), DeliveryHooks.NONE,
                            new VouchedRecipients(coordinator.intake(), coordinator.commands(), reader, mailing)),
                    from);
            assertThat(delivery.flush()).isEqualTo(1);
            assertThat(sent).containsExactly(List.of("dev@example.org", "linux-fsdevel@x.org"));
            assertThat(coordinator.text("SELECT state FROM outgoing_mail WHERE message_id = ?", nowhere.messageId()))
                    .as("a runner's mail to nobody of a thread we know").isEqualTo("failed");
        }
    }

    /** A CA, and a server certificate for localhost signed by it, made with openssl in dir; the CA's path. */
    private static Path certificates(Path dir, String ca) throws Exception {
        java.nio.file.Files.createDirectories(dir);
        Path ext = java.nio.file.Files.writeString(dir.resolve("san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        org.fsnbot.exec.CommandRunner run = new org.fsnbot.exec.CommandRunner();
        java.time.Duration t = java.time.Duration.ofMinutes(1);
        run.check(List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out",
                "ca.crt", "-days", "2", "-subj", "/CN=" + ca), dir, t);
        run.check(List.of("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out",
                "server.csr", "-subj", "/CN=localhost"), dir, t);
        run.check(List.of("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", ext.toString()), dir, t);
        return dir.resolve("ca.crt");
    }

    @Test
    void theStoreTalksTlsWithVerifyFullAndRefusesAServerItCannotVerify() throws Exception {
        Path ca = certificates(tmp.resolve("tls"), "fsnbot-test-ca");
        Path otherCa = certificates(tmp.resolve("other"), "someone-else");
        try (Postgres tls = Postgres.startWithTls(tmp.resolve("tls"))) {
            String url = tls.fleetDatabase("tls_" + UUID.randomUUID().toString().substring(0, 8));
            try (Store s = Store.postgres(url + "?sslmode=verify-full&sslrootcert=" + ca, Postgres.COORDINATOR,
                    Postgres.COORDINATOR_PASSWORD, 2, Clock.systemUTC())) {
                assertThat(s.text("SELECT CAST(ssl AS VARCHAR(5)) FROM pg_stat_ssl WHERE pid = pg_backend_pid()"))
                        .isEqualTo("true");
            }
            assertThatThrownBy(() -> DriverManager.getConnection(url + "?sslmode=verify-full&sslrootcert=" + otherCa,
                    Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD).close()).as("a server signed by another CA")
                    .isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> DriverManager.getConnection(url + "?sslmode=disable", Postgres.COORDINATOR,
                    Postgres.COORDINATOR_PASSWORD).close()).as("in clear").isInstanceOf(SQLException.class);
        }
    }
}
