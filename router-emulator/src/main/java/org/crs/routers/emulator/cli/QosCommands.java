package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.CONFIG;
import static org.crs.routers.emulator.cli.Mode.CONFIG_PMAP;
import static org.crs.routers.emulator.cli.Mode.CONFIG_PMAP_C;

import java.util.List;
import java.util.Optional;

import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Police;
import org.crs.routers.emulator.device.PolicyMap;
import org.crs.routers.emulator.device.Profile;

/**
 * QoS (MQC): policy-maps with a policer per class, attached to interfaces with
 * {@code service-policy}. As on the 7600's PFC, actions the hardware cannot do are accepted
 * in the policy-map and refused only when the policy is attached.
 */
final class QosCommands {

    private static final String ACTION = "{transmit|drop|set-dscp-transmit <0-63>|set-prec-transmit <0-7>"
            + "|set-mpls-exp-topmost-transmit <0-7>|set-mpls-exp-imposition-transmit <0-7>|policed-dscp-transmit}";

    private QosCommands() {
    }

    static void register(CommandSet set, Profile profile) {
        set.add("policy-map WORD", (s, a) -> {
            s.currentPolicy = s.device.policyMaps().computeIfAbsent(a.arg(0), PolicyMap::new);
            s.enter(CONFIG_PMAP);
            return "";
        }, CONFIG);
        set.add("no policy-map WORD", (s, a) -> {
            String name = a.arg(0);
            Optional<Interface> user = s.device.interfaceUsingPolicy(name);
            if (user.isPresent()) {
                throw IosError.message("% Policy map " + name + " is being used by interface " + user.get().fullName());
            }
            if (s.device.policyMaps().remove(name) == null) {
                throw IosError.message("% Policy map " + name + " not configured");
            }
            return "";
        }, CONFIG);
        set.add("class WORD", (s, a) -> {
            if (!a.arg(0).equals("class-default")) {
                throw IosError.message("% class map " + a.arg(0) + " not configured");
            }
            s.currentClass = s.currentPolicy.classNamed(a.arg(0));
            s.enter(CONFIG_PMAP_C);
            return "";
        }, CONFIG_PMAP);
        set.add("no class WORD", (s, a) -> {
            if (s.currentPolicy.classes().remove(a.arg(0)) == null) {
                throw IosError.message("% class " + a.arg(0) + " not configured in policy-map " + s.currentPolicy.name());
            }
            return "";
        }, CONFIG_PMAP);
        String actions = " [conform-action " + ACTION + " [exceed-action " + ACTION + "]]";
        set.add("police <8000-10000000000> [<1000-512000000>]" + actions,
                (s, a) -> police(s, a, false), CONFIG_PMAP_C);
        set.add("police cir <8000-10000000000> [bc <1000-512000000>]" + actions,
                (s, a) -> police(s, a, true), CONFIG_PMAP_C);
        set.add("no police [LINE]", (s, a) -> {
            s.currentClass.setPolice(null);
            return "";
        }, CONFIG_PMAP_C);

        set.add("service-policy {input|output} WORD", (s, a) -> {
            PolicyMap pm = s.device.policyMaps().get(a.arg(0));
            if (pm == null) {
                throw IosError.message("% policy map " + a.arg(0) + " not configured");
            }
            checkSupported(s, pm);
            if (a.has("input")) {
                s.currentInterface.setServicePolicyInput(pm.name());
            } else {
                s.currentInterface.setServicePolicyOutput(pm.name());
            }
            return "";
        }, InterfaceCommands.INTERFACE_MODES);
        set.add("no service-policy {input|output} WORD", (s, a) -> {
            Interface i = s.currentInterface;
            String attached = a.has("input") ? i.servicePolicyInput() : i.servicePolicyOutput();
            if (!a.arg(0).equals(attached)) {
                throw IosError.message("% policy map " + a.arg(0) + " not attached to " + i.fullName());
            }
            if (a.has("input")) {
                i.setServicePolicyInput(null);
            } else {
                i.setServicePolicyOutput(null);
            }
            return "";
        }, InterfaceCommands.INTERFACE_MODES);
    }

    private static String police(IosSession s, Args a, boolean cir) throws IosError {
        List<String> w = a.words();
        long rate = a.number(0);
        long burst = 0;
        if (cir && a.has("bc")) {
            burst = Long.parseLong(a.after("bc"));
        } else if (!cir && w.size() > 2 && w.get(2).chars().allMatch(Character::isDigit)) {
            burst = Long.parseLong(w.get(2));
        }
        String conform = "transmit";
        String exceed = "drop";
        int c = w.indexOf("conform-action");
        int e = w.indexOf("exceed-action");
        if (c >= 0) {
            conform = String.join(" ", w.subList(c + 1, e >= 0 ? e : w.size()));
        }
        if (e >= 0) {
            exceed = String.join(" ", w.subList(e + 1, w.size()));
        }
        s.currentClass.setPolice(new Police(rate, burst, cir, conform, exceed));
        return "";
    }

    // The 7600's PFC polices in hardware, and its policer cannot re-mark exceeding traffic
    // with an explicit DSCP: only drop or policed-dscp-transmit (markdown) are possible.
    private static void checkSupported(IosSession s, PolicyMap pm) throws IosError {
        if (s.device.profile() != Profile.C7600) {
            return;
        }
        for (PolicyMap.PolicyClass c : pm.classes().values()) {
            if (c.police() != null && c.police().exceedAction().startsWith("set-")) {
                throw IosError.message("%QM-4-HW_POLICE_ACTION: exceed-action " + c.police().exceedAction()
                        + " is not supported in hardware; policy-map " + pm.name() + " not attached to "
                        + s.currentInterface.fullName());
            }
        }
    }
}
