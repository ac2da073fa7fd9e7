package org.crs.routers.emulator;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Emulates every router of an inventory in this process, each with its own SSH and SNMP
 * port on 127.0.0.1. The in-process API for tests and the demo; {@link EmulatorMain} runs
 * it as a program.
 */
public final class RouterEmulator implements AutoCloseable {

    /** The only address the emulator listens on. */
    public static final String HOST = "127.0.0.1";

    private final Map<String, EmulatedRouter> routers = new LinkedHashMap<>();

    private RouterEmulator() {
    }

    /** Boots every router of the inventory and starts its servers. */
    public static RouterEmulator start(Inventory inventory) throws IOException {
        return start(inventory, Clock.systemUTC());
    }

    /** As {@link #start(Inventory)}, with the clock that drives uptime and traffic counters. */
    public static RouterEmulator start(Inventory inventory, Clock clock) throws IOException {
        return start(inventory, clock, null);
    }

    /**
     * Boots every router of the inventory with its state kept in {@code stateFolder}: each
     * router saves its running and startup configurations to {@code <hostname>.yaml} there
     * after every change, and a router whose file exists comes back from it rather than from
     * the inventory's boot configuration.
     *
     * @param stateFolder where the routers keep their state (created if missing), or null to keep none
     * @throws IllegalArgumentException if a state file cannot be loaded; the message names it
     */
    public static RouterEmulator start(Inventory inventory, Clock clock, Path stateFolder) throws IOException {
        RouterEmulator emulator = new RouterEmulator();
        try {
            for (Inventory.Router spec : inventory.routers()) {
                RouterStateFile state = stateFolder == null ? null : new RouterStateFile(stateFolder, spec.hostname());
                emulator.routers.put(spec.hostname(),
                        new EmulatedRouter(spec, inventory.credentialsOf(spec), HOST, clock, state));
            }
        } catch (IOException | RuntimeException e) {
            emulator.close();
            throw e;
        }
        return emulator;
    }

    /** The router with this hostname. */
    public EmulatedRouter router(String hostname) {
        EmulatedRouter r = routers.get(hostname);
        if (r == null) {
            throw new IllegalArgumentException("no emulated router " + hostname + "; have " + routers.keySet());
        }
        return r;
    }

    public List<EmulatedRouter> routers() {
        return Collections.unmodifiableList(new ArrayList<>(routers.values()));
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (EmulatedRouter r : routers.values()) {
            try {
                r.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
