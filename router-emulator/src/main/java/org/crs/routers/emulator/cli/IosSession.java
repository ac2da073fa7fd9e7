package org.crs.routers.emulator.cli;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.ExplicitPath;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.PolicyMap;
import org.crs.routers.emulator.device.PseudowireClass;
import org.crs.routers.emulator.device.Vlan;

/**
 * One CLI session on an emulated router: the current mode and the object being configured,
 * interpreting one line at a time as IOS does. Transport-free: the SSH front end feeds it
 * lines and prints its answers and prompts.
 */
public final class IosSession {

    /**
     * What the router prints after a line, before the next prompt.
     *
     * @param text the answer, each line ending in a newline; empty when IOS prints nothing
     * @param close true when the session ends ({@code exit} from EXEC mode)
     */
    public record Answer(String text, boolean close) {
        static Answer of(String text) {
            return new Answer(text, false);
        }
    }

    private static final int ENABLE_ATTEMPTS = 3;

    final Device device;
    private final CommandSet commands;
    private final String enableSecret;

    Mode mode;
    private boolean awaitingSecret;
    private int secretAttempts;
    private boolean closing;
    /** A question IOS waits on ({@code [confirm]}), answered by the next line; null when none. */
    private Question question;
    private BooleanSupplier saveNeedsConfirmation = () -> false;

    /** A question and what the answer does; returns the text to print. */
    private record Question(String prompt, UnaryOperator<String> answer) {
    }

    Interface currentInterface;
    Vlan currentVlan;
    PolicyMap currentPolicy;
    PolicyMap.PolicyClass currentClass;
    PseudowireClass currentPseudowireClass;
    ExplicitPath currentPath;
    int terminalLength = 24;

    /**
     * @param device the router this session configures
     * @param enableSecret the secret {@code enable} asks for
     * @param privileged true to start in privileged EXEC mode (a privilege-15 login)
     */
    public IosSession(Device device, String enableSecret, boolean privileged) {
        this.device = device;
        this.commands = CommandSet.of(device.profile());
        this.enableSecret = enableSecret;
        this.mode = privileged ? Mode.PRIVILEGED_EXEC : Mode.USER_EXEC;
    }

    /** The prompt IOS shows now, for example {@code edge-a(config-if)#} or {@code Password: }. */
    public String prompt() {
        if (awaitingSecret) {
            return "Password: ";
        }
        if (question != null) {
            return question.prompt();
        }
        return device.hostname() + mode.promptSuffix;
    }

    /** True while the next line is a secret, which a terminal must not echo. */
    public boolean awaitingSecret() {
        return awaitingSecret;
    }

