package org.crs.demo.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.crs.demo.process.LinkProxy;
import org.crs.demo.process.ProcessFederation;
import org.crs.demo.process.ServiceProcess;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.testing.RawSoap;

/**
 * The fault cases on one {@link ProcessFederation}: each books a cross-site circuit (a site-a
 * host to a site-b host) at site-a's BAR, kills one service with SIGKILL at one phase of the
 * booking, restarts it after a pause, waits until the federation settles, and checks what
 * every part holds against the reservation's outcome. Each case's result is recorded for the
 * report ({@link #report()}), failed checks included; {@link Result#failures()} lists them.
 */
final class FaultMatrix {

    /** The services a case kills. */
    enum Victim {
        BAR_A("bar-site-a"), BAR_B("bar-site-b"), LNSAP_A("lnsap-site-a"), LNSAP_B("lnsap-site-b"), NSAP("nsap");

        final String service;

        Victim(String service) {
            this.service = service;
        }
    }

    /** When in a booking's life a case kills. */
    enum Phase {
        /** While the create call is in flight: the NSAP's answers to site-a's BAR are held back. */
        NEGOTIATION,
        /** Right after the client has RESERVED, before the start. */
        COMMITTED,
        /** While the BAR shows ACTIVATING: every new router session is held back. */
        ACTIVATING,
        /** While the circuit is ACTIVE. */
        ACTIVE,
        /** While the BAR shows RELEASING: every new router session is held back. */
        RELEASING
    }

    /**
     * How long a killed service stays down before it is started again. Either way it comes back
     * from its warm standby ({@link ServiceProcess#warmStandby()}), in its own start-up time.
     */
    enum Pause {
        /**
         * Short enough that, with the warm restart, the service is back before the set-up lead
         * ({@link #LEAD}) and the hold expiry ({@link #NEGOTIATION_HOLD}) have passed since the
         * kill, on a machine not overloaded: each case says whether it was ({@link Result#restart()},
         * the report's summary counts those that were not).
         */
        SHORT(Duration.ofMillis(500)),
        /** Longer than both, before the restart even begins. */
        LONG(Duration.ofSeconds(25));

        final Duration length;

        Pause(Duration length) {
            this.length = length;
        }
    }

    record Case(Victim victim, Phase phase, Pause pause) {
        @Override
        public String toString() {
            return victim.service + " at " + phase + ", down " + pause.length.toMillis() + " ms";
        }
    }

    /**
     * What a case found.
     *
     * @param name the case, or the scenario of a network or database case
     * @param clientAnswer what the create call answered the client (a state, or how it failed)
     * @param outcome the reservation's state once settled ("none" when its BAR has none)
     * @param down from the kill (or the start of the fault) until the service answered again (ready line and
     *     port) (or the fault ended)
     * @param restart how the service came back ("warm 2.1 s": from its standby, 2.1 s from the word to ready), or "-"
     * @param shortPause for a short-pause case, whether the service was back within the set-up lead
     * @param settle from the restart (or the end of the fault) to settled; null when it did not settle in time
     * @param failures each check that failed, in words
     * @param leftovers segments still held from earlier cases when this one began (theirs to answer for, not this one's)
     */
    record Result(String victim, String phase, String pause, String clientAnswer, String outcome, Duration down,
                  String restart, ShortPause shortPause, Duration settle, List<String> failures, List<String> leftovers) {
    }

    /** Whether a short pause was short: the service back within the set-up lead. */
    enum ShortPause {
        /** Not a short-pause case (a long pause, a network or a database case). */
        NONE,
        BACK_WITHIN_LEAD,
        /** Down as long as the lead or longer: the case was in truth a long one. */
        NOT_BACK_WITHIN_LEAD
    }

