/*
 * Cisco 7600 SNMP driver: campus edge VLAN circuits, without the policer.
 *
 * Devices: Cisco 7600 series (7609 with SUP720/RSP720) on IOS 12.2(33)SR/SX in VTP
 * transparent mode, as the campus edge router. Written and tested against the CRS router
 * emulator's 7600 profile and SNMP agent, which follow Cisco's MIBs (see shared DEVICES.md).
 *
 * Protocol: SNMPv2c (write community) or SNMPv3 (authPriv: HMAC-192-SHA-256, AES-128), one
 * SET per request unless noted: multi-varbind sets are not atomic on every agent.
 *
 * WHAT THIS DRIVER CANNOT DO: install the ingress policer. IOS has no writable MIB for QoS
 * policy (CISCO-CLASS-BASED-QOS-MIB is read-only), so a circuit set up through this driver
 * is NOT rate-limited: the segment's rateBps is not enforced. A router that must police its
 * circuits is driven by CLI (cli.Cisco7600CliDriver).
 *
 * For circuit 42 on VLAN 1234, host port GigabitEthernet1/1 (ifIndex h), trunk
 * TenGigabitEthernet2/1 (ifIndex t), set-up sends (after resolving h and t by walking ifDescr):
 *
 *   -- create VLAN 1234 in the VTP edit buffer of management domain 1 (CISCO-VTP-MIB)
 *   set vtpVlanEditOperation.1 = copy(2), vtpVlanEditBufferOwner.1 = "crs"   (one PDU, as Cisco documents)
 *   set vtpVlanEditRowStatus.1.1234 = createAndGo(4)
 *   set vtpVlanEditType.1.1234 = ethernet(1)
 *   set vtpVlanEditName.1.1234 = "LP-42"
 *   set vtpVlanEditDot10Said.1.1234 = 00 01 8B 72                            (100000 + 1234 = 0x18B72)
 *   set vtpVlanEditOperation.1 = apply(3)
 *   get vtpVlanApplyStatus.1 ... until not inProgress(1); succeeded(2) is success
 *   set vtpVlanEditOperation.1 = release(4)                                  (always)
 *   -- put the host port in the VLAN (CISCO-VLAN-MEMBERSHIP-MIB)
 *   set vmVlan.h = 1234
 *   -- allow the VLAN on the trunk (read-modify-write of the bitmap that holds bit 1234)
 *   get vlanTrunkPortVlansEnabled2k.t;  set vlanTrunkPortVlansEnabled2k.t = bitmap | bit(1234 - 1024)
 *   -- describe and enable the host port (IF-MIB)
 *   set ifAlias.h = "LP-42 host"
 *   set ifAdminStatus.h = up(1)
 *
 * Tear-down, for what of the segment is on the router:
 *
 *   set ifAdminStatus.h = down(2)
 *   set ifAlias.h = ""
 *   set vmVlan.h = 1
 *   get/set vlanTrunkPortVlansEnabled2k.t with bit(1234 - 1024) cleared
 *   set vtpVlanEditOperation.1 = copy(2), vtpVlanEditBufferOwner.1 = "crs"
 *   set vtpVlanEditRowStatus.1.1234 = destroy(6)
 *   set vtpVlanEditOperation.1 = apply(3);  poll vtpVlanApplyStatus.1
 *   set vtpVlanEditOperation.1 = release(4)
 *
 * State is read from vtpVlanState / vtpVlanName, vmVlan, the trunk bitmap, ifAlias and
 * ifAdminStatus; counters from ifHCInOctets / ifHCOutOctets. As with the CLI drivers, a
 * failed set-up is undone (the state read back is compared with the state before) and the
 * exception says whether the router was restored.
 *
 * Both end by saving the configuration, as the CLI drivers' write memory does (SnmpConfigSave:
 * CISCO-CONFIG-COPY-MIB ccCopyTable, running-config to startup-config); a set-up whose save
 * fails is undone like any other failed step.
 */
