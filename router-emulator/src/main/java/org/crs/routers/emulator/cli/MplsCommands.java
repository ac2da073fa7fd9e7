package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.CONFIG;
import static org.crs.routers.emulator.cli.Mode.CONFIG_EXPL_PATH;
import static org.crs.routers.emulator.cli.Mode.CONFIG_IF;
import static org.crs.routers.emulator.cli.Mode.CONFIG_PW_CLASS;
import static org.crs.routers.emulator.cli.Mode.CONFIG_SUBIF;

import org.crs.routers.emulator.device.ExplicitPath;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.device.PseudowireClass;

/**
 * Ethernet over MPLS: dot1Q subinterfaces and xconnect (both profiles; the 7600 uses xconnect
 * on SVIs), and on the 12000 pseudowire-classes, explicit paths and TE tunnels.
 */
final class MplsCommands {

    private MplsCommands() {
    }

    static void register(CommandSet set, Profile profile) {
        set.add("encapsulation dot1Q <1-4094>", (s, a) -> {
            Interface i = s.currentInterface;
            if (!i.name().isSubinterface()) {
                throw IosError.invalidAt(0);
            }
            int vid = (int) a.number(0);
            for (Interface other : s.device.interfaces()) {
                if (other != i && other.name().isSubinterface() && other.name().parent().equals(i.name().parent())
                        && Integer.valueOf(vid).equals(other.dot1q())) {
                    throw IosError.message("% Configuration of multiple subinterfaces of the same main\n"
                            + "interface with the same VID (" + vid + ") is not permitted.\n"
                            + "This VID is already configured on " + other.fullName() + ".");
                }
            }
            i.setDot1q(vid);
            return "";
        }, CONFIG_SUBIF);
        set.add("no encapsulation dot1Q [<1-4094>]", (s, a) -> {
            s.currentInterface.setDot1q(null);
            return "";
        }, CONFIG_SUBIF);
        set.add("xconnect A.B.C.D <1-4294967295> encapsulation mpls [pw-class WORD]", (s, a) -> {
            Interface i = s.currentInterface;
            if (i.name().isSubinterface() && i.dot1q() == null) {
                throw IosError.message("% Encapsulation must be configured before xconnect on " + i.fullName());
            }
            if (i.switchport()) {
                throw IosError.message("% xconnect is not supported on a switchport; configure it on an SVI");
            }
            String pwClass = a.after("pw-class");
            if (pwClass != null && !s.device.pseudowireClasses().containsKey(pwClass)) {
                throw IosError.message("% pseudowire-class " + pwClass + " does not exist");
            }
            if (i.xconnect() != null) {
                throw IosError.message("% An xconnect is already configured on " + i.fullName());
            }
            i.setXconnect(new Interface.Xconnect(a.arg(0), a.number(1), pwClass));
            return "";
        }, CONFIG_IF, CONFIG_SUBIF);
        set.add("no xconnect [LINE]", (s, a) -> {
            s.currentInterface.setXconnect(null);
            return "";
        }, CONFIG_IF, CONFIG_SUBIF);

        if (profile != Profile.C12000) {
            return;
        }
        set.add("pseudowire-class WORD", (s, a) -> {
            s.currentPseudowireClass = s.device.pseudowireClasses().computeIfAbsent(a.arg(0), PseudowireClass::new);
            s.enter(CONFIG_PW_CLASS);
            return "";
        }, CONFIG);
        set.add("no pseudowire-class WORD", (s, a) -> {
            String name = a.arg(0);
            for (Interface i : s.device.interfaces()) {
                if (i.xconnect() != null && name.equals(i.xconnect().pwClass())) {
                    throw IosError.message("% pseudowire-class " + name + " is in use by " + i.fullName());
                }
            }
            if (s.device.pseudowireClasses().remove(name) == null) {
                throw IosError.message("% pseudowire-class " + name + " does not exist");
            }
            return "";
        }, CONFIG);
        set.add("encapsulation mpls", (s, a) -> {
            s.currentPseudowireClass.setEncapsulation("mpls");
            return "";
        }, CONFIG_PW_CLASS);
        set.add("preferred-path interface IFNAME [disable-fallback]", (s, a) -> {
            if (!a.arg(0).startsWith("Tunnel")) {
                throw IosError.invalidAt(a.argColumn(0));
            }
            s.currentPseudowireClass.setPreferredPath(a.arg(0), a.has("disable-fallback"));
            return "";
        }, CONFIG_PW_CLASS);
        set.add("no preferred-path [LINE]", (s, a) -> {
            s.currentPseudowireClass.setPreferredPath(null, false);
            return "";
        }, CONFIG_PW_CLASS);

        set.add("ip explicit-path name WORD [enable|disable]", (s, a) -> {
            ExplicitPath path = s.device.explicitPaths().computeIfAbsent(a.arg(0), ExplicitPath::new);
            path.setEnabled(!a.has("disable"));
            s.currentPath = path;
            s.enter(CONFIG_EXPL_PATH);
            return "Explicit Path name " + path.name() + ":\n";
        }, CONFIG);
        set.add("no ip explicit-path name WORD", (s, a) -> {
            if (s.device.explicitPaths().remove(a.arg(0)) == null) {
                throw IosError.message("% Explicit path " + a.arg(0) + " does not exist");
            }
            return "";
        }, CONFIG);
        set.add("next-address A.B.C.D", (s, a) -> {
            s.currentPath.nextAddresses().add(a.arg(0));
            int n = s.currentPath.nextAddresses().size();
            return "    " + n + ": next-address " + a.arg(0) + "\n";
        }, CONFIG_EXPL_PATH);
        set.add("no next-address A.B.C.D", (s, a) -> {
            if (!s.currentPath.nextAddresses().remove(a.arg(0))) {
                throw IosError.message("% Address " + a.arg(0) + " not found in explicit path");
            }
            return "";
        }, CONFIG_EXPL_PATH);

        set.add("tunnel destination A.B.C.D", (s, a) -> {
            tunnel(s).setTunnelDestination(a.arg(0));
            return "";
        }, CONFIG_IF);
        set.add("no tunnel destination [A.B.C.D]", (s, a) -> {
            tunnel(s).setTunnelDestination(null);
            return "";
        }, CONFIG_IF);
        set.add("tunnel mode mpls traffic-eng", (s, a) -> {
            tunnel(s).setTunnelModeTe(true);
            return "";
        }, CONFIG_IF);
        set.add("no tunnel mode [mpls traffic-eng]", (s, a) -> {
            tunnel(s).setTunnelModeTe(false);
            return "";
        }, CONFIG_IF);
        set.add("tunnel mpls traffic-eng bandwidth <1-4294967295>", (s, a) -> {
            teTunnel(s).setTeBandwidthKbps(a.number(0));
            return "";
        }, CONFIG_IF);
        set.add("no tunnel mpls traffic-eng bandwidth [<1-4294967295>]", (s, a) -> {
            teTunnel(s).setTeBandwidthKbps(0);
            return "";
        }, CONFIG_IF);
        set.add("tunnel mpls traffic-eng path-option <1-1000> {explicit name WORD|dynamic}", (s, a) -> {
            Interface t = teTunnel(s);
            String option = a.has("dynamic") ? "dynamic" : "explicit name " + a.arg(1);
            if (a.has("explicit") && !s.device.explicitPaths().containsKey(a.arg(1))) {
                throw IosError.message("% Explicit path " + a.arg(1) + " does not exist");
            }
            t.pathOptions().put((int) a.number(0), option);
            return "";
        }, CONFIG_IF);
        set.add("no tunnel mpls traffic-eng path-option <1-1000>", (s, a) -> {
            teTunnel(s).pathOptions().remove((int) a.number(0));
            return "";
        }, CONFIG_IF);
    }

    private static Interface tunnel(IosSession s) throws IosError {
        if (!s.currentInterface.name().type().equals("Tunnel")) {
            throw IosError.invalidAt(0);
        }
        return s.currentInterface;
    }

    private static Interface teTunnel(IosSession s) throws IosError {
        Interface t = tunnel(s);
        if (!t.tunnelModeTe()) {
            throw IosError.message("% Tunnel mode must be mpls traffic-eng first");
        }
        return t;
    }
}
