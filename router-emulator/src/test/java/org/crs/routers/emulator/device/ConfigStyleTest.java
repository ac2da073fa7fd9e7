package org.crs.routers.emulator.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.crs.routers.emulator.cli.IosSession;
import org.junit.jupiter.api.Test;

/** {@code show running-config} in each style: as typed, as IOS normalises it, and with the policer as a block. */
class ConfigStyleTest {

    /** A clock the test moves. */
    static final class StepClock extends Clock {
        Instant now = Instant.parse("2026-11-27T19:52:22Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    final StepClock clock = new StepClock();

    Device edge(ConfigStyle style) {
        Device d = new Device("edge-a", Profile.C7600, "10.0.1.1", clock);
        d.setConfigStyle(style);
        d.addInterface(InterfaceName.parse("GigabitEthernet1/1"), 1_000_000_000L);
        d.addInterface(InterfaceName.parse("TenGigabitEthernet2/1"), 10_000_000_000L);
        type(d, "configure terminal", "vlan 10", "name campus-10", "exit", "vlan 2-5,20,1230-1240", "exit",
                "vlan 1234", "name LP-42", "exit",
                "policy-map LP-42-IN", "class class-default",
                "police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop", "exit", "exit",
                "interface TenGigabitEthernet2/1", "switchport", "switchport trunk encapsulation dot1q",
                "switchport trunk allowed vlan 10,100,102,104,106,108,110,112,114,116,118,120,122,124,126,1234",
                "switchport mode trunk", "end");
        return d;
    }

    Device core(ConfigStyle style) {
        Device d = new Device("core-a", Profile.C12000, "10.0.0.1", clock);
        d.setConfigStyle(style);
        type(d, "configure terminal", "policy-map LP-42-IN", "class class-default",
                "police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop", "exit", "exit",
                "ip explicit-path name LP-42 enable", "next-address 10.0.0.5", "next-address 10.0.0.9", "exit",
                "interface Tunnel42", "ip unnumbered Loopback0", "tunnel destination 10.0.0.9",
                "tunnel mode mpls traffic-eng", "tunnel mpls traffic-eng bandwidth 100000", "end");
        return d;
    }

    static void type(Device d, String... lines) {
        IosSession console = new IosSession(d, "enable-secret", true);
        for (String line : lines) {
            String answer = console.execute(line).text();
            assertFalse(answer.contains("%") || answer.contains("rejected"), line + " -> " + answer);
        }
    }

    @Test
    void literalShowsTheLinesAsTypedWithoutVolatileLines() {
        String shown = edge(ConfigStyle.LITERAL).runningConfig();

        assertTrue(shown.contains("\n  police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop\n"),
                shown);
        assertTrue(shown.contains("\nvlan 1230\n!\nvlan 1231\n!\n"), shown);
        assertFalse(shown.contains("ntp clock-period"), shown);
        assertFalse(shown.contains("! Last configuration change"), shown);
    }

    @Test
    void normalisedShowsThePolicerWithKeywordsAndDscpNames() {
        String shown = edge(ConfigStyle.NORMALISED).runningConfig();

        assertTrue(shown.contains("\n  police cir 100000000 bc 3125000 be 3125000 conform-action set-dscp-transmit ef"
                + " exceed-action drop\n"), shown);
    }

    @Test
    void multilineShowsThePolicerAsABlock() {
        String shown = edge(ConfigStyle.MULTILINE).runningConfig();

        assertTrue(shown.contains("\n class class-default\n  police cir 100000000 bc 3125000 be 3125000\n"
                + "   conform-action set-dscp-transmit ef\n   exceed-action drop\n"), shown);
    }

    @Test
    void unnamedVlansAreCompressedBetweenTheNamedOnes() {
        String shown = edge(ConfigStyle.NORMALISED).runningConfig();

        assertTrue(shown.contains("\nvlan 2-5\n!\nvlan 10\n name campus-10\n!\nvlan 20,1230-1233\n!\n"
                + "vlan 1234\n name LP-42\n!\nvlan 1235-1240\n!\n"), shown);
    }

    @Test
    void aLongTrunkListIsWrappedOntoAddLines() {
        String shown = edge(ConfigStyle.NORMALISED).runningConfig();

        assertTrue(shown.contains("\n switchport trunk allowed vlan 10,100,102,104,106,108,110,112,114,116,118,120,122\n"
                + " switchport trunk allowed vlan add 124,126,1234\n"), shown);
    }

    @Test
    void theCoreShowsIndexedHopsAndTheBandwidthAsItsReleaseDoes() {
        String normalised = core(ConfigStyle.NORMALISED).runningConfig();
        String multiline = core(ConfigStyle.MULTILINE).runningConfig();

        assertTrue(normalised.contains("\nip explicit-path name LP-42 enable\n index 1 next-address 10.0.0.5\n"
                + " index 2 next-address 10.0.0.9\n"), normalised);
        assertTrue(normalised.contains("\n tunnel mpls traffic-eng bandwidth  100000\n"), normalised);
        assertTrue(normalised.contains("\n  police cir 100000000 bc 3125000 conform-action"
                + " set-mpls-exp-topmost-transmit 4 exceed-action drop\n"), normalised);
        assertTrue(multiline.contains("\n tunnel mpls traffic-eng bandwidth global 100000\n"), multiline);
    }

    @Test
    void volatileLinesMoveByThemselvesAndTheChangeTimeOnAChange() {
        Device d = edge(ConfigStyle.NORMALISED);
        type(d, "write memory");
        String first = d.runningConfig();
        assertTrue(first.contains("\n! Last configuration change at 19:52:22 UTC Fri Nov 27 2026\n"), first);
        assertTrue(first.contains("\n! NVRAM config last updated at 19:52:22 UTC Fri Nov 27 2026\n"), first);

        clock.now = clock.now.plus(Duration.ofMinutes(5));
        String second = d.runningConfig();
        assertNotEquals(line(first, "ntp clock-period "), line(second, "ntp clock-period "));
        assertEquals(line(first, "! Last configuration change"), line(second, "! Last configuration change"),
                "reading is not a change");

        type(d, "configure terminal", "vlan 1500", "end", "write memory");
        String third = d.runningConfig();
        assertEquals("! Last configuration change at 19:57:22 UTC Fri Nov 27 2026",
                line(third, "! Last configuration change"));
        assertEquals("! NVRAM config last updated at 19:57:22 UTC Fri Nov 27 2026",
                line(third, "! NVRAM config last updated"));
        assertNotEquals(certificate(first), certificate(third), "the certificate is made again at a save");
    }

    @Test
    void theStyleIsNamedInTheInventoryAndAnUnknownOneIsRefused() {
        assertEquals(ConfigStyle.NORMALISED, ConfigStyle.parse("normalised"));
        assertEquals(ConfigStyle.NORMALISED, ConfigStyle.parse("normalized"));
        assertEquals(ConfigStyle.MULTILINE, ConfigStyle.parse("multiline"));
        assertEquals(ConfigStyle.LITERAL, ConfigStyle.parse("literal"));
        assertThrows(IllegalArgumentException.class, () -> ConfigStyle.parse("verbose"));
    }

    private static String line(String config, String prefix) {
        return config.lines().filter(l -> l.startsWith(prefix)).findFirst().orElse("");
    }

    private static String certificate(String config) {
        int at = config.indexOf(" certificate self-signed 01\n");
        return config.substring(at, config.indexOf("quit", at));
    }
}
