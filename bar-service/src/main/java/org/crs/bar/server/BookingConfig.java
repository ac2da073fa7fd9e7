package org.crs.bar.server;

import java.time.Duration;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.SetUpPlan;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;

/**
 * Reads the optional {@code booking} section of the BAR's configuration file into
 * {@link BarSettings}; every key is optional, the defaults are {@link BarSettings#defaults()}:
 *
 * <pre>{@code
 * booking:
 *   negotiationHold: 2m               # how long segments stay held while a reservation is negotiated
 *   clientHold: 10m                   # how long a hold-only reservation waits for the client's commit
 *   setUpLead: 1s                     # how long before the start activation begins (with setUpPlan: at most; it is booked)
 *   setUpPlan:                        # optional: begin each activation early enough for the work queued on its parts
 *     perCircuit: 700ms               #   router time of one circuit on its busiest router
 *     perBatch: 6s                    #   router time of one batch beyond its circuits' lines (login, read-backs, save)
 *     batchSize: 50                   #   circuits a router takes in one batch
 *     minimumLead: 1s                 #   the lead of a circuit with nothing queued before it
 *   tearDownAllowance: 5s             # how long after the end a circuit may take to come off its routers
 *   minimumDuration: 1m               # the shortest reservation accepted
 *   maximumAdvance: 366d              # how far ahead a reservation may start
 *   activationGrace: 5m               # how long after the start a circuit's activation is still tried
 *   retryPause: 1s                    # the first pause before a call that did not reach a part is tried again
 *   retryMaxPause: 1m                 # the longest pause: the pause doubles up to it
 *   reconcileEvery: 5m                # how often the BAR asks its parts whether they hold its live reservations
 * }</pre>
 *
 * <p>Messages name the key ({@code booking.retryMaxPause}) and its line.
 */
final class BookingConfig {

    private BookingConfig() {
    }

    /** The section as the file spells it: raw text until resolved. */
    record BookingYaml(String negotiationHold, String clientHold, String setUpLead, String tearDownAllowance,
                       String minimumDuration, String maximumAdvance, String activationGrace,
                       String retryPause, String retryMaxPause, String reconcileEvery, SetUpPlanYaml setUpPlan) {
    }

    /** {@code booking.setUpPlan} as the file spells it. */
    record SetUpPlanYaml(String perCircuit, String perBatch, Integer batchSize, String minimumLead) {
    }

    /**
     * How the BAR books: the defaults for what the section does not say (all of it when the file
     * has no {@code booking} section), with {@code callTimeout} (a key of the file's top level).
     */
    static BarSettings read(BookingYaml booking, Duration callTimeout, EnvReferences env, String yaml) {
        BarSettings d = BarSettings.defaults();
        BarSettings.Retries r = d.retries();
        if (booking == null) {
            return d.withRetries(r.withCallTimeout(callTimeout));
        }
        Duration pause = duration(booking.retryPause(), r.pause(), "retryPause", env, yaml);
        Duration maxPause = duration(booking.retryMaxPause(), r.maxPause(), "retryMaxPause", env, yaml);
        if (maxPause.compareTo(pause) < 0) {
            throw new IllegalArgumentException("booking.retryMaxPause: " + maxPause.toMillis() + " ms is shorter than "
                    + "booking.retryPause (" + pause.toMillis() + " ms)" + ConfigYaml.at(yaml, "booking", "retryMaxPause"));
        }
        BarSettings.Retries retries = new BarSettings.Retries(
                duration(booking.activationGrace(), r.activationGrace(), "activationGrace", env, yaml),
                pause, maxPause,
                duration(booking.reconcileEvery(), r.reconcileEvery(), "reconcileEvery", env, yaml),
                r.lease()).withCallTimeout(callTimeout);
        return new BarSettings(
                duration(booking.negotiationHold(), d.negotiationHold(), "negotiationHold", env, yaml),
                duration(booking.clientHold(), d.clientHold(), "clientHold", env, yaml),
                duration(booking.setUpLead(), d.setUpLead(), "setUpLead", env, yaml),
                duration(booking.tearDownAllowance(), d.tearDownAllowance(), "tearDownAllowance", env, yaml),
                duration(booking.minimumDuration(), d.minimumDuration(), "minimumDuration", env, yaml),
                duration(booking.maximumAdvance(), d.maximumAdvance(), "maximumAdvance", env, yaml), retries,
                setUpPlan(booking.setUpPlan(), env, yaml));
    }

    /** {@code booking.setUpPlan}: absent, every activation at the set-up lead; else queued work planned. */
    private static SetUpPlan setUpPlan(SetUpPlanYaml plan, EnvReferences env, String yaml) {
        if (plan == null) {
            return new SetUpPlan.Fixed();
        }
        Duration perCircuit = duration(plan.perCircuit(), Duration.ofMillis(700), "setUpPlan.perCircuit", env, yaml);
        Duration perBatch = duration(plan.perBatch(), Duration.ofSeconds(6), "setUpPlan.perBatch", env, yaml);
        Duration minimumLead = duration(plan.minimumLead(), Duration.ofSeconds(1), "setUpPlan.minimumLead", env, yaml);
        int batchSize = plan.batchSize() == null ? 50 : plan.batchSize();
        if (batchSize < 1) {
            throw new IllegalArgumentException("booking.setUpPlan.batchSize: must be at least 1, was " + batchSize
                    + ConfigYaml.at(yaml, "booking", "setUpPlan"));
        }
        return new SetUpPlan.Queued(perCircuit, perBatch, batchSize, minimumLead);
    }

    private static Duration duration(String text, Duration otherwise, String key, EnvReferences env, String yaml) {
        String k = "booking." + key;
        return ConfigValues.duration(env.resolve(text, k), otherwise, k, ConfigYaml.at(yaml, "booking", key));
    }
}
