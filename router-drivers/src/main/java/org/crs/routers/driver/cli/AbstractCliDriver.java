package org.crs.routers.driver.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.DriverException.RouterLeft;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.cli.ConfigElement.Check;
import org.crs.routers.driver.cli.ConfigElement.State;

/**
 * What every IOS CLI driver does the same way, whatever the device: a device driver only
 * lists the {@link ConfigElement}s of its segment, and this class
 *
 * <ul>
 *   <li>sets up: snapshot ({@code show running-config}), check that every element is free
 *       (or already there: set-up is idempotent), apply element by element, save, read back;
 *       on the first refused line, timeout or dropped connection, undo what was applied
 *       (on a fresh session if the old one is gone) and compare the configuration with the
 *       snapshot;</li>
 *   <li>tears down: remove only what of the segment is on the router, save, read back;</li>
 *   <li>reads state and interface counters.</li>
 * </ul>
 *
 * @param <S> the device's kind of segment
 */
abstract class AbstractCliDriver<S extends CircuitSegment> implements RouterDriver<S> {

    public static final String CONFIGURE_TERMINAL = "configure terminal";
    public static final String END = "end";
    public static final String WRITE_MEMORY = CliSession.WRITE_MEMORY;
    public static final String SHOW_INTERFACES = "show interfaces %s";

    private static final Pattern PACKETS_INPUT = Pattern.compile("(\\d+) packets input, (\\d+) bytes");
    private static final Pattern PACKETS_OUTPUT = Pattern.compile("(\\d+) packets output, (\\d+) bytes");

    /** How many configuration differences an error message lists at most. */
    private static final int MAX_DIFFERENCES = 10;

    private final RouterEndpoint router;
    private final CliTimeouts timeouts;
    private final DeviceLog log;
    private final Class<S> kind;
    private final String device;