package org.crs.routers.driver.snmp;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.VlanSegment;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * Puts VLAN circuit segments on a Cisco 7600 over SNMP: the VLAN, the host port's access VLAN,
 * description and admin status, and the VLAN on the trunk.
 *
 * <p><b>It does not install the ingress policer</b>: IOS has no writable MIB for QoS policies
 * (CISCO-CLASS-BASED-QOS-MIB is read-only), so the segment's {@link VlanSegment#rateBps()} is
 * not enforced by this driver. Routers that must police circuits are driven by
 * {@link org.crs.routers.driver.cli.Cisco7600CliDriver}. See the comment at the top of this
 * file for the exact requests.
 */
public final class Cisco7600SnmpDriver implements RouterDriver<VlanSegment> {

    /** VTP management domain index: IOS has one, numbered 1. */
    public static final int VTP_DOMAIN = 1;

    // CISCO-VTP-MIB
    public static final OID VTP_VLAN_STATE = new OID("1.3.6.1.4.1.9.9.46.1.3.1.1.2");
    public static final OID VTP_VLAN_NAME = new OID("1.3.6.1.4.1.9.9.46.1.3.1.1.4");
    public static final OID VTP_VLAN_EDIT_OPERATION = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1.1");
    public static final OID VTP_VLAN_APPLY_STATUS = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1.2");
    public static final OID VTP_VLAN_EDIT_BUFFER_OWNER = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1.3");
    public static final OID VTP_VLAN_EDIT_TYPE = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.3");
    public static final OID VTP_VLAN_EDIT_NAME = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.4");
    public static final OID VTP_VLAN_EDIT_DOT10_SAID = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.6");
    public static final OID VTP_VLAN_EDIT_ROW_STATUS = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.11");
    /** vlanTrunkPortVlansEnabled (VLANs 0-1023); the 2k, 3k and 4k columns follow. */
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.4");
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED_2K = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.17");
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED_3K = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.18");
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED_4K = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.19");
    // CISCO-VLAN-MEMBERSHIP-MIB
    public static final OID VM_VLAN = new OID("1.3.6.1.4.1.9.9.68.1.2.2.1.2");
    // IF-MIB
    public static final OID IF_ADMIN_STATUS = new OID("1.3.6.1.2.1.2.2.1.7");
    public static final OID IF_ALIAS = new OID("1.3.6.1.2.1.31.1.1.1.18");

    // Values
    public static final int EDIT_COPY = 2;
    public static final int EDIT_APPLY = 3;
    public static final int EDIT_RELEASE = 4;
    public static final int APPLY_IN_PROGRESS = 1;
    public static final int APPLY_SUCCEEDED = 2;
    public static final int ROW_CREATE_AND_GO = 4;
    public static final int ROW_DESTROY = 6;
    public static final int VLAN_TYPE_ETHERNET = 1;
    public static final int VLAN_OPERATIONAL = 1;
    public static final int ADMIN_UP = 1;
    public static final int ADMIN_DOWN = 2;
    /** The access VLAN of a parked port. */
    public static final int DEFAULT_VLAN = 1;
    /** Who holds the VTP edit buffer while CRS edits it, as other managers see it. */
    public static final String EDIT_BUFFER_OWNER = "crs";

    private static final int TRUNK_BITMAP_BYTES = 128;
    private static final long APPLY_POLL_MILLIS = 100;
    private static final String[] APPLY_STATUS_NAMES = {"?", "inProgress", "succeeded", "configNumberError",
        "inconsistentEdit", "tooBig", "localNVStoreFail", "remoteNVStoreFail", "editBufferEmpty", "someOtherError"};

    private final RouterEndpoint router;
    private final SnmpTimeouts timeouts;
    private final DeviceLog log;

    /**
     * @param router the router, with an SNMP port and write credentials
     * @param timeouts request timeout, retries, and how long a VLAN edit may take to apply
     * @param log receives every request and response
     */
    public Cisco7600SnmpDriver(RouterEndpoint router, SnmpTimeouts timeouts, DeviceLog log) {
        this.router = Objects.requireNonNull(router, "router");
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
        this.log = Objects.requireNonNull(log, "log");
    }

