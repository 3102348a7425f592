package org.fsnbot.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

/**
 * The store's contract on H2, the single machine's database. Each test's
 * store is closed before its directory is deleted: H2's background writer
 * could otherwise add a file while JUnit deletes it (seen under load).
 */
class StoreTest extends StoreContract {

    private final List<Store> opened = new ArrayList<>();

    @Override
    Store open(Path dir) {
        Store s = Store.h2(dir.resolve("db"));
        opened.add(s);
        return s;
    }

    @AfterEach
    void close() {
        opened.forEach(Store::close);
    }
}
