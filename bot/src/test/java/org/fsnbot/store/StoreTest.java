package org.fsnbot.store;

import java.nio.file.Path;
import org.fsnbot.testing.OpenStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store's contract on H2, the single machine's database. Each test's
 * store is closed before its directory is deleted: H2's background writer
 * could otherwise add a file while JUnit deletes it (seen under load).
 */
class StoreTest extends StoreContract {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    @Override
    Store open(Path dir) {
        return stores.h2(dir.resolve("db"));
    }
}
