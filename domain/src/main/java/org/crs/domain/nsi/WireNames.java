package org.crs.domain.nsi;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** Lenient reading of an enum by its wire name: case and a known misspelling do not matter. */
final class WireNames {

    private WireNames() {
    }

    /**
     * The constant whose wire name equals {@code text} ignoring case, after {@code fixes}
     * (a peer's known spelling) is applied; empty when none matches.
     */
    static <E extends Enum<E>> Optional<E> read(Class<E> type, Function<E, String> wireName, String text,
            Function<String, String> fixes) {
        if (text == null) {
            return Optional.empty();
        }
        String wanted = fixes.apply(text.trim()).toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (wireName.apply(e).toLowerCase(Locale.ROOT).equals(wanted)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
