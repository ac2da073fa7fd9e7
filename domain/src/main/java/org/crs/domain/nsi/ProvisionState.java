package org.crs.domain.nsi;

import java.util.Optional;

/**
 * The NSI provision state machine's states: {@code Released -> Provisioning -> Provisioned ->
 * Releasing -> Released}. The data plane is up only while Provisioned and inside the schedule.
 */
public enum ProvisionState {
    RELEASED("Released"),
    PROVISIONING("Provisioning"),
    PROVISIONED("Provisioned"),
    RELEASING("Releasing");

    private final String wireName;

    ProvisionState(String wireName) {
        this.wireName = wireName;
    }

    /** As the schema spells it. */
    public String wireName() {
        return wireName;
    }

    /** Read leniently, in any case. */
    public static Optional<ProvisionState> fromWire(String text) {
        return WireNames.read(ProvisionState.class, ProvisionState::wireName, text, t -> t);
    }
}
