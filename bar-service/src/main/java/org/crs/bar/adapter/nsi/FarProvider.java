package org.crs.bar.adapter.nsi;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

import javax.security.auth.x500.X500Principal;

import org.crs.domain.nsi.Stp;

/**
 * Another network's NSI provider, as this BAR books the far part of a circuit from it.
 *
 * @param site the name this BAR's endpoints give that network ({@code domain-c} in {@code domain-c:host-c1})
 * @param nsa its NSA id
 * @param providerUrl its provider port
 * @param networkId its network id: a host {@code h} there is the STP {@code <networkId>:h}
 * @param handOff the name of this campus's hand-off port wired to it
 * @param handOffStp the far end of the hand-off: its STP in that network (the hand-off's
 *     {@code alias}) with the hand-off's whole VLAN range as its label
 * @param certificate the subject of the client certificate its callbacks must present; empty:
 *     a callback is taken on the correlation and connection ids it answers, which only it knows
 * @param callTimeout how long one message to it and the wait for its result may take
 * @param resultWait how long a result callback is waited for before the connection's states are
 *     asked with querySummarySync (and again after each such pause)
 * @param activationTimeout how long an activation waits for its data plane to come up
 * @param topology its NML topology document (its NSA description's topology interface): which of
 *     its ports carry VLANs, so that a request names them with a label ({@link FarPortLabels});
 *     empty: every far port is asked for without a label
 */
public record FarProvider(String site, String nsa, URI providerUrl, String networkId, String handOff, Stp handOffStp,
                          Optional<X500Principal> certificate, Duration callTimeout, Duration resultWait,
                          Duration activationTimeout, Optional<URI> topology) {

    public FarProvider {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(nsa, "nsa");
        Objects.requireNonNull(providerUrl, "providerUrl");
        Objects.requireNonNull(networkId, "networkId");
        Objects.requireNonNull(handOff, "handOff");
        Objects.requireNonNull(handOffStp, "handOffStp");
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(topology, "topology");
        if (handOffStp.vlans().isEmpty()) {
            throw new IllegalArgumentException("handOffStp: the hand-off's VLAN range is its label, was " + handOffStp);
        }
        for (Duration d : new Duration[] {callTimeout, resultWait, activationTimeout}) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeouts must be positive: " + callTimeout + ", " + resultWait
                        + ", " + activationTimeout);
            }
        }
    }

    /** A provider whose topology is not known: its ports are asked for without a label. */
    public FarProvider(String site, String nsa, URI providerUrl, String networkId, String handOff, Stp handOffStp,
                       Optional<X500Principal> certificate, Duration callTimeout, Duration resultWait,
                       Duration activationTimeout) {
        this(site, nsa, providerUrl, networkId, handOff, handOffStp, certificate, callTimeout, resultWait,
                activationTimeout, Optional.empty());
    }

    /** The controller's name in reservations' segments: {@code nsi-<site>}. */
    public String controllerName() {
        return "nsi-" + site;
    }

    /** The STP of a host of that network. */
    public Stp hostStp(String host) {
        return Stp.of(networkId, host);
    }
}
