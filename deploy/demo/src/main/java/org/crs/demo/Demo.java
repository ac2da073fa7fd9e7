package org.crs.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.server.BarPolicy;
import org.crs.bar.service.ReservationService;

/**
 * The demo: a federation of two sites (site-a and site-b, each with its BAR, its L-NSAP and an
 * emulated 7600) joined by the NSAP's WAN of emulated 12000s with two paths between the sites,
 * every service on its own embedded HSQLDB, in one process, on 127.0.0.1. The BAR of site-a
 * answers at http://127.0.0.1:8080/services/ReservationService. Run from the repository root:
 * {@code deploy/run-demo.sh [DATA-FOLDER] [--minimum-seconds N] [--routers-apart] [--any-ports]
 * [--inventory FILE] [--dry-run-routers] [--nsi-domain]}.
 *
 * <p>With {@code --nsi-domain} a second, separate CRS domain runs beside the federation
 * ({@link NsiDomain}): domain-c, with its own BAR (8085, TLS 8447), L-NSAP (8087), emulated 7600
 * edge-c (always in this process), CA and databases, linked to the federation only by NSI through
 * the hand-off between edge-a and edge-c. site-a's BAR publishes its STPs and books
 * {@code domain-c:host-c1} (to host-c4) from domain-c's NSI provider.
 *
 * <p>With {@code --routers-apart} the routers run in an emulator process of their own, with
 * their state in {@code DATA-FOLDER/routers}, which outlives the demo ({@link RoutersApart}).
 * {@code --any-ports} puts the services (and routers in process) on free ports, printed at
 * start; {@code --inventory} names another routers' inventory. With {@code --dry-run-routers} no
 * router is emulated: every router of the inventory is on the dry-run driver, which sends nothing
 * and writes the commands it would send to the L-NSAPs' and the NSAP's device logs, marked
 * {@code DRY_RUN} (docs/router-drivers.md).
 *
 * <p>The services trust each other by certificate, as in production: at its first start the
 * demo makes a CA and one certificate per service in {@code DATA-FOLDER/certificates}
 * ({@link DemoCertificates}) and reuses them afterwards. The L-NSAPs (8081, 8082) and the NSAP
 * (8090) speak only TLS and require a client certificate; each BAR answers people in plain HTTP
 * (8080, 8083) and the other services over TLS (8443, 8446).
 */
public final class Demo {

    /** The demo accepts bookings this short, so one can be watched from start to end. */
    static final Duration DEFAULT_MINIMUM = Duration.ofSeconds(10);

    /** The line printed once every service answers. */
    static final String READY = "CRS demo running";

    private Demo() {
    }

    /**
     * The demo's federation: every service on a file HSQLDB under {@code data}, the certificates
     * in {@code data/certificates}, the demo's approval rule ({@link Federation#DEMO_APPROVAL})
     * and no quotas; the accounts of {@link DemoAccounts} are seeded at each BAR.
     *
     * @param repository the repository root (deploy/ is read from it)
     * @param data where the services keep their databases and certificates
     * @param demoPorts listen on the demo's fixed ports (site-a's BAR at 8080) rather than free ones
     * @param minimum the shortest booking the BARs accept
     * @param routers where the emulated routers run
     */
    public static Federation.Options options(Path repository, Path data, boolean demoPorts, Duration minimum,
                                             FederationRouters routers) {
        return new Federation.Options(repository, Federation.Options.hsqldbFiles(data), demoPorts,
                BarSettings.defaults().withMinimumDuration(minimum), Duration.ofSeconds(10), Clock.systemUTC(), routers,
                DemoCertificates.inFolder(data.resolve("certificates")))
                .withPolicy(BarPolicy.of(Federation.DEMO_APPROVAL, Quotas.none()));
    }

    /**
     * The demo's federation as {@code deploy/run-demo.sh} starts it, on free ports, with the
     * routers in this process: what tests drive as a person would drive the demo.
     */
    public static Federation.Options onFreePorts(Path repository, Path data) {
        return options(repository, data, false, DEFAULT_MINIMUM, FederationRouters.inProcess());
    }

