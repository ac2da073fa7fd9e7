package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The parser alone, on IOS text as {@code show running-config} prints it. */
class RunningConfigTest {

    static final String CONFIG = """
            Building configuration...

            Current configuration : 512 bytes
            !
            version 12.2
            hostname edge-a
            !
            vlan 1234
             name LP-42
            !
            policy-map LP-42-IN
             class class-default
              police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop
            !
            interface GigabitEthernet1/1
             description LP-42 host
             switchport
             switchport access vlan 1234
             switchport mode access
            !
            interface TenGigabitEthernet2/1
             switchport
             switchport trunk allowed vlan 10,20-22
             switchport trunk allowed vlan add 1234
             switchport mode trunk
            !
            end
            """;

    @Test
    void blocksAreHeadersAtColumnZeroWithTheirIndentedLines() {
        RunningConfig c = RunningConfig.parse(CONFIG.replace("\n", "\r\n"));

        assertTrue(c.has("vlan 1234"));
        assertEquals(List.of(" name LP-42"), c.block("vlan 1234").orElseThrow());
        assertEquals(List.of(" class class-default",
                "  police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop"),
                c.block("policy-map LP-42-IN").orElseThrow());
        assertEquals(List.of("interface GigabitEthernet1/1", "interface TenGigabitEthernet2/1"), c.interfaceHeaders());
        assertFalse(c.has("Current configuration : 512 bytes"));
        assertTrue(c.trimmedLines("interface Loopback0").isEmpty());
    }

    @Test
    void readingsThatDifferOnlyInTheLengthLineAreTheSame() {
        RunningConfig a = RunningConfig.parse(CONFIG);
        RunningConfig b = RunningConfig.parse(CONFIG.replace("512 bytes", "498 bytes"));
        RunningConfig c = RunningConfig.parse(CONFIG.replace(" name LP-42\n", ""));

        assertTrue(a.sameAs(b));
        assertFalse(a.sameAs(c));
        assertEquals(List.of("-vlan 1234 / name LP-42"), c.differencesFrom(a, 10));
    }

    @Test
    void trunkAllowedListsAreReadWithRangesAndContinuationLines() {
        RunningConfig c = RunningConfig.parse(CONFIG);

        BitSet allowed = VlanLists.trunkAllowed(c.trimmedLines("interface TenGigabitEthernet2/1")).orElseThrow();

        assertEquals("{10, 20, 21, 22, 1234}", allowed.toString());
        assertTrue(VlanLists.trunkAllowed(List.of("switchport trunk allowed vlan none")).orElseThrow().isEmpty());
        assertTrue(VlanLists.trunkAllowed(List.of("switchport mode trunk")).isEmpty(), "no list means all");
    }

    @Test
    void errorAnswersAreLinesStartingWithPercentOrCommandRejected() {
        assertTrue(CliAnswer.isError("             ^\n% Invalid input detected at '^' marker.\n"));
        assertTrue(CliAnswer.isError("Command rejected: Bad VLAN list"));
        assertTrue(CliAnswer.isError("%Default VLAN 1 may not be deleted."));
        assertFalse(CliAnswer.isError("Building configuration...\n[OK]"));
        assertFalse(CliAnswer.isError(""));
    }

    static final String VOLATILE = """
            Building configuration...

            Current configuration : 2048 bytes
            !
            ! Last configuration change at 19:52:22 UTC Fri Nov 27 2026 by crs
            ! NVRAM config last updated at 19:50:01 UTC Fri Nov 27 2026 by crs
            !
            version 12.2
            hostname edge-a
            !
            crypto pki certificate chain TP-self-signed-0123456789
             certificate self-signed 01
              3082022B 30820194 A0030201 02020101 300D0609 2A864886 F70D0101 04050030
              quit
            !
            vlan 1234
             name LP-42
            !
            line con 0
            !
            ntp clock-period 17179869
            end
            """;

    @Test
    void linesThatChangeByThemselvesDoNotMakeTwoReadingsDiffer() {
        String later = VOLATILE.replace("2048 bytes", "2050 bytes")
                .replace("at 19:52:22", "at 20:01:13").replace("at 19:50:01", "at 20:01:14")
                .replace("17179869", "17179866").replace("3082022B 30820194", "5A1F0C22 9B3E0D01");

        assertTrue(RunningConfig.parse(VOLATILE).sameAs(RunningConfig.parse(later)));
        assertEquals(List.of(), RunningConfig.parse(later).differencesFrom(RunningConfig.parse(VOLATILE), 10));
        assertFalse(RunningConfig.parse(VOLATILE).comparable().contains("ntp clock-period"));
        assertFalse(RunningConfig.parse(VOLATILE).has("ntp clock-period 17179869"));
        // A real change still shows.
        assertFalse(RunningConfig.parse(VOLATILE).sameAs(RunningConfig.parse(later.replace(" name LP-42\n", ""))));
    }

    @Test
    void vlansAreReadFromTheirOwnBlocksAndFromCompressedRanges() {
        RunningConfig c = RunningConfig.parse("""
                vlan 2-9,11
                !
                vlan 10
                 name campus-10
                !
                vlan 20,1230-1240
                !
                vlan internal allocation policy ascending
                !
                end
                """);

        assertEquals("{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 1230, 1231, 1232, 1233, 1234, 1235, 1236, 1237, 1238,"
                + " 1239, 1240}", c.vlans().toString());
        assertEquals("vlan 20,1230-1240", c.vlanHeader(1234).orElseThrow());
        assertEquals("vlan 10", c.vlanHeader(10).orElseThrow());
        assertTrue(c.vlanHeader(12).isEmpty());
    }
}
