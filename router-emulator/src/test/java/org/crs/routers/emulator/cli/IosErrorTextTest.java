package org.crs.routers.emulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The emulator answers what IOS rejects with IOS's own text (docs/devices.md, "How IOS
 * reports errors"), and a rejected line changes nothing.
 */
class IosErrorTextTest {

    @Test
    void misspelledKeywordGetsTheCaretUnderItsFirstLetter() {
        Console c = Console.edge();
        c.type("configure terminal", "interface GigabitEthernet1/1");
        String before = c.runningConfig();
        // "edge-a(config-if)#" is 18 characters; "switchport " 11 more.
        assertEquals(" ".repeat(29) + "^\n% Invalid input detected at '^' marker.\n\n",
                c.type("switchport acess vlan 1234"));
        assertEquals(before, c.runningConfig());
    }

    @Test
    void missingArgumentIsAnIncompleteCommand() {
        Console c = Console.edge();
        c.type("configure terminal", "interface GigabitEthernet1/1");
        assertEquals("% Incomplete command.\n\n", c.type("switchport access vlan"));
    }

    @Test
    void prefixOfSeveralKeywordsIsAmbiguous() {
        Console c = Console.edge();
        c.type("configure terminal", "interface GigabitEthernet1/1");
        assertEquals("% Ambiguous command:  \"s\"\n\n", c.type("s"));
    }

    @Test
    void extraWordAfterACompleteCommandIsInvalidInputUnderIt() {
        Console c = Console.edge();
        c.type("configure terminal");
        // "edge-a(config)#" is 15 characters; "vlan 10 " 8 more.
        assertEquals(" ".repeat(23) + "^\n% Invalid input detected at '^' marker.\n\n", c.type("vlan 10 foo"));
    }

    @Test
    void vlanAboveRangeIsRejectedAsABadVlanList() {
        Console c = Console.edge();
        c.type("configure terminal");
        String before = c.runningConfig();
        assertEquals("Command rejected: Bad VLAN list - character #5 (EOL) delimits a VLAN number which is out of the range 1..4094.\n",
                c.type("vlan 4095"));
        assertEquals("edge-a(config)#", c.prompt());
        assertEquals(before, c.runningConfig());
    }

    @Test
    void vlanZeroIsRejectedAsABadVlanList() {
        Console c = Console.edge();
        c.type("configure terminal");
        assertEquals("Command rejected: Bad VLAN list - character #2 (EOL) delimits a VLAN number which is out of the range 1..4094.\n",
                c.type("vlan 0"));
    }

    @Test
    void accessVlanOutOfRangeIsInvalidInputUnderTheNumber() {
        Console c = Console.edge();
        c.type("configure terminal", "interface GigabitEthernet1/1");
        assertEquals(" ".repeat(18 + 23) + "^\n% Invalid input detected at '^' marker.\n\n",
                c.type("switchport access vlan 5000"));
    }

    @Test
    void defaultVlanCannotBeDeleted() {
        Console c = Console.edge();
        c.type("configure terminal");
        assertEquals("%Default VLAN 1 may not be deleted.\n", c.type("no vlan 1"));
        assertEquals("%Default VLAN 1002 may not be deleted.\n", c.type("no vlan 1002"));
    }

    @Test
    void policyMapAttachedToAnInterfaceCannotBeRemoved() {
        Console c = Console.edge();
        c.type("configure terminal", "policy-map LP-42-IN", "class class-default",
                "police 100000000 3125000 conform-action transmit exceed-action drop", "exit", "exit",
                "interface GigabitEthernet1/1", "service-policy input LP-42-IN", "exit");
        String before = c.runningConfig();
        assertEquals("% Policy map LP-42-IN is being used by interface GigabitEthernet1/1\n\n",
                c.type("no policy-map LP-42-IN"));
        assertEquals(before, c.runningConfig());
    }

    @Test
    void interfaceTheChassisDoesNotHaveGetsTheCaretUnderItsNumber() {
        Console c = Console.edge();
        c.type("configure terminal");
        // "edge-a(config)#" is 15; "interface GigabitEthernet" 25.
        assertEquals(" ".repeat(40) + "^\n% Invalid input detected at '^' marker.\n\n",
                c.type("interface GigabitEthernet9/1"));
        assertEquals("edge-a(config)#", c.prompt());
    }

    @Test
    void abbreviatedInterfaceTheChassisDoesNotHaveGetsTheCaretUnderItsNumber() {
        Console c = Console.edge();
        c.type("configure terminal");
        assertEquals(" ".repeat(15 + 12) + "^\n% Invalid input detected at '^' marker.\n\n",
                c.type("interface gi9/1"));
    }

    @Test
    void physicalInterfaceCannotBeRemoved() {
        Console c = Console.edge();
        c.type("configure terminal");
        assertEquals("% Removal of physical interfaces is not permitted\n\n", c.type("no interface GigabitEthernet1/1"));
    }

    @Test
    void exceedActionTheHardwareCannotDoIsRefusedOnlyWhenAttached() {
        Console c = Console.edge();
        c.type("configure terminal", "policy-map P", "class class-default");
        assertEquals("", c.type("police 8000000 250000 conform-action set-dscp-transmit 46 exceed-action set-dscp-transmit 0"));
        c.type("exit", "exit", "interface GigabitEthernet1/1");
        String answer = c.type("service-policy input P");
        assertTrue(answer.startsWith("%QM-4-HW_POLICE_ACTION: exceed-action set-dscp-transmit 0 is not supported"), answer);
        assertFalse(c.runningConfig().contains("service-policy input P"));
    }

    @Test
    void trunkModeNeedsAnEncapsulationFirst() {
        Console c = Console.edge();
        c.type("configure terminal", "interface GigabitEthernet1/2", "switchport", "no switchport mode");
        assertEquals("Command rejected: An interface whose trunk encapsulation is \"Auto\" can not be configured to \"trunk\" mode.\n",
                c.type("switchport mode trunk"));
    }

    @Test
    void secondSubinterfaceWithTheSameVlanIsRefused() {
        Console c = Console.core();
        c.type("configure terminal", "interface GigabitEthernet3/0.100", "encapsulation dot1Q 100",
                "interface GigabitEthernet3/0.200");
        assertEquals("% Configuration of multiple subinterfaces of the same main\n"
                + "interface with the same VID (100) is not permitted.\n"
                + "This VID is already configured on GigabitEthernet3/0.100.\n\n", c.type("encapsulation dot1Q 100"));
    }

    @Test
    void switchingCommandsDoNotExistOnTheCoreRouter() {
        Console c = Console.core();
        c.type("configure terminal");
        assertEquals(" ".repeat(15) + "^\n% Invalid input detected at '^' marker.\n\n", c.type("vlan 100"));
    }

    @Test
    void wrongEnableSecretThreeTimesIsBadSecrets() {
        Console c = Console.edge();
        IosSession user = new IosSession(c.device, "right", false);
        assertEquals("edge-a>", user.prompt());
        user.execute("enable");
        assertEquals("Password: ", user.prompt());
        assertTrue(user.awaitingSecret());
        user.execute("wrong1");
        assertEquals("Password: ", user.prompt());
        user.execute("wrong2");
        assertEquals("% Bad secrets\n\n", user.execute("wrong3").text());
        assertEquals("edge-a>", user.prompt());
        user.execute("enable");
        user.execute("right");
        assertEquals("edge-a#", user.prompt());
    }
}
