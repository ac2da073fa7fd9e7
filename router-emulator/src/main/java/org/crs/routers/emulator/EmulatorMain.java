package org.crs.routers.emulator;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the router emulator as a program:
 * {@code java -jar router-emulator.jar deploy/emulator/demo-routers.yaml}.
 * Prints each router's ports and runs until interrupted.
 */
public final class EmulatorMain {

    private EmulatorMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || args[0].startsWith("-")) {
            System.err.println("usage: router-emulator <inventory.yaml>");
            System.exit(2);
        }
        Inventory inventory;
        try {
            inventory = Inventory.load(Path.of(args[0]));
        } catch (IllegalArgumentException e) {
            System.err.println("bad inventory: " + e.getMessage());
            System.exit(2);
            return;
        }
        RouterEmulator emulator = RouterEmulator.start(inventory);
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
        System.out.println("router emulator running; Ctrl-C stops it");
        stopped.await();
    }
}
