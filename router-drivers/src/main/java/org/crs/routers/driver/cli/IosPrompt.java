package org.crs.routers.driver.cli;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The prompt of one router as a {@link CliSession} tracks it: the hostname its first prompt
 * showed (from then on only that router's prompt ends an answer), and the mode of the last
 * prompt, checked against the modes a line leads to ({@link CliModes}).
 *
 * <p>Not thread-safe: it belongs to one session.
 */
final class IosPrompt {

    private static final String TAIL = "(?:\\((?<mode>[A-Za-z0-9-]+)\\))?(?<level>[>#]) ?";

    /**
     * Any IOS prompt, used until the router's hostname is known: {@code edge-a>},
     * {@code edge-a#}, {@code edge-a(config-if)#}, {@code core-b(cfg-ip-expl-path)#}.
     */
    static final Pattern ANY = Pattern.compile("(?<host>[A-Za-z0-9][A-Za-z0-9._-]*)" + TAIL);

    private final String hostname;
    private final Pattern pattern;
    private final String firstLevel;
    private String mode = CliModes.EXEC;

    private IosPrompt(String hostname, String firstLevel) {
        this.hostname = hostname;
        this.pattern = Pattern.compile(Pattern.quote(hostname) + TAIL);
        this.firstLevel = firstLevel;
    }

    /**
     * The prompt of the router whose first prompt is {@code line}.
     *
     * @throws IllegalArgumentException when the line is no IOS prompt
     */
    static IosPrompt first(String line) {
        Matcher m = ANY.matcher(line);
        if (!m.matches()) {
            throw new IllegalArgumentException("not an IOS prompt: " + line);
        }
        return new IosPrompt(m.group("host"), m.group("level"));
    }

    /** {@code >} when the first prompt was in user mode, {@code #} in privileged mode. */
    String firstLevel() {
        return firstLevel;
    }

    /** Whether {@code line} is this router's prompt. */
    boolean matches(String line) {
        return pattern.matcher(line).matches();
    }

    /**
     * Reads a line that may be this router's prompt: its mode becomes the current mode.
     *
     * @return the prompt's level ({@code >} or {@code #}), or null when the line is not this
     *     router's prompt (the mode is then unchanged)
     */
    String read(String line) {
        Matcher m = pattern.matcher(line);
        if (!m.matches()) {
            return null;
        }
        mode = m.group("mode") == null ? CliModes.EXEC : m.group("mode");
        return m.group("level");
    }

    /** The configuration mode of the last prompt ({@code config}, {@code config-if}...), empty in EXEC mode. */
    String mode() {
        return mode;
    }

    /**
     * Why the current mode is not one a line leads to, for the line's answer; empty when it is.
     *
     * @param text the line's answer (blank when the router printed nothing)
     * @param modeBefore the mode the line was typed at
     * @param expected the modes the line leads to
     */
    String problem(String text, String modeBefore, Set<String> expected) {
        if (expected.contains(mode)) {
            return "";
        }
        return "the router " + (text.isBlank() ? "answered nothing" : "showed no error")
                + (mode.equals(modeBefore) ? " but stayed at " : " but went to ") + promptOf(mode)
                + " where " + expected.stream().sorted().map(this::promptOf).collect(Collectors.joining(" or "))
                + " was expected: the command was not accepted";
    }

    /** The prompt of a mode on this router, as IOS shows it: {@code edge-a(config-if)#}. */
    String promptOf(String aMode) {
        return hostname + (aMode.isEmpty() ? "" : "(" + aMode + ")") + "#";
    }
}
