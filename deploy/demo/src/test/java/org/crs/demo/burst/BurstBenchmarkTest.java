package org.crs.demo.burst;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.SetUpPlan;
import org.crs.routers.emulator.device.Pace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The burst benchmark (docs/burst-activation.md): 50, 100 and 200 cross-site circuits booked to
 * start at one instant over the demo's routers at a loaded router's pace (7600s
 * {@link Pace#LOADED_7600}, 12000s {@link Pace#LOADED_12000}); each circuit's lateness (ACTIVE minus
 * booked start), median, p99 and worst, with the BAR's fixed one-second lead and with the set-up
 * plan. The routers batch set-ups queued for them in both. Prints the table and writes it to
 * {@code deploy/demo/target/burst-activation.md}; asserts nothing. About half an hour on two cores:
 *
 * <pre>
 * mvn -B verify -pl deploy/demo -am -P burst -Dtest=BurstBenchmarkTest -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * {@code -Dcrs.burst.sizes=50,100} measures other sizes.
 */
@Tag("burst")
class BurstBenchmarkTest {

    /** Long enough for the longest queue a call waits in: both variants get the same. */
    static final Duration CALL_TIMEOUT = Duration.ofMinutes(10);
    static final Duration PATIENCE = Duration.ofMinutes(10);

    /** The demo's settings of today: activation one second before the start. */
    static final BarSettings FIXED = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1));

    /**
     * The plan: 1.2 s a circuit (about 25 lines at 40 ms on a 12000, the busiest router, with the
     * SSH round trips), 8 s a batch (login, read-backs of a growing configuration, a 3 to 5 s save),
     * batches of 50.
     */
    static final SetUpPlan.Queued PLAN = new SetUpPlan.Queued(Duration.ofMillis(1200), Duration.ofSeconds(8), 50,
            Duration.ofSeconds(1));

    /**
     * The planned settings for a burst of {@code n}: the set-up lead (the longest lead, booked) is the
     * plan's lead for {@code n} circuits plus 30 s, so the benchmark waits no longer than it must.
     */
    static BarSettings planned(int n) {
        long batches = 1 + (n - 1 + PLAN.batchSize() - 1) / PLAN.batchSize();
        Duration lead = PLAN.perCircuit().multipliedBy(n).plus(PLAN.perBatch().multipliedBy(batches)).plusSeconds(30);
        return FIXED.withSetUpLead(lead).withSetUpPlan(PLAN);
    }

    @Test
    void burstsOfCircuitsStartingTogether() throws Exception {
        List<String> rows = new ArrayList<>();
        rows.add("| circuits | set-up | median | p99 | worst | never up | activation began (longest lead) |");
        rows.add("|---:|---|---:|---:|---:|---:|---:|");
        for (String size : System.getProperty("crs.burst.sizes", "50,100,200").split(",")) {
            int n = Integer.parseInt(size.strip());
            for (boolean plan : new boolean[] {false, true}) {
                BarSettings settings = plan ? planned(n) : FIXED;
                BurstLab.Result r = BurstLab.run(n, settings, Pace.LOADED_7600, Pace.LOADED_12000, CALL_TIMEOUT, PATIENCE);
                String row = String.format("| %d | %s | %s | %s | %s | %d | %s |", n,
                        plan ? "planned, batched" : "fixed 1 s lead, batched",
                        seconds(r.median()), seconds(r.p99()), seconds(r.worst()), r.neverUp(),
                        r.leadMillis().isEmpty() ? "-" : seconds(r.leadMillis().get(r.leadMillis().size() - 1)));
                System.out.println("burst: " + row + "  " + r);
                rows.add(row);
                write(rows);
            }
        }
    }

    private static String seconds(long millis) {
        return millis == Long.MAX_VALUE ? "-" : String.format("%+.1f s", millis / 1000.0);
    }

    private static void write(List<String> rows) throws IOException {
        Path out = Path.of("target/burst-activation.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, String.join("\n", rows) + "\n");
    }
}
