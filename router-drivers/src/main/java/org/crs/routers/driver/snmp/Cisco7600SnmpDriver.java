/*
 * Cisco 7600 SNMP driver: campus edge VLAN circuits, without the policer.
 *
 * Devices: Cisco 7600 series (7609 with SUP720/RSP720) on IOS 12.2(33)SR/SX in VTP
 * transparent mode, as the campus edge router. Written and tested against the CRS router
 * emulator's 7600 profile and SNMP agent, which follow Cisco's MIBs (see docs/devices.md).
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
 *   set vtpVlanEditRowStatus.1.1234 = createAndGo(4),                        (one PDU, as Cisco documents:
 *       vtpVlanEditType.1.1234 = ethernet(1),                                 IOS refuses a createAndGo
 *       vtpVlanEditName.1.1234 = "LP-42",                                     without these columns)
 *       vtpVlanEditDot10Said.1.1234 = 00 01 8B 72                            (100000 + 1234 = 0x18B72)
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
 * A circuit between two hosts of the router (HostPairSegment) is the same without the trunk:
 * create the VLAN, set vmVlan of port A then port B, then ifAlias and ifAdminStatus of A, then
 * of B; tear-down parks both ports (down, no alias, VLAN 1) and deletes the VLAN. Before
 * creating the VLAN it walks the trunk bitmap column that holds the VLAN and refuses when a
 * trunk already allows it (the circuit would run onto that trunk). A failure on port B is
 * undone on port A too, like any failed step.
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

import static org.crs.routers.driver.snmp.CiscoVlanMibs.ADMIN_DOWN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.ADMIN_UP;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.DEFAULT_VLAN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.IF_ADMIN_STATUS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.IF_ALIAS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VM_VLAN;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.snmp.SegmentReading.Element;
import org.crs.routers.driver.snmp.SegmentReading.HostView;
import org.crs.routers.driver.snmp.SegmentReading.Ports;
import org.crs.routers.driver.snmp.SegmentReading.Status;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.VariableBinding;

/**
 * Puts campus circuit segments on a Cisco 7600 over SNMP: the VLAN, each host port's access
 * VLAN, description and admin status, and the VLAN on the trunk (a host pair has none).
 *
 * <p><b>It does not install the ingress policer</b>: IOS has no writable MIB for QoS policies
 * (CISCO-CLASS-BASED-QOS-MIB is read-only), so the segment's {@link CampusSegment#rateBps()} is
 * not enforced by this driver. Routers that must police circuits are driven by
 * {@link org.crs.routers.driver.cli.Cisco7600CliDriver}. See the comment at the top of this
 * file for the exact requests.
 *
 * <p>The VLAN is created and deleted by {@code VtpEditBuffer}, the trunk's bitmap is changed by
 * {@code TrunkBitmap}, what the router shows for a segment is a {@code SegmentReading}, and
 * the MIB objects are named in {@link CiscoVlanMibs}.
 */
public final class Cisco7600SnmpDriver implements RouterDriver<CampusSegment> {

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

    // --- set-up -----------------------------------------------------------------------------------

    /**
     * Creates the VLAN, puts the host port(s) in it, allows the VLAN on the trunk (when the
     * segment has one), describes and enables the host port(s); reads the state back and undoes
     * everything if a step fails.
     *
     * <p>Unlike the CLI driver, this set-up does not install the ingress policer (no writable
     * MIB on IOS). It saves the configuration like the CLI drivers do.
     */
    @Override
    public void setUp(CampusSegment seg) throws DriverException {
        try (SnmpSession s = open()) {
            Ports ports = Ports.of(s, seg);
            SegmentReading before = SegmentReading.read(s, seg, ports);
            if (before.complete(seg)) {
                return;
            }
            List<String> blocked = before.blockers(seg);
            if (!blocked.isEmpty()) {
                throw new DriverException(router.name(), "check that " + seg.label() + "'s resources are free",
                        String.join("; ", blocked), null);
            }
            try {
                if (!before.vlanExists()) {
                    VtpEditBuffer.createVlan(s, seg.vlan(), seg.label());
                }
                for (int i = 0; i < ports.hosts().size(); i++) {
                    if (before.hosts().get(i).vlan() != seg.vlan()) {
                        s.set(new VariableBinding(SnmpSession.oid(VM_VLAN, ports.hosts().get(i)),
                                new Integer32(seg.vlan())));
                    }
                }
                if (ports.trunk() > 0 && !before.trunkAllows()) {
                    TrunkBitmap.set(s, seg.vlan(), ports.trunk(), true);
                }
                for (int host : ports.hosts()) {
                    s.set(new VariableBinding(SnmpSession.oid(IF_ALIAS, host),
                            new OctetString(SegmentReading.hostAlias(seg))));
                    s.set(new VariableBinding(SnmpSession.oid(IF_ADMIN_STATUS, host), new Integer32(ADMIN_UP)));
                }
                List<String> wrong = SegmentReading.read(s, seg, ports).notPresent(seg);
                saveUnlessWrong(s, wrong, "verify " + seg.label(), "the state read back does not show ");
            } catch (DriverException failure) {
                throw undo(s, seg, ports, before, failure);
            }
        }
    }

