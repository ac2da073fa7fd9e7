package org.crs.bar.nsi.topology;

import java.util.Objects;

import org.crs.domain.nsi.Stp;

/**
 * The far side of one hand-off port of the campus, as the BAR's {@code nsi.handOffs} names it.
 *
 * @param port the hand-off's name in the campus topology ({@code to-domain-c})
 * @param alias the peer network's port this one is wired to, without a label
 *     ({@code urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a}); the NML document
 *     relates this port's inbound group to its {@code -out} group and the outbound to its {@code -in}
 * @param peerNsa the NSA id of the peer network's provider
 */
public record HandOffPeer(String port, Stp alias, String peerNsa) {

    public HandOffPeer {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(alias, "alias");
        if (alias.vlans().isPresent()) {
            throw new IllegalArgumentException("alias: a port id without a label, was " + alias);
        }
        if (peerNsa == null || !peerNsa.startsWith(Stp.URN_PREFIX) || peerNsa.length() <= Stp.URN_PREFIX.length()
                || peerNsa.contains("?")) {
            throw new IllegalArgumentException("peerNsa: an NSA id begins with " + Stp.URN_PREFIX);
        }
    }
}
