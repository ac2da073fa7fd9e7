package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import org.junit.jupiter.api.Test;

/** Where each line the drivers send leads, as the prompt names the mode. */
class CliModesTest {

    @Test
    void configureTerminalLeadsFromExecToGlobalConfiguration() {
        assertEquals(Set.of("config"), CliModes.after("", "configure terminal"));
        assertEquals(Set.of("config"), CliModes.after("", "conf t"));
        assertEquals(Set.of(""), CliModes.after("", "terminal length 0"));
        assertEquals(Set.of(""), CliModes.after("", "show running-config"));
    }

    @Test
    void eachSubModeCommandLeadsToItsMode() {
        assertEquals(Set.of("config-vlan"), CliModes.after("config", "vlan 1234"));
        assertEquals(Set.of("config-pmap"), CliModes.after("config", "policy-map LP-42-IN"));
        assertEquals(Set.of("config-pmap-c"), CliModes.after("config-pmap", "class class-default"));
        assertEquals(Set.of("config-pmap-c", "config-pmap-c-police"),
                CliModes.after("config-pmap-c", "police 100000000 3125000 conform-action transmit exceed-action drop"));
        assertEquals(Set.of("config-if"), CliModes.after("config", "interface GigabitEthernet1/1"));
        assertEquals(Set.of("config-if"), CliModes.after("config-if", "interface Tunnel42"));
        assertEquals(Set.of("config-subif"), CliModes.after("config", "interface GigabitEthernet3/0.1234"));
        assertEquals(Set.of("config-pw-class"), CliModes.after("config", "pseudowire-class LP-42"));
        assertEquals(Set.of("cfg-ip-expl-path"), CliModes.after("config", "ip explicit-path name LP-42 enable"));
        assertEquals(Set.of("config-subif", "config-subif-xconn"),
                CliModes.after("config-subif", "xconnect 10.0.0.9 42 encapsulation mpls pw-class LP-42"));
    }

    @Test
    void exitGoesOneModeUpAndEndBackToExec() {
        assertEquals(Set.of("config-pmap"), CliModes.after("config-pmap-c", "exit"));
        assertEquals(Set.of("config"), CliModes.after("config-pmap", "exit"));
        assertEquals(Set.of("config"), CliModes.after("cfg-ip-expl-path", "exit"));
        assertEquals(Set.of(""), CliModes.after("config", "exit"));
        assertEquals(Set.of(""), CliModes.after("config-if", "end"));
    }

    @Test
    void otherLinesAndNoFormsStayInTheirMode() {
        assertEquals(Set.of("config-if"), CliModes.after("config-if", "switchport access vlan 1234"));
        assertEquals(Set.of("config-vlan"), CliModes.after("config-vlan", "name LP-42"));
        assertEquals(Set.of("config"), CliModes.after("config", "no interface GigabitEthernet3/0.1234"));
        assertEquals(Set.of("config"), CliModes.after("config", "no vlan 1234"));
        assertEquals(Set.of("config"), CliModes.after("config", "no ip explicit-path name LP-42"));
    }
}
