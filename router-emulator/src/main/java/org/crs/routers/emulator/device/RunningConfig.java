package org.crs.routers.emulator.device;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Renders a device's state as IOS's {@code show running-config}: full keywords, blocks
 * separated by {@code !}, sub-commands indented by one space per level.
 */
public final class RunningConfig {

    private RunningConfig() {
    }

    /** The whole running configuration, with IOS's header lines. */
    public static String render(Device device) {
        StringBuilder b = new StringBuilder();
        b.append("!\nversion ").append(device.profile().versionLine()).append('\n');
        b.append("service timestamps debug datetime msec\nservice timestamps log datetime msec\n");
        b.append("no service password-encryption\n!\nhostname ").append(device.hostname()).append("\n!\n");
        b.append("boot-start-marker\nboot-end-marker\n!\n");
        if (device.profile() == Profile.C7600) {
            b.append("vtp mode transparent\n!\n");
            for (Vlan vlan : device.vlans().values()) {
                if (!vlan.builtIn()) {
                    b.append("vlan ").append(vlan.id()).append('\n');
                    if (!vlan.name().equals(Vlan.defaultName(vlan.id()))) {
                        b.append(" name ").append(vlan.name()).append('\n');
                    }
                    b.append("!\n");
                }
            }
        } else {
            b.append("mpls traffic-eng tunnels\n!\n");
        }
        for (PolicyMap pm : device.policyMaps().values()) {
            b.append(policyMap(pm)).append("!\n");
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
            b.append(interfaceBlock(device, i)).append("!\n");
        }
        for (ExplicitPath path : device.explicitPaths().values()) {
            b.append("ip explicit-path name ").append(path.name()).append(path.enabled() ? " enable" : " disable").append('\n');
            for (String hop : path.nextAddresses()) {
                b.append(" next-address ").append(hop).append('\n');
            }
            b.append("!\n");
        }
        b.append("line con 0\nline vty 0 4\n login local\n transport input ssh\n!\nend\n");
        return withHeader(b.toString());
    }

    /** {@code show running-config interface X}. */
    public static String renderInterface(Device device, Interface i) {
        return withHeader("!\n" + interfaceBlock(device, i) + "end\n");
    }

    /** The lines of one policy-map, as in the running configuration. */
    public static String policyMap(PolicyMap pm) {
        StringBuilder b = new StringBuilder("policy-map ").append(pm.name()).append('\n');
        for (PolicyMap.PolicyClass c : pm.classes().values()) {
            b.append(" class ").append(c.name()).append('\n');
            if (c.police() != null) {
                b.append("  ").append(c.police().commandLine()).append('\n');
            }
        }
        return b.toString();
    }

    private static String withHeader(String body) {
        int bytes = body.getBytes(StandardCharsets.US_ASCII).length;
        return "Building configuration...\n\nCurrent configuration : " + bytes + " bytes\n" + body;
    }

    static String interfaceBlock(Device device, Interface i) {
        StringBuilder b = new StringBuilder("interface ").append(i.fullName()).append('\n');
        line(b, i.description() != null, " description " + i.description());
        if (i.dot1q() != null) {
            b.append(" encapsulation dot1Q ").append(i.dot1q()).append('\n');
        }
        if (i.switchport()) {
            b.append(" switchport\n");
            line(b, i.trunkEncapsulationDot1q(), " switchport trunk encapsulation dot1q");
            if (i.trunkAllowed() != null) {
                b.append(" switchport trunk allowed vlan ").append(VlanList.format(i.trunkAllowed())).append('\n');
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
        line(b, i.teBandwidthKbps() > 0, " tunnel mpls traffic-eng bandwidth " + i.teBandwidthKbps());
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
