package org.crs.routers.driver.cli;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What a router answered to one command line: the text between the echoed command and the
 * next prompt.
 *
 * @param command the line sent (for the enable secret: {@code <secret>})
 * @param text the answer, without the echo and the prompt; often empty
 * @param failed true when IOS refused the line: a line of the answer starts with {@code %}
 *     or with {@code Command rejected}, or the prompt after it is not in the mode the line
 *     leads to. IOS has no exit status, so these are the only signals.
 * @param mode the configuration mode of the prompt that followed, for example
 *     {@code config-if}, or empty in exec mode
 * @param modeProblem why the prompt's mode shows the line was not accepted, in operators'
 *     words; empty when the mode is the one expected
 */
public record CliAnswer(String command, String text, boolean failed, String mode, String modeProblem) {

    /** An answer whose mode was not checked. */
    public CliAnswer(String command, String text, boolean failed, String mode) {
        this(command, text, failed, mode, "");
    }

    /** Whether a router's answer reports an error, by IOS's conventions. */
    public static boolean isError(String answer) {
        return answer.lines().map(String::stripLeading)
                .anyMatch(l -> l.startsWith("%") || l.startsWith("Command rejected"));
    }

    /**
     * The error lines of a failed answer (the {@code %} and {@code Command rejected} lines),
     * else the mode problem, else the whole answer.
     */
    public String errorText() {
        List<String> errors = text.lines().map(String::strip)
                .filter(l -> l.startsWith("%") || l.startsWith("Command rejected"))
                .collect(Collectors.toList());
        if (!errors.isEmpty()) {
            return String.join(" ", errors);
        }
        return modeProblem.isEmpty() ? text.strip() : modeProblem;
    }
}
