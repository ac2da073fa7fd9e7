package org.crs.routers.emulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Profile;
import org.junit.jupiter.api.Test;

/**
 * The emulator's EXEC answers have the shapes IOS gives them: {@code show version},
 * {@code show clock}, {@code show vlan brief}, {@code show interfaces status} and
 * {@code show interfaces X}, output filters, and the parser's answers to an ambiguous
 * abbreviation or a bare {@code show}.
 */
class ShowCommandsTest {

    @Test
    void showVersionOnA7600NamesTheSreImageItsUptimeMemoryAndConfigurationRegister() {
        String v = Console.edge().type("show version");

        assertTrue(v.startsWith("Cisco IOS Software, CISCO7609 Software (c7600s72033-ADVIPSERVICESK9-M), Version 12.2(33)SRE9,"), v);
        assertTrue(v.contains("\nedge-a uptime is 0 minutes\n"), v);
        assertTrue(v.contains("\nSystem image file is \"disk0:c7600s72033-advipservicesk9-mz.122-33.SRE9.bin\"\n"), v);
        assertTrue(v.contains("\ncisco CISCO7609 (R7000) processor (revision 1.1) with 983008K/65536K bytes of memory.\n"), v);
        assertTrue(v.contains("\n4 Gigabit Ethernet interfaces\n1 Ten Gigabit Ethernet interface\n"), v);
        assertTrue(v.endsWith("\nConfiguration register is 0x2102\n"), v);
    }

    @Test
    void showVersionOnA12000NamesTheGsrImageAndThePrpMemory() {
        String v = Console.core().type("show version");

        assertTrue(v.startsWith("Cisco IOS Software, GSR12410 Software (GSR-P-M), Version 12.0(33)S11,"), v);
        assertTrue(v.contains("\nSystem image file is \"disk0:c12kprp-p-mz.120-33.S11.bin\"\n"), v);
        assertTrue(v.contains("\ncisco 12410/PRP (MPC7457) processor (revision 0x00) with 2097152K bytes of memory.\n"), v);
        assertTrue(v.contains("\n1 Gigabit Ethernet interface(s)\n1 Packet over SONET interface(s)\n"), v);
        assertTrue(v.endsWith("\nConfiguration register is 0x2102\n"), v);
    }

    @Test
    void uptimeLeavesOutLeadingZeroUnitsAndUsesTheSingularForOne() {
        assertEquals("0 minutes", ShowCommands.uptime(Duration.ofSeconds(59)));
        assertEquals("1 hour, 0 minutes", ShowCommands.uptime(Duration.ofMinutes(60)));
        assertEquals("1 week, 0 days, 2 hours, 1 minute", ShowCommands.uptime(Duration.ofMinutes(7 * 24 * 60 + 121)));
    }

    @Test
    void showClockIsTheDeviceTimeInIosLayoutWithTheNotAuthoritativeStar() {
        Instant at = Instant.parse("2026-11-27T19:52:01.123Z");
        Device d = new Device("edge-c", Profile.C7600, "10.0.1.9", Clock.fixed(at, ZoneOffset.UTC));
        IosSession s = new IosSession(d, "x", true);

        assertEquals("*19:52:01.123 UTC Fri Nov 27 2026\n", s.execute("show clock").text());
        Device march = new Device("edge-d", Profile.C7600, "10.0.1.9",
                Clock.fixed(Instant.parse("1993-03-01T00:11:52.575Z"), ZoneOffset.UTC));
        assertEquals("*00:11:52.575 UTC Mon Mar 1 1993\n", new IosSession(march, "x", true).execute("sh clock").text());
    }

    @Test
    void showVlanBriefWrapsPortsFourToALineIndentedToThePortsColumn() {
        Console c = Console.edge();
        c.device.addInterface(InterfaceName.parse("GigabitEthernet1/5"), 1_000_000_000L);
        c.type("configure terminal", "interface GigabitEthernet1/5", "switchport", "switchport mode access", "end");

        String brief = c.type("show vlan brief");

        assertTrue(brief.contains("\n1    default                          active    Gi1/1, Gi1/2, Gi1/3, Gi1/4\n"
                + " ".repeat(48) + "Gi1/5\n1002 "), brief);
    }

