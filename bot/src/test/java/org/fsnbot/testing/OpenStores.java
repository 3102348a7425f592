package org.fsnbot.testing;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import org.fsnbot.store.Store;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The H2 stores a test opens, closed after it. JUnit deletes a TempDir
 * when the test's context closes, after every AfterEach callback: a store
 * left open may still write its files there (H2's background writer), and
 * the deletion then fails the test with "Failed to close extension
 * context", as it did on CI. Register with {@code @RegisterExtension}.
 */
public final class OpenStores implements AfterEachCallback {

    private final Deque<AutoCloseable> open = new ArrayDeque<>();

    public Store h2(Path file) {
        return add(Store.h2(file));
    }

    public Store h2(Path file, Clock clock) {
        return add(Store.h2(file, clock));
    }

    /** Anything else that holds a store: closed before the stores opened earlier. */
    public <T extends AutoCloseable> T add(T closeable) {
        open.push(closeable);
        return closeable;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Exception first = null;
        while (!open.isEmpty()) {
            try {
                open.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
