package org.crs.routers.driver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;
import org.crs.routers.driver.snmp.SnmpTimeouts;

/**
 * Times one set-up and one tear-down through each driver against the emulated lab routers
 * and prints the milliseconds. Run by hand; the emulator must be in the local repository
 * first, as {@code exec:java} with {@code -am} would try to run the class in every module:
 *
 * <pre>
 * mvn -o -q install -DskipTests -pl router-emulator -am
 * mvn -o -pl router-drivers test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.crs.routers.driver.DriverTiming
 * </pre>
 *
 * A warm-up round (class loading, SSH key exchange code) is not counted; the figures are the
 * median and the worst of 20 rounds.
 */
public final class DriverTiming {

    private static final int ROUNDS = 20;

    private DriverTiming() {
    }

    public static void main(String[] args) throws Exception {
        VlanSegment vlan = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1", "TenGigabitEthernet2/1");
        PseudowireSegment pw = new PseudowireSegment(42, 100_000_000L, 1234, "GigabitEthernet3/0", "10.0.0.9",
                List.of("10.0.0.5", "10.0.0.9"));
        try (Lab lab = Lab.start()) {
            DeviceLog log = lab.deviceLog();
            List<Runner<?>> runners = List.of(
                    new Runner<>("7600 CLI", new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), CliTimeouts.DEFAULTS, log), vlan),
                    new Runner<>("12000 CLI", new Cisco12000CliDriver(lab.endpoint(Lab.CORE), CliTimeouts.DEFAULTS, log), pw),
                    new Runner<>("7600 SNMPv2c", new Cisco7600SnmpDriver(lab.endpoint(Lab.EDGE), SnmpTimeouts.DEFAULTS, log), vlan),
                    new Runner<>("7600 SNMPv3", new Cisco7600SnmpDriver(lab.endpointV3(Lab.EDGE), SnmpTimeouts.DEFAULTS, log), vlan));
            for (Runner<?> r : runners) {
                r.once(lab); // warm-up: class loading, key exchange code, JIT
            }
            for (int round = 0; round < ROUNDS; round++) {
                for (Runner<?> r : runners) {
                    r.once(lab);
                }
            }
            System.out.printf("one set-up and one tear-down against the emulator, %d rounds after a warm-up%n", ROUNDS);
            System.out.printf("%-13s %-26s %-26s %s%n", "driver", "set-up median / max", "tear-down median / max",
                    "exchanges (set-up, tear-down)");
            for (Runner<?> r : runners) {
                r.print();
            }
        }
    }

    /** Times one driver on one segment, round after round. */
    private static final class Runner<S extends CircuitSegment> {
        private final String name;
        private final RouterDriver<S> driver;
        private final S segment;
        private final List<Long> setUps = new ArrayList<>();
        private final List<Long> tearDowns = new ArrayList<>();
        private int setUpExchanges;
        private int tearDownExchanges;

        Runner(String name, RouterDriver<S> driver, S segment) {
            this.name = name;
            this.driver = driver;
            this.segment = segment;
        }

        void once(Lab lab) throws DriverException {
            lab.clearLog();
            long t0 = System.nanoTime();
            driver.setUp(segment);
            long t1 = System.nanoTime();
            setUpExchanges = lab.entries().size();
            driver.tearDown(segment);
            long t2 = System.nanoTime();
            tearDownExchanges = lab.entries().size() - setUpExchanges;
            setUps.add((t1 - t0) / 1_000_000);
            tearDowns.add((t2 - t1) / 1_000_000);
        }

        void print() {
            // The first entry is the warm-up.
            List<Long> up = new ArrayList<>(setUps.subList(1, setUps.size()));
            List<Long> down = new ArrayList<>(tearDowns.subList(1, tearDowns.size()));
            Collections.sort(up);
            Collections.sort(down);
            System.out.printf("%-13s %8d ms / %5d ms       %8d ms / %5d ms       %d, %d%n", name,
                    up.get(up.size() / 2), up.get(up.size() - 1), down.get(down.size() / 2), down.get(down.size() - 1),
                    setUpExchanges, tearDownExchanges);
        }
    }
}
