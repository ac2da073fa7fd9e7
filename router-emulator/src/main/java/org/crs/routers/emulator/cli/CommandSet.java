package org.crs.routers.emulator.cli;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.crs.routers.emulator.device.Profile;

/** The commands each mode accepts on one device profile. */
final class CommandSet {

    private final Map<Mode, List<Command>> byMode = new EnumMap<>(Mode.class);

    /** Registers a command in one or more modes. */
    void add(String syntax, Command.Action action, Mode... modes) {
        Command c = new Command(syntax, action);
        for (Mode m : modes) {
            byMode.computeIfAbsent(m, k -> new ArrayList<>()).add(c);
        }
    }

    List<Command> in(Mode mode) {
        return byMode.getOrDefault(mode, List.of());
    }

    private static final Map<Profile, CommandSet> CACHE = new EnumMap<>(Profile.class);

    /** The command set of a profile, built once. */
    static synchronized CommandSet of(Profile profile) {
        return CACHE.computeIfAbsent(profile, p -> {
            CommandSet set = new CommandSet();
            ExecCommands.register(set, p);
            ShowCommands.register(set, p);
            ConfigCommands.register(set, p);
            InterfaceCommands.register(set, p);
            QosCommands.register(set, p);
            if (p == Profile.C7600) {
                SwitchingCommands.register(set);
            }
            MplsCommands.register(set, p);
            return set;
        });
    }
}
