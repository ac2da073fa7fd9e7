package org.crs.bar.nsi.topology;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.crs.domain.nsi.Stp;

/**
 * This site as an NSI network: the names in every NSI id of it, its name for peers, and the far
 * side of its hand-off ports.
 *
 * @param domain the DNS-like name in every NSI id of the site ({@code site-a.crs.example})
 * @param year the year in its ids, as NSI ids carry one ({@code 2026})
 * @param name the name peers show
 * @param handOffs the far side of hand-off ports, each port at most once
 */
public record NsiNetwork(String domain, int year, String name, List<HandOffPeer> handOffs) {

    private static final Pattern DOMAIN = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*");

    public NsiNetwork {
        if (domain == null || !DOMAIN.matcher(domain).matches()) {
            throw new IllegalArgumentException("domain: a DNS name such as site-a.crs.example");
        }
        if (year < 1000 || year > 9999) {
            throw new IllegalArgumentException("year: four digits, was " + year);
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name is missing");
        }
        handOffs = List.copyOf(handOffs);
        Set<String> ports = new HashSet<>();
        for (HandOffPeer peer : handOffs) {
            if (!ports.add(peer.port())) {
                throw new IllegalArgumentException("handOffs: port " + peer.port() + " is listed twice");
            }
        }
    }

    /** {@code urn:ogf:network:<domain>:<year>:nsa}. */
    public String nsaId() {
        return Stp.URN_PREFIX + domain + ":" + year + ":nsa";
    }

    /** {@code urn:ogf:network:<domain>:<year>:topology}: what every STP of the site begins with. */
    public String networkId() {
        return Stp.URN_PREFIX + domain + ":" + year + ":topology";
    }

    /** The far side of hand-off {@code port}, if configured. */
    public Optional<HandOffPeer> peer(String port) {
        Objects.requireNonNull(port, "port");
        return handOffs.stream().filter(peer -> peer.port().equals(port)).findFirst();
    }
}
