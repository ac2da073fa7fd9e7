package org.crs.routers.driver.cli;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One thing a segment puts on a router, such as {@code vlan 1234} or
 * {@code policy-map LP-42-IN}: how to recognise it in the running configuration, the
 * commands that create it, and the commands that remove what of it is there.
 *
 * <p>A CLI driver describes its segment as a list of elements; {@link AbstractCliDriver}
 * does the rest (snapshot, resource check, step-by-step apply, undo, verification).
 */
final class ConfigElement {

    /** How an element stands in one reading of the running configuration. */
    enum State {
        /** Not there, and nothing stands in its way. */
        FREE,
        /** There exactly as the segment needs it. */
        PRESENT,
        /** Recognisably the segment's (by its name or marks) but incomplete or different. */
        PARTIAL,
        /** The resource is used by something else, or missing from the router. */
        TAKEN
    }

    /** An element's state with a sentence for operators. */
    record Check(State state, String detail) {

        static Check free() {
            return new Check(State.FREE, "");
        }

        static Check present() {
            return new Check(State.PRESENT, "");
        }

        static Check partial(String detail) {
            return new Check(State.PARTIAL, detail);
        }

        static Check taken(String detail) {
            return new Check(State.TAKEN, detail);
        }

        /** True when some of the segment's configuration is there (present or partial). */
        boolean ours() {
            return state == State.PRESENT || state == State.PARTIAL;
        }
    }

    private final String name;
    private final Function<RunningConfig, Check> check;
    private final List<String> setUpCommands;
    private final Function<RunningConfig, List<String>> tearDownCommands;

    /**
     * @param name the element in an operator's words, e.g. {@code vlan 1234}
     * @param check reads the element's state from a running configuration
     * @param setUpCommands the lines that create it, entered in global configuration mode and
     *     leaving the router back in global configuration mode
     * @param tearDownCommands given a configuration in which the element is present or partial,
     *     the lines that remove what of it is there, with the same mode rules
     */
    ConfigElement(String name, Function<RunningConfig, Check> check, List<String> setUpCommands,
                  Function<RunningConfig, List<String>> tearDownCommands) {
        this.name = Objects.requireNonNull(name);
        this.check = check;
        this.setUpCommands = List.copyOf(setUpCommands);
        this.tearDownCommands = tearDownCommands;
    }

    String name() {
        return name;
    }

    Check check(RunningConfig config) {
        return check.apply(config);
    }

    List<String> setUpCommands() {
        return setUpCommands;
    }

    List<String> tearDownCommands(RunningConfig config) {
        return tearDownCommands.apply(config);
    }

    @Override
    public String toString() {
        return name;
    }
}
