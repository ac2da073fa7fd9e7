package org.crs.domain.admission;

import java.util.Objects;

/**
 * Something with a capacity that circuits book bandwidth on: a host port, an uplink, a WAN
 * link, an access point. The services store one row per resource (table {@code resource})
 * and lock it while they admit a booking on it.
 *
 * @param id unique among the resources of one service, for example
 *     {@code edge-a:GigabitEthernet1/1} for a port or {@code core-1-core-3} for a link
 * @param kind what it is, in the words an operator reads in a refusal: one of the constants
 *     below, such as {@value #LINK}
 * @param capacityMbps how much bandwidth circuits may book on it at once, in Mbit/s
 */
public record Resource(String id, String kind, long capacityMbps) {

    /** The access port of an end-host on an edge router. */
    public static final String HOST_PORT = "host port";
    /** A trunk from a campus edge router to the site's WAN access point. */
    public static final String UPLINK = "uplink";
    /** A trunk from a campus edge router to another network domain, booked over NSI. */
    public static final String HAND_OFF = "hand-off";
    /** A link between two core routers; both directions share one calendar. */
    public static final String LINK = "link";
    /** The interface on a core router where a campus hands circuits to the WAN. */
    public static final String ACCESS_POINT = "access point";

    public Resource {
        requireText(id, "id");
        requireText(kind, "kind");
        if (capacityMbps <= 0) {
            throw new IllegalArgumentException("capacityMbps of " + kind + " " + id + " must be positive, was " + capacityMbps);
        }
    }

    /** How a refusal names it: {@code link core-1-core-3}. */
    @Override
    public String toString() {
        return kind + " " + id;
    }

    private static void requireText(String value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
    }
}