    public static void main(String[] args) throws Exception {
        DemoCertificates.quickStoresInThisProcess();
        Path data = Path.of("target/crs-demo");
        Duration minimum = DEFAULT_MINIMUM;
        boolean routersApart = false;
        boolean dryRun = false;
        boolean demoPorts = true;
        boolean nsiDomain = false;
        Path inventory = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--minimum-seconds") && i + 1 < args.length) {
                minimum = Duration.ofSeconds(Long.parseLong(args[++i]));
            } else if (args[i].equals("--routers-apart")) {
                routersApart = true;
            } else if (args[i].equals("--dry-run-routers")) {
                dryRun = true;
            } else if (args[i].equals("--any-ports")) {
                demoPorts = false;
            } else if (args[i].equals("--nsi-domain")) {
                nsiDomain = true;
            } else if (args[i].equals("--inventory") && i + 1 < args.length) {
                inventory = Path.of(args[++i]).toAbsolutePath();
            } else if (args[i].startsWith("--")) {
                System.err.println("unknown option " + args[i] + "; usage: run-demo.sh [DATA-FOLDER] [--minimum-seconds N]"
                        + " [--routers-apart] [--any-ports] [--inventory FILE] [--dry-run-routers] [--nsi-domain]");
                System.exit(2);
            } else {
                data = Path.of(args[i]);
            }
        }
        data = data.toAbsolutePath();
        Files.createDirectories(data);
        List<String> services = new java.util.ArrayList<>(DemoCertificates.SERVICES);
        if (nsiDomain) {
            services.addAll(DemoCertificates.DOMAIN_C_SERVICES);
        }
        Optional<List<Path>> staleLocks = DataFolderLock.take(data, services);
        if (staleLocks.isEmpty()) {
            System.err.println("Another demo is using " + data + ": stop it first, or give this one another data folder.");
            System.exit(1);
        }
        if (!staleLocks.get().isEmpty()) {
            System.out.println("The last demo on " + data + " stopped abruptly: its database locks are removed ("
                    + staleLocks.get().size() + "); each database replays its log.");
        }
        if (routersApart && dryRun) {
            System.err.println("--routers-apart and --dry-run-routers exclude each other: dry-run routers are not emulated");
            System.exit(2);
        }
        FederationRouters routers = dryRun ? FederationRouters.dryRun(inventory)
                : routersApart ? FederationRouters.apart(inventory, data.resolve("routers"))
                : new FederationRouters(inventory, FederationRouters.Placement.IN_PROCESS, null);
        Federation.Options federationOptions = options(Path.of("").toAbsolutePath(), data, demoPorts, minimum, routers);
        // domain-c first: it calls nothing of the federation, and site-a's BAR is given its provider's address.
        Optional<NsiDomain> domainC = nsiDomain ? Optional.of(NsiDomain.start(NsiDomain.Options.beside(federationOptions)))
                : Optional.empty();
        Federation federation;
        try {
            federation = domainC.isPresent() ? domainC.get().startFederation(federationOptions)
                    : Federation.start(federationOptions);
        } catch (Exception | Error e) {
            domainC.ifPresent(NsiDomain::close);
            throw e;
        }
        Optional<RoutersApart> apart = federation.routersApart();

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            federation.close();
            domainC.ifPresent(NsiDomain::close);
            apart.ifPresent(r -> System.out.println("The routers keep running with their configuration (pid " + r.pid()
                    + ", state in " + r.stateFolder() + "); the next demo finds them. To stop them: " + r.howToStop()));
            stopped.countDown();
        }));

        System.out.println();
        System.out.println(READY + " (data in " + data + "); Ctrl-C stops it.");
        Path inventoryFile = inventory != null ? inventory : Path.of("deploy/emulator/demo-routers.yaml");
        if (dryRun) {
            System.out.println("Routers on the dry-run driver, nothing is sent to them (their would-be commands are in"
                    + " the device logs, marked DRY_RUN): "
                    + String.join(", ", Inventory.load(inventoryFile).routers().stream().map(Inventory.Router::hostname).toList()));
        } else if (apart.isPresent()) {
            System.out.println("Emulated routers (ssh crs@127.0.0.1 -p PORT, password crs-demo-password):");
            RoutersApart r = apart.get();
            for (Inventory.Router router : Inventory.load(inventoryFile).routers()) {
                System.out.printf("  %-8s %-6s ssh %d  snmp %d%n", router.hostname(), router.profile(), router.sshPort(),
                        router.snmpPort());
            }
            System.out.println("  in their own process, pid " + r.pid() + (r.reused() ? ", already running" : ", started now")
                    + "; state in " + r.stateFolder() + ". They outlive the demo: " + r.howToStop() + " stops them.");
        } else {
            System.out.println("Emulated routers (ssh crs@127.0.0.1 -p PORT, password crs-demo-password):");
            for (EmulatedRouter r : federation.emulator().routers()) {
                System.out.printf("  %-8s %-6s ssh %d  snmp %d%n", r.hostname(), r.profile().name().substring(1), r.sshPort(),
                        r.snmpPort());
            }
        }
        System.out.println("Reservation browser (sign in with an account below):");
        for (String site : Federation.SITES) {
            System.out.printf("  %-10s %s/   JSON API %s (OpenAPI: %s/openapi.json)%n", site,
                    federation.bar(site).apiUrl().resolve("/").toString().replaceAll("/$", ""), federation.bar(site).apiUrl(),
                    federation.bar(site).apiUrl());
        }
        System.out.println("Services (WSDL):");
        for (String site : Federation.SITES) {
            System.out.printf("  BAR %-10s %s%n", site, federation.bar(site).wsdlUrl());
        }
        for (String site : Federation.SITES) {
            System.out.printf("  L-NSAP %-7s %s   (TLS, client certificate required)%n", site, federation.lnsap(site).wsdlUrl());
        }
        System.out.printf("  NSAP (WAN)     %s   (TLS, client certificate required)%n", federation.nsap().wsdlUrl());
        for (String site : Federation.SITES) {
            System.out.printf("  BAR %-10s %s   (TLS for the other services)%n", site,
                    federation.bar(site).tlsPeerUrl().orElseThrow());
        }
        System.out.println("Certificates (CA, trust store, one key store per service; password "
                + DemoCertificates.PASSWORD + "): " + federation.certificates().folder());
        for (String site : Federation.SITES) {
            System.out.printf("  Operators %-4s %s%n", site, federation.bar(site).operatorWsdlUrl());
        }
        System.out.println("Bookings over 500 Mbit/s wait for an operator's approval (OperatorService) until their start.");
        System.out.println("Accounts (HTTP Basic; the same at both BARs):");
        for (DemoAccounts.DemoAccount a : DemoAccounts.ACCOUNTS) {
            System.out.printf("  %-6s password %-11s %-8s %s%n", a.name(), a.password(), a.role(),
                    (a.group().isEmpty() ? "" : "group " + a.group()) + (a.home().isEmpty() ? "" : ", at " + a.home()));
        }
        domainC.ifPresent(Demo::printDomainC);
        System.out.println("Bookable endpoints: " + String.join(", ", federation.bar("site-a").service().endpoints(ReservationService.ITSELF)));
        System.out.println("Shortest booking accepted: " + minimum.toSeconds() + " s");
        stopped.await();
    }

    /** What the demo prints of domain-c: its router, services, NSI addresses and certificates. */
    private static void printDomainC(NsiDomain domain) {
        System.out.println("domain-c, a second CRS domain linked to site-a over NSI only (hand-off edge-a"
                + " TenGigabitEthernet2/2 = edge-c TenGigabitEthernet2/2, VLANs 3000-3099):");
        for (EmulatedRouter r : domain.emulator().routers()) {
            System.out.printf("  %-8s %-6s ssh %d  snmp %d%n", r.hostname(), r.profile().name().substring(1), r.sshPort(),
                    r.snmpPort());
        }
        System.out.printf("  BAR domain-c   %s   browser %s/%n", domain.bar().wsdlUrl(),
                domain.bar().apiUrl().resolve("/").toString().replaceAll("/$", ""));
        System.out.printf("  L-NSAP domain-c %s   (TLS, client certificate required)%n", domain.lnsap().wsdlUrl());
        System.out.printf("  NSI provider   %s   (site-a's BAR, by its certificate, as account %s)%n", domain.providerUrl(),
                NsiDomain.SITE_A_ACCOUNT);
        System.out.printf("  NSI discovery  %s%n", domain.discoveryUrl());
        System.out.println("  Certificates (its own CA): " + domain.certificates().folder());
        System.out.println("  Book site-a:host-a1 to domain-c:host-c1 at site-a's BAR; domain-c's part is booked over NSI.");
    }
}
