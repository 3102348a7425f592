package org.fsnbot.store;

import java.nio.file.Path;

/** The store's contract on H2, the single machine's database. */
class StoreTest extends StoreContract {

    @Override
    Store open(Path dir) {
        return Store.h2(dir.resolve("db"));
    }
}
