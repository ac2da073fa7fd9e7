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
        set.add("show clock", (s, a) -> clock(s.device.clock().instant()), USER_EXEC, PRIVILEGED_EXEC);
        // Present so that "show r" is ambiguous as on IOS (reload, route-map, running-config...).
        set.add("show users", (s, a) -> users(), USER_EXEC, PRIVILEGED_EXEC);
        set.add("show reload", (s, a) -> "No reload is scheduled.\n", USER_EXEC, PRIVILEGED_EXEC);
        set.add("show route-map [WORD]", (s, a) -> "", USER_EXEC, PRIVILEGED_EXEC);
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
            set.add("show interfaces status", (s, a) -> interfacesStatus(s.device), USER_EXEC, PRIVILEGED_EXEC);
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

    /** What {@code show version} tells of each profile's image and hardware. */
    private record Image(String file, String rom, String memory, String cpu, List<String> storage) {
    }

    private static final Image SRE = new Image("disk0:c7600s72033-advipservicesk9-mz.122-33.SRE9.bin",
            "System Bootstrap, Version 12.2(17r)SX7, RELEASE SOFTWARE (fc1)",
            "(revision 1.1) with 983008K/65536K bytes of memory.",
            "SR71000 CPU at 600Mhz, Implementation 0x504, Rev 1.2, 512KB L2 Cache",
            List.of("1917K bytes of non-volatile configuration memory.",
                    "8192K bytes of packet buffer memory.",
                    "65536K bytes of Flash internal SIMM (Sector size 512K)."));

    private static final Image GSR = new Image("disk0:c12kprp-p-mz.120-33.S11.bin",
            "System Bootstrap, Version 12.0(33r)S1, RELEASE SOFTWARE (fc1)",
            "(revision 0x00) with 2097152K bytes of memory.",
            "MPC7457 CPU at 1263Mhz, Rev 1.1, 512KB L2, 2048KB L3 Cache",
            List.of("2043K bytes of non-volatile configuration memory.",
                    "1000944K bytes of ATA PCMCIA card at slot 0 (Sector size 512 bytes).",
                    "65536K bytes of Flash internal SIMM (Sector size 256K)."));

    /**
     * {@code show version} in the layout of IOS 12.2SR (7600) and 12.0S (12000): the image,
     * the uptime, the processor and its memory, the interfaces, the configuration register.
     */
    static String version(Device d) {
        Image image = d.profile() == Profile.C7600 ? SRE : GSR;
        String uptime = uptime(d.uptime());
        StringBuilder b = new StringBuilder();
        b.append(d.profile().sysDescr().replace("\r", "")).append('\n');
        b.append("Copyright (c) 1986-2014 by Cisco Systems, Inc.\n");
        b.append("\nROM: ").append(image.rom()).append("\n\n");
        b.append(d.hostname()).append(" uptime is ").append(uptime).append('\n');
        b.append("Uptime for this control processor is ").append(uptime).append('\n');
        b.append("System returned to ROM by power-on\n");
        b.append("System image file is \"").append(image.file()).append("\"\n");
        b.append("Last reload reason: power-on\n\n");
        b.append(d.profile().processor()).append(' ').append(image.memory()).append('\n');
        b.append("Processor board ID ").append(d.profile() == Profile.C7600 ? "FOX1" : "SAD1")
                .append(String.format("%07X", Math.abs(d.hostname().hashCode()) % 0x10000000)).append('\n');
        b.append(image.cpu()).append('\n');
        b.append("Last reset from power-on\n");
        java.util.Map<String, Integer> ports = new java.util.TreeMap<>();
        for (Interface i : d.interfaces()) {
            if (i.name().isPhysical() && !i.name().isSubinterface()) {
                ports.merge(portKind(i.name().type()), 1, Integer::sum);
            }
        }
        ports.forEach((kind, n) -> b.append(n).append(' ').append(kind).append(" interface")
                .append(d.profile() == Profile.C12000 ? "(s)" : n == 1 ? "" : "s").append('\n'));
        image.storage().forEach(line -> b.append(line).append('\n'));
        b.append("\nConfiguration register is 0x2102\n");
        return b.toString();
    }

    private static String portKind(String type) {
        return switch (type) {
            case "FastEthernet" -> "FastEthernet";
            case "GigabitEthernet" -> "Gigabit Ethernet";
            case "TenGigabitEthernet" -> "Ten Gigabit Ethernet";
            case "POS" -> "Packet over SONET";
            default -> type;
        };
    }

    /** IOS's uptime: {@code 1 week, 2 days, 3 hours, 1 minute}, leading zero units left out. */
    static String uptime(java.time.Duration up) {
        long minutes = up.toMinutes();
        long[] values = {minutes / (7 * 24 * 60), minutes / (24 * 60) % 7, minutes / 60 % 24, minutes % 60};
        String[] units = {"week", "day", "hour", "minute"};
        List<String> parts = new ArrayList<>();
        for (int k = 0; k < values.length; k++) {
            if (values[k] > 0 || !parts.isEmpty() || k == values.length - 1) {
                parts.add(values[k] + " " + units[k] + (values[k] == 1 ? "" : "s"));
            }
        }
        return String.join(", ", parts);
    }

    /**
     * {@code show clock}: {@code *19:52:01.123 UTC Fri Nov 27 2026}. The star says the time is
     * not authoritative: the emulated routers run no NTP.
     */
    static String clock(java.time.Instant now) {
        return "*" + java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss.SSS 'UTC' EEE MMM d yyyy", java.util.Locale.ROOT)
                .withZone(java.time.ZoneOffset.UTC).format(now) + "\n";
    }

    /** {@code show users} (and {@code systat}): this session's line; other sessions are not listed. */
    static String users() {
        return "    Line       User       Host(s)              Idle       Location\n"
                + "*  2 vty 0                idle                 00:00:00 127.0.0.1\n"
                + "\n  Interface    User               Mode         Idle     Peer Address\n\n";
    }

    /** The hardware of a port as {@code show interfaces} names it. */
    private static String hardware(Device d, Interface i) {
        if (!i.name().isPhysical()) {
            return i.name().type();
        }
        if (d.profile() == Profile.C7600) {
            return "C6k " + i.speedBps() / 1_000_000 + "Mb 802.3";
        }
        return switch (i.name().type()) {
            case "GigabitEthernet" -> "GigMac 4 Port GigabitEthernet";
            case "TenGigabitEthernet" -> "TenGigMac 1 Port TenGigabitEthernet";
            case "POS" -> "Packet over Sonet";
            default -> i.name().type();
        };
    }

    private static String interfaces(Device d, Interface i) {
        d.advanceTraffic();
        String st = status(d, i);
        StringBuilder b = new StringBuilder();
        b.append(i.fullName()).append(" is ").append(st).append(", line protocol is ")
                .append(up(d, i) ? "up" : "down").append('\n');
        b.append("  Hardware is ").append(hardware(d, i))
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
        b.append(String.format("%-4d %-32s %-9s %s", v.id(), v.name(), "active", wrapPorts(ports(d, id))));
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
            b.append(String.format("%-4d %-32s %-9s %s", v.id(), v.name(), v.builtIn() && v.id() != 1 ? "act/unsup" : "active",
                    wrapPorts(ports)));
        }
        return b.toString();
    }

    /** Where the Ports column of {@code show vlan} starts. */
    private static final int PORTS_COLUMN = 48;
    private static final int PORTS_PER_LINE = 4;

    /**
     * The Ports column of {@code show vlan}: four ports to a line, continuation lines indented
     * to the column, each line ending in a newline.
     */
    static String wrapPorts(List<String> ports) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < ports.size(); k += PORTS_PER_LINE) {
            if (k > 0) {
                b.append(" ".repeat(PORTS_COLUMN));
            }
            b.append(String.join(", ", ports.subList(k, Math.min(ports.size(), k + PORTS_PER_LINE)))).append('\n');
        }
        return b.length() == 0 ? "\n" : b.toString();
    }

    /**
     * {@code show interfaces status} on the 7600: one line per port with its description,
     * link state, VLAN ({@code trunk} or {@code routed} where it has none), duplex, speed and
     * media type.
     */
    private static String interfacesStatus(Device d) {
        String row = "%-9s %-18s %-12s %-10s %6s %6s %s%n";
        StringBuilder b = new StringBuilder("\n").append(String.format(row, "Port", "Name", "Status", "Vlan", "Duplex",
                "Speed", "Type"));
        for (Interface i : d.interfaces()) {
            if (!i.name().isPhysical() || i.name().isSubinterface()) {
                continue;
            }
            String name = i.description() == null ? "" : i.description();
            String vlan = !i.switchport() ? "routed"
                    : i.switchportMode() == SwitchportMode.TRUNK ? "trunk" : String.valueOf(i.accessVlan());
            boolean ten = i.speedBps() >= 10_000_000_000L;
            b.append(String.format(row, shortName(i), name.length() > 18 ? name.substring(0, 18) : name,
                    i.shutdown() ? "disabled" : "connected", vlan, "full", ten ? "10G" : String.valueOf(i.speedBps() / 1_000_000),
                    ten ? "10Gbase-LR" : "1000BaseSX"));
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
