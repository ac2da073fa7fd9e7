package org.crs.routers.emulator.cli;

import static org.crs.routers.emulator.cli.Mode.CONFIG;
import static org.crs.routers.emulator.cli.Mode.PRIVILEGED_EXEC;
import static org.crs.routers.emulator.cli.Mode.USER_EXEC;

import org.crs.routers.emulator.device.Profile;

/** EXEC-mode commands: enable, terminal settings, entering configuration, saving it. */
final class ExecCommands {

    private ExecCommands() {
    }

    static void register(CommandSet set, Profile profile) {
        set.add("enable", (s, a) -> {
            s.beginEnable();
            return "";
        }, USER_EXEC, PRIVILEGED_EXEC);
        set.add("disable", (s, a) -> {
            s.enter(USER_EXEC);
            return "";
        }, PRIVILEGED_EXEC);
        set.add("{exit|logout|quit}", (s, a) -> {
            s.close();
            return "";
        }, USER_EXEC, PRIVILEGED_EXEC);
        set.add("terminal length <0-512>", (s, a) -> {
            s.terminalLength = (int) a.number(0);
            return "";
        }, USER_EXEC, PRIVILEGED_EXEC);
        // "s" is ambiguous on IOS (show, systat, ssh, send...): systat keeps it so here.
        set.add("systat", (s, a) -> ShowCommands.users(), USER_EXEC, PRIVILEGED_EXEC);
        set.add("terminal width <0-512>", (s, a) -> "", USER_EXEC, PRIVILEGED_EXEC);
        set.add("terminal no monitor", (s, a) -> "", USER_EXEC, PRIVILEGED_EXEC);
        set.add("configure terminal", (s, a) -> {
            s.enter(CONFIG);
            return "Enter configuration commands, one per line.  End with CNTL/Z.\n";
        }, PRIVILEGED_EXEC);
        set.add("write [memory]", (s, a) -> s.save(), PRIVILEGED_EXEC);
        // copy asks for the destination first, as IOS does; Enter takes the default.
        set.add("copy running-config startup-config", (s, a) -> {
            s.ask("Destination filename [startup-config]? ", answer ->
                    answer.isEmpty() || answer.equals("startup-config") ? s.save()
                            : "%Error opening " + answer + " (Invalid argument)\n");
            return "";
        }, PRIVILEGED_EXEC);
    }
}
