package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.PRIVILEGED_EXEC;
import static org.crs.routers.emulator.cli.Mode.USER_EXEC;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Interface.SwitchportMode;
import org.crs.routers.emulator.device.PolicyMap;
import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.device.PseudowireClass;
import org.crs.routers.emulator.device.RunningConfig;
import org.crs.routers.emulator.device.Vlan;
import org.crs.routers.emulator.device.VlanList;

/** The {@code show} commands, rendered from the device model in IOS's layouts. */
final class ShowCommands {

    private ShowCommands() {
    }

    static void register(CommandSet set, Profile profile) {
        set.add("show running-config", (s, a) -> s.device.runningConfig(), PRIVILEGED_EXEC);
        set.add("show running-config interface IFNAME", (s, a) ->
                RunningConfig.renderInterface(s.device, ConfigCommands.existingInterface(s, a, 0)), PRIVILEGED_EXEC);
        set.add("show startup-config", (s, a) -> {
            String saved = s.device.startupConfig();
            return saved.isEmpty() ? "startup-config is not present\n" : saved.replaceFirst("Building configuration...\n\n", "");
        }, PRIVILEGED_EXEC);
        set.add("show version", (s, a) -> version(s.device), USER_EXEC, PRIVILEGED_EXEC);
        set.add("show interfaces IFNAME", (s, a) ->
                interfaces(s.device, ConfigCommands.existingInterface(s, a, 0)), USER_EXEC, PRIVILEGED_EXEC);
        set.add("show ip interface brief", (s, a) -> ipInterfaceBrief(s.device), USER_EXEC, PRIVILEGED_EXEC);
        set.add("show policy-map interface IFNAME [input|output]", (s, a) ->
                policyMapInterface(s.device, ConfigCommands.existingInterface(s, a, 0), !a.has("output"), !a.has("input")),
                USER_EXEC, PRIVILEGED_EXEC);
        set.add("show mpls l2transport vc [<1-4294967295>] [detail]", (s, a) ->
                l2transport(s.device, a.argCount() > 0 ? a.number(0) : -1, a.has("detail")),
                USER_EXEC, PRIVILEGED_EXEC);
        if (profile == Profile.C7600) {
            set.add("show vlan id <1-4094>", (s, a) -> vlanId(s.device, (int) a.number(0)), USER_EXEC, PRIVILEGED_EXEC);
            set.add("show vlan [brief]", (s, a) -> vlanBrief(s.device), USER_EXEC, PRIVILEGED_EXEC);
            set.add("show interfaces IFNAME switchport", (s, a) ->
                    switchport(s.device, ConfigCommands.existingInterface(s, a, 0)), USER_EXEC, PRIVILEGED_EXEC);
            set.add("show interfaces trunk", (s, a) -> trunks(s.device), USER_EXEC, PRIVILEGED_EXEC);
        } else {
            set.add("show mpls traffic-eng tunnels tunnel <0-65535>", (s, a) -> teTunnel(s, a), USER_EXEC, PRIVILEGED_EXEC);
        }
    }

    /** IOS's short interface names, as in {@code show vlan}: Gi1/1, Te2/1. */
    static String shortName(Interface i) {
        String type = switch (i.name().type()) {
            case "GigabitEthernet" -> "Gi";
            case "TenGigabitEthernet" -> "Te";
            case "FastEthernet" -> "Fa";
            case "Loopback" -> "Lo";
            case "Tunnel" -> "Tu";
            case "Vlan" -> "Vl";
            default -> i.name().type();
        };
        return type + i.name().number();
    }

    private static boolean up(Device d, Interface i) {
        if (i.shutdown()) {
            return false;
        }
        return !i.name().isSubinterface() || d.interfaceNamed(i.name().parent()).map(p -> !p.shutdown()).orElse(false);
    }

    private static String status(Device d, Interface i) {
        if (i.shutdown()) {
            return "administratively down";
        }
        return up(d, i) ? "up" : "down";
    }

    private static String version(Device d) {
        long minutes = d.uptime().toMinutes();
        return d.profile().sysDescr().replace("\r", "") + "\n\n"
                + d.hostname() + " uptime is " + minutes / 60 + " hours, " + minutes % 60 + " minutes\n"
                + d.profile().processor() + "\n"
                + "Configuration register is 0x2102\n";
    }