    /**
     * Puts back every value that differs from the reading before set-up, in tear-down order,
     * tolerating errors (each is in the device log), and compares a fresh reading with it.
     */
    private DriverException undo(SnmpSession s, CampusSegment seg, Ports ports, SegmentReading before,
                                 DriverException failure) {
        try {
            SegmentReading now = SegmentReading.read(s, seg, ports);
            List<DriverException> errors = new ArrayList<>();
            for (int i = 0; i < ports.hosts().size(); i++) {
                int host = ports.hosts().get(i);
                HostView was = before.hosts().get(i);
                HostView is = now.hosts().get(i);
                if (is.admin() != was.admin() && was.admin() > 0) {
                    attempt(errors, () -> s.set(new VariableBinding(SnmpSession.oid(IF_ADMIN_STATUS, host),
                            new Integer32(was.admin()))));
                }
                if (!is.alias().equals(was.alias())) {
                    attempt(errors, () -> s.set(new VariableBinding(SnmpSession.oid(IF_ALIAS, host),
                            new OctetString(was.alias()))));
                }
                if (is.vlan() != was.vlan() && was.vlan() > 0) {
                    attempt(errors, () -> s.set(new VariableBinding(SnmpSession.oid(VM_VLAN, host),
                            new Integer32(was.vlan()))));
                }
            }
            if (ports.trunk() > 0 && now.trunkAllows() != before.trunkAllows()) {
                attempt(errors, () -> TrunkBitmap.set(s, seg.vlan(), ports.trunk(), before.trunkAllows()));
            }
            if (now.vlanExists() && !before.vlanExists()) {
                attempt(errors, () -> VtpEditBuffer.deleteVlan(s, seg.vlan()));
            }
            errors.forEach(failure::addSuppressed);
            SegmentReading after = SegmentReading.read(s, seg, ports);
            if (after.equals(before)) {
                return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), true, List.of(), failure);
            }
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), false,
                    after.changedSince(before, seg), failure);
        } catch (DriverException e) {
            // The undo could not read the router: what the set-up left there is not known.
            failure.addSuppressed(e);
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(),
                    DriverException.RouterLeft.UNKNOWN, List.of(), failure);
        }
    }

    /** One request (or read-modify-write) of an undo. */
    private interface Step {
        void run() throws DriverException;
    }

    /** Runs one undo step, keeping its failure so that the undo goes on with the next. */
    private static void attempt(List<DriverException> errors, Step step) {
        try {
            step.run();
        } catch (DriverException e) {
            errors.add(e);
        }
    }

    // --- tear-down --------------------------------------------------------------------------------

    /**
     * Parks the host port(s) (down, no alias, VLAN 1), disallows the VLAN on the trunk and
     * deletes the VLAN, each only when it is the segment's; reads the state back and saves.
     */
    @Override
    public void tearDown(CampusSegment seg) throws DriverException {
        try (SnmpSession s = open()) {
            Ports ports = Ports.of(s, seg);
            SegmentReading before = SegmentReading.read(s, seg, ports);
            List<Element> elements = before.elements(seg);
            int hostCount = ports.hosts().size();
            boolean vlanOurs = elements.get(0).status() == Status.PRESENT;
            List<Boolean> hostOurs = new ArrayList<>();
            for (int i = 0; i < hostCount; i++) {
                hostOurs.add(elements.get(1 + i).ours());
            }
            boolean trunkOurs = ports.trunk() > 0 && elements.get(1 + hostCount).status() == Status.PRESENT;
            if (!vlanOurs && !hostOurs.contains(true) && !trunkOurs) {
                return;
            }
            try {
                for (int i = 0; i < hostCount; i++) {
                    if (!hostOurs.get(i)) {
                        continue;
                    }
                    int host = ports.hosts().get(i);
                    HostView h = before.hosts().get(i);
                    if (h.admin() != ADMIN_DOWN) {
                        s.set(new VariableBinding(SnmpSession.oid(IF_ADMIN_STATUS, host), new Integer32(ADMIN_DOWN)));
                    }
                    if (h.alias().equals(SegmentReading.hostAlias(seg))) {
                        s.set(new VariableBinding(SnmpSession.oid(IF_ALIAS, host), new OctetString("")));
                    }
                    if (h.vlan() == seg.vlan()) {
                        s.set(new VariableBinding(SnmpSession.oid(VM_VLAN, host), new Integer32(DEFAULT_VLAN)));
                    }
                }
                if (trunkOurs) {
                    TrunkBitmap.set(s, seg.vlan(), ports.trunk(), false);
                }
                if (vlanOurs) {
                    VtpEditBuffer.deleteVlan(s, seg.vlan());
                }
                List<String> left = SegmentReading.read(s, seg, ports).remaining(seg);
                if (!left.isEmpty()) {
                    // What is left is listed once, by leftOnRouter() (afterFailedTearDown), not here as well.
                    throw new DriverException(router.name(), "verify removal of " + seg.label(),
                            "the state read back still shows part of the segment", null);
                }
                SnmpConfigSave.save(s);
            } catch (DriverException failure) {
                throw afterFailedTearDown(s, seg, ports, before, failure);
            }
        }
    }

    /** The failure of a tear-down, with what of the segment a fresh reading still shows. */
    private DriverException afterFailedTearDown(SnmpSession s, CampusSegment seg, Ports ports,
                                                SegmentReading before, DriverException failure) {
        try {
            SegmentReading after = SegmentReading.read(s, seg, ports);
            List<String> left = after.remaining(seg);
            DriverException.RouterLeft routerLeft;
            if (after.equals(before)) {
                routerLeft = DriverException.RouterLeft.UNCHANGED;
            } else if (left.isEmpty() && SnmpConfigSave.isSaveStep(failure.step())) {
                routerLeft = DriverException.RouterLeft.REMOVED_NOT_SAVED;
            } else {
                routerLeft = left.isEmpty() ? DriverException.RouterLeft.UNKNOWN : DriverException.RouterLeft.CHANGED;
            }
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), routerLeft, left,
                    failure);
        } catch (DriverException e) {
            failure.addSuppressed(e);
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(),
                    DriverException.RouterLeft.UNKNOWN, List.of(), failure);
        }
    }

    // --- reading ----------------------------------------------------------------------------------

    /**
     * The segment's state: the VLAN, the host port(s) (in the VLAN, described, up) and the trunk
     * when it has one. There is no policer element: this driver does not manage one.
     */
    @Override
    public SegmentState readState(CampusSegment seg) throws DriverException {
        try (SnmpSession s = open()) {
            SegmentReading reading = SegmentReading.read(s, seg, Ports.of(s, seg));
            List<String> present = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (Element e : reading.elements(seg)) {
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

    // --- helpers ----------------------------------------------------------------------------------

    /**
     * Saves the configuration when the read-back finds nothing wrong; otherwise fails with what
     * is wrong and saves nothing, so a change that did not take is never written to startup-config.
     */
    private void saveUnlessWrong(SnmpSession s, List<String> wrong, String step, String answer) throws DriverException {
        if (!wrong.isEmpty()) {
            throw new DriverException(router.name(), step, answer + String.join("; ", wrong), null);
        }
        SnmpConfigSave.save(s);
    }

    private SnmpSession open() throws DriverException {
        return SnmpSession.open(router, timeouts, log);
    }
}