    /**
     * @param kind the segments this device carries: any other is refused before a session opens
     *     (callers that lost the type parameter, such as a plan naming the wrong router)
     * @param device the device family in operators' words, for example {@code Cisco 12000}
     */
    AbstractCliDriver(RouterEndpoint router, CliTimeouts timeouts, DeviceLog log, Class<S> kind, String device) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.device = Objects.requireNonNull(device, "device");
        this.router = Objects.requireNonNull(router, "router");
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
        this.log = Objects.requireNonNull(log, "log");
    }

    /** The segment's elements in the order they are created. */
    abstract List<ConfigElement> setUpOrder(S segment);

    /**
     * The same elements in the order they are removed: whatever refers to a thing goes before
     * the thing (IOS refuses to remove a policy-map still attached to an interface).
     */
    abstract List<ConfigElement> tearDownOrder(S segment);

    @Override
    public RouterEndpoint router() {
        return router;
    }

    /**
     * The lines tear-down sends for a segment whose elements are all on the router as set-up
     * left them: each element's removal, worked out on a configuration made of the set-up's own
     * lines (an element's first line as its block header, the rest under it).
     */
    static List<String> tearDownWhenPresent(List<ConfigElement> setUp, List<ConfigElement> tearDown) {
        StringBuilder present = new StringBuilder();
        for (ConfigElement element : setUp) {
            List<String> lines = element.setUpCommands();
            present.append(lines.get(0)).append('\n');
            lines.stream().skip(1).filter(l -> !l.equals("exit")).forEach(l -> present.append(' ').append(l).append('\n'));
            present.append("!\n");
        }
        RunningConfig config = RunningConfig.parse(present.toString());
        List<String> out = new ArrayList<>();
        for (ConfigElement element : tearDown) {
            out.addAll(element.tearDownCommands(config));
        }
        return out;
    }

    // --- set-up ------------------------------------------------------------------------------

    /**
     * Refuses a segment of another kind than this device carries, before anything is sent.
     *
     * @throws IllegalArgumentException naming the router, its family and both kinds
     */
    void accept(CircuitSegment segment) {
        Objects.requireNonNull(segment, "segment");
        if (!kind.isInstance(segment)) {
            throw new IllegalArgumentException("router " + router.name() + " is a " + device + ": it carries "
                    + kind.getSimpleName() + "s, not a " + segment.getClass().getSimpleName() + " (" + segment.label()
                    + "); nothing was sent to it");
        }
    }

    @Override
    public void setUp(S segment) throws DriverException {
        accept(segment);
        List<ConfigElement> elements = setUpOrder(segment);
        try (CliSession session = open()) {
            RunningConfig before = session.runningConfig();
            Map<ConfigElement, Check> checks = check(elements, before);
            if (checks.values().stream().allMatch(c -> c.state() == State.PRESENT)) {
                return;
            }
            List<String> blocked = checks.entrySet().stream()
                    .filter(e -> e.getValue().state() == State.TAKEN || e.getValue().state() == State.PARTIAL)
                    .map(e -> e.getValue().detail())
                    .collect(Collectors.toList());
            if (!blocked.isEmpty()) {
                // Nothing was changed: the router is as it was.
                throw new DriverException(router.name(), "check that " + segment.label() + "'s resources are free",
                        String.join("; ", blocked), null);
            }
            List<ConfigElement> toApply = elements.stream()
                    .filter(e -> checks.get(e).state() == State.FREE)
                    .collect(Collectors.toList());
            apply(session, segment, toApply, before);
        }
    }

    /**
     * Sets up the segments in one configuration session with one save ({@link BatchSetUp});
     * each segment succeeds or fails on its own, as {@link #setUp} would.
     */
    @Override
    public List<Optional<DriverException>> setUpAll(List<S> segments) throws DriverException {
        if (segments.size() == 1) {
            return RouterDriver.super.setUpAll(segments);
        }
        return new BatchSetUp<>(this).run(segments);
    }

    private void apply(CliSession session, S segment, List<ConfigElement> toApply, RunningConfig before)
            throws DriverException {
        List<ConfigElement> touched = new ArrayList<>();
        boolean saving = false;
        DriverException failure;
        try {
            expectOk(session, CONFIGURE_TERMINAL);
            for (ConfigElement element : toApply) {
                // Counted as touched before its first line: a half-applied element needs undoing too.
                touched.add(element);
                for (String command : element.setUpCommands()) {
                    expectOk(session, command);
                }
            }
            expectOk(session, END);
            saving = true;
            expectSaved(session);
            RunningConfig after = session.runningConfig();
            List<String> wrong = check(setUpOrder(segment), after).entrySet().stream()
                    .filter(e -> e.getValue().state() != State.PRESENT)
                    .map(e -> e.getKey().name() + (e.getValue().detail().isEmpty() ? " missing" : ": " + e.getValue().detail()))
                    .collect(Collectors.toList());
            if (wrong.isEmpty()) {
                return;
            }
            failure = new DriverException(router.name(), "verify " + segment.label(),
                    "the configuration read back does not show " + String.join("; ", wrong), null);
        } catch (DriverException e) {
            failure = e;
        }
        throw undo(session, segment, touched, before, saving, failure);
    }

    /**
     * Removes the elements this set-up touched and says whether the router is back to the
     * snapshot. Tries the old session if it is still usable, else a fresh one, and once more
     * on a fresh session if the first attempt loses its connection.
     */
    private DriverException undo(CliSession session, S segment, List<ConfigElement> touched, RunningConfig before,
                                 boolean saving, DriverException failure) {
        List<String> touchedNames = touched.stream().map(ConfigElement::name).collect(Collectors.toList());
        List<ConfigElement> order = tearDownOrder(segment).stream()
                .filter(e -> touchedNames.contains(e.name()))
                .collect(Collectors.toList());
        DriverException lastTry = null;
        for (int attempt = 0; attempt < 2; attempt++) {
            CliSession s = attempt == 0 && session.isOpen() ? session : null;
            try {
                if (s == null) {
                    s = open();
                }
                try {
                    RunningConfig now = readBack(s);
                    List<String> commands = new ArrayList<>();
                    for (ConfigElement element : order) {
                        if (element.check(now).ours()) {
                            commands.addAll(element.tearDownCommands(now));
                        }
                    }
                    if (!commands.isEmpty()) {
                        s.send(CONFIGURE_TERMINAL);
                        for (String command : commands) {
                            // Errors are tolerated (and logged): the read-back below is the judge.
                            s.send(command);
                        }
                        s.send(END);
                    }
                    if (saving) {
                        s.save();
                    }
                    RunningConfig after = readBack(s);
                    if (after.sameAs(before)) {
                        return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), true,
                                List.of(), failure);
                    }
                    return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), false,
                            leftovers(segment, before, after), failure);
                } finally {
                    if (s != session) {
                        s.close();
                    }
                }
            } catch (DriverException e) {
                lastTry = e;
            }
        }
        // Neither attempt could read the router back: what the set-up left there is not known.
        failure.addSuppressed(lastTry);
        return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), RouterLeft.UNKNOWN, List.of(),
                failure);
    }

    /** The segment's elements that differ from the snapshot, or else the differing lines. */
    private List<String> leftovers(S segment, RunningConfig before, RunningConfig after) {
        List<String> left = new ArrayList<>();
        for (ConfigElement element : setUpOrder(segment)) {
            Check was = element.check(before);
            Check now = element.check(after);
            if (now.ours() && now.state() != was.state()) {
                left.add(element.name() + (now.state() == State.PARTIAL ? " (partly)" : ""));
            }
        }
        if (left.isEmpty()) {
            after.differencesFrom(before, MAX_DIFFERENCES).forEach(d -> left.add("config line " + d));
        }
        return left;
    }

    // --- tear-down ---------------------------------------------------------------------------

    @Override
    public void tearDown(S segment) throws DriverException {
        accept(segment);
        try (CliSession session = open()) {
            RunningConfig before = session.runningConfig();
            List<String> commands = new ArrayList<>();
            for (ConfigElement element : tearDownOrder(segment)) {
                if (element.check(before).ours()) {
                    commands.addAll(element.tearDownCommands(before));
                }
            }
            if (commands.isEmpty()) {
                return;
            }
            DriverException failure;
            try {
                expectOk(session, CONFIGURE_TERMINAL);
                for (String command : commands) {
                    expectOk(session, command);
                }
                expectOk(session, END);
                expectSaved(session);
                RunningConfig after = session.runningConfig();
                List<String> left = remaining(segment, after);
                if (left.isEmpty()) {
                    return;
                }
                // What is left is listed once, by leftOnRouter(), not in the answer as well.
                failure = new DriverException(router.name(), "verify removal of " + segment.label(),
                        "the configuration read back still shows part of the segment", false, left, null);
            } catch (DriverException e) {
                failure = e;
            }
            throw afterFailedTearDown(session, segment, before, failure);
        }
    }

    /** Reads what a failed tear-down left, on a fresh session if needed, for the exception. */
    private DriverException afterFailedTearDown(CliSession session, S segment, RunningConfig before,
                                                DriverException failure) {
        CliSession s = session.isOpen() ? session : null;
        try {
            if (s == null) {
                s = open();
            }
            RunningConfig after = readBack(s);
            List<String> left = remaining(segment, after);
            RouterLeft routerLeft;
            if (after.sameAs(before)) {
                routerLeft = RouterLeft.UNCHANGED;
            } else if (left.isEmpty() && CliSession.isSave(failure.step())) {
                // Everything is removed from the running configuration; only the save failed.
                routerLeft = RouterLeft.REMOVED_NOT_SAVED;
            } else {
                routerLeft = left.isEmpty() ? RouterLeft.UNKNOWN : RouterLeft.CHANGED;
            }
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), routerLeft, left,
                    failure);
        } catch (DriverException e) {
            failure.addSuppressed(e);
            return new DriverException(router.name(), failure.step(), failure.deviceAnswer(), RouterLeft.UNKNOWN,
                    List.of(), failure);
        } finally {
            if (s != null && s != session) {
                s.close();
            }
        }
    }

    private List<String> remaining(S segment, RunningConfig config) {
        return tearDownOrder(segment).stream()
                .filter(e -> e.check(config).ours())
                .map(ConfigElement::name)
                .collect(Collectors.toList());
    }

    // --- reading -----------------------------------------------------------------------------

    @Override
    public SegmentState readState(S segment) throws DriverException {
        accept(segment);
        try (CliSession session = open()) {
            return state(segment, session.runningConfig());
        }
    }

    /**
     * The segment's state in one reading of the configuration. An element found incomplete is
     * listed both as present (with "(incomplete)") and as missing, so the state is PARTIAL.
     */
    SegmentState state(S segment, RunningConfig config) {
        List<String> present = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (ConfigElement element : setUpOrder(segment)) {
            Check c = element.check(config);
            switch (c.state()) {
                case PRESENT -> present.add(element.name());
                case PARTIAL -> {
                    present.add(element.name() + " (incomplete)");
                    missing.add(element.name());
                }
                default -> missing.add(element.name());
            }
        }
        return SegmentState.of(present, missing);
    }

    /**
     * Reads the counters from {@code show interfaces X}: IOS prints
     * {@code N packets input, N bytes, ...} and {@code N packets output, N bytes, ...}.
     */
    @Override
    public InterfaceCounters readCounters(String interfaceName) throws DriverException {
        String command = String.format(Locale.ROOT, SHOW_INTERFACES, interfaceName);
        try (CliSession session = open()) {
            String out = session.show(command);
            Instant readAt = Instant.now();
            Matcher in = PACKETS_INPUT.matcher(out);
            Matcher outM = PACKETS_OUTPUT.matcher(out);
            if (!in.find() || !outM.find()) {
                throw new DriverException(router.name(), command, "no packet counters in the answer: "
                        + abbreviate(out), null);
            }
            return new InterfaceCounters(interfaceName, Long.parseLong(in.group(2)), Long.parseLong(outM.group(2)),
                    readAt);
        }
    }

    // --- helpers -----------------------------------------------------------------------------

    CliSession open() throws DriverException {
        return CliSession.open(router, timeouts, log);
    }

    private Map<ConfigElement, Check> check(List<ConfigElement> elements, RunningConfig config) {
        Map<ConfigElement, Check> checks = new LinkedHashMap<>();
        for (ConfigElement element : elements) {
            checks.put(element, element.check(config));
        }
        return checks;
    }

    /** Sends a line and turns IOS's refusal into an exception carrying its error text. */
    private CliAnswer expectOk(CliSession session, String command) throws DriverException {
        CliAnswer answer = session.send(command);
        if (answer.failed()) {
            throw new DriverException(router.name(), command, answer.errorText(), null);
        }
        return answer;
    }

    /** Saves the configuration and turns IOS's refusal into an exception naming the save command. */
    private void expectSaved(CliSession session) throws DriverException {
        CliAnswer answer = session.save();
        if (answer.failed()) {
            throw new DriverException(router.name(), answer.command(), answer.errorText(), null);
        }
    }

    /** {@code show running-config}, leaving configuration mode first if a failure left the session there. */
    private RunningConfig readBack(CliSession session) throws DriverException {
        if (!session.mode().isEmpty()) {
            session.send(END);
        }
        return session.runningConfig();
    }

    private static String abbreviate(String text) {
        String t = text.strip();
        return t.length() <= 200 ? t : t.substring(0, 200) + "...";
    }
}