    /** A driver with {@link SnmpTimeouts#DEFAULTS}. */
    public Cisco7600SnmpDriver(RouterEndpoint router, DeviceLog log) {
        this(router, SnmpTimeouts.DEFAULTS, log);
    }

    @Override
    public RouterEndpoint router() {
        return router;
    }

    // --- what the router shows -------------------------------------------------------------------

    /** The two ports of a segment, as ifIndexes. */
    private record Ports(int host, int trunk) {
    }

    /**
     * Everything of the router that a segment touches, in one reading. Two readings are equal
     * when the router is in the same state for this segment.
     *
     * @param vlanName the VLAN's name, or null when the VLAN does not exist
     * @param hostVlan vmVlan of the host port, or -1 when it is not an access port
     * @param trunkBitmap hex of the trunk's bitmap column holding the VLAN, or null when the
     *     port is not a trunk
     */
    private record View(String vlanName, int hostVlan, String hostAlias, int hostAdmin, String trunkBitmap,
                        boolean trunkAllows) {

        boolean vlanExists() {
            return vlanName != null;
        }
    }

    private View read(SnmpSession s, VlanSegment seg, Ports ports) throws DriverException {
        List<VariableBinding> values = s.get(List.of(
                SnmpSession.oid(VTP_VLAN_STATE, VTP_DOMAIN, seg.vlan()),
                SnmpSession.oid(VTP_VLAN_NAME, VTP_DOMAIN, seg.vlan()),
                SnmpSession.oid(VM_VLAN, ports.host),
                SnmpSession.oid(IF_ALIAS, ports.host),
                SnmpSession.oid(IF_ADMIN_STATUS, ports.host),
                trunkColumnOid(seg.vlan(), ports.trunk)));
        String vlanName = values.get(0).isException() ? null
                : values.get(1).isException() ? "" : values.get(1).getVariable().toString();
        int hostVlan = values.get(2).isException() ? -1 : values.get(2).getVariable().toInt();
        String alias = values.get(3).isException() ? "" : values.get(3).getVariable().toString();
        int admin = values.get(4).isException() ? -1 : values.get(4).getVariable().toInt();
        byte[] bitmap = values.get(5).isException() ? null : bitmap(values.get(5).getVariable());
        return new View(vlanName, hostVlan, alias, admin,
                bitmap == null ? null : HexFormat.of().formatHex(bitmap),
                bitmap != null && bitSet(bitmap, seg.vlan()));
    }

    private enum Status { FREE, PRESENT, PARTIAL, TAKEN }

    private record Element(String name, Status status, String detail) {
    }

    private static String vlanElement(VlanSegment s) {
        return "vlan " + s.vlan();
    }

    private static String hostElement(VlanSegment s) {
        return "host port " + s.hostPort() + " on vlan " + s.vlan();
    }

    private static String trunkElement(VlanSegment s) {
        return "trunk " + s.trunkPort() + " allows vlan " + s.vlan();
    }

    private static String alias(VlanSegment s) {
        return s.label() + " host";
    }

    private static List<Element> elements(VlanSegment s, View v) {
        List<Element> out = new ArrayList<>();
        boolean vlanForeign = v.vlanExists() && !v.vlanName().equals(s.label());
        if (!v.vlanExists()) {
            out.add(new Element(vlanElement(s), Status.FREE, ""));
        } else if (vlanForeign) {
            out.add(new Element(vlanElement(s), Status.TAKEN, vlanElement(s) + " already exists as " + v.vlanName()));
        } else {
            out.add(new Element(vlanElement(s), Status.PRESENT, ""));
        }

        boolean aliasOurs = v.hostAlias().equals(alias(s));
        boolean inOurVlan = v.hostVlan() == s.vlan() && !vlanForeign;
        if (aliasOurs && v.hostVlan() == s.vlan() && v.hostAdmin() == ADMIN_UP) {
            out.add(new Element(hostElement(s), Status.PRESENT, ""));
        } else if (aliasOurs || inOurVlan) {
            out.add(new Element(hostElement(s), Status.PARTIAL, hostElement(s) + " is partly configured: " + describe(v)));
        } else if (v.hostVlan() == DEFAULT_VLAN && v.hostAlias().isEmpty() && v.hostAdmin() == ADMIN_DOWN) {
            out.add(new Element(hostElement(s), Status.FREE, ""));
        } else {
            out.add(new Element(hostElement(s), Status.TAKEN, "host port " + s.hostPort() + " is not parked: " + describe(v)));
        }

        if (v.trunkBitmap() == null) {
            out.add(new Element(trunkElement(s), Status.TAKEN, s.trunkPort() + " is not a trunk"));
        } else if (vlanForeign) {
            out.add(new Element(trunkElement(s), Status.TAKEN, "vlan " + s.vlan() + " belongs to " + v.vlanName()));
        } else {
            out.add(new Element(trunkElement(s), v.trunkAllows() ? Status.PRESENT : Status.FREE, ""));
        }
        return out;
    }