    @Test
    void showVlanIdWrapsItsPortsTheSameWay() {
        Console c = Console.edge();
        c.device.addInterface(InterfaceName.parse("GigabitEthernet1/5"), 1_000_000_000L);
        c.type("configure terminal", "interface GigabitEthernet1/5", "switchport", "switchport mode access", "end");

        assertTrue(c.type("show vlan id 1").contains("Gi1/1, Gi1/2, Gi1/3, Gi1/4\n" + " ".repeat(48) + "Gi1/5\n"));
    }

    @Test
    void showInterfacesStatusListsEachPortWithNameStatusVlanDuplexSpeedAndType() {
        Console c = Console.edge();
        c.type("configure terminal", "vlan 10", "exit", "interface GigabitEthernet1/3", "description printer room",
                "switchport access vlan 10", "no shutdown", "end");

        String status = c.type("show interfaces status");

        assertEquals("""

                Port      Name               Status       Vlan       Duplex  Speed Type
                Gi1/1                        disabled     1            full   1000 1000BaseSX
                Gi1/2                        disabled     1            full   1000 1000BaseSX
                Gi1/3     printer room       connected    10           full   1000 1000BaseSX
                Gi1/4                        disabled     1            full   1000 1000BaseSX
                Te2/1                        connected    trunk        full    10G 10Gbase-LR
                """, status);
    }

    @Test
    void showInterfacesNamesTheHardwareWithoutDoubledLetters() {
        String edge = Console.edge().type("show interfaces GigabitEthernet1/1");
        String core = Console.core().type("show interfaces GigabitEthernet3/0");

        assertTrue(edge.contains("\n  Hardware is C6k 1000Mb 802.3, address is "), edge);
        assertTrue(core.contains("\n  Hardware is GigMac 4 Port GigabitEthernet, address is "), core);
        assertFalse(edge.contains("CC"), edge);
        assertFalse(core.contains("CC") || core.contains("GSRGSR"), core);
    }

    @Test
    void abbreviationsOfSeveralCommandsAreAmbiguousWithIosTwoSpaces() {
        Console c = Console.edge();

        assertEquals("% Ambiguous command:  \"co\"\n\n", c.type("co"));
        assertEquals("% Ambiguous command:  \"s\"\n\n", c.type("s"));
        assertEquals("% Ambiguous command:  \"show r\"\n\n", c.type("show r"));
        assertTrue(c.type("show run").startsWith("Building configuration..."));
        assertTrue(c.type("sh ver").startsWith("Cisco IOS Software"));
    }

    @Test
    void bareShowAsksForASubcommand() {
        Console c = Console.edge();

        assertEquals("% Type \"show ?\" for a list of subcommands\n", c.type("show"));
        assertEquals("% Type \"show ?\" for a list of subcommands\n", c.type("sh"));
        assertEquals("edge-a#", c.prompt());
    }

    @Test
    void includeKeepsTheMatchingLinesExcludeDropsThemBeginStartsAtTheFirst() {
        Console c = Console.edge();
        c.type("configure terminal", "vlan 10", "name campus-10", "end");

        assertEquals("interface GigabitEthernet1/1\ninterface GigabitEthernet1/2\ninterface GigabitEthernet1/3\n"
                + "interface GigabitEthernet1/4\n", c.type("show running-config | include ^interface Gi"));
        assertEquals(" name campus-10\n", c.type("show run | i name campus"));
        String begun = c.type("show running-config | begin ^interface TenGigabitEthernet2/1");
        assertTrue(begun.startsWith("interface TenGigabitEthernet2/1\n"), begun);
        assertFalse(begun.contains("interface GigabitEthernet1/1\n"), begun);
        String excluded = c.type("show running-config | exclude ^ |^!");
        assertFalse(excluded.contains("\n "), excluded);
        assertTrue(excluded.contains("interface GigabitEthernet1/1\n"), excluded);
    }

    @Test
    void filtersWorkFromConfigurationModeThroughDo() {
        Console c = Console.edge();
        c.type("configure terminal");

        assertEquals("interface TenGigabitEthernet2/1\n", c.type("do show running-config | include TenGig"));
    }

    @Test
    void anUnknownFilterIsInvalidInputUnderIt() {
        Console c = Console.edge();
        // "edge-a#" is 7 characters; "show version | " 15 more.
        assertEquals(" ".repeat(22) + "^\n% Invalid input detected at '^' marker.\n\n", c.type("show version | grep x"));
    }
}
