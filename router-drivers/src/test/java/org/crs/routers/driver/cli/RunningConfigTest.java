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

        BitSet allowed = Cisco7600CliDriver.allowedVlans(c.trimmedLines("interface TenGigabitEthernet2/1")).orElseThrow();

        assertEquals("{10, 20, 21, 22, 1234}", allowed.toString());
        assertTrue(Cisco7600CliDriver.allowedVlans(List.of("switchport trunk allowed vlan none")).orElseThrow().isEmpty());
        assertTrue(Cisco7600CliDriver.allowedVlans(List.of("switchport mode trunk")).isEmpty(), "no list means all");
    }

    @Test
    void errorAnswersAreLinesStartingWithPercentOrCommandRejected() {
        assertTrue(CliAnswer.isError("             ^\n% Invalid input detected at '^' marker.\n"));
        assertTrue(CliAnswer.isError("Command rejected: Bad VLAN list"));
        assertTrue(CliAnswer.isError("%Default VLAN 1 may not be deleted."));
        assertFalse(CliAnswer.isError("Building configuration...\n[OK]"));
        assertFalse(CliAnswer.isError(""));
    }
}
