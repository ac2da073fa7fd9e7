package org.crs.routers.emulator.device;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * One interface of a router, physical or logical, with the configuration IOS keeps for it
 * and its traffic counters. Not thread-safe: guarded by its {@link Device}'s lock.
 */
public final class Interface {

    /** Switchport mode of a 7600 Layer 2 port. */
    public enum SwitchportMode { DYNAMIC, ACCESS, TRUNK }

    /** {@code xconnect <peer> <vcid> encapsulation mpls [pw-class <name>]}. */
    public record Xconnect(String peer, long vcId, String pwClass) {
        public String commandLine() {
            return "xconnect " + peer + " " + vcId + " encapsulation mpls" + (pwClass == null ? "" : " pw-class " + pwClass);
        }
    }

    private final InterfaceName name;
    private final int ifIndex;
    private final long speedBps;

    private String description;
    private boolean shutdown;

    private boolean switchport;
    private SwitchportMode switchportMode = SwitchportMode.DYNAMIC;
    private int accessVlan = 1;
    private boolean trunkEncapsulationDot1q;
    private BitSet trunkAllowed; // null means all VLANs (IOS's default)

    private String ipAddress; // "10.0.0.1 255.255.255.255"
    private String ipUnnumbered;
    private Integer dot1q;
    private Xconnect xconnect;

    private String tunnelDestination;
    private boolean tunnelModeTe;
    private long teBandwidthKbps;
    private final Map<Integer, String> pathOptions = new TreeMap<>();

    private String servicePolicyInput;
    private String servicePolicyOutput;

    private long inOctets;
    private long outOctets;
    private long inPackets;
    private long outPackets;
    private long inErrors;
    private long outDiscards;
    // What has been counted but not yet reached a whole octet, error or discard: kept so that
    // frequent reads of a slow trickle lose nothing.
    private double pendingOctets;
    private double pendingErrors;
    private double pendingDiscards;

    public Interface(InterfaceName name, int ifIndex, long speedBps) {
        this.name = name;
        this.ifIndex = ifIndex;
        this.speedBps = speedBps;
        // Physical ports of a router come up administratively down until configured.
        this.shutdown = name.isPhysical() && !name.isSubinterface();
    }

    public InterfaceName name() {
        return name;
    }

    public String fullName() {
        return name.full();
    }

    public int ifIndex() {
        return ifIndex;
    }

    public long speedBps() {
        return speedBps;
    }

    public String description() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public boolean shutdown() {
        return shutdown;
    }

    public void setShutdown(boolean shutdown) {
        this.shutdown = shutdown;
    }

    public boolean switchport() {
        return switchport;
    }

    /** Turning a port into a routed port forgets its Layer 2 settings, as IOS does. */
    public void setSwitchport(boolean switchport) {
        this.switchport = switchport;
        if (!switchport) {
            switchportMode = SwitchportMode.DYNAMIC;
            accessVlan = 1;
            trunkEncapsulationDot1q = false;
            trunkAllowed = null;
        }
    }

    public SwitchportMode switchportMode() {
        return switchportMode;
    }

    public void setSwitchportMode(SwitchportMode switchportMode) {
        this.switchportMode = switchportMode;
    }

    public int accessVlan() {
        return accessVlan;
    }

    public void setAccessVlan(int accessVlan) {
        this.accessVlan = accessVlan;
    }

    public boolean trunkEncapsulationDot1q() {
        return trunkEncapsulationDot1q;
    }

    public void setTrunkEncapsulationDot1q(boolean dot1q) {
        this.trunkEncapsulationDot1q = dot1q;
    }

    /** The VLANs allowed on this trunk; null means all (1-4094). */
    public BitSet trunkAllowed() {
        return trunkAllowed == null ? null : (BitSet) trunkAllowed.clone();
    }

    public void setTrunkAllowed(BitSet allowed) {
        this.trunkAllowed = allowed == null ? null : (BitSet) allowed.clone();
    }

    public boolean trunkAllows(int vlan) {
        return trunkAllowed == null || trunkAllowed.get(vlan);
    }

    public String ipAddress() {
        return ipAddress;
    }

    public void setIpAddress(String ipAddress) {
        this.ipAddress = ipAddress;
    }

    public String ipUnnumbered() {
        return ipUnnumbered;
    }

    public void setIpUnnumbered(String ipUnnumbered) {
        this.ipUnnumbered = ipUnnumbered;
    }

    public Integer dot1q() {
        return dot1q;
    }

    public void setDot1q(Integer dot1q) {
        this.dot1q = dot1q;
    }

    public Xconnect xconnect() {
        return xconnect;
    }

    public void setXconnect(Xconnect xconnect) {
        this.xconnect = xconnect;
    }

    public String tunnelDestination() {
        return tunnelDestination;
    }

    public void setTunnelDestination(String tunnelDestination) {
        this.tunnelDestination = tunnelDestination;
    }

    public boolean tunnelModeTe() {
        return tunnelModeTe;
    }

    public void setTunnelModeTe(boolean tunnelModeTe) {
        this.tunnelModeTe = tunnelModeTe;
    }

    public long teBandwidthKbps() {
        return teBandwidthKbps;
    }

    public void setTeBandwidthKbps(long teBandwidthKbps) {
        this.teBandwidthKbps = teBandwidthKbps;
    }

    /** path-option number to its text after the number, e.g. {@code explicit name LP-42}. */
    public Map<Integer, String> pathOptions() {
        return pathOptions;
    }

    public String servicePolicyInput() {
        return servicePolicyInput;
    }

    public void setServicePolicyInput(String name) {
        this.servicePolicyInput = name;
    }

    public String servicePolicyOutput() {
        return servicePolicyOutput;
    }

    public void setServicePolicyOutput(String name) {
        this.servicePolicyOutput = name;
    }

    public long inOctets() {
        return inOctets;
    }

    public long outOctets() {
        return outOctets;
    }

    public long inPackets() {
        return inPackets;
    }

    public long outPackets() {
        return outPackets;
    }

    /** ifInErrors: inbound packets with errors. */
    public long inErrors() {
        return inErrors;
    }

    /** ifOutDiscards: outbound packets discarded. */
    public long outDiscards() {
        return outDiscards;
    }

    /**
     * Sets the octet counters, as a router up for years would show them: near 2^64 (a negative
     * long) they wrap within seconds, for tests of the readers' wrap handling.
     */
    public void presetOctets(long octets) {
        inOctets = octets;
        outOctets = octets;
    }

    /**
     * Counts traffic that crossed this interface in both directions, with errors and discards
     * (Counter64 semantics: wraps silently). Fractions are carried to the next count.
     */
    void count(double bytes, double errors, double discards, int packetSize) {
        pendingOctets += bytes;
        long whole = (long) pendingOctets;
        pendingOctets -= whole;
        inOctets += whole;
        outOctets += whole;
        inPackets += whole / packetSize;
        outPackets += whole / packetSize;
        pendingErrors += errors;
        long e = (long) pendingErrors;
        pendingErrors -= e;
        inErrors += e;
        pendingDiscards += discards;
        long d = (long) pendingDiscards;
        pendingDiscards -= d;
        outDiscards += d;
    }
}