    private static String interfaces(Device d, Interface i) {
        d.advanceTraffic();
        String st = status(d, i);
        StringBuilder b = new StringBuilder();
        b.append(i.fullName()).append(" is ").append(st).append(", line protocol is ")
                .append(up(d, i) ? "up" : "down").append('\n');
        b.append("  Hardware is ").append(i.name().isPhysical() ? "C" + d.profile().chassis() + " " + i.speedBps() / 1_000_000 + "Mb 802.3" : i.name().type())
                .append(String.format(", address is %s (bia %1$s)%n", mac(i.ifIndex())));
        if (i.description() != null) {
            b.append("  Description: ").append(i.description()).append('\n');
        }
        if (i.dot1q() != null) {
            b.append("  Encapsulation 802.1Q Virtual LAN, Vlan ID  ").append(i.dot1q()).append(".\n");
        }
        b.append("  MTU 1500 bytes, BW ").append(i.speedBps() / 1000).append(" Kbit, DLY 10 usec,\n");
        b.append("     reliability 255/255, txload 1/255, rxload 1/255\n");
        long rate = d.circuitRateBps(i);
        b.append("  5 minute input rate ").append(rate).append(" bits/sec, ").append(rate / 12000).append(" packets/sec\n");
        b.append("  5 minute output rate ").append(rate).append(" bits/sec, ").append(rate / 12000).append(" packets/sec\n");
        b.append("     ").append(i.inPackets()).append(" packets input, ").append(Long.toUnsignedString(i.inOctets()))
                .append(" bytes, 0 no buffer\n");
        b.append("     0 input errors, 0 CRC, 0 frame, 0 overrun, 0 ignored\n");
        b.append("     ").append(i.outPackets()).append(" packets output, ").append(Long.toUnsignedString(i.outOctets()))
                .append(" bytes, 0 underruns\n");
        b.append("     0 output errors, 0 collisions, 0 interface resets\n");
        return b.toString();
    }

    /** A stable locally administered MAC address per ifIndex, in IOS's dotted form. */
    static String mac(int ifIndex) {
        return String.format("0200.00%02x.%04x", (ifIndex >> 16) & 0xff, ifIndex & 0xffff);
    }

    private static String ipInterfaceBrief(Device d) {
        StringBuilder b = new StringBuilder(String.format("%-26s %-15s %-3s %-6s %-21s %s%n",
                "Interface", "IP-Address", "OK?", "Method", "Status", "Protocol"));
        for (Interface i : d.interfaces()) {
            String ip = i.ipAddress() != null ? i.ipAddress().split(" ")[0] : "unassigned";
            b.append(String.format("%-26s %-15s %-3s %-6s %-21s %s%n", i.fullName(), ip, "YES", "NVRAM",
                    status(d, i), up(d, i) ? "up" : "down"));
        }
        return b.toString();
    }

    private static String vlanId(Device d, int id) {
        Vlan v = d.vlans().get(id);
        if (v == null) {
            return "VLAN id " + id + " not found in current VLAN database\n";
        }
        StringBuilder b = new StringBuilder();
        b.append("\nVLAN Name                             Status    Ports\n");
        b.append("---- -------------------------------- --------- -------------------------------\n");
        b.append(String.format("%-4d %-32s %-9s %s%n", v.id(), v.name(), "active", String.join(", ", ports(d, id))));
        b.append("\nVLAN Type  SAID       MTU   Parent RingNo BridgeNo Stp  BrdgMode Trans1 Trans2\n");
        b.append("---- ----- ---------- ----- ------ ------ -------- ---- -------- ------ ------\n");
        b.append(String.format("%-4d %-5s %-10d %-5d %-6s %-6s %-8s %-4s %-8s %-6d %d%n",
                v.id(), vlanType(id), 100000 + id, 1500, "-", "-", "-", "-", "-", 0, 0));
        return b.toString();
    }

    private static String vlanType(int id) {
        return switch (id) {
            case 1002 -> "fddi";
            case 1003 -> "tr";
            case 1004 -> "fdnet";
            case 1005 -> "trnet";
            default -> "enet";
        };
    }

    private static List<String> ports(Device d, int vlan) {
        List<String> ports = new ArrayList<>();
        for (Interface i : d.interfaces()) {
            if (!i.switchport()) {
                continue;
            }
            boolean member = i.switchportMode() == SwitchportMode.TRUNK ? i.trunkAllows(vlan) : i.accessVlan() == vlan;
            if (member) {
                ports.add(shortName(i));
            }
        }
        return ports;
    }

