package org.crs.routers.driver;

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
 * The first round warms up the JVM (class loading, SSH key exchange code) and is not printed.
 */
public final class DriverTiming {

    private DriverTiming() {
    }

    public static void main(String[] args) throws Exception {
        VlanSegment vlan = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1", "TenGigabitEthernet2/1");
        PseudowireSegment pw = new PseudowireSegment(42, 100_000_000L, 1234, "GigabitEthernet3/0", "10.0.0.9",
                List.of("10.0.0.5", "10.0.0.9"));
        try (Lab lab = Lab.start()) {
            DeviceLog log = lab.deviceLog();
            Cisco7600CliDriver edgeCli = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), CliTimeouts.DEFAULTS, log);
            Cisco12000CliDriver coreCli = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), CliTimeouts.DEFAULTS, log);
            Cisco7600SnmpDriver edgeV2c = new Cisco7600SnmpDriver(lab.endpoint(Lab.EDGE), SnmpTimeouts.DEFAULTS, log);
            Cisco7600SnmpDriver edgeV3 = new Cisco7600SnmpDriver(lab.endpointV3(Lab.EDGE), SnmpTimeouts.DEFAULTS, log);

            for (int round = 0; round < 2; round++) {
                boolean print = round == 1;
                time(print, "7600 CLI", edgeCli, vlan, lab);
                time(print, "12000 CLI", coreCli, pw, lab);
                time(print, "7600 SNMPv2c", edgeV2c, vlan, lab);
                time(print, "7600 SNMPv3", edgeV3, vlan, lab);
            }
        }
    }

    private static <S extends CircuitSegment> void time(boolean print, String name, RouterDriver<S> driver, S segment,
                                                       Lab lab) throws DriverException {
        lab.clearLog();
        long t0 = System.nanoTime();
        driver.setUp(segment);
        long t1 = System.nanoTime();
        int setUpExchanges = lab.entries().size();
        driver.tearDown(segment);
        long t2 = System.nanoTime();
        int tearDownExchanges = lab.entries().size() - setUpExchanges;
        if (print) {
            System.out.printf("%-13s set-up %5d ms (%3d exchanges)   tear-down %5d ms (%3d exchanges)%n", name,
                    (t1 - t0) / 1_000_000, setUpExchanges, (t2 - t1) / 1_000_000, tearDownExchanges);
        }
    }
}
