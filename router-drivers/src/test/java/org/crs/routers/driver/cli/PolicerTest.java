package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The policer read by meaning, in every form IOS shows it. */
class PolicerTest {

    static final Policer SENT = Policer.of(100_000_000L, 3_125_000L, "set-dscp-transmit 46", "drop");

    @ParameterizedTest
    @ValueSource(strings = {
        "police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop",
        "police cir 100000000 bc 3125000 conform-action set-dscp-transmit ef exceed-action drop",
        "police cir 100000000 bc 3125000 be 3125000 conform-action set-dscp-transmit ef exceed-action drop",
        "police   cir 100000000  bc 3125000 conform-action set-dscp-transmit EF exceed-action drop",
        "police 100000000 3125000 3125000 conform-action set-dscp-transmit 46 exceed-action drop",
    })
    void everySingleLineFormOfTheSentPolicerSatisfiesIt(String line) {
        Policer shown = Policer.parseLine(line).orElseThrow();

        assertTrue(shown.satisfies(SENT), shown.toString());
        assertEquals(SENT, shown, "the same value, DSCP name and excess burst aside");
    }

    @Test
    void theBlockFormIsReadWithItsActionLines() {
        List<String> classLines = List.of("police cir 100000000 bc 3125000 be 3125000",
                "conform-action set-dscp-transmit ef", "exceed-action drop");

        Policer shown = Policer.parse(classLines).orElseThrow();

        assertEquals(SENT, shown);
    }

    @Test
    void aBlockStopsAtTheFirstLineThatIsNotAnAction() {
        Policer shown = Policer.parse(List.of("police cir 8000", "conform-action transmit", "set dscp ef",
                "exceed-action set-dscp-transmit 0")).orElseThrow();

        assertEquals("transmit", shown.conformAction());
        assertEquals("drop", shown.exceedAction(), "IOS's default exceed action");
    }

    @Test
    void aPolicerWithoutBurstIsSatisfiedByTheBurstIosChooses() {
        Policer wanted = Policer.withoutBurst(100_000_000L, "set-mpls-exp-topmost-transmit 4", "drop");

        assertTrue(Policer.parseLine("police cir 100000000 bc 3125000 conform-action set-mpls-exp-topmost-transmit 4"
                + " exceed-action drop").orElseThrow().satisfies(wanted));
        assertTrue(Policer.parseLine("police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4"
                + " exceed-action drop").orElseThrow().satisfies(wanted));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "police cir 50000000 bc 3125000 conform-action set-dscp-transmit ef exceed-action drop",
        "police cir 100000000 bc 1562500 conform-action set-dscp-transmit ef exceed-action drop",
        "police cir 100000000 bc 3125000 conform-action set-dscp-transmit af41 exceed-action drop",
        "police cir 100000000 bc 3125000 conform-action set-dscp-transmit ef exceed-action policed-dscp-transmit",
        "police cir 100000000 bc 3125000 conform-action transmit exceed-action drop",
    })
    void anotherRateBurstOrActionDoesNot(String line) {
        assertFalse(Policer.parseLine(line).orElseThrow().satisfies(SENT), line);
    }

    @Test
    void anotherKindOfPolicerOrNoPolicerIsNotRead() {
        assertTrue(Policer.parseLine("police cir 100000000 pir 200000000 conform-action transmit").isEmpty());
        assertTrue(Policer.parseLine("police cir percent 10").isEmpty());
        assertTrue(Policer.parse(List.of("set dscp ef")).isEmpty());
        assertEquals(OptionalLong.empty(), Policer.parseLine("police 8000").orElseThrow().burstBytes());
    }
}