    private static String describe(View v) {
        return "vmVlan " + v.hostVlan() + ", ifAlias \"" + v.hostAlias() + "\", ifAdminStatus "
                + (v.hostAdmin() == ADMIN_UP ? "up" : v.hostAdmin() == ADMIN_DOWN ? "down" : String.valueOf(v.hostAdmin()));
    }

    // --- set-up -----------------------------------------------------------------------------------

    /**
     * Creates the VLAN, puts the host port in it, describes and enables the port, and allows the
     * VLAN on the trunk; reads the state back and undoes everything if a step fails.
     *
     * <p>Unlike the CLI driver, this set-up does not install the ingress policer (no writable
     * MIB on IOS). It saves the configuration like the CLI drivers do.
     */
    @Override
    public void setUp(VlanSegment seg) throws DriverException {
        try (SnmpSession s = open()) {
            Ports ports = ports(s, seg);
            View before = read(s, seg, ports);
            List<Element> elements = elements(seg, before);
            if (elements.stream().allMatch(e -> e.status() == Status.PRESENT)) {
                return;
            }
            List<String> blocked = elements.stream()
                    .filter(e -> e.status() == Status.TAKEN || e.status() == Status.PARTIAL)
                    .map(Element::detail)
                    .toList();
            if (!blocked.isEmpty()) {
                throw new DriverException(router.name(), "check that " + seg.label() + "'s resources are free",
                        String.join("; ", blocked), null);
            }
            DriverException failure;
            try {
                if (!before.vlanExists()) {
                    createVlan(s, seg);
                }
                if (before.hostVlan() != seg.vlan()) {
                    s.set(new VariableBinding(SnmpSession.oid(VM_VLAN, ports.host), new Integer32(seg.vlan())));
                }
                if (!before.trunkAllows()) {
                    setTrunkBit(s, seg.vlan(), ports.trunk, true);
                }
                s.set(new VariableBinding(SnmpSession.oid(IF_ALIAS, ports.host), new OctetString(alias(seg))));
                s.set(new VariableBinding(SnmpSession.oid(IF_ADMIN_STATUS, ports.host), new Integer32(ADMIN_UP)));
                View after = read(s, seg, ports);
                List<String> wrong = elements(seg, after).stream()
                        .filter(e -> e.status() != Status.PRESENT)
                        .map(e -> e.name() + (e.detail().isEmpty() ? " missing" : ": " + e.detail()))
                        .toList();
                if (wrong.isEmpty()) {
                    SnmpConfigSave.save(s);
                    return;
                }
                failure = new DriverException(router.name(), "verify " + seg.label(),
                        "the state read back does not show " + String.join("; ", wrong), null);
            } catch (DriverException e) {
                failure = e;
            }
            throw undo(s, seg, ports, before, failure);
        }
    }

