package org.crs.nsi.contract.message;

import java.util.Locale;
import java.util.Optional;

/** Whether a point-to-point service carries traffic both ways (the default) or one way. */
public enum Directionality {
    BIDIRECTIONAL("Bidirectional"),
    UNIDIRECTIONAL("Unidirectional");

    private final String wireName;

    Directionality(String wireName) {
        this.wireName = wireName;
    }

    /** As the schema spells it. */
    public String wireName() {
        return wireName;
    }

    /** Read in any case; empty when neither. */
    public static Optional<Directionality> fromWire(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (Directionality d : values()) {
            if (d.wireName.toLowerCase(Locale.ROOT).equals(t)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
