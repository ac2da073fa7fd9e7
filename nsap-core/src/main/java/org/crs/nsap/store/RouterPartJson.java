package org.crs.nsap.store;

import org.crs.nsap.segment.RouterPart;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * How plans keep their router parts: JSON, each part with a {@code kind} ({@code vlan},
 * {@code pseudowire}, {@code host-pair}). The names live here, a mix-in of the store's, so the
 * segment model itself knows no JSON.
 */
final class RouterPartJson {

    /** The mapper plans are written and read with. */
    static final ObjectMapper MAPPER = new ObjectMapper().addMixIn(RouterPart.class, Kinds.class);

    private RouterPartJson() {
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = RouterPart.Vlan.class, name = "vlan"),
        @JsonSubTypes.Type(value = RouterPart.Pseudowire.class, name = "pseudowire"),
        @JsonSubTypes.Type(value = RouterPart.HostPair.class, name = "host-pair")})
    private interface Kinds {
    }
}
