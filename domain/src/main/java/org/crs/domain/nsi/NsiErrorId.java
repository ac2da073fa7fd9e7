package org.crs.domain.nsi;

import java.util.Optional;

/**
 * The NSI error ids CRS sends and understands. An id a peer sends that is not here is read as
 * its family (the id with its last two digits 00), as OpenNSA does.
 */
public enum NsiErrorId {
    PAYLOAD_ERROR("00100"),
    MISSING_PARAMETER("00101"),
    UNSUPPORTED_PARAMETER("00102"),
    NOT_IMPLEMENTED("00103"),
    CONNECTION_ERROR("00200"),
    INVALID_TRANSITION("00201"),
    RESERVATION_NONEXISTENT("00203"),
    SECURITY_ERROR("00300"),
    UNAUTHORIZED("00302"),
    TOPOLOGY_ERROR("00400"),
    INTERNAL_ERROR("00500"),
    RESOURCE_UNAVAILABLE("00600"),
    SERVICE_ERROR("00700"),
    UNKNOWN_STP("00701"),
    LABEL_SWAPPING_NOT_SUPPORTED("00703"),
    STP_UNAVAILABLE("00704"),
    CAPACITY_UNAVAILABLE("00705"),
    DIRECTIONALITY_MISMATCH("00706"),
    INVALID_LABEL_FORMAT("00709"),
    NO_PATH_FOUND("00710");

    private final String code;

    NsiErrorId(String code) {
        this.code = code;
    }

    /** The five digits on the wire. */
    public String code() {
        return code;
    }

    /** The family this id belongs to ({@code 00704} is of {@code 00700}). */
    public NsiErrorId family() {
        return fromCode(code.substring(0, 3) + "00").orElse(this);
    }

    /** The id with exactly this code. */
    public static Optional<NsiErrorId> fromCode(String code) {
        for (NsiErrorId id : values()) {
            if (id.code.equals(code == null ? null : code.trim())) {
                return Optional.of(id);
            }
        }
        return Optional.empty();
    }

    /** The id with this code, or its family when the code is not known; empty when neither is. */
    public static Optional<NsiErrorId> read(String code) {
        Optional<NsiErrorId> exact = fromCode(code);
        if (exact.isPresent() || code == null || code.trim().length() != 5) {
            return exact;
        }
        return fromCode(code.trim().substring(0, 3) + "00");
    }
}
