package org.crs.nsi.contract.message;

import java.util.Optional;

/** What an errorEvent reports. */
public enum ErrorEventKind {
    /** The circuit could not be brought up. */
    ACTIVATE_FAILED("activateFailed"),
    /** The circuit could not be taken down. */
    DEACTIVATE_FAILED("deactivateFailed"),
    /** The circuit failed while up. */
    DATAPLANE_ERROR("dataplaneError"),
    /** The provider ended the connection on its own. */
    FORCED_END("forcedEnd");

    private final String wireName;

    ErrorEventKind(String wireName) {
        this.wireName = wireName;
    }

    /** As the schema spells it. */
    public String wireName() {
        return wireName;
    }

    /** Read in any case; empty when none. */
    public static Optional<ErrorEventKind> fromWire(String text) {
        for (ErrorEventKind k : values()) {
            if (text != null && k.wireName.equalsIgnoreCase(text.trim())) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
