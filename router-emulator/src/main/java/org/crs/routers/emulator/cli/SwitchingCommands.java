package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.CONFIG;
import static org.crs.routers.emulator.cli.Mode.CONFIG_IF;
import static org.crs.routers.emulator.cli.Mode.CONFIG_VLAN;

import java.util.BitSet;

import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Interface.SwitchportMode;
import org.crs.routers.emulator.device.Vlan;
import org.crs.routers.emulator.device.VlanList;

/**
 * The 7600's Layer 2 commands: the VLAN database and switchports (access and 802.1Q trunk).
 * Catalyst IOS takes a VLAN list after {@code vlan} and rejects numbers out of 1..4094 in
 * its own words ("Command rejected: Bad VLAN list ...").
 */
final class SwitchingCommands {

    private SwitchingCommands() {
    }

    static void register(CommandSet set) {
        set.add("vlan VLANS", (s, a) -> {
            BitSet ids = vlanList(a.arg(0));
            Vlan last = null;
            for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
                final int vid = id;
                last = s.device.vlans().computeIfAbsent(id, k -> new Vlan(vid, Vlan.defaultName(vid), false));
            }
            s.currentVlan = ids.cardinality() == 1 ? last : null;
            s.enter(CONFIG_VLAN);
            return "";
        }, CONFIG);
        set.add("no vlan VLANS", (s, a) -> {
            BitSet ids = vlanList(a.arg(0));
            for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
                if (Vlan.isBuiltIn(id)) {
                    throw IosError.message("%Default VLAN " + id + " may not be deleted.");
                }
            }
            for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
                s.device.vlans().remove(id);
            }
            return "";
        }, CONFIG);
        set.add("name WORD", (s, a) -> {
            Vlan v = currentVlan(s);
            if (v.builtIn()) {
                throw IosError.message("%Default VLAN " + v.id() + " may not have its name changed.");
            }
            if (a.arg(0).length() > 32) {
                throw IosError.invalidAt(a.argColumn(0) + 32);
            }
            v.setName(a.arg(0));
            return "";
        }, CONFIG_VLAN);
        set.add("no name", (s, a) -> {
            Vlan v = currentVlan(s);
            v.setName(Vlan.defaultName(v.id()));
            return "";
        }, CONFIG_VLAN);

        set.add("switchport", (s, a) -> {
            physical(s).setSwitchport(true);
            return "";
        }, CONFIG_IF);
        set.add("no switchport", (s, a) -> {
            physical(s).setSwitchport(false);
            return "";
        }, CONFIG_IF);
        set.add("switchport mode {access|trunk|dynamic auto|dynamic desirable}", (s, a) -> {
            Interface i = switchport(s);
            if (a.has("trunk")) {
                if (!i.trunkEncapsulationDot1q()) {
                    throw IosError.message("Command rejected: An interface whose trunk encapsulation is \"Auto\" can not be configured to \"trunk\" mode.");
                }
                i.setSwitchportMode(SwitchportMode.TRUNK);
            } else if (a.has("access")) {
                i.setSwitchportMode(SwitchportMode.ACCESS);
            } else {
                i.setSwitchportMode(SwitchportMode.DYNAMIC);
            }
            return "";
        }, CONFIG_IF);
        set.add("no switchport mode [access|trunk]", (s, a) -> {
            switchport(s).setSwitchportMode(SwitchportMode.DYNAMIC);
            return "";
        }, CONFIG_IF);
        set.add("switchport access vlan <1-4094>", (s, a) -> {
            Interface i = switchport(s);
            int vlan = (int) a.number(0);
            String note = "";
            if (!s.device.vlans().containsKey(vlan)) {
                // IOS creates the VLAN and says so.
                s.device.vlans().put(vlan, new Vlan(vlan, Vlan.defaultName(vlan), false));
                note = "% Access VLAN does not exist. Creating vlan " + vlan + "\n";
            }
            i.setAccessVlan(vlan);
            return note;
        }, CONFIG_IF);
        set.add("no switchport access vlan [<1-4094>]", (s, a) -> {
            switchport(s).setAccessVlan(1);
            return "";
        }, CONFIG_IF);
        set.add("switchport trunk encapsulation {dot1q|isl|negotiate}", (s, a) -> {
            Interface i = switchport(s);
            if (!a.has("dot1q")) {
                throw IosError.message("% The 7600 emulator supports dot1q trunks only");
            }
            i.setTrunkEncapsulationDot1q(true);
            return "";
        }, CONFIG_IF);
        set.add("no switchport trunk encapsulation [dot1q]", (s, a) -> {
            Interface i = switchport(s);
            if (i.switchportMode() == SwitchportMode.TRUNK) {
                throw IosError.message("Command rejected: Conflict between 'switchport mode trunk' and 'no switchport trunk encapsulation' on this interface.");
            }
            i.setTrunkEncapsulationDot1q(false);
            return "";
        }, CONFIG_IF);
        set.add("switchport trunk allowed vlan {VLANS|all|none|add VLANS|remove VLANS|except VLANS}", (s, a) -> {
            Interface i = switchport(s);
            BitSet current = i.trunkAllowed() == null ? all() : i.trunkAllowed();
            BitSet result;
            if (a.has("all")) {
                result = null;
            } else if (a.has("none")) {
                result = new BitSet();
            } else {
                BitSet list = vlanList(a.arg(0));
                if (a.has("add")) {
                    result = current;
                    result.or(list);
                } else if (a.has("remove")) {
                    result = current;
                    result.andNot(list);
                } else if (a.has("except")) {
                    result = all();
                    result.andNot(list);
                } else {
                    result = list;
                }
                if (result.equals(all())) {
                    result = null;
                }
            }
            i.setTrunkAllowed(result);
            return "";
        }, CONFIG_IF);
        set.add("no switchport trunk allowed vlan", (s, a) -> {
            switchport(s).setTrunkAllowed(null);
            return "";
        }, CONFIG_IF);
    }

    private static BitSet all() {
        BitSet b = new BitSet();
        b.set(Vlan.MIN, Vlan.MAX + 1);
        return b;
    }

    private static BitSet vlanList(String text) throws IosError {
        try {
            return VlanList.parse(text);
        } catch (VlanList.BadVlanList e) {
            throw IosError.message(e.iosMessage(text));
        }
    }

    private static Vlan currentVlan(IosSession s) throws IosError {
        if (s.currentVlan == null) {
            throw IosError.message("% Applies to a single VLAN only");
        }
        return s.currentVlan;
    }

    private static Interface physical(IosSession s) throws IosError {
        Interface i = s.currentInterface;
        if (!i.name().isPhysical() || i.name().isSubinterface()) {
            throw IosError.invalidAt(0);
        }
        return i;
    }

    private static Interface switchport(IosSession s) throws IosError {
        Interface i = physical(s);
        if (!i.switchport()) {
            throw IosError.message("% Command rejected: " + i.fullName() + " is not a switching port.");
        }
        return i;
    }
}