    /**
     * Puts back every value that differs from the reading before set-up, in tear-down order,
     * tolerating errors (each is in the device log), and compares a fresh reading with it.
     */
    private DriverException undo(SnmpSession s, VlanSegment seg, Ports ports, View before, DriverException failure) {
        try {
            View now = read(s, seg, ports);
            List<DriverException> errors = new ArrayList<>();
            if (now.hostAdmin() != before.hostAdmin() && before.hostAdmin() > 0) {
                attempt(errors, () -> s.set(new VariableBinding(SnmpSession.oid(IF_ADMIN_STATUS, ports.host),
                        new Integer32(before.hostAdmin()))));
            }
            if (!now.hostAlias().equals(before.hostAlias())) {
                attempt(errors, () -> s.set(new VariableBinding(SnmpSession.oid(IF_ALIAS, ports.host),
                        new OctetString(before.hostAlias()))));
            }
            if (now.hostVlan() != before.hostVlan() && before.hostVlan() > 0) {
                attempt(errors, () -> s.set(new VariableBinding(SnmpSession.oid(VM_VLAN, ports.host),
                        new Integer32(before.hostVlan()))));
            }
            if (now.trunkAllows() != before.trunkAllows()) {
                attempt(errors, () -> setTrunkBit(s, seg.vlan(), ports.trunk, before.trunkAllows()));
            }
            if (now.vlanExists() && !before.vlanExists()) {
                attempt(errors, () -> deleteVlan(s, seg));
            }
            errors.forEach(failure::addSuppressed);
            View after = read(s, seg, ports);
            if (after.equals(before)) {
                return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), true, List.of(), failure);
            }
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), false,
                    leftovers(seg, before, after), failure);
        } catch (DriverException e) {
            failure.addSuppressed(e);
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), false,
                    List.of("state unknown: the undo could not read the router (" + e.deviceAnswer() + ")"), failure);
        }
    }

    private interface Step {
        void run() throws DriverException;
    }

    private static void attempt(List<DriverException> errors, Step step) {
        try {
            step.run();
        } catch (DriverException e) {
            errors.add(e);
        }
    }

    private static List<String> leftovers(VlanSegment seg, View before, View after) {
        List<String> left = new ArrayList<>();
        if (after.vlanExists() != before.vlanExists()) {
            left.add(vlanElement(seg));
        }
        if (after.hostVlan() != before.hostVlan() || !after.hostAlias().equals(before.hostAlias())
                || after.hostAdmin() != before.hostAdmin()) {
            left.add(hostElement(seg) + " (" + describe(after) + ")");
        }
        if (!Objects.equals(after.trunkBitmap(), before.trunkBitmap())) {
            left.add(trunkElement(seg));
        }
        return left;
    }

    // --- tear-down --------------------------------------------------------------------------------

    @Override
    public void tearDown(VlanSegment seg) throws DriverException {
        try (SnmpSession s = open()) {
            Ports ports = ports(s, seg);
            View before = read(s, seg, ports);
            List<Element> elements = elements(seg, before);
            boolean vlanOurs = elements.get(0).status() == Status.PRESENT;
            boolean hostOurs = elements.get(1).status() == Status.PRESENT || elements.get(1).status() == Status.PARTIAL;
            boolean trunkOurs = elements.get(2).status() == Status.PRESENT;
            if (!vlanOurs && !hostOurs && !trunkOurs) {
                return;
            }
            DriverException failure;
            try {
                if (hostOurs) {
                    if (before.hostAdmin() != ADMIN_DOWN) {
                        s.set(new VariableBinding(SnmpSession.oid(IF_ADMIN_STATUS, ports.host), new Integer32(ADMIN_DOWN)));
                    }
                    if (before.hostAlias().equals(alias(seg))) {
                        s.set(new VariableBinding(SnmpSession.oid(IF_ALIAS, ports.host), new OctetString("")));
                    }
                    if (before.hostVlan() == seg.vlan()) {
                        s.set(new VariableBinding(SnmpSession.oid(VM_VLAN, ports.host), new Integer32(DEFAULT_VLAN)));
                    }
                }
                if (trunkOurs) {
                    setTrunkBit(s, seg.vlan(), ports.trunk, false);
                }
                if (vlanOurs) {
                    deleteVlan(s, seg);
                }
                View after = read(s, seg, ports);
                List<String> left = remaining(seg, after);
                if (left.isEmpty()) {
                    SnmpConfigSave.save(s);
                    return;
                }
                failure = new DriverException(router.name(), "verify removal of " + seg.label(),
                        "the state read back still shows " + String.join("; ", left), null);
            } catch (DriverException e) {
                failure = e;
            }
            List<String> left;
            boolean unchanged;
            try {
                View after = read(s, seg, ports);
                left = remaining(seg, after);
                unchanged = after.equals(before);
            } catch (DriverException e) {
                failure.addSuppressed(e);
                left = List.of();
                unchanged = false;
            }
            throw new DriverException(router.name(), failure.step(), failure.deviceAnswer(), unchanged, left, failure);
        }
    }

    private static List<String> remaining(VlanSegment seg, View v) {
        List<Element> elements = elements(seg, v);
        List<String> left = new ArrayList<>();
        for (Element e : elements) {
            if (e.status() == Status.PRESENT || e.status() == Status.PARTIAL) {
                left.add(e.name());
            }
        }
        return left;
    }

    // --- reading ----------------------------------------------------------------------------------

    /**
     * The segment's state: the VLAN, the host port (in the VLAN, described, up) and the trunk.
     * There is no policer element: this driver does not manage one.
     */
    @Override
    public SegmentState readState(VlanSegment seg) throws DriverException {
        try (SnmpSession s = open()) {
            View v = read(s, seg, ports(s, seg));
            List<String> present = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (Element e : elements(seg, v)) {
                switch (e.status()) {
                    case PRESENT -> present.add(e.name());
                    case PARTIAL -> {
                        present.add(e.name() + " (incomplete)");
                        missing.add(e.name());
                    }
                    default -> missing.add(e.name());
                }
            }
            return SegmentState.of(present, missing);
        }
    }

    @Override
    public InterfaceCounters readCounters(String interfaceName) throws DriverException {
        try (SnmpSession s = open()) {
            return SnmpInterfaceCounters.read(s, interfaceName);
        }
    }

    // --- the VTP edit buffer ------------------------------------------------------------------------

    private void createVlan(SnmpSession s, VlanSegment seg) throws DriverException {
        editVlans(s, () -> {
            s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_ROW_STATUS, VTP_DOMAIN, seg.vlan()),
                    new Integer32(ROW_CREATE_AND_GO)));
            s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_TYPE, VTP_DOMAIN, seg.vlan()),
                    new Integer32(VLAN_TYPE_ETHERNET)));
            s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_NAME, VTP_DOMAIN, seg.vlan()),
                    new OctetString(seg.label())));
            s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_DOT10_SAID, VTP_DOMAIN, seg.vlan()),
                    new OctetString(dot10Said(seg.vlan()))));
        });
    }

    private void deleteVlan(SnmpSession s, VlanSegment seg) throws DriverException {
        editVlans(s, () -> s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_ROW_STATUS, VTP_DOMAIN, seg.vlan()),
                new Integer32(ROW_DESTROY))));
    }

    /**
     * The 802.10 SAID of a VLAN: 100000 + V as 4 bytes, big-endian (1234 gives 00 01 8B 72; the
     * "00 01 88 D2" in DEVICES.md is 100562, an arithmetic slip).
     */
    static byte[] dot10Said(int vlan) {
        return ByteBuffer.allocate(4).putInt(100_000 + vlan).array();
    }

    /**
     * Takes the VTP edit buffer (copy, with CRS as owner), makes the edits, applies them, waits
     * for the result, and always releases the buffer, so a failure never leaves it locked.
     */
    private void editVlans(SnmpSession s, Step edits) throws DriverException {
        // copy and owner in one PDU: the procedure Cisco documents for taking the buffer.
        s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_OPERATION, VTP_DOMAIN), new Integer32(EDIT_COPY)),
                new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_BUFFER_OWNER, VTP_DOMAIN),
                        new OctetString(EDIT_BUFFER_OWNER)));
        try {
            edits.run();
            s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_OPERATION, VTP_DOMAIN), new Integer32(EDIT_APPLY)));
            awaitApply(s);
        } catch (DriverException e) {
            try {
                release(s);
            } catch (DriverException releaseFailed) {
                e.addSuppressed(releaseFailed);
            }
            throw e;
        }
        release(s);
    }

    private void release(SnmpSession s) throws DriverException {
        s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_OPERATION, VTP_DOMAIN), new Integer32(EDIT_RELEASE)));
    }

    private void awaitApply(SnmpSession s) throws DriverException {
        OID status = SnmpSession.oid(VTP_VLAN_APPLY_STATUS, VTP_DOMAIN);
        long deadline = System.nanoTime() + timeouts.vtpApply().toNanos();
        while (true) {
            VariableBinding vb = s.get(status);
            int value = vb.isException() ? -1 : vb.getVariable().toInt();
            if (value == APPLY_SUCCEEDED) {
                return;
            }
            if (value != APPLY_IN_PROGRESS) {
                String name = value > 0 && value < APPLY_STATUS_NAMES.length ? APPLY_STATUS_NAMES[value] : SnmpSession.describe(vb);
                throw new DriverException(router.name(), "apply VLAN edit (vtpVlanApplyStatus)",
                        "the VLAN edit was not applied: " + name + "(" + value + ")", null);
            }
            if (System.nanoTime() > deadline) {
                throw new DriverException(router.name(), "apply VLAN edit (vtpVlanApplyStatus)",
                        "still inProgress after " + timeouts.vtpApply().toMillis() + " ms", null);
            }
            try {
                Thread.sleep(APPLY_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException(router.name(), "apply VLAN edit (vtpVlanApplyStatus)", "interrupted", e);
            }
        }
    }

    // --- the trunk bitmap -------------------------------------------------------------------------

    /** The column of vlanTrunkPortVlansEnabled(2k/3k/4k) that holds this VLAN's bit, for one port. */
    static OID trunkColumnOid(int vlan, int ifIndex) {
        OID column = vlan < 1024 ? VLAN_TRUNK_PORT_VLANS_ENABLED
                : vlan < 2048 ? VLAN_TRUNK_PORT_VLANS_ENABLED_2K
                : vlan < 3072 ? VLAN_TRUNK_PORT_VLANS_ENABLED_3K
                : VLAN_TRUNK_PORT_VLANS_ENABLED_4K;
        return SnmpSession.oid(column, ifIndex);
    }

    /** Whether the VLAN's bit is set: bit n (n = vlan mod 1024) is byte n/8, mask 0x80 >> n%8. */
    static boolean bitSet(byte[] bitmap, int vlan) {
        int n = vlan % 1024;
        return (bitmap[n / 8] & (0x80 >> (n % 8))) != 0;
    }

    static byte[] withBit(byte[] bitmap, int vlan, boolean on) {
        byte[] out = Arrays.copyOf(bitmap, TRUNK_BITMAP_BYTES);
        int n = vlan % 1024;
        if (on) {
            out[n / 8] |= (byte) (0x80 >> (n % 8));
        } else {
            out[n / 8] &= (byte) ~(0x80 >> (n % 8));
        }
        return out;
    }

    /** A bitmap as the agent sent it, padded to 128 bytes (agents may drop trailing zeros). */
    private static byte[] bitmap(Variable v) {
        byte[] raw = v instanceof OctetString s ? s.getValue() : new byte[0];
        return Arrays.copyOf(raw, TRUNK_BITMAP_BYTES);
    }

    /** Read-modify-write of the one bitmap that holds the VLAN; the other VLANs stay as they are. */
    private void setTrunkBit(SnmpSession s, int vlan, int trunkIfIndex, boolean on) throws DriverException {
        OID oid = trunkColumnOid(vlan, trunkIfIndex);
        VariableBinding current = s.get(oid);
        if (current.isException()) {
            throw new DriverException(router.name(), "get " + oid, "the port is not a trunk ("
                    + SnmpSession.describe(current) + ")", null);
        }
        s.set(new VariableBinding(oid, new OctetString(withBit(bitmap(current.getVariable()), vlan, on))));
    }

    // --- helpers ----------------------------------------------------------------------------------

    private SnmpSession open() throws DriverException {
        return SnmpSession.open(router, timeouts, log);
    }

    private static Ports ports(SnmpSession s, VlanSegment seg) throws DriverException {
        return new Ports(s.ifIndex(seg.hostPort()), s.ifIndex(seg.trunkPort()));
    }
}
