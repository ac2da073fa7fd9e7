package org.crs.domain.nsi;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A Service Termination Point: {@code urn:ogf:network:<domain>:<year>:<topology>:<port>}
 * with an optional VLAN label {@code ?vlan=1000-1010,1020}. The network id is everything
 * before the last colon; the local id the part after it.
 *
 * @param networkId the network (topology) this STP belongs to
 * @param localId the port's name within it
 * @param vlans the label, when the port carries tags
 */
public record Stp(String networkId, String localId, Optional<VlanLabels> vlans) {

    /** What every NSI network id and NSA id begins with. */
    public static final String URN_PREFIX = "urn:ogf:network:";

    private static final Pattern LOCAL_ID = Pattern.compile("[A-Za-z0-9._+()\\-/,*;'$!=@%&~]+");
    private static final String VLAN_QUERY = "?vlan=";

    public Stp {
        if (networkId == null || !networkId.startsWith(URN_PREFIX) || networkId.length() <= URN_PREFIX.length()) {
            throw new IllegalArgumentException("an STP's network id begins with " + URN_PREFIX + ", was " + networkId);
        }
        if (localId == null || !LOCAL_ID.matcher(localId).matches()) {
            throw new IllegalArgumentException("an STP's local id is a non-empty name without ':' or '?', was "
                    + localId);
        }
        vlans = vlans == null ? Optional.empty() : vlans;
    }

    /** An STP without a label. */
    public static Stp of(String networkId, String localId) {
        return new Stp(networkId, localId, Optional.empty());
    }

    /**
     * Reads an STP id as a request or a topology writes it.
     *
     * @throws IllegalArgumentException when it is not an STP id ({@link #isBadLabel} tells a bad
     *     label apart from a bad id)
     */
    public static Stp parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("an STP id is required");
        }
        String id = text.trim();
        Optional<VlanLabels> vlans = Optional.empty();
        int query = id.indexOf('?');
        if (query >= 0) {
            String label = id.substring(query);
            if (!label.toLowerCase(java.util.Locale.ROOT).startsWith(VLAN_QUERY)) {
                throw new BadLabel("STP " + id + ": the only label CRS knows is ?vlan=, was " + label);
            }
            try {
                vlans = Optional.of(VlanLabels.parse(label.substring(VLAN_QUERY.length())));
            } catch (IllegalArgumentException e) {
                throw new BadLabel("STP " + id + ": " + e.getMessage());
            }
            id = id.substring(0, query);
        }
        int colon = id.lastIndexOf(':');
        if (!id.startsWith(URN_PREFIX) || colon <= URN_PREFIX.length() || colon == id.length() - 1) {
            throw new IllegalArgumentException("STP " + text + " is not urn:ogf:network:<network>:<port>");
        }
        return new Stp(id.substring(0, colon), id.substring(colon + 1), vlans);
    }

    /** Whether a failure of {@link #parse} was about the label rather than the id. */
    public static boolean isBadLabel(IllegalArgumentException e) {
        return e instanceof BadLabel;
    }

    /** The same port with exactly this VLAN. */
    public Stp withVlan(int vlan) {
        return new Stp(networkId, localId, Optional.of(VlanLabels.single(vlan)));
    }

    /** The same port without a label. */
    public Stp withoutLabel() {
        return new Stp(networkId, localId, Optional.empty());
    }

    /** The id without its label: {@code networkId:localId}. */
    public String portId() {
        return networkId + ":" + localId;
    }

    /** As NSI writes it, with its label when it has one. */
    @Override
    public String toString() {
        return portId() + vlans.map(v -> VLAN_QUERY + v).orElse("");
    }

    private static final class BadLabel extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadLabel(String message) {
            super(message);
        }
    }
}