    /**
     * The BARs' set-up lead: longer than a {@link Pause#SHORT} pause plus a warm restart, so
     * that a service killed just before its due work is back in time for it. A warm restart after
     * a kill waits first for HSQLDB's lock file to go stale (up to 10.1 s after the dead
     * process's last heartbeat, written every 10 s), then for the service's start-up (3 to 13 s
     * measured at a load average near 20 on two cores); docs/fault-injection.md ("Down for how
     * long") has the measurements.
     */
    static final Duration LEAD = Duration.ofSeconds(20);
    /** How long a killed service may take to be back after a {@link Pause#SHORT} pause: less than the set-up lead. */
    static final Duration SHORT_DOWN_BOUND = LEAD;
    /** How long a case waits for the victim's standby to be warm before it kills. */
    static final Duration STANDBY_WARM = Duration.ofSeconds(90);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);
    /** Longer than the set-up lead, so that a short pause also ends before a hold lapses. */
    static final Duration NEGOTIATION_HOLD = LEAD.plusSeconds(1);
    static final Duration ACTIVATION_GRACE = Duration.ofSeconds(20);
    static final Duration SETTLE_BOUND = Duration.ofSeconds(90);
    /** A reservation in a final state whose parts have not changed for this long has settled, however wrong. */
    static final Duration STUCK_AFTER = Duration.ofSeconds(30);
    /** The NSAP's answers during a negotiation case: late, within the call timeout. */
    static final Duration SLOW_ANSWER = Duration.ofMillis(1500);
    /** Each new router session during an activation or tear-down case. */
    static final Duration SLOW_ROUTER = Duration.ofMillis(500);

    private final ProcessFederation federation;
    private final Truth truth;
    private final List<Result> results = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger cases = new AtomicInteger();
    private final String prefix;
    /** Segments held when the current case began. */
    private final java.util.Set<String> heldBefore = new java.util.HashSet<>();

    FaultMatrix(ProcessFederation federation, String prefix) {
        this.federation = federation;
        this.truth = new Truth(federation);
        this.prefix = prefix;
    }

    /** The federation with the suite's fast settings, each service in its own JVM under {@code work}. */
    static ProcessFederation.Options options(Path work) {
        Map<String, String> booking = new LinkedHashMap<>();
        booking.put("setUpLead", LEAD.toMillis() + "ms");
        booking.put("negotiationHold", NEGOTIATION_HOLD.toSeconds() + "s");
        booking.put("minimumDuration", "2s");
        booking.put("tearDownAllowance", "2s");
        booking.put("activationGrace", ACTIVATION_GRACE.toSeconds() + "s");
        booking.put("retryPause", "200ms");
        booking.put("retryMaxPause", "2s");
        booking.put("reconcileEvery", "5s");
        Map<String, String> upkeep = new LinkedHashMap<>();
        upkeep.put("orphanCheck", "2s");
        upkeep.put("orphanAge", "5s");
        // Must be positive; a lone service finishes every interrupted segment at its start anyway,
        // and this is longer than any slowed activation here.
        upkeep.put("stuckAfter", "10s");
        return new ProcessFederation.Options(Path.of("../..").toAbsolutePath().normalize(), work, CALL_TIMEOUT, booking,
                upkeep, true, Map.of());
    }

    Truth truth() {
        return truth;
    }

    List<Result> results() {
        return results;
    }

    /**
     * Circuits through every service and router before the cases, until one comes up, so that
     * no case meets a service's first SSH session or first call (JIT and key exchange in a fresh
     * JVM take longer than the call timeout); after each, waits until nothing is held anywhere.
     * Not checked: the outcomes are only logged.
     */
    void warmUp() throws Exception {
        for (int attempt = 1; attempt <= 4; attempt++) {
            String id = prefix + "warm-up-" + attempt;
            String answer = answerOf(create(id, attempt, soon(3), Duration.ofSeconds(2)));
            waitUntil(() -> {
                Truth.Reservation r = tryReservation(id);
                return r != null && r.isFinal();
            }, Duration.ofSeconds(30));
            boolean quiet = waitUntil(() -> {
                try {
                    return truth.liveSegments().isEmpty();
                } catch (IOException e) {
                    return false; // ask again
                }
            }, Duration.ofSeconds(60));
            Truth.Reservation r = truth.reservation("site-a", id);
            log("warm-up " + id + ": " + answer + ", then " + r.state() + (quiet ? "" : ", something still held"));
            if (r.history().stream().anyMatch(h -> h.contains("->ACTIVE"))) {
                return;
            }
        }
    }

    // ---- one case ----

    /** Runs one case; returns its result, recorded. */
    Result run(Case c) throws Exception {
        int n = cases.incrementAndGet();
        String id = prefix + n + "-" + c.victim().name().toLowerCase().replace('_', '-') + "-"
                + c.phase().name().toLowerCase() + "-" + c.pause().name().toLowerCase();
        int host = (n - 1) % 4 + 1;
        List<String> failures = new ArrayList<>();
        log("case " + n + ": " + c + " as " + id);
        checkQuiet(failures);
        Map<String, String> before = truth.routerConfigs();
        ServiceProcess victim = federation.service(c.victim().service);
        if (!victim.awaitStandby(STANDBY_WARM)) {
            // Not a check of CRS: the restart column says how the restart went.
            log("case " + n + ": the standby of " + victim.name() + " is not warm after " + STANDBY_WARM.toSeconds() + " s");
        }

        String clientAnswer;
        ExecutorService client = Executors.newSingleThreadExecutor();
        Instant killed;
        try {
            switch (c.phase()) {
                case NEGOTIATION -> {
                    LinkProxy wan = federation.link("bar-site-a->nsap");
                    wan.delay(SLOW_ANSWER);
                    // The activation would begin 11 s from now: well after the negotiation.
                    Future<String> created = client.submit(() -> create(id, host, soon((int) LEAD.toSeconds() + 11),
                            Duration.ofSeconds(4)));
                    if (!waitUntil(() -> holdsAtNsap(id), Duration.ofSeconds(10))) {
                        failures.add("phase not reached: the NSAP never held " + id + " while the create call ran");
                    }
                    killed = killNow(victim);
                    wan.pass();
                    clientAnswer = answerOf(created);
                }
                case COMMITTED -> {
                    // The activation begins 9 s from now, the start a set-up lead later.
                    clientAnswer = answerOf(create(id, host, soon((int) LEAD.toSeconds() + 9), Duration.ofSeconds(4)));
                    expectPhase(clientAnswer.equals("RESERVED"), "RESERVED", clientAnswer, failures);
                    killed = killNow(victim);
                }
                case ACTIVATING -> {
                    slowRouters(true);
                    clientAnswer = answerOf(create(id, host, soon(4), Duration.ofSeconds(5)));
                    expectPhase(awaitState(id, ReservationState.ACTIVATING, Duration.ofSeconds(12)), "ACTIVATING",
                            stateOf(id), failures);
                    killed = killNow(victim);
                    slowRouters(false);
                }
                case ACTIVE -> {
                    clientAnswer = answerOf(create(id, host, soon(3), Duration.ofSeconds(8)));
                    expectPhase(awaitState(id, ReservationState.ACTIVE, Duration.ofSeconds(12)), "ACTIVE", stateOf(id),
                            failures);
                    killed = killNow(victim);
                }
                case RELEASING -> {
                    clientAnswer = answerOf(create(id, host, soon(3), Duration.ofSeconds(3)));
                    boolean active = awaitState(id, ReservationState.ACTIVE, Duration.ofSeconds(12));
                    slowRouters(true);
                    expectPhase(active && awaitState(id, ReservationState.RELEASING, Duration.ofSeconds(12)), "RELEASING",
                            stateOf(id), failures);
                    killed = killNow(victim);
                    slowRouters(false);
                }
                default -> throw new IllegalArgumentException("no phase " + c.phase());
            }
            Thread.sleep(c.pause().length.toMillis());
            victim.restart();
        } finally {
            client.shutdownNow();
            federation.links().forEach(LinkProxy::pass);
        }
        Instant restarted = Instant.now();
        Duration down = Duration.between(killed, restarted);
        ServiceProcess.Start start = victim.lastStart().orElseThrow();
        String restart = start.kind().name().toLowerCase() + " " + seconds(start.took());
        log("case " + n + ": restarted " + victim.name() + " (" + restart + "), down " + down.toMillis() + " ms; client had "
                + clientAnswer);
        ShortPause shortPause = ShortPause.NONE;
        if (c.pause() == Pause.SHORT) {
            // Reported, not failed: on an overloaded machine the service's own start-up outlasts
            // the lead, and the case is then a long one; its checks still hold.
            shortPause = down.compareTo(SHORT_DOWN_BOUND) < 0 ? ShortPause.BACK_WITHIN_LEAD : ShortPause.NOT_BACK_WITHIN_LEAD;
            log("case " + n + ": short pause " + (shortPause == ShortPause.BACK_WITHIN_LEAD ? "" : "NOT ") + "back within "
                    + "the set-up lead of " + SHORT_DOWN_BOUND.toMillis() + " ms");
        }
        Result result = settleAndCheck(c.victim().service, c.phase().name(), c.pause().name().toLowerCase() + " ("
                + c.pause().length.toMillis() + " ms)", id, clientAnswer, before, down, restart, shortPause, restarted, failures);
        log("case " + n + ": " + result);
        return result;
    }

    /** SIGKILL; the moment the signal went (kill returns once the process is gone, a few milliseconds later). */
    private static Instant killNow(ServiceProcess victim) {
        Instant at = Instant.now();
        victim.kill();
        return at;
    }

    private void expectPhase(boolean reached, String phase, String state, List<String> failures) {
        if (!reached) {
            failures.add("phase not reached: wanted " + phase + " before the kill, the reservation was " + state);
        }
    }

    // ---- settling and the checks ----

    /**
     * Polls until the reservation is final (or absent) and nothing of it is held anywhere,
     * or until it is final and nothing changed for {@link #STUCK_AFTER}, or {@link #SETTLE_BOUND};
     * then checks the truth and records the result.
     */
    Result settleAndCheck(String victim, String phase, String pause, String id, String clientAnswer,
                          Map<String, String> before, Duration down, String restart, ShortPause shortPause, Instant from,
                          List<String> failures)
            throws Exception {
        long bound = System.nanoTime() + SETTLE_BOUND.toNanos();
        String last = null;
        long unchangedSince = System.nanoTime();
        Duration settle = null;
        while (System.nanoTime() < bound) {
            Truth.Reservation r = tryReservation(id);
            List<Truth.Segment> segments = trySegments(id, r);
            String snapshot = r == null || segments == null ? null : r.state() + " " + segments;
            if (!Objects.equals(snapshot, last)) {
                last = snapshot;
                unchangedSince = System.nanoTime();
            }
            if (r != null && segments != null && (!r.exists() || r.isFinal())) {
                boolean nothingHeld = segments.stream().noneMatch(s -> Truth.LIVE_SEGMENT.contains(s.state()));
                boolean stuck = System.nanoTime() - unchangedSince > STUCK_AFTER.toNanos();
                if (nothingHeld && before.equals(truth.routerConfigs()) || stuck) {
                    settle = Duration.between(from, Instant.now());
                    break;
                }
            }
            Thread.sleep(1000);
        }
        if (settle == null) {
            failures.add("not settled within " + SETTLE_BOUND.toSeconds() + " s: " + last);
        }
        Truth.Reservation r = truth.reservation("site-a", id);
        check(id, clientAnswer, r, before, failures);
        Result result = new Result(victim, phase, pause, clientAnswer, r.exists() ? r.state().name() : "none", down, restart, shortPause,
                settle,
                List.copyOf(failures), heldBefore.stream().sorted().toList());
        results.add(result);
        progress(result);
        return result;
    }

    /** The checks the suite stands for, each failure recorded in words. */
    private void check(String id, String clientAnswer, Truth.Reservation r, Map<String, String> before,
                       List<String> failures) throws Exception {
        // Nothing lost: a reservation the client was told of is found, final, with its history.
        boolean confirmed = isState(clientAnswer) && !clientAnswer.equals("REJECTED");
        if (confirmed) {
            if (!r.exists()) {
                failures.add("lost: the client had " + clientAnswer + ", the BAR has no reservation " + id);
            } else {
                if (!r.isFinal()) {
                    failures.add("not final: " + r.state() + " (" + r.reason() + ")");
                }
                if (r.history().stream().noneMatch(h -> h.contains("->" + clientAnswer))) {
                    failures.add("history lacks the move to " + clientAnswer + ": " + r.history());
                }
            }
        }
        checkParts(id, r, before, failures);
    }

    /**
     * Every segment of the reservation agrees with its state, no segment anywhere holds
     * resources without a live reservation, and the routers carry the circuit while it is
     * ACTIVE and are as before the booking otherwise.
     */
    void checkParts(String id, Truth.Reservation r, Map<String, String> before, List<String> failures) throws Exception {
        List<Truth.Segment> segments = truth.segmentsOf("site-a", id, r);
        ReservationState outcome = r.state();
        for (Truth.Segment s : segments) {
            boolean agrees;
            if (outcome == ReservationState.ACTIVE) {
                agrees = s.state() == org.crs.domain.booking.SegmentState.ACTIVE;
            } else if (outcome == ReservationState.RESERVED) {
                agrees = s.state() == org.crs.domain.booking.SegmentState.COMMITTED;
            } else if (outcome == null || outcome.isFinal()) {
                agrees = !Truth.LIVE_SEGMENT.contains(s.state());
            } else {
                agrees = false;
            }
            if (!agrees) {
                failures.add("segment " + s + " disagrees with the reservation's " + (outcome == null ? "absence" : outcome));
            }
        }
        // No segment holds resources without a live reservation, anywhere.
        for (Truth.Segment s : truth.liveSegments()) {
            if (heldBefore.contains(s.toString()) && !s.requestId().equals(id)) {
                continue; // an earlier case's, reported there
            }
            Truth.Reservation owner = truth.reservation(s.site(), s.requestId());
            if (!owner.exists() || owner.isFinal()) {
                failures.add("orphan: " + s + " while its reservation is "
                        + (owner.exists() ? owner.state() : "unknown to bar-" + s.site()));
            }
        }
        // Routers: the circuit while ACTIVE, as before otherwise.
        Map<String, String> after = truth.routerConfigs();
        if (outcome == ReservationState.ACTIVE) {
            int local = r.vlans().getOrDefault("LOCAL_CAMPUS", 0);
            int remote = r.vlans().getOrDefault("REMOTE_CAMPUS", 0);
            if (!after.get("edge-a").contains("vlan " + local)) {
                failures.add("edge-a lacks vlan " + local + " of the ACTIVE circuit");
            }
            if (!after.get("edge-b").contains("vlan " + remote)) {
                failures.add("edge-b lacks vlan " + remote + " of the ACTIVE circuit");
            }
            for (Truth.Segment s : segments) {
                for (String router : s.routers()) {
                    if (router.startsWith("core") && after.get(router).equals(before.get(router))) {
                        failures.add(router + " of the WAN path does not carry the ACTIVE circuit");
                    }
                }
            }
        } else {
            for (String router : ProcessFederation.ROUTERS) {
                if (!after.get(router).equals(before.get(router))) {
                    failures.add(router + " differs from before the booking, the reservation being "
                            + (outcome == null ? "absent" : outcome) + ": " + difference(before.get(router), after.get(router)));
                }
            }
        }
    }

    /**
     * A network fault on the calls between the two BARs (both ways) during an activation: the
     * fault starts just before the set-up lead of a circuit booked for 20 s and lasts
     * {@code faultFor}. The circuit must come up within the activation grace once the link is
     * back, with every part agreeing, and end as any other.
     */
    Result linkFaultDuringActivation(String name, java.util.function.Consumer<LinkProxy> fault, Duration faultFor)
            throws Exception {
        int n = cases.incrementAndGet();
        String id = prefix + n + "-" + name.replace(' ', '-');
        int host = (n - 1) % 4 + 1;
        List<String> failures = new ArrayList<>();
        log("case " + n + ": " + name + " as " + id);
        checkQuiet(failures);
        Map<String, String> before = truth.routerConfigs();
        List<LinkProxy> between = List.of(federation.link("bar-site-a->bar-site-b"), federation.link("bar-site-b->bar-site-a"));
        // The activation begins 5 s from now; the fault half a second before.
        Instant start = soon((int) LEAD.toSeconds() + 5);
        String clientAnswer = answerOf(create(id, host, start, Duration.ofSeconds(20)));
        Instant faultEnded;
        Instant faultStarted = null;
        try {
            Thread.sleep(Math.max(0, Duration.between(Instant.now(), start.minus(LEAD).minusMillis(500)).toMillis()));
            faultStarted = Instant.now();
            between.forEach(fault);
            Thread.sleep(faultFor.toMillis());
        } finally {
            between.forEach(LinkProxy::pass);
            faultEnded = Instant.now();
        }
        Instant graceEnds = start.plus(ACTIVATION_GRACE);
        waitUntil(() -> {
            Truth.Reservation r = tryReservation(id);
            return r != null && (r.state() == ReservationState.ACTIVE || r.isFinal());
        }, Duration.between(Instant.now(), graceEnds).plusSeconds(2));
        Truth.Reservation up = truth.reservation("site-a", id);
        Instant seen = Instant.now();
        if (up.state() != ReservationState.ACTIVE) {
            failures.add("not ACTIVE within the grace (up to " + graceEnds + "): " + up.state() + " (" + up.reason() + ")");
        } else {
            if (seen.isAfter(graceEnds.plusSeconds(2))) {
                failures.add("ACTIVE only at " + seen + ", after the grace ending " + graceEnds);
            }
            List<String> whileActive = new ArrayList<>();
            checkParts(id, up, before, whileActive);
            whileActive.forEach(f -> failures.add("while ACTIVE: " + f));
        }
        return settleAndCheck("bar-site-a <-> bar-site-b", name, faultFor.toSeconds() + " s", id, clientAnswer, before,
                faultStarted == null ? null : Duration.between(faultStarted, faultEnded), "-", ShortPause.NONE, faultEnded, failures);
    }

    /**
     * The database server under site-a's BAR stops right after a booking is RESERVED, stays
     * down past the moment its activation is due (another booking is tried meanwhile), and
     * starts again before its end (with the set-up lead of 20 s, before its start).
     * The first booking must end the same everywhere; a booking made after the restart must run
     * as any other. Two results: the booking across the restart, and the one after it.
     */
    List<Result> databaseRestartUnderTheBar(Runnable stopDatabase, Runnable startDatabase, Duration down) throws Exception {
        int n = cases.incrementAndGet();
        String id = prefix + n + "-database-restart";
        int host = (n - 1) % 4 + 1;
        List<String> failures = new ArrayList<>();
        log("case " + n + ": the database under bar-site-a restarts, as " + id);
        checkQuiet(failures);
        Map<String, String> before = truth.routerConfigs();
        // Its activation is due 3 s from now, while the database is down; it ends well after the
        // database is back.
        String clientAnswer = answerOf(create(id, host, soon((int) LEAD.toSeconds() + 3), Duration.ofSeconds(15)));
        expectPhase(clientAnswer.equals("RESERVED"), "RESERVED", clientAnswer, failures);
        Instant stopped = Instant.now();
        stopDatabase.run();
        String during;
        try {
            during = answerOf(create(id + "-during", host % 4 + 1, soon(30), Duration.ofSeconds(3)));
        } catch (IOException e) {
            during = "no answer (" + e.getClass().getSimpleName() + ")";
        }
        log("case " + n + ": a booking while the database is down got " + during);
        Thread.sleep(down.toMillis());
        startDatabase.run();
        Instant restarted = Instant.now();
        Result across = settleAndCheck("database of bar-site-a", "stopped after RESERVED, down past the start",
                down.toSeconds() + " s", id, clientAnswer, before, Duration.between(stopped, restarted), "-", ShortPause.NONE, restarted,
                failures);
        log("case " + n + ": " + across);

        int m = cases.incrementAndGet();
        String after = prefix + m + "-after-database-restart";
        List<String> afterFailures = new ArrayList<>();
        checkQuiet(afterFailures);
        Map<String, String> beforeAfter = truth.routerConfigs();
        String afterAnswer = answerOf(create(after, (m - 1) % 4 + 1, soon(3), Duration.ofSeconds(3)));
        if (!afterAnswer.equals("RESERVED")) {
            afterFailures.add("a booking after the database restart got " + afterAnswer + ", not RESERVED");
        } else if (!awaitState(after, ReservationState.ACTIVE, Duration.ofSeconds(10))) {
            afterFailures.add("a booking after the database restart did not come up: " + stateOf(after));
        }
        Result next = settleAndCheck("database of bar-site-a", "a booking after the restart", "-", after, afterAnswer,
                beforeAfter, null, "-", ShortPause.NONE, Instant.now(), afterFailures);
        log("case " + m + ": " + next);
        return List.of(across, next);
    }

    /**
     * Before a case: every service runs, and what is still held from earlier cases is noted
     * (the last case's own checks counted it), so this case is judged on what it leaves.
     */
    private void checkQuiet(List<String> failures) throws IOException {
        for (ServiceProcess p : federation.services()) {
            if (!p.isAlive()) {
                failures.add("before the case: " + p.name() + " was not running");
            }
        }
        heldBefore.clear();
        truth.liveSegments().forEach(s -> heldBefore.add(s.toString()));
        if (!heldBefore.isEmpty()) {
            log("held from earlier cases: " + heldBefore);
        }
    }

    // ---- the client ----

    String create(String id, int host, Instant start, Duration length) throws IOException {
        return truth.bar("site-a", "createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                + "<n:source>site-a:host-a" + host + "</n:source><n:destination>site-b:host-b" + host + "</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + start.plus(length)
                + "</n:end><n:description>fault case</n:description><n:holdOnly>false</n:holdOnly></n:createReservation>");
    }

    static Instant soon(int seconds) {
        return Instant.now().plusSeconds(seconds).truncatedTo(ChronoUnit.MILLIS);
    }

    /** The state a create answer gives the client, or what went wrong. */
    static String answerOf(String answer) {
        if (answer.contains("Fault>")) {
            String code = RawSoap.field(answer, "code");
            return "fault " + (code == null ? "" : code);
        }
        String own = answer.replaceAll("(?s)<(\\w+:)?segments[ >].*?</(\\w+:)?segments>", "");
        String state = RawSoap.field(own, "state");
        return state == null ? "no state" : state;
    }

    static String answerOf(Future<String> answer) {
        try {
            return answerOf(answer.get(30, TimeUnit.SECONDS));
        } catch (Exception e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return "no answer (" + cause.getClass().getSimpleName() + ")";
        }
    }

    private static boolean isState(String answer) {
        try {
            ReservationState.valueOf(answer);
            return true;
        } catch (IllegalArgumentException e) {
            return false; // a fault or no answer: nothing was confirmed
        }
    }

    String stateOf(String id) {
        Truth.Reservation r = tryReservation(id);
        return r == null ? "unreadable" : r.exists() ? r.state().name() : "none";
    }

    boolean awaitState(String id, ReservationState state, Duration within) throws InterruptedException {
        return waitUntil(() -> {
            Truth.Reservation r = tryReservation(id);
            return r != null && r.state() == state;
        }, within);
    }

    private boolean holdsAtNsap(String id) {
        try {
            return truth.segments(ProcessFederation.NSAP, org.crs.domain.booking.SegmentState.HELD).stream()
                    .anyMatch(s -> s.requestId().equals(id));
        } catch (IOException e) {
            return false; // not up yet: ask again
        }
    }

    private Truth.Reservation tryReservation(String id) {
        try {
            return truth.reservation("site-a", id);
        } catch (IOException e) {
            return null; // the BAR is down or restarting: ask again
        }
    }

    private List<Truth.Segment> trySegments(String id, Truth.Reservation r) {
        try {
            return truth.segmentsOf("site-a", id, r);
        } catch (IOException e) {
            return null; // a holder is down or restarting: ask again
        }
    }

    /** Holds back every new router session the services open, or stops doing so. */
    void slowRouters(boolean slow) {
        for (String router : ProcessFederation.ROUTERS) {
            LinkProxy ssh = federation.link("ssh->" + router);
            if (slow) {
                ssh.delayConnections(SLOW_ROUTER);
            } else {
                ssh.pass();
            }
        }
    }

    static boolean waitUntil(java.util.function.BooleanSupplier condition, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return condition.getAsBoolean();
    }

    private static String difference(String before, String after) {
        List<String> b = before.lines().toList();
        List<String> a = after.lines().toList();
        List<String> added = a.stream().filter(Predicate.not(b::contains)).limit(6).toList();
        List<String> removed = b.stream().filter(Predicate.not(a::contains)).limit(6).toList();
        return "added " + added + ", removed " + removed;
    }

    static void log(String line) {
        System.out.println("[fault-matrix " + Instant.now() + "] " + line);
    }

    // ---- the report ----

    private static String seconds(Duration d) {
        return d == null ? "-" : String.format("%.1f s", d.toMillis() / 1000.0);
    }

    /** What the restart column adds for a short pause that was not back within the set-up lead. */
    static final String NOT_SHORT = "NOT back within the set-up lead";

    /** Where each result goes as soon as it is known, so a run cut short still tells what it found. */
    static final Path PROGRESS = Path.of("target/fault-matrix-progress.md");

    private static boolean progressStarted;

    private void progress(Result r) {
        try {
            synchronized (FaultMatrix.class) {
                if (!progressStarted) {
                    Files.deleteIfExists(PROGRESS); // an earlier run's
                    progressStarted = true;
                }
            }
            Files.writeString(PROGRESS, Instant.now() + " | " + r.victim() + " | " + r.phase() + " | " + r.pause() + " | "
                    + seconds(r.down()) + " | " + r.restart()
                    + (r.shortPause() == ShortPause.NOT_BACK_WITHIN_LEAD ? ", " + NOT_SHORT : "") + " | " + r.clientAnswer() + " | " + r.outcome() + " | " + (r.settle() == null ? "not settled"
                    : r.settle().toMillis() + " ms") + " | " + (r.failures().isEmpty() ? "pass" : String.join("; ",
                    r.failures())) + "\n", java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            log("progress not written: " + e);
        }
    }

    /** The matrix as a Markdown table, one row per case. */
    String report(String title) {
        StringBuilder md = new StringBuilder("# " + title + "\n\n")
                .append("| # | killed / fault | phase | pause | down | restart | client got | outcome | settled in | checks |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        int i = 0;
        Duration longest = Duration.ZERO;
        int failed = 0;
        int shortCases = 0;
        int notShort = 0;
        synchronized (results) {
            for (Result r : results) {
                i++;
                shortCases += r.shortPause() == ShortPause.NONE ? 0 : 1;
                notShort += r.shortPause() == ShortPause.NOT_BACK_WITHIN_LEAD ? 1 : 0;
                if (r.settle() != null && r.settle().compareTo(longest) > 0) {
                    longest = r.settle();
                }
                if (!r.failures().isEmpty()) {
                    failed++;
                }
                md.append("| ").append(i).append(" | ").append(r.victim()).append(" | ").append(r.phase()).append(" | ")
                        .append(r.pause()).append(" | ").append(seconds(r.down())).append(" | ").append(r.restart())
                        .append(r.shortPause() == ShortPause.NOT_BACK_WITHIN_LEAD ? ", " + NOT_SHORT : "").append(" | ").append(r.clientAnswer()).append(" | ").append(r.outcome())
                        .append(" | ").append(r.settle() == null ? "not settled" : seconds(r.settle())).append(" | ")
                        .append(r.failures().isEmpty() ? "pass" : "FAIL: " + String.join("; ", r.failures())
                                .replace("|", "\\|").replace("\n", " "))
                        .append(r.leftovers().isEmpty() ? "" : " (held from earlier cases: " + r.leftovers().size() + ")")
                        .append(" |\n");
            }
        }
        md.append("\n").append("down: measured from the kill until the service answered again (its ready line printed and "
                + "its port accepting), the pause plus its restart; a short pause is meant to be back within the set-up lead ("
                + seconds(SHORT_DOWN_BOUND) + ", else the restart column says " + NOT_SHORT + "). restart: warm (from its standby JVM) or cold, and how long from the restart "
                + "to answering. settled in: from then until the checks could be made.\n\n").append(i - failed).append(" passed, ").append(failed).append(" failed; longest time to settle ")
                .append(String.format("%.1f s", longest.toMillis() / 1000.0)).append("; ").append(shortCases - notShort)
                .append(" of ").append(shortCases).append(" short pauses back within the set-up lead.\n");
        return md.toString();
    }

    /** Whether this test run has written the report file yet: the first class of a run starts it afresh. */
    private static boolean reportStarted;

    /** Writes the report to {@code file} (after what other classes of this run wrote there) and prints it. */
    void writeReport(Path file, String title) throws IOException {
        String md = report(title);
        Files.createDirectories(file.getParent());
        synchronized (FaultMatrix.class) {
        if (reportStarted) {
            Files.writeString(file, "\n" + md, java.nio.file.StandardOpenOption.APPEND);
        } else {
            Files.writeString(file, md);
        }
        reportStarted = true;
        }
        System.out.println(md);
    }
}
