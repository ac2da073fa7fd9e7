package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.CONFIG_IF;
import static org.crs.routers.emulator.cli.Mode.CONFIG_SUBIF;

import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Profile;

/** Interface commands common to both profiles: description, shutdown, IP addressing. */
final class InterfaceCommands {

    static final Mode[] INTERFACE_MODES = {CONFIG_IF, CONFIG_SUBIF};

    private InterfaceCommands() {
    }

    static void register(CommandSet set, Profile profile) {
        set.add("description LINE", (s, a) -> {
            s.currentInterface.setDescription(a.arg(0));
            return "";
        }, INTERFACE_MODES);
        set.add("no description [LINE]", (s, a) -> {
            s.currentInterface.setDescription(null);
            return "";
        }, INTERFACE_MODES);
        set.add("shutdown", (s, a) -> {
            s.currentInterface.setShutdown(true);
            return "";
        }, INTERFACE_MODES);
        set.add("no shutdown", (s, a) -> {
            s.currentInterface.setShutdown(false);
            return "";
        }, INTERFACE_MODES);
        set.add("ip address A.B.C.D A.B.C.D", (s, a) -> {
            Interface i = routed(s);
            i.setIpUnnumbered(null);
            i.setIpAddress(a.arg(0) + " " + a.arg(1));
            return "";
        }, INTERFACE_MODES);
        set.add("no ip address [A.B.C.D A.B.C.D]", (s, a) -> {
            s.currentInterface.setIpAddress(null);
            return "";
        }, INTERFACE_MODES);
        set.add("ip unnumbered IFNAME", (s, a) -> {
            Interface i = routed(s);
            ConfigCommands.existingInterface(s, a, 0);
            i.setIpAddress(null);
            i.setIpUnnumbered(a.arg(0));
            return "";
        }, INTERFACE_MODES);
        set.add("no ip unnumbered [IFNAME]", (s, a) -> {
            s.currentInterface.setIpUnnumbered(null);
            return "";
        }, INTERFACE_MODES);
    }

    private static Interface routed(IosSession s) throws IosError {
        if (s.currentInterface.switchport()) {
            throw IosError.message("% IP addresses may not be configured on L2 links.");
        }
        return s.currentInterface;
    }
}
