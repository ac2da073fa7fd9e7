package org.crs.routers.emulator.cli;

import java.util.List;

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
                answer = new Answer(run(line), closing);
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

    // Tries the current mode, then (in configuration sub-modes) each enclosing mode, as IOS
    // does: a global command typed in interface mode leaves interface mode and runs.
    private String run(String line) throws IosError {
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
