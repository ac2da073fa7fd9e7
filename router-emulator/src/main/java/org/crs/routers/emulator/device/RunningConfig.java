package org.crs.routers.emulator.device;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Renders a device's state as IOS's {@code show running-config}: full keywords, blocks
 * separated by {@code !}, sub-commands indented by one space per level.
 */
public final class RunningConfig {

    private RunningConfig() {
    }

    /** The whole running configuration in the device's style, with IOS's header lines. */
    public static String render(Device device) {
        return render(device, device.configStyle());
    }

    /**
     * The whole running configuration in a given style. The router's state file keeps the
     * {@link ConfigStyle#LITERAL} form, which the CLI reads back as it was typed.
     */
    public static String render(Device device, ConfigStyle style) {
        StringBuilder b = new StringBuilder();
        b.append("!\n");
        if (style != ConfigStyle.LITERAL) {
            b.append("! Last configuration change at ").append(iosTime(device.lastChangedAt())).append('\n');
            device.savedAt().ifPresent(at -> b.append("! NVRAM config last updated at ").append(iosTime(at))
                    .append('\n'));
            b.append("!\n");
        }
        b.append("version ").append(device.profile().versionLine()).append('\n');
        b.append("service timestamps debug datetime msec\nservice timestamps log datetime msec\n");
        b.append("no service password-encryption\n!\nhostname ").append(device.hostname()).append("\n!\n");
        b.append("boot-start-marker\nboot-end-marker\n!\n");
        if (style != ConfigStyle.LITERAL) {
            b.append(certificateChain(device));
        }
        if (device.profile() == Profile.C7600) {
            b.append("vtp mode transparent\n!\n");
            b.append(style == ConfigStyle.LITERAL ? vlansOneByOne(device) : vlansCompressed(device));
        } else {
            b.append("mpls traffic-eng tunnels\n!\n");
        }
        for (PolicyMap pm : device.policyMaps().values()) {
            b.append(policyMap(pm, style, device.profile())).append("!\n");
        }
        for (PseudowireClass pw : device.pseudowireClasses().values()) {
            b.append("pseudowire-class ").append(pw.name()).append('\n');
            if (pw.encapsulation() != null) {
                b.append(" encapsulation ").append(pw.encapsulation()).append('\n');
            }
            if (pw.preferredPath() != null) {
                b.append(" preferred-path interface ").append(pw.preferredPath())
                        .append(pw.disableFallback() ? " disable-fallback" : "").append('\n');
            }
            b.append("!\n");
        }
        for (Interface i : device.interfaces()) {
            b.append(interfaceBlock(device, i, style)).append("!\n");
        }
        for (ExplicitPath path : device.explicitPaths().values()) {
            b.append("ip explicit-path name ").append(path.name()).append(path.enabled() ? " enable" : " disable").append('\n');
            int index = 0;
            for (String hop : path.nextAddresses()) {
                // IOS numbers the hops it is given, from 1.
                b.append(style == ConfigStyle.LITERAL ? "" : " index " + ++index).append(" next-address ").append(hop)
                        .append('\n');
            }
            b.append("!\n");
        }
        b.append("line con 0\nline vty 0 4\n login local\n transport input ssh\n!\n");
        if (style != ConfigStyle.LITERAL) {
            b.append("ntp clock-period ").append(device.ntpClockPeriod()).append('\n');
        }
        b.append("end\n");
        return withHeader(b.toString());
    }

    /** {@code show running-config interface X}, in the device's style. */
    public static String renderInterface(Device device, Interface i) {
        return withHeader("!\n" + interfaceBlock(device, i, device.configStyle()) + "end\n");
    }

    /** The lines of one policy-map, as entered ({@link ConfigStyle#LITERAL}). */
    public static String policyMap(PolicyMap pm) {
        return policyMap(pm, ConfigStyle.LITERAL, Profile.C7600);
    }

    /** The lines of one policy-map, as the running configuration shows them in a style. */
    public static String policyMap(PolicyMap pm, ConfigStyle style, Profile profile) {
        StringBuilder b = new StringBuilder("policy-map ").append(pm.name()).append('\n');
        for (PolicyMap.PolicyClass c : pm.classes().values()) {
            b.append(" class ").append(c.name()).append('\n');
            if (c.police() != null) {
                for (String line : c.police().shownLines(style, profile)) {
                    b.append("  ").append(line).append('\n');
                }
            }
        }
        return b.toString();
    }

    // One block per VLAN, named or not: the form the emulator printed before styles.
    private static String vlansOneByOne(Device device) {
        StringBuilder b = new StringBuilder();
        for (Vlan vlan : device.vlans().values()) {
            if (!vlan.builtIn()) {
                b.append("vlan ").append(vlan.id()).append('\n');
                if (!vlan.name().equals(Vlan.defaultName(vlan.id()))) {
                    b.append(" name ").append(vlan.name()).append('\n');
                }
                b.append("!\n");
            }
        }
        return b.toString();
    }

    // IOS prints a named VLAN as its own block and the unnamed ones between two named ones
    // compressed on one line: "vlan 2-9,11" / "vlan 10" " name campus-10".
    private static String vlansCompressed(Device device) {
        StringBuilder b = new StringBuilder();
        BitSet unnamed = new BitSet();
        for (Vlan vlan : device.vlans().values()) {
            if (vlan.builtIn()) {
                continue;
            }
            if (vlan.name().equals(Vlan.defaultName(vlan.id()))) {
                unnamed.set(vlan.id());
                continue;
            }
            flushUnnamed(b, unnamed);
            b.append("vlan ").append(vlan.id()).append("\n name ").append(vlan.name()).append("\n!\n");
        }
        flushUnnamed(b, unnamed);
        return b.toString();
    }

