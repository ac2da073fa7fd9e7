package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.CONFIG;
import static org.crs.routers.emulator.cli.Mode.CONFIG_EXPL_PATH;
import static org.crs.routers.emulator.cli.Mode.CONFIG_IF;
import static org.crs.routers.emulator.cli.Mode.CONFIG_PMAP;
import static org.crs.routers.emulator.cli.Mode.CONFIG_PMAP_C;
import static org.crs.routers.emulator.cli.Mode.CONFIG_PW_CLASS;
import static org.crs.routers.emulator.cli.Mode.CONFIG_SUBIF;
import static org.crs.routers.emulator.cli.Mode.CONFIG_VLAN;

import java.util.Optional;

import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Profile;

/**
 * Global configuration: entering and leaving modes, creating and removing interfaces,
 * and the commands every configuration mode shares ({@code end}, {@code exit}, {@code do}).
 */
final class ConfigCommands {

    static final Mode[] ALL_CONFIG = {CONFIG, CONFIG_IF, CONFIG_SUBIF, CONFIG_VLAN, CONFIG_PMAP,
        CONFIG_PMAP_C, CONFIG_PW_CLASS, CONFIG_EXPL_PATH};

    private ConfigCommands() {
    }

    static void register(CommandSet set, Profile profile) {
        set.add("end", (s, a) -> {
            s.end();
            return "";
        }, ALL_CONFIG);
        set.add("exit", (s, a) -> {
            s.exit();
            return "";
        }, ALL_CONFIG);
        set.add("do LINE", (s, a) -> s.runExec(a.arg(0)), ALL_CONFIG);
        set.add("hostname WORD", (s, a) -> {
            throw IosError.message("% Changing the hostname of an emulated router is not supported");
        }, CONFIG);
        set.add("interface IFNAME", (s, a) -> {
            Interface i = openInterface(s, a, 0);
            s.currentInterface = i;
            s.enter(i.name().isSubinterface() ? CONFIG_SUBIF : CONFIG_IF);
            return "";
        }, CONFIG);
        set.add("no interface IFNAME", (s, a) -> {
            InterfaceName name = InterfaceName.parse(a.arg(0));
            Optional<Interface> existing = s.device.interfaceNamed(name);
            if (name.isPhysical() && !name.isSubinterface()) {
                if (existing.isEmpty()) {
                    throw invalidInterfaceNumber(a, 0);
                }
                throw IosError.message("% Removal of physical interfaces is not permitted");
            }
            if (existing.isEmpty()) {
                throw IosError.message("% Interface " + name.full() + " does not exist");
            }
            if (name.type().equals("Loopback") && name.number().equals("0")) {
                throw IosError.message("% Loopback0 is the router id and cannot be removed from an emulated router");
            }
            s.device.removeInterface(name);
            return "";
        }, CONFIG);
        set.add("mpls traffic-eng tunnels", (s, a) -> "", CONFIG);
        set.add("vtp mode transparent", (s, a) -> "", CONFIG);
    }

    /**
     * The interface named by argument {@code n}: an existing one, or a new logical interface
     * (Tunnel, Loopback, Vlan on the 7600, a subinterface of an existing port). A port the
     * chassis does not have is invalid input with the caret under its number.
     */
    static Interface openInterface(IosSession s, Args a, int n) throws IosError {
        InterfaceName name = InterfaceName.parse(a.arg(n));
        Optional<Interface> existing = s.device.interfaceNamed(name);
        if (existing.isPresent()) {
            return existing.get();
        }
        boolean creatable = switch (name.type()) {
            case "Tunnel", "Loopback" -> !name.isSubinterface();
            case "Vlan" -> s.device.profile() == Profile.C7600 && !name.isSubinterface()
                    && isVlanNumber(name.number());
            default -> name.isSubinterface() && s.device.interfaceNamed(name.parent()).isPresent()
                    && name.subinterfaceNumber() > 0 && name.subinterfaceNumber() <= 4294967295L;
        };
        if (!creatable) {
            throw invalidInterfaceNumber(a, n);
        }
        return s.device.createLogicalInterface(name);
    }

    private static boolean isVlanNumber(String number) {
        return number.matches("\\d{1,4}") && Integer.parseInt(number) >= 1 && Integer.parseInt(number) <= 4094;
    }

    /** Invalid input with the caret under the interface number, as IOS reports an absent slot or port. */
    static IosError invalidInterfaceNumber(Args a, int n) {
        String written = a.typedArg(n);
        int typeLength = 0;
        while (typeLength < written.length() && !Character.isDigit(written.charAt(typeLength))) {
            typeLength++;
        }
        return IosError.invalidAt(a.argColumn(n) + typeLength);
    }

    /** The interface named by argument {@code n}, which must exist. */
    static Interface existingInterface(IosSession s, Args a, int n) throws IosError {
        return s.device.interfaceNamed(a.arg(n)).orElseThrow(() -> invalidInterfaceNumber(a, n));
    }
}
