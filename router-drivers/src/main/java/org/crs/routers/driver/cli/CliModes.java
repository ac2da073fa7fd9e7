package org.crs.routers.driver.cli;

import java.util.Locale;
import java.util.Set;

/**
 * The IOS configuration mode a command line leads to, as the prompt names it
 * ({@code config}, {@code config-if}, {@code config-pmap-c}...; empty in EXEC mode), so that
 * a session can tell a command that was silently ignored from one that worked.
 *
 * <p>Some IOS releases refuse a command without a {@code %} line: they answer
 * {@code Command rejected: ...}, or print nothing at all and stay in the mode they were in.
 * The next line then runs in the wrong mode and fails, and the failure would be blamed on
 * it. Checking the prompt after every line catches the refusal at the line that caused it.
 *
 * <p>The table covers the commands the CRS drivers send (Cisco 7600 on 12.2(33)SR, Cisco
 * 12000 on 12.0(33)S): any other line is expected to leave the mode as it was. Where IOS
 * releases differ ({@code police} with its actions on one line stays in
 * {@code config-pmap-c}, without them enters {@code config-pmap-c-police}; {@code xconnect}
 * enters {@code config-if-xconn} on later releases), every mode a release may show is
 * accepted.
 */
final class CliModes {

    /** Global configuration mode. */
    static final String CONFIG = "config";
    /** Privileged (and user) EXEC mode: the prompt has no mode in parentheses. */
    static final String EXEC = "";

    private CliModes() {
    }

    /**
     * The modes the prompt may show after {@code command} was accepted in {@code mode}.
     *
     * @param mode the mode of the prompt the command was typed at
     * @param command the line sent
     */
    static Set<String> after(String mode, String command) {
        String[] w = command.strip().toLowerCase(Locale.ROOT).split("\\s+");
        String first = w[0];
        if (first.isEmpty() || first.equals("no") || first.equals("do") || first.equals("default")) {
            return Set.of(mode);
        }
        if (mode.equals(EXEC)) {
            return isKeyword(first, "configure", 4) && w.length >= 2 && isKeyword(w[1], "terminal", 1)
                    ? Set.of(CONFIG) : Set.of(EXEC);
        }
        if (first.equals("end")) {
            return Set.of(EXEC);
        }
        if (first.equals("exit")) {
            return Set.of(parent(mode));
        }
        if (isKeyword(first, "interface", 3) && w.length >= 2) {
            if (isKeyword(w[1], "range", 1)) {
                return Set.of("config-if-range");
            }
            return Set.of(String.join("", java.util.Arrays.copyOfRange(w, 1, w.length)).contains(".")
                    ? "config-subif" : "config-if");
        }
        if (first.equals("vlan") && w.length == 2 && Character.isDigit(w[1].charAt(0))) {
            return Set.of("config-vlan");
        }
        if (first.equals("policy-map") && w.length >= 2) {
            return Set.of("config-pmap");
        }
        if (first.equals("class-map") && w.length >= 2) {
            return Set.of("config-cmap");
        }
        if (first.equals("class") && (mode.equals("config-pmap") || mode.startsWith("config-pmap-c"))) {
            return Set.of("config-pmap-c");
        }
        if (first.equals("police") && mode.startsWith("config-pmap-c")) {
            return Set.of("config-pmap-c", "config-pmap-c-police");
        }
        if (first.equals("pseudowire-class") && w.length >= 2) {
            return Set.of("config-pw-class");
        }
        if (first.equals("ip") && w.length >= 3 && w[1].equals("explicit-path")) {
            return Set.of("cfg-ip-expl-path");
        }
        if (first.equals("xconnect")) {
            return Set.of(mode, mode.equals("config-subif") ? "config-subif-xconn" : "config-if-xconn");
        }
        return Set.of(mode);
    }

    /** The mode {@code exit} returns to. */
    static String parent(String mode) {
        return switch (mode) {
            case EXEC, CONFIG -> EXEC;
            case "config-pmap-c" -> "config-pmap";
            case "config-pmap-c-police" -> "config-pmap-c";
            case "config-if-xconn" -> "config-if";
            case "config-subif-xconn" -> "config-subif";
            default -> CONFIG;
        };
    }

    /** True when {@code word} abbreviates {@code keyword} with at least {@code minimum} letters. */
    private static boolean isKeyword(String word, String keyword, int minimum) {
        return word.length() >= minimum && keyword.startsWith(word);
    }
}