    private static String vlanBrief(Device d) {
        StringBuilder b = new StringBuilder();
        b.append("\nVLAN Name                             Status    Ports\n");
        b.append("---- -------------------------------- --------- -------------------------------\n");
        for (Vlan v : d.vlans().values()) {
            List<String> ports = v.id() == 1 || !v.builtIn() ? accessPorts(d, v.id()) : List.of();
            b.append(String.format("%-4d %-32s %-9s %s%n", v.id(), v.name(), v.builtIn() && v.id() != 1 ? "act/unsup" : "active",
                    String.join(", ", ports)));
        }
        return b.toString();
    }

    private static List<String> accessPorts(Device d, int vlan) {
        List<String> ports = new ArrayList<>();
        for (Interface i : d.interfaces()) {
            if (i.switchport() && i.switchportMode() != SwitchportMode.TRUNK && i.accessVlan() == vlan) {
                ports.add(shortName(i));
            }
        }
        return ports;
    }

    private static String switchport(Device d, Interface i) {
        StringBuilder b = new StringBuilder("Name: ").append(shortName(i)).append('\n');
        if (!i.switchport()) {
            return b.append("Switchport: Disabled\n").toString();
        }
        String admin = switch (i.switchportMode()) {
            case ACCESS -> "static access";
            case TRUNK -> "trunk";
            case DYNAMIC -> "dynamic auto";
        };
        String oper = i.shutdown() ? "down" : i.switchportMode() == SwitchportMode.DYNAMIC ? "static access" : admin;
        Vlan access = d.vlans().get(i.accessVlan());
        BitSet allowed = i.trunkAllowed();
        b.append("Switchport: Enabled\n");
        b.append("Administrative Mode: ").append(admin).append('\n');
        b.append("Operational Mode: ").append(oper).append('\n');
        b.append("Administrative Trunking Encapsulation: ").append(i.trunkEncapsulationDot1q() ? "dot1q" : "negotiate").append('\n');
        if (i.switchportMode() == SwitchportMode.TRUNK && !i.shutdown()) {
            b.append("Operational Trunking Encapsulation: dot1q\n");
        }
        b.append("Negotiation of Trunking: ").append(i.switchportMode() == SwitchportMode.DYNAMIC ? "On" : "Off").append('\n');
        b.append("Access Mode VLAN: ").append(i.accessVlan()).append(" (")
                .append(access == null ? "Inactive" : access.name()).append(")\n");
        b.append("Trunking Native Mode VLAN: 1 (default)\n");
        b.append("Administrative Native VLAN tagging: enabled\n");
        b.append("Voice VLAN: none\n");
        b.append("Administrative private-vlan host-association: none\n");
        b.append("Administrative private-vlan mapping: none\n");
        b.append("Operational private-vlan: none\n");
        b.append("Trunking VLANs Enabled: ").append(allowed == null ? "ALL" : VlanList.format(allowed).toUpperCase()).append('\n');
        b.append("Pruning VLANs Enabled: 2-1001\n");
        b.append("Capture Mode Disabled\n");
        b.append("Capture VLANs Allowed: ALL\n");
        return b.toString();
    }

    private static String trunks(Device d) {
        StringBuilder b = new StringBuilder("\nPort        Mode             Encapsulation  Status        Native vlan\n");
        List<Interface> trunks = new ArrayList<>();
        for (Interface i : d.interfaces()) {
            if (i.switchport() && i.switchportMode() == SwitchportMode.TRUNK && !i.shutdown()) {
                trunks.add(i);
                b.append(String.format("%-11s %-16s %-14s %-13s %d%n", shortName(i), "on", "802.1q", "trunking", 1));
            }
        }
        b.append("\nPort        Vlans allowed on trunk\n");
        for (Interface i : trunks) {
            BitSet allowed = i.trunkAllowed();
            b.append(String.format("%-11s %s%n", shortName(i), allowed == null ? "1-4094" : VlanList.format(allowed)));
        }
        return b.toString();
    }

    private static String policyMapInterface(Device d, Interface i, boolean input, boolean output) {
        d.advanceTraffic();
        StringBuilder b = new StringBuilder(" ").append(i.fullName()).append("\n");
        boolean any = false;
        if (input && i.servicePolicyInput() != null) {
            appendPolicy(b, d, i, "input", d.policyMaps().get(i.servicePolicyInput()));
            any = true;
        }
        if (output && i.servicePolicyOutput() != null) {
            appendPolicy(b, d, i, "output", d.policyMaps().get(i.servicePolicyOutput()));
            any = true;
        }
        return any ? b.toString() : "";
    }

