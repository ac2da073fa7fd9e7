package org.crs.routers.emulator;

import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the router emulator as a program:
 * {@code java -jar router-emulator.jar deploy/emulator/demo-routers.yaml [--state DIR]}.
 * Prints each router's ports and runs until interrupted. With {@code --state DIR}, each
 * router keeps its state in DIR: it saves it there after every change and comes back from
 * it at the next start.
 */
public final class EmulatorMain {

    /** The line printed once every router listens. */
    public static final String READY = "router emulator running; Ctrl-C stops it";

    private static final String USAGE = "usage: router-emulator <inventory.yaml> [--state DIR]";

    private EmulatorMain() {
    }

    public static void main(String[] args) throws Exception {
        Path inventoryFile = null;
        Path stateFolder = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--state") && i + 1 < args.length) {
                stateFolder = Path.of(args[++i]);
            } else if (args[i].startsWith("-") || inventoryFile != null) {
                System.err.println(USAGE);
                System.exit(2);
                return;
            } else {
                inventoryFile = Path.of(args[i]);
            }
        }
        if (inventoryFile == null) {
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        Inventory inventory;
        try {
            inventory = Inventory.load(inventoryFile);
        } catch (IllegalArgumentException e) {
            System.err.println("bad inventory: " + e.getMessage());
            System.exit(2);
            return;
        }
        RouterEmulator emulator;
        try {
            emulator = RouterEmulator.start(inventory, Clock.systemUTC(), stateFolder);
        } catch (IllegalArgumentException e) {
            System.err.println("cannot start the routers: " + e.getMessage());
            System.exit(2);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                emulator.close();
            } catch (Exception e) {
                System.err.println("stopping: " + e);
            }
            stopped.countDown();
        }));
        for (EmulatedRouter r : emulator.routers()) {
            System.out.printf("%-12s %-6s ssh %s:%d  snmp %s%n", r.hostname(), r.profile() == null ? "" : r.profile().name().substring(1),
                    RouterEmulator.HOST, r.sshPort(), r.snmpPort() < 0 ? "off" : RouterEmulator.HOST + ":" + r.snmpPort());
        }
        if (stateFolder != null) {
            System.out.println("state kept in " + stateFolder.toAbsolutePath());
        }
        System.out.println(READY);
        stopped.await();
    }
}
