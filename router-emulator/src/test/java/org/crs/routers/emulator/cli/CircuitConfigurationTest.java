package org.crs.routers.emulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crs.routers.emulator.device.RunningConfig;
import org.junit.jupiter.api.Test;

/**
 * The command sequences of docs/devices.md, typed into the emulator: the running configuration
 * shows them in IOS's canonical form, and the tear-down returns it to what it was.
 */
class CircuitConfigurationTest {

    static final String[] EDGE_SET_UP = {
        "configure terminal",
        " vlan 1234", "  name LP-42",
        " policy-map LP-42-IN", "  class class-default",
        "   police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop",
        " interface GigabitEthernet1/1", "  description LP-42 host", "  switchport", "  switchport mode access",
        "  switchport access vlan 1234", "  service-policy input LP-42-IN", "  no shutdown",
        " interface TenGigabitEthernet2/1", "  switchport trunk encapsulation dot1q", "  switchport mode trunk",
        "  switchport trunk allowed vlan add 1234",
        "end", "write memory"};

    static final String[] EDGE_TEAR_DOWN = {
        "configure terminal",
        "interface GigabitEthernet1/1", "no service-policy input LP-42-IN", "no switchport access vlan",
        "no description", "shutdown",
        "interface TenGigabitEthernet2/1", "switchport trunk allowed vlan remove 1234",
        "no policy-map LP-42-IN", "no vlan 1234", "end", "write memory"};

    static final String[] CORE_SET_UP = {
        "configure terminal",
        "policy-map LP-42-IN", " class class-default",
        "  police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop",
        "pseudowire-class LP-42", " encapsulation mpls", " preferred-path interface Tunnel42 disable-fallback",
        "ip explicit-path name LP-42 enable", " next-address 10.0.0.5", " next-address 10.0.0.9",
        "interface Tunnel42", " ip unnumbered Loopback0", " tunnel destination 10.0.0.9",
        " tunnel mode mpls traffic-eng", " tunnel mpls traffic-eng bandwidth 100000",
        " tunnel mpls traffic-eng path-option 1 explicit name LP-42",
        "interface GigabitEthernet3/0.1234", " encapsulation dot1Q 1234",
        " xconnect 10.0.0.9 42 encapsulation mpls pw-class LP-42", " service-policy input LP-42-IN",
        "end", "write memory"};

    static final String[] CORE_TEAR_DOWN = {
        "configure terminal", "no interface GigabitEthernet3/0.1234", "no interface Tunnel42",
        "no pseudowire-class LP-42", "no policy-map LP-42-IN", "no ip explicit-path name LP-42", "end", "write memory"};

    private static void typeAll(Console c, String... lines) {
        for (String line : lines) {
            String answer = c.session.execute(line).text();
            assertTrue(!answer.contains("%") && !answer.contains("rejected"), line + " -> " + answer);
        }
    }

    @Test
    void edgeCircuitAppearsInTheRunningConfigInCanonicalForm() {
        Console c = Console.edge();
        typeAll(c, EDGE_SET_UP);
        String config = c.runningConfig();
        assertTrue(config.contains("vlan 1234\n name LP-42\n!\n"), config);
        assertTrue(config.contains("policy-map LP-42-IN\n class class-default\n"
                + "  police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop\n!\n"), config);
        assertTrue(config.contains("interface GigabitEthernet1/1\n description LP-42 host\n switchport\n"
                + " switchport access vlan 1234\n switchport mode access\n service-policy input LP-42-IN\n!\n"), config);
        assertTrue(config.contains("interface TenGigabitEthernet2/1\n switchport\n switchport trunk encapsulation dot1q\n"
                + " switchport trunk allowed vlan 1234\n switchport mode trunk\n!\n"), config);
        assertEquals(config, c.device.startupConfig());
    }

    @Test
    void edgeTearDownRestoresTheConfigurationExactly() {
        Console c = Console.edge();
        String before = c.runningConfig();
        typeAll(c, EDGE_SET_UP);
        typeAll(c, EDGE_TEAR_DOWN);
        assertEquals(before, c.runningConfig());
    }

    @Test
    void coreCircuitAppearsInTheRunningConfigInCanonicalForm() {
        Console c = Console.core();
        typeAll(c, CORE_SET_UP);
        String config = c.runningConfig();
        assertTrue(config.contains("pseudowire-class LP-42\n encapsulation mpls\n"
                + " preferred-path interface Tunnel42 disable-fallback\n!\n"), config);
        assertTrue(config.contains("interface Tunnel42\n ip unnumbered Loopback0\n tunnel destination 10.0.0.9\n"
                + " tunnel mode mpls traffic-eng\n tunnel mpls traffic-eng bandwidth 100000\n"
                + " tunnel mpls traffic-eng path-option 1 explicit name LP-42\n!\n"), config);
        assertTrue(config.contains("interface GigabitEthernet3/0.1234\n encapsulation dot1Q 1234\n"
                + " xconnect 10.0.0.9 42 encapsulation mpls pw-class LP-42\n service-policy input LP-42-IN\n!\n"), config);
        assertTrue(config.contains("ip explicit-path name LP-42 enable\n next-address 10.0.0.5\n next-address 10.0.0.9\n!\n"), config);
    }

