package org.fsnbot.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The fleet store's URL: another host only with an sslmode chosen, never a silent fallback; this host as given. */
class StoreUrlTest {

    @Test
    void aStoreOnAnotherHostIsReachedOnlyWithAnSslmodeChosenNeverASilentFallback() {
        for (String ok : List.of(
                "jdbc:postgresql://db.example.org/fsnbot?sslmode=verify-full&sslrootcert=/etc/fsnbot/ca.crt",
                "jdbc:postgresql://db.example.org:5433/fsnbot?sslrootcert=/etc/ca.crt&sslmode=verify-full",
                "jdbc:postgresql://10.0.0.5,db2.example.org/fsnbot?sslmode=verify%2Dfull",
                "jdbc:postgresql://[2001:db8::1]:5432/fsnbot?sslmode=verify-full",
                "jdbc:postgresql://172.17.0.1:5432/fsnbot?sslmode=disable")) {
            assertThat(StoreUrl.checked(ok)).isEqualTo(ok);
        }
        for (String bad : List.of(
                "jdbc:postgresql://db.example.org/fsnbot",
                "jdbc:postgresql://db.example.org/fsnbot?sslmode=prefer",
                "jdbc:postgresql://db.example.org/fsnbot?sslmode=allow",
                "jdbc:postgresql://db.example.org/fsnbot?ssl=true",
                "jdbc:postgresql://db.example.org/fsnbot?sslmode=verify-full&sslmode=disable",
                "jdbc:postgresql://db.example.org/fsnbot?sslmode=verify-full"
                        + "&sslfactory=org.postgresql.ssl.NonValidatingFactory",
                "jdbc:postgresql://db.example.org/fsnbot?sslmode=verify-full&SSLHostnameVerifier=x.AllowAll",
                "jdbc:postgresql://localhost,db.example.org/fsnbot",
                "jdbc:postgresql://localhost.evil.example/fsnbot",
                "jdbc:postgresql://127.0.0.1.evil.example/fsnbot",
                "jdbc:postgresql:///fsnbot",
                "jdbc:mysql://localhost/fsnbot")) {
            assertThatThrownBy(() -> StoreUrl.checked(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("store.url");
        }
    }

    @Test
    void aStoreOnThisHostIsReachedAsTheUrlSays() {
        for (String ok : List.of("jdbc:postgresql://localhost:5432/fsnbot", "jdbc:postgresql://127.0.0.1/fsnbot",
                "jdbc:postgresql://127.0.0.2:6000/fsnbot?sslmode=disable", "jdbc:postgresql://[::1]:5432/fsnbot",
                "jdbc:postgresql://LOCALHOST/fsnbot")) {
            assertThat(StoreUrl.checked(ok)).isEqualTo(ok);
        }
    }
}
