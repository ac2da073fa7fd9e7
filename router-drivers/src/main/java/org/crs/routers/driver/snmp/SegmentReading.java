package org.crs.routers.driver.snmp;

import static org.crs.routers.driver.snmp.CiscoVlanMibs.ADMIN_DOWN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.ADMIN_UP;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.DEFAULT_VLAN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.IF_ADMIN_STATUS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.IF_ALIAS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VM_VLAN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_DOMAIN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_NAME;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_STATE;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.HostPairSegment;
import org.crs.routers.driver.VlanSegment;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/**
 * Everything of a Cisco 7600 that a campus segment touches, in one reading over SNMP, and what
 * it says of each of the segment's elements: the VLAN, each host port, and the trunk when the
 * segment has one. Two readings are equal when the router is in the same state for the segment,
 * which is how an undo knows it restored the router.
 *
 * @param vlanName the VLAN's name, or null when the VLAN does not exist
 * @param hosts the host ports, in the segment's order
 * @param trunkBitmap hex of the trunk's bitmap column holding the VLAN, or null when the
 *     port is not a trunk or the segment has none
 * @param trunkAllows whether that bitmap allows the VLAN
 * @param carryingTrunk for a host pair, a trunk port (ifIndex) that allows the VLAN, or 0
 */
record SegmentReading(String vlanName, List<HostView> hosts, String trunkBitmap, boolean trunkAllows,
                      int carryingTrunk) {

    /** The ports of a segment, as ifIndexes: its host ports, and its trunk's (0 for a host pair). */
    record Ports(List<Integer> hosts, int trunk) {

        /** Resolves the segment's interface names to ifIndexes. */
        static Ports of(SnmpSession s, CampusSegment seg) throws DriverException {
            List<Integer> hosts = new ArrayList<>();
            for (String port : hostPorts(seg)) {
                hosts.add(s.ifIndex(port));
            }
            String trunk = trunkPort(seg);
            return new Ports(List.copyOf(hosts), trunk == null ? 0 : s.ifIndex(trunk));
        }
    }

    /** One host port's reading: vmVlan (-1 when it is not an access port), ifAlias, ifAdminStatus. */
    record HostView(int vlan, String alias, int admin) {

        /** The three values as an operator reads them. */
        String describe() {
            return "vmVlan " + vlan + ", ifAlias \"" + alias + "\", ifAdminStatus "
                    + (admin == ADMIN_UP ? "up" : admin == ADMIN_DOWN ? "down" : String.valueOf(admin));
        }
    }

    /** How an element stands in a reading. */
    enum Status {
        /** Not there, and nothing stands in its way. */
        FREE,
        /** There exactly as the segment needs it. */
        PRESENT,
        /** Recognisably the segment's but incomplete. */
        PARTIAL,
        /** Used by something else. */
        TAKEN
    }

    /** One element of the segment, in an operator's words, with a sentence when it is not free or present. */
    record Element(String name, Status status, String detail) {

        /** True when some of the segment is there (present or partial). */
        boolean ours() {
            return status == Status.PRESENT || status == Status.PARTIAL;
        }
    }

    /** Reads the VLAN, the host ports and the trunk bitmap in one GET (and, for a host pair, walks the trunks). */
    static SegmentReading read(SnmpSession s, CampusSegment seg, Ports ports) throws DriverException {
        List<OID> oids = new ArrayList<>(List.of(
                SnmpSession.oid(VTP_VLAN_STATE, VTP_DOMAIN, seg.vlan()),
                SnmpSession.oid(VTP_VLAN_NAME, VTP_DOMAIN, seg.vlan())));
        for (int host : ports.hosts()) {
            oids.add(SnmpSession.oid(VM_VLAN, host));
            oids.add(SnmpSession.oid(IF_ALIAS, host));
            oids.add(SnmpSession.oid(IF_ADMIN_STATUS, host));
        }
        if (ports.trunk() > 0) {
            oids.add(TrunkBitmap.columnOid(seg.vlan(), ports.trunk()));
        }
        List<VariableBinding> values = s.get(oids);
        String vlanName = values.get(0).isException() ? null
                : values.get(1).isException() ? "" : values.get(1).getVariable().toString();
        List<HostView> hosts = new ArrayList<>();
        for (int i = 0; i < ports.hosts().size(); i++) {
            VariableBinding vlan = values.get(2 + 3 * i);
            VariableBinding alias = values.get(3 + 3 * i);
            VariableBinding admin = values.get(4 + 3 * i);
            hosts.add(new HostView(vlan.isException() ? -1 : vlan.getVariable().toInt(),
                    alias.isException() ? "" : alias.getVariable().toString(),
                    admin.isException() ? -1 : admin.getVariable().toInt()));
        }
        byte[] bitmap = null;
        if (ports.trunk() > 0) {
            VariableBinding trunk = values.get(values.size() - 1);
            bitmap = trunk.isException() ? null : TrunkBitmap.of(trunk.getVariable());
        }
        int carrying = ports.trunk() > 0 ? 0 : TrunkBitmap.firstTrunkAllowing(s, seg.vlan());
        return new SegmentReading(vlanName, List.copyOf(hosts),
                bitmap == null ? null : HexFormat.of().formatHex(bitmap),
                bitmap != null && TrunkBitmap.isSet(bitmap, seg.vlan()), carrying);
    }

    /** Whether the router has the VLAN, whoever it belongs to. */
    boolean vlanExists() {
        return vlanName != null;
    }

    /** The access ports of a segment: one with a trunk, or the two of a host pair. */
    static List<String> hostPorts(CampusSegment s) {
        return s instanceof HostPairSegment p ? p.hostPorts() : List.of(((VlanSegment) s).hostPort());
    }

    /** The segment's trunk, or null for a host pair. */
    static String trunkPort(CampusSegment s) {
        return s instanceof VlanSegment v ? v.trunkPort() : null;
    }

    /** The ifAlias of the segment's host ports: how a port is known to be the segment's. */
    static String hostAlias(CampusSegment s) {
        return s.label() + " host";
    }

    private static String vlanElement(CampusSegment s) {
        return "vlan " + s.vlan();
    }

    private static String hostElement(CampusSegment s, String port) {
        return "host port " + port + " on vlan " + s.vlan();
    }

    private static String trunkElement(CampusSegment s) {
        return "trunk " + trunkPort(s) + " allows vlan " + s.vlan();
    }

    /** The segment's elements: the VLAN, each host port, and the trunk when it has one. */
    List<Element> elements(CampusSegment s) {
        List<Element> out = new ArrayList<>();
        boolean vlanForeign = vlanExists() && !vlanName.equals(s.label());
        if (!vlanExists()) {
            out.add(carryingTrunk > 0
                    ? new Element(vlanElement(s), Status.TAKEN, vlanElement(s) + " is allowed on trunk ifIndex "
                            + carryingTrunk)
                    : new Element(vlanElement(s), Status.FREE, ""));
        } else if (vlanForeign) {
            out.add(new Element(vlanElement(s), Status.TAKEN, vlanElement(s) + " already exists as " + vlanName));
        } else {
            out.add(new Element(vlanElement(s), Status.PRESENT, ""));
        }

        List<String> ports = hostPorts(s);
        for (int i = 0; i < ports.size(); i++) {
            String port = ports.get(i);
            HostView h = hosts.get(i);
            boolean aliasOurs = h.alias().equals(hostAlias(s));
            boolean inOurVlan = h.vlan() == s.vlan() && !vlanForeign;
            if (aliasOurs && h.vlan() == s.vlan() && h.admin() == ADMIN_UP) {
                out.add(new Element(hostElement(s, port), Status.PRESENT, ""));
            } else if (aliasOurs || inOurVlan) {
                out.add(new Element(hostElement(s, port), Status.PARTIAL, hostElement(s, port)
                        + " is partly configured: " + h.describe()));
            } else if (h.vlan() == DEFAULT_VLAN && h.alias().isEmpty() && h.admin() == ADMIN_DOWN) {
                out.add(new Element(hostElement(s, port), Status.FREE, ""));
            } else {
                out.add(new Element(hostElement(s, port), Status.TAKEN, "host port " + port + " is not parked: "
                        + h.describe()));
            }
        }

        if (trunkPort(s) != null) {
            if (trunkBitmap == null) {
                out.add(new Element(trunkElement(s), Status.TAKEN, trunkPort(s) + " is not a trunk"));
            } else if (vlanForeign) {
                out.add(new Element(trunkElement(s), Status.TAKEN, "vlan " + s.vlan() + " belongs to " + vlanName));
            } else {
                out.add(new Element(trunkElement(s), trunkAllows ? Status.PRESENT : Status.FREE, ""));
            }
        }
        return out;
    }

    /** True when every element of the segment is there as it needs to be. */
    boolean complete(CampusSegment seg) {
        return elements(seg).stream().allMatch(e -> e.status() == Status.PRESENT);
    }

    /** Why a set-up may not start: each element used by something else or left half-configured. */
    List<String> blockers(CampusSegment seg) {
        return elements(seg).stream()
                .filter(e -> e.status() == Status.TAKEN || e.status() == Status.PARTIAL)
                .map(Element::detail)
                .toList();
    }

    /** Each element that is not there as it needs to be, with why when the reading says. */
    List<String> notPresent(CampusSegment seg) {
        return elements(seg).stream()
                .filter(e -> e.status() != Status.PRESENT)
                .map(e -> e.name() + (e.detail().isEmpty() ? " missing" : ": " + e.detail()))
                .toList();
    }

    /** The names of the segment's elements that are still there, present or partial. */
    List<String> remaining(CampusSegment seg) {
        List<String> left = new ArrayList<>();
        for (Element e : elements(seg)) {
            if (e.ours()) {
                left.add(e.name());
            }
        }
        return left;
    }

    /** The elements that differ from an earlier reading, each with what it holds now. */
    List<String> changedSince(SegmentReading before, CampusSegment seg) {
        List<String> left = new ArrayList<>();
        if (vlanExists() != before.vlanExists()) {
            left.add(vlanElement(seg));
        }
        List<String> ports = hostPorts(seg);
        for (int i = 0; i < ports.size(); i++) {
            if (!hosts.get(i).equals(before.hosts().get(i))) {
                left.add(hostElement(seg, ports.get(i)) + " (" + hosts.get(i).describe() + ")");
            }
        }
        if (!Objects.equals(trunkBitmap, before.trunkBitmap())) {
            left.add(trunkElement(seg));
        }
        return left;
    }
}