    /** Interprets one line typed at the current prompt. */
    public Answer execute(String line) {
        if (awaitingSecret) {
            return checkSecret(line);
        }
        if (question != null) {
            Question q = question;
            question = null;
            Answer answered;
            long savesBefore;
            long savesAfter;
            synchronized (device) {
                savesBefore = device.saves();
                try {
                    answered = Answer.of(q.answer().apply(line.strip()));
                } finally {
                    device.stepEnded();
                }
                savesAfter = device.saves();
            }
            // A copy to startup-config saves once its question is answered: it takes a save's time.
            if (savesAfter != savesBefore) {
                device.takeTime(device.pace().save());
            }
            return answered;
        }
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("!")) {
            return Answer.of("");
        }
        int promptLength = prompt().length();
        boolean configuring = mode.isConfig();
        Answer answer;
        long savesBefore;
        long savesAfter;
        synchronized (device) {
            savesBefore = device.saves();
            try {
                answer = new Answer(runFiltered(line), closing);
            } catch (IosError e) {
                answer = Answer.of(e.render(promptLength));
            } finally {
                device.stepEnded();
            }
            savesAfter = device.saves();
        }
        // The router's pace (docs/router-emulator.md): the one place a CLI line is slowed down.
        if (savesAfter != savesBefore) {
            device.takeTime(device.pace().save());
        } else if (configuring) {
            device.takeTime(device.pace().line());
        }
        return answer;
    }

    /**
     * Answers a line with IOS's invalid-input error without interpreting it: used to inject
     * a router that refuses a command.
     */
    public Answer refuse(String line) {
        int indent = line.length() - line.stripLeading().length();
        return Answer.of(IosError.invalidAt(indent).render(prompt().length()));
    }

    /**
     * Answers a line the way some releases refuse a command, without a {@code %} line:
     * {@code Command rejected: ...}, nothing applied, the mode unchanged. Used to inject
     * such a release.
     */
    public Answer rejectWithoutPercent(String line) {
        return Answer.of("Command rejected: " + line.strip() + " is not supported on this image.\n");
    }

    /** The lines a page holds ({@code terminal length}); 0 when the output is not paged. */
    public int terminalLength() {
        return terminalLength;
    }

    /**
     * Asks, before each save, whether the router must first ask to overwrite an NVRAM
     * configuration written by another image (see {@code Faults.confirmSaves}).
     */
    public void confirmSavesWhen(BooleanSupplier ask) {
        this.saveNeedsConfirmation = ask;
    }

    /** {@code show ... | include REGEX}: the command, then the filter after the bar. */
    private static final Pattern PIPE = Pattern.compile("^(?<command>.*?\\S)\\s*\\|\\s*(?<filter>\\S+)(?:\\s+(?<regex>.*))?$");
    private static final List<String> FILTERS = List.of("begin", "exclude", "include");

    /**
     * Runs a line with IOS's output filters: {@code | include REGEX} keeps the lines that
     * match, {@code | exclude REGEX} drops them, {@code | begin REGEX} starts at the first
     * that matches. Filters apply to {@code show} (and {@code do show}) commands only; the
     * filter keyword may be abbreviated; the regular expression is the rest of the line.
     */
    private String runFiltered(String line) throws IosError {
        Matcher m = PIPE.matcher(line);
        List<Parser.Word> words = Parser.words(line);
        boolean show = !words.isEmpty() && (isAbbreviation(words.get(0).text(), "show", 2)
                || (mode.isConfig() && words.get(0).text().equalsIgnoreCase("do")));
        if (!show || !m.matches()) {
            return run(line);
        }
        String typed = m.group("filter");
        String keyword = FILTERS.stream().filter(f -> f.startsWith(typed.toLowerCase(Locale.ROOT))).findFirst()
                .orElse(null);
        if (keyword == null) {
            throw IosError.invalidAt(m.start("filter"));
        }
        if (m.group("regex") == null || m.group("regex").isBlank()) {
            throw IosError.incomplete();
        }
        Pattern regex;
        try {
            regex = Pattern.compile(m.group("regex").strip());
        } catch (PatternSyntaxException e) {
            throw IosError.message("%Invalid regular expression");
        }
        String output = run(m.group("command"));
        StringBuilder kept = new StringBuilder();
        boolean begun = false;
        for (String l : output.split("(?<=\n)")) {
            boolean hit = regex.matcher(l.replace("\n", "")).find();
            begun |= hit;
            boolean keep = switch (keyword) {
                case "include" -> hit;
                case "exclude" -> !hit;
                default -> begun;
            };
            if (keep) {
                kept.append(l);
            }
        }
        return kept.toString();
    }

    private static boolean isAbbreviation(String word, String keyword, int minimum) {
        return word.length() >= minimum && keyword.startsWith(word.toLowerCase(Locale.ROOT));
    }

    // Tries the current mode, then (in configuration sub-modes) each enclosing mode, as IOS
    // does: a global command typed in interface mode leaves interface mode and runs.
    private String run(String line) throws IosError {
        List<Parser.Word> words = Parser.words(line);
        if (!mode.isConfig() && words.size() == 1 && isAbbreviation(words.get(0).text(), "show", 2)) {
            throw IosError.showWithoutSubcommand();
        }
        IosError first = null;
        for (Mode m = mode; m != null && (m == mode || m.isConfig()); m = m.parent) {
            Parser.Match match;
            try {
                match = Parser.match(line, commands.in(m));
            } catch (IosError e) {
                // The parse error that got furthest into the line is the one IOS reports.
                if (first == null || (first.column() >= 0 && e.column() > first.column())) {
                    first = e;
                }
                continue;
            }
            if (m != mode) {
                leaveTo(m);
            }
            // A command that parsed is the one meant: its own refusal is the answer.
            return match.command().action.run(this, match.args());
        }
        throw first;
    }

    private Answer checkSecret(String line) {
        awaitingSecret = false;
        if (line.equals(enableSecret)) {
            mode = Mode.PRIVILEGED_EXEC;
            secretAttempts = 0;
            return Answer.of("");
        }
        if (++secretAttempts < ENABLE_ATTEMPTS) {
            awaitingSecret = true;
            return Answer.of("");
        }
        secretAttempts = 0;
        return Answer.of("% Bad secrets\n\n");
    }

    // ---- used by the command classes ----

    void beginEnable() {
        if (mode == Mode.USER_EXEC) {
            awaitingSecret = true;
        }
    }

    void close() {
        closing = true;
    }

    /** Shows {@code prompt} instead of the mode's prompt; the next line is the answer. */
    void ask(String prompt, UnaryOperator<String> answer) {
        question = new Question(prompt, answer);
    }

    /**
     * Saves the running configuration, first asking to overwrite when the router is set to
     * ({@code confirmSavesWhen}): Enter or {@code y} confirms, anything else cancels.
     */
    String save() {
        if (!saveNeedsConfirmation.getAsBoolean()) {
            return saveNow();
        }
        ask("Overwrite the previous NVRAM configuration?[confirm]",
                answer -> answer.isEmpty() || answer.equalsIgnoreCase("y") ? saveNow() : "");
        return "Warning: Attempting to overwrite an NVRAM configuration previously written\n"
                + "by a different version of the system image.\n";
    }

    private String saveNow() {
        device.saveConfig();
        return "Building configuration...\n[OK]\n";
    }

    void enter(Mode next) {
        mode = next;
    }

    /** Leaves sub-modes until {@code target}, forgetting what they were editing. */
    void leaveTo(Mode target) {
        while (mode != target && mode.isConfig()) {
            mode = mode.parent;
        }
        if (!mode.isConfig() || mode == Mode.CONFIG) {
            currentInterface = null;
            currentVlan = null;
            currentPolicy = null;
            currentPseudowireClass = null;
            currentPath = null;
        }
        if (mode != Mode.CONFIG_PMAP_C) {
            currentClass = null;
        }
    }

    /** {@code exit}: one mode up; from EXEC mode, end the session. */
    void exit() {
        if (mode.isConfig()) {
            leaveTo(mode.parent);
        } else {
            close();
        }
    }

    /** {@code end} (or Ctrl-Z): back to privileged EXEC mode. */
    void end() {
        leaveTo(Mode.PRIVILEGED_EXEC);
    }

    /** Runs an EXEC command from configuration mode ({@code do ...}). */
    String runExec(String line) throws IosError {
        Parser.Match match = Parser.match(line, commands.in(Mode.PRIVILEGED_EXEC));
        return match.command().action.run(this, match.args());
    }
}