    @Test
    void coreTearDownRestoresTheConfigurationExactly() {
        Console c = Console.core();
        String before = c.runningConfig();
        typeAll(c, CORE_SET_UP);
        typeAll(c, CORE_TEAR_DOWN);
        assertEquals(before, c.runningConfig());
    }

    @Test
    void abbreviationsAreStoredInFullForm() {
        Console c = Console.edge();
        typeAll(c, "conf t", "vl 300", "na LP-7", "int gi 1/2", "desc LP-7 host", "sw acc vl 300", "no shut", "end");
        String config = c.runningConfig();
        assertTrue(config.contains("interface GigabitEthernet1/2\n description LP-7 host\n switchport\n"
                + " switchport access vlan 300\n switchport mode access\n!\n"), config);
        assertTrue(config.contains("vlan 300\n name LP-7\n"), config);
    }

    @Test
    void promptShowsTheMode() {
        Console c = Console.core();
        assertEquals("core-1#", c.prompt());
        c.type("configure terminal");
        assertEquals("core-1(config)#", c.prompt());
        c.type("interface GigabitEthernet3/0.5");
        assertEquals("core-1(config-subif)#", c.prompt());
        c.type("exit", "policy-map P");
        assertEquals("core-1(config-pmap)#", c.prompt());
        c.type("class class-default");
        assertEquals("core-1(config-pmap-c)#", c.prompt());
        c.type("pseudowire-class X");
        assertEquals("core-1(config-pw-class)#", c.prompt());
        c.type("ip explicit-path name X enable");
        assertEquals("core-1(cfg-ip-expl-path)#", c.prompt());
        c.type("interface Tunnel5");
        assertEquals("core-1(config-if)#", c.prompt());
        c.type("end");
        assertEquals("core-1#", c.prompt());
    }

    @Test
    void globalCommandTypedInASubModeLeavesTheSubMode() {
        Console c = Console.edge();
        c.type("configure terminal", "interface GigabitEthernet1/1", "vlan 77");
        assertEquals("edge-a(config-vlan)#", c.prompt());
        c.type("name SEVENTY-SEVEN", "end");
        assertTrue(c.runningConfig().contains("vlan 77\n name SEVENTY-SEVEN\n"));
    }

    @Test
    void showVlanIdListsTheVlanAndItsPorts() {
        Console c = Console.edge();
        typeAll(c, EDGE_SET_UP);
        String out = c.type("show vlan id 1234");
        assertTrue(out.contains("1234 LP-42                            active    Gi1/1, Te2/1"), out);
        assertTrue(out.contains("1234 enet  101234"), out);
        assertEquals("VLAN id 999 not found in current VLAN database\n", c.type("show vlan id 999"));
    }

    @Test
    void showInterfacesSwitchportReportsModeAndVlans() {
        Console c = Console.edge();
        typeAll(c, EDGE_SET_UP);
        String host = c.type("show interfaces Gi1/1 switchport");
        assertTrue(host.contains("Administrative Mode: static access\n"), host);
        assertTrue(host.contains("Access Mode VLAN: 1234 (LP-42)\n"), host);
        String trunk = c.type("show interfaces Te2/1 switchport");
        assertTrue(trunk.contains("Administrative Mode: trunk\n"), trunk);
        assertTrue(trunk.contains("Trunking VLANs Enabled: 1234\n"), trunk);
    }

    @Test
    void showRunningConfigInterfaceShowsOneBlock() {
        Console c = Console.edge();
        typeAll(c, EDGE_SET_UP);
        String out = c.type("show running-config interface TenGigabitEthernet2/1");
        assertTrue(out.startsWith("Building configuration...\n\nCurrent configuration : "), out);
        assertTrue(out.endsWith("!\ninterface TenGigabitEthernet2/1\n switchport\n switchport trunk encapsulation dot1q\n"
                + " switchport trunk allowed vlan 1234\n switchport mode trunk\nend\n"), out);
        String body = RunningConfig.withoutLength(out);
        assertTrue(body.startsWith("Building configuration...\n\n!\n"), body);
    }

    @Test
    void showPolicyMapInterfaceShowsThePolicer() {
        Console c = Console.edge();
        typeAll(c, EDGE_SET_UP);
        String out = c.type("show policy-map interface GigabitEthernet1/1 input");
        assertTrue(out.contains("Service-policy input: LP-42-IN"), out);
        assertTrue(out.contains("100000000 bps 3125000 limit"), out);
    }

    @Test
    void showMplsL2transportVcListsThePseudowire() {
        Console c = Console.core();
        typeAll(c, CORE_SET_UP);
        String out = c.type("show mpls l2transport vc");
        assertTrue(out.contains("Gi3/0.1234     Eth VLAN 1234              10.0.0.9        42         UP"), out);
        String detail = c.type("show mpls l2transport vc 42 detail");
        assertTrue(detail.contains("Destination address: 10.0.0.9, VC ID: 42, VC status: up"), detail);
        assertTrue(detail.contains("Preferred path: Tunnel42"), detail);
    }

    @Test
    void doRunsAnExecCommandFromConfigurationMode() {
        Console c = Console.edge();
        c.type("configure terminal");
        assertTrue(c.type("do show vlan id 1").contains("default"));
        assertEquals("edge-a(config)#", c.prompt());
    }
}