    private static void appendPolicy(StringBuilder b, Device d, Interface i, String direction, PolicyMap pm) {
        b.append("\n  Service-policy ").append(direction).append(": ").append(pm.name()).append("\n");
        long rate = d.circuitRateBps(i);
        for (PolicyMap.PolicyClass c : pm.classes().values()) {
            b.append("\n    class-map: ").append(c.name()).append(" (match-any)\n");
            b.append("      Match: any\n");
            if (c.police() != null) {
                long burst = c.police().burstBytes();
                b.append("      police :\n");
                b.append("        ").append(c.police().rateBps()).append(" bps ").append(burst).append(" limit ")
                        .append(burst).append(" extended limit\n");
                b.append("        conformed ").append(Long.toUnsignedString(i.inOctets())).append(" bytes; action: ")
                        .append(c.police().conformAction()).append('\n');
                b.append("        exceeded 0 bytes; action: ").append(c.police().exceedAction()).append('\n');
                b.append("        conformed ").append(rate).append(" bps, exceed 0 bps\n");
            }
        }
    }

    private static String l2transport(Device d, long vcId, boolean detail) {
        StringBuilder b = new StringBuilder();
        boolean headed = false;
        for (Interface i : d.interfaces()) {
            Interface.Xconnect x = i.xconnect();
            if (x == null || (vcId >= 0 && x.vcId() != vcId)) {
                continue;
            }
            String st = up(d, i) ? "UP" : "DOWN";
            String circuit = i.dot1q() != null ? "Eth VLAN " + i.dot1q() : "Vlan " + i.name().number();
            if (detail) {
                b.append("Local interface: ").append(shortName(i)).append(' ').append(up(d, i) ? "up" : "down")
                        .append(", line protocol ").append(up(d, i) ? "up" : "down").append(", ").append(circuit)
                        .append(' ').append(up(d, i) ? "up" : "down").append('\n');
                b.append("  Destination address: ").append(x.peer()).append(", VC ID: ").append(x.vcId())
                        .append(", VC status: ").append(up(d, i) ? "up" : "down").append('\n');
                if (x.pwClass() != null) {
                    PseudowireClass pw = d.pseudowireClasses().get(x.pwClass());
                    if (pw != null && pw.preferredPath() != null) {
                        b.append("    Preferred path: ").append(pw.preferredPath()).append(",  active\n");
                        b.append("    Default path: ").append(pw.disableFallback() ? "disabled" : "ready").append('\n');
                    }
                }
                b.append("  Create time: ").append(d.uptime().toSeconds()).append("s, last status change time: never\n");
            } else {
                if (!headed) {
                    b.append("\nLocal intf     Local circuit              Dest address    VC ID      Status    \n");
                    b.append("-------------  -------------------------- --------------- ---------- ----------\n");
                    headed = true;
                }
                b.append(String.format("%-14s %-26s %-15s %-10d %s%n", shortName(i), circuit, x.peer(), x.vcId(), st));
            }
        }
        return b.toString();
    }

    private static String teTunnel(IosSession s, Args a) throws IosError {
        Device d = s.device;
        Interface t = d.interfaceNamed("Tunnel" + a.number(0)).orElse(null);
        if (t == null || !t.tunnelModeTe()) {
            return "";
        }
        StringBuilder b = new StringBuilder("Name: ").append(t.description() == null ? d.hostname() + "_t" + a.number(0) : t.description())
                .append(" (").append(t.fullName()).append(") Destination: ").append(t.tunnelDestination()).append('\n');
        boolean up = !t.shutdown() && t.tunnelDestination() != null && !t.pathOptions().isEmpty();
        b.append("  Status:\n    Admin: ").append(t.shutdown() ? "admin-down" : "up").append("         Oper: ")
                .append(up ? "up" : "down").append("     Path: ").append(up ? "valid" : "not valid")
                .append("       Signalling: ").append(up ? "connected" : "Down").append('\n');
        for (var option : t.pathOptions().entrySet()) {
            b.append("    path option ").append(option.getKey()).append(", type ").append(option.getValue()).append('\n');
        }
        b.append("  Config Parameters:\n    Bandwidth: ").append(t.teBandwidthKbps()).append(" kbps (Global)  Priority: 7  7   Affinity: 0x0/0xFFFF\n");
        return b.toString();
    }
}
