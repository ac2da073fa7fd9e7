package org.crs.bar.nsi;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.refusal.RefusalCode;

/**
 * Why an NSI request was refused or a reserve failed, as the requester is told in a
 * serviceException: the NSI error id, a text for people, the BAR's own refusal code when the
 * BAR's reservation refused it (sent among the serviceException's variables), and the
 * connection's states when a transition was refused.
 *
 * @param errorId what NSI calls it
 * @param text for the requester, naming what is wrong
 * @param barCode the BAR's code, when the BAR's reservation or its parts refused
 * @param connectionId the connection it is about, when there is one
 */
public record NsiRefusal(NsiErrorId errorId, String text, Optional<RefusalCode> barCode, Optional<String> connectionId) {

    public NsiRefusal {
        Objects.requireNonNull(errorId, "errorId");
        Objects.requireNonNull(text, "text");
        barCode = barCode == null ? Optional.empty() : barCode;
        connectionId = connectionId == null ? Optional.empty() : connectionId;
    }

    /** A refusal of the NSI layer itself, with no BAR code. */
    public static NsiRefusal of(NsiErrorId errorId, String text) {
        return new NsiRefusal(errorId, text, Optional.empty(), Optional.empty());
    }

    /** The same refusal about {@code id}. */
    public NsiRefusal about(String id) {
        return new NsiRefusal(errorId, text, barCode, Optional.of(id));
    }

    /**
     * The NSI error id of a BAR refusal code (docs/nsi.md, "Errors"): a booking the parts refused
     * for lack of capacity, a VLAN or a port taken, no path; a field the BAR refused; access.
     */
    public static NsiErrorId errorIdOf(RefusalCode code) {
        return switch (code) {
            case NO_CAPACITY, QUOTA_EXCEEDED -> NsiErrorId.CAPACITY_UNAVAILABLE;
            case VLAN_UNAVAILABLE, HOST_PORT_BUSY, MAINTENANCE -> NsiErrorId.STP_UNAVAILABLE;
            case NO_PATH -> NsiErrorId.NO_PATH_FOUND;
            case BAD_FIELD -> NsiErrorId.PAYLOAD_ERROR;
            case POLICY -> NsiErrorId.SERVICE_ERROR;
            case FAR_NETWORK_REFUSED -> NsiErrorId.RESOURCE_UNAVAILABLE;
            case NOT_SIGNED_IN, NOT_ALLOWED -> NsiErrorId.UNAUTHORIZED;
            case TIMEOUT, PROVIDER_SILENT, STORE_UNAVAILABLE, THROTTLED, ACTIVATION_TOO_EARLY -> NsiErrorId.INTERNAL_ERROR;
        };
    }

    /** A refusal of the BAR's, as NSI names it. */
    public static NsiRefusal ofBar(RefusalCode code, String text) {
        return new NsiRefusal(errorIdOf(code), text, Optional.of(code), Optional.empty());
    }
}
