package org.crs.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import org.crs.routers.emulator.EmulatedRouter;
import org.crs.bar.reservation.BarSettings;

/**
 * The demo: a federation of two sites (site-a and site-b, each with its BAR, its L-NSAP and an
 * emulated 7600) joined by the NSAP's WAN of emulated 12000s with two paths between the sites,
 * every service on its own embedded HSQLDB, in one process, on 127.0.0.1. The BAR of site-a
 * answers at http://127.0.0.1:8080/services/ReservationService. Run from the repository root:
 * {@code deploy/run-demo.sh [DATA-FOLDER] [--minimum-seconds N]}.
 */
public final class Demo {

    /** The demo accepts bookings this short, so one can be watched from start to end. */
    static final Duration DEFAULT_MINIMUM = Duration.ofSeconds(10);

    private Demo() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of("target/crs-demo");
        Duration minimum = DEFAULT_MINIMUM;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--minimum-seconds") && i + 1 < args.length) {
                minimum = Duration.ofSeconds(Long.parseLong(args[++i]));
            } else {
                data = Path.of(args[i]);
            }
        }
        data = data.toAbsolutePath();
        Files.createDirectories(data);
        Federation federation = Federation.start(new Federation.Options(Path.of("").toAbsolutePath(),
                Federation.Options.hsqldbFiles(data), true, BarSettings.defaults().withMinimumDuration(minimum),
                Duration.ofSeconds(10), Clock.systemUTC()));

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            federation.close();
            stopped.countDown();
        }));

        System.out.println();
        System.out.println("CRS demo running (data in " + data + "); Ctrl-C stops it.");
        System.out.println("Emulated routers (ssh crs@127.0.0.1 -p PORT, password crs-demo-password):");
        for (EmulatedRouter r : federation.emulator().routers()) {
            System.out.printf("  %-8s %-6s ssh %d  snmp %d%n", r.hostname(), r.profile().name().substring(1), r.sshPort(),
                    r.snmpPort());
        }
        System.out.println("Services (WSDL):");
        for (String site : Federation.SITES) {
            System.out.printf("  BAR %-10s %s%n", site, federation.bar(site).wsdlUrl());
        }
        for (String site : Federation.SITES) {
            System.out.printf("  L-NSAP %-7s %s%n", site, federation.lnsap(site).wsdlUrl());
        }
        System.out.printf("  NSAP (WAN)     %s%n", federation.nsap().wsdlUrl());
        System.out.println("Bookable endpoints: " + String.join(", ", federation.bar("site-a").service().endpoints()));
        System.out.println("Shortest booking accepted: " + minimum.toSeconds() + " s");
        stopped.await();
    }
}
