package org.fsnbot.store;

import java.util.Arrays;
import java.util.Locale;

/** How the store's vocabularies are kept in their columns: lower case, '-' for '_'. */
final class StoredName {

    private StoredName() {
    }

    static String of(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static <E extends Enum<E>> E parse(Class<E> type, String stored) {
        return Arrays.stream(type.getEnumConstants()).filter(v -> of(v).equals(stored)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown " + type.getSimpleName() + " " + stored));
    }
}