    private static void flushUnnamed(StringBuilder b, BitSet unnamed) {
        if (!unnamed.isEmpty()) {
            b.append("vlan ").append(VlanList.format(unnamed)).append("\n!\n");
            unnamed.clear();
        }
    }

    // The self-signed certificate IOS makes for its HTTPS and SSH server. Its hex lines are
    // those of the certificate made at the last save, so they change by themselves.
    private static String certificateChain(Device device) {
        String id = String.format(Locale.ROOT, "%010d", Integer.toUnsignedLong(device.hostname().hashCode()) % 1_000_000_000L);
        StringBuilder b = new StringBuilder("crypto pki certificate chain TP-self-signed-").append(id)
                .append("\n certificate self-signed 01\n");
        long seed = device.hostname().hashCode() * 31L + device.saves();
        for (int line = 0; line < 3; line++) {
            b.append(' ');
            for (int word = 0; word < 8; word++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                b.append(' ').append(String.format(Locale.ROOT, "%08X", (int) (seed >>> 32)));
            }
            b.append('\n');
        }
        return b.append("  quit\n!\n").toString();
    }

    /** IOS's timestamp in the header comments: {@code 19:52:22 UTC Fri Nov 27 2026}. */
    static String iosTime(Instant at) {
        return IOS_TIME.format(at);
    }

    private static final DateTimeFormatter IOS_TIME = DateTimeFormatter
            .ofPattern("HH:mm:ss 'UTC' EEE MMM d yyyy", Locale.ROOT).withZone(ZoneOffset.UTC);

    private static String withHeader(String body) {
        int bytes = body.getBytes(StandardCharsets.US_ASCII).length;
        return "Building configuration...\n\nCurrent configuration : " + bytes + " bytes\n" + body;
    }

    static String interfaceBlock(Device device, Interface i, ConfigStyle style) {
        StringBuilder b = new StringBuilder("interface ").append(i.fullName()).append('\n');
        line(b, i.description() != null, " description " + i.description());
        if (i.dot1q() != null) {
            b.append(" encapsulation dot1Q ").append(i.dot1q()).append('\n');
        }
        if (i.switchport()) {
            b.append(" switchport\n");
            line(b, i.trunkEncapsulationDot1q(), " switchport trunk encapsulation dot1q");
            if (i.trunkAllowed() != null) {
                if (style == ConfigStyle.LITERAL) {
                    b.append(" switchport trunk allowed vlan ").append(VlanList.format(i.trunkAllowed())).append('\n');
                } else {
                    trunkAllowedWrapped(b, VlanList.format(i.trunkAllowed()));
                }
            }
            line(b, i.accessVlan() != 1, " switchport access vlan " + i.accessVlan());
            if (i.switchportMode() != Interface.SwitchportMode.DYNAMIC) {
                b.append(" switchport mode ").append(i.switchportMode().name().toLowerCase()).append('\n');
            }
        } else if (i.ipUnnumbered() != null) {
            b.append(" ip unnumbered ").append(i.ipUnnumbered()).append('\n');
        } else if (i.ipAddress() != null) {
            b.append(" ip address ").append(i.ipAddress()).append('\n');
        } else if (!i.name().type().equals("Tunnel") && i.xconnect() == null) {
            b.append(" no ip address\n");
        }
        line(b, i.tunnelDestination() != null, " tunnel destination " + i.tunnelDestination());
        line(b, i.tunnelModeTe(), " tunnel mode mpls traffic-eng");
        String pool = switch (style) {
            case LITERAL -> " ";
            // 12.0S prints an empty pool keyword: two spaces before the number.
            case NORMALISED -> "  ";
            case MULTILINE -> " global ";
        };
        line(b, i.teBandwidthKbps() > 0, " tunnel mpls traffic-eng bandwidth" + pool + i.teBandwidthKbps());
        for (Map.Entry<Integer, String> option : i.pathOptions().entrySet()) {
            b.append(" tunnel mpls traffic-eng path-option ").append(option.getKey()).append(' ')
                    .append(option.getValue()).append('\n');
        }
        line(b, i.xconnect() != null, i.xconnect() == null ? "" : " " + i.xconnect().commandLine());
        line(b, i.shutdown(), " shutdown");
        line(b, i.servicePolicyInput() != null, " service-policy input " + i.servicePolicyInput());
        line(b, i.servicePolicyOutput() != null, " service-policy output " + i.servicePolicyOutput());
        return b.toString();
    }

    /** The widest VLAN list IOS puts on one {@code switchport trunk allowed vlan} line before wrapping. */
    static final int TRUNK_LIST_WIDTH = 50;

    // IOS wraps a long allowed list: the first line sets it, "add" lines continue it.
    private static void trunkAllowedWrapped(StringBuilder b, String list) {
        String prefix = " switchport trunk allowed vlan ";
        StringBuilder current = new StringBuilder();
        for (String part : list.split(",")) {
            if (current.length() > 0 && current.length() + 1 + part.length() > TRUNK_LIST_WIDTH) {
                b.append(prefix).append(current).append('\n');
                prefix = " switchport trunk allowed vlan add ";
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append(',');
            }
            current.append(part);
        }
        b.append(prefix).append(current).append('\n');
    }

    private static void line(StringBuilder b, boolean when, String text) {
        if (when) {
            b.append(text).append('\n');
        }
    }

    /** The running configuration without the line that states its length, for comparisons. */
    public static String withoutLength(String config) {
        return config.lines().filter(Predicate.not(l -> l.startsWith("Current configuration :")))
                .reduce(new StringBuilder(), (s, l) -> s.append(l).append('\n'), StringBuilder::append).toString();
    }
}
