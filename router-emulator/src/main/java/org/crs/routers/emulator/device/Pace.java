package org.crs.routers.emulator.device;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How fast a router takes a configuration step: each configuration line (and each SNMP SET)
 * and each save ({@code write memory}, or a ccCopyTable copy to the startup configuration).
 * A real router's route processor parses every configuration line and rewrites NVRAM on a
 * save; under load that is tens of milliseconds a line and seconds a save, and one router
 * takes its steps one at a time whatever the number of sessions.
 *
 * <p>The named paces are estimates for a loaded router with a configuration of a few thousand
 * lines, not measurements of one: {@code loaded-7600} (30 ms a line, 3 s a save; a Sup720 whose
 * configuration sits in NVRAM) and {@code loaded-12000} (40 ms a line, 5 s a save; a GRP
 * writing a larger configuration). {@code none} answers at once.
 *
 * @param line the time a configuration line (or an SNMP SET request) takes
 * @param save the time a save takes
 */
public record Pace(Duration line, Duration save) {

    /** Answers at once: what a router gets unless its inventory asks for a pace. */
    public static final Pace NONE = new Pace(Duration.ZERO, Duration.ZERO);
    /** A loaded Cisco 7600. */
    public static final Pace LOADED_7600 = new Pace(Duration.ofMillis(30), Duration.ofSeconds(3));
    /** A loaded Cisco 12000. */
    public static final Pace LOADED_12000 = new Pace(Duration.ofMillis(40), Duration.ofSeconds(5));

    private static final Map<String, Pace> NAMED = Map.of(
            "none", NONE, "loaded-7600", LOADED_7600, "loaded-12000", LOADED_12000);
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s)");

    public Pace {
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(save, "save");
        if (line.isNegative() || save.isNegative()) {
            throw new IllegalArgumentException("a pace cannot be negative: line " + line + ", save " + save);
        }
    }

    /**
     * A named pace: {@code none}, {@code loaded-7600} or {@code loaded-12000}.
     *
     * @throws IllegalArgumentException for another name, listing the names
     */
    public static Pace named(String name) {
        Pace pace = NAMED.get(String.valueOf(name).strip().toLowerCase(Locale.ROOT));
        if (pace == null) {
            throw new IllegalArgumentException("unknown pace '" + name + "': use none, loaded-7600, loaded-12000"
                    + " or {line: 30ms, save: 3s}");
        }
        return pace;
    }

    /** A pace from its two durations as the inventory writes them: {@code 30ms}, {@code 3s}. */
    public static Pace of(String line, String save) {
        return new Pace(duration("line", line), duration("save", save));
    }

    private static Duration duration(String what, String text) {
        if (text == null) {
            return Duration.ZERO;
        }
        Matcher m = DURATION.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("pace " + what + " '" + text + "' is not a duration such as 30ms or 3s");
        }
        long n = Long.parseLong(m.group(1));
        return m.group(2).equals("ms") ? Duration.ofMillis(n) : Duration.ofSeconds(n);
    }
}
