package org.crs.nsap.service;

import java.util.Objects;

import org.crs.nsap.segment.RouterPart;

/**
 * Which interface of each part of a segment carries the circuit's traffic, for polling: on a
 * 7600 the host port (the policed one) or the uplink trunk, on a 12000 the attachment
 * subinterface (the policed one) or the TE tunnel. The trunk and the parent port of a
 * subinterface carry every circuit on them, so the defaults read the circuit's own interface.
 *
 * @param campus the interface of a campus part ({@link RouterPart.Vlan}, {@link RouterPart.HostPair})
 * @param wan the interface of a WAN part ({@link RouterPart.Pseudowire})
 */
public record TrafficPorts(Campus campus, Wan wan) {

    /** The interface polled on a 7600. */
    public enum Campus {
        /** The host port (of a host pair, the first host's). */
        HOST_PORT,
        /** The uplink trunk (of a host pair, which has none, the second host's port). */
        TRUNK
    }

    /** The interface polled on a 12000. */
    public enum Wan {
        /** The dot1Q subinterface the pseudowire is attached to, e.g. {@code GigabitEthernet3/0.1234}. */
        ATTACHMENT,
        /** The TE tunnel the pseudowire is pinned to, {@code Tunnel<circuit>}. */
        TUNNEL
    }

    /** Host ports and attachment subinterfaces: the interfaces that carry one circuit alone. */
    public static final TrafficPorts DEFAULT = new TrafficPorts(Campus.HOST_PORT, Wan.ATTACHMENT);

    public TrafficPorts {
        Objects.requireNonNull(campus, "campus");
        Objects.requireNonNull(wan, "wan");
    }

    /** The interface of {@code part} polled for circuit {@code circuitId}, as IOS names it. */
    public String interfaceOf(RouterPart part, long circuitId) {
        if (part instanceof RouterPart.Vlan v) {
            return campus == Campus.HOST_PORT ? v.hostPort() : v.trunkPort();
        }
        if (part instanceof RouterPart.HostPair h) {
            return campus == Campus.HOST_PORT ? h.hostPortA() : h.hostPortB();
        }
        RouterPart.Pseudowire p = (RouterPart.Pseudowire) part;
        // The names the 12000 driver gives them (PseudowireSegment.subinterface() and tunnel()).
        return wan == Wan.ATTACHMENT ? p.accessInterface() + "." + p.vlan() : "Tunnel" + circuitId;
    }
}
