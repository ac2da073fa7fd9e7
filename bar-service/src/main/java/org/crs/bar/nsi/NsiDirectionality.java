package org.crs.bar.nsi;

import java.util.Locale;
import java.util.Optional;

/** A point-to-point service's {@code directionality}. */
public enum NsiDirectionality {
    BIDIRECTIONAL("Bidirectional"),
    UNIDIRECTIONAL("Unidirectional");

    private final String wireName;

    NsiDirectionality(String wireName) {
        this.wireName = wireName;
    }

    /** As the schema spells it. */
    public String wireName() {
        return wireName;
    }

    /** Read in any case; empty when it is neither. */
    public static Optional<NsiDirectionality> fromWire(String text) {
        for (NsiDirectionality d : values()) {
            if (text != null && d.wireName.toLowerCase(Locale.ROOT).equals(text.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
