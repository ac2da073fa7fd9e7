package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.crs.domain.access.Caller;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRetention;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.activation.SnmpCounterReader;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.store.JdbcTrafficStore;
import org.crs.nsap.testing.NoRouters;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Police;
import org.crs.routers.emulator.device.PolicyMap;
import org.crs.service.db.Database;

/**
 * Emulated 12000s carrying pseudowire circuits, and an NSAP store on HSQLDB holding a segment
 * ACTIVE for each: what the traffic polling reads, over real SNMP, and where it writes. The
 * segments are made ACTIVE through the segment service with an activator that sends nothing
 * (the circuits are put on the emulated routers directly), so many circuits start in seconds.
 */
public final class TrafficLab implements AutoCloseable {

    public static final long POLICED_BPS = 80_000_000; // 10 MB/s

    /** One link of ample capacity: admission is not what is measured here. */
    static final Resource LINK = new Resource("x-y", Resource.LINK, 10_000_000);

    final RouterEmulator emulator;
    final Database db;
    final JdbcSegmentStore store;
    final JdbcTrafficStore traffic;
    final SegmentService service;
    final RouterDirectory routers;
    private final int routerCount;

    /**
     * @param routerCount emulated 12000s, core-1 to core-N, each with access port GigabitEthernet3/0
     * @param snmpV3 whether the routers are read over SNMPv3 (else v2c)
     */
    public TrafficLab(int routerCount, boolean snmpV3) throws Exception {
        this.routerCount = routerCount;
        StringBuilder yaml = new StringBuilder("""
                defaults:
                  username: crs
                  password: crs-test-password
                  enableSecret: crs-test-enable
                  snmp:
                    readCommunity: public
                    writeCommunity: private
                """);
        if (snmpV3) {
            yaml.append("    v3Users: [{name: crs, authPassword: crs-test-auth, privPassword: crs-test-priv}]\n");
        }
        yaml.append("routers:\n");
        for (int r = 1; r <= routerCount; r++) {
            yaml.append("  - hostname: core-").append(r).append("\n    profile: 12000\n    loopback: 10.0.0.").append(r)
                    .append("\n    interfaces: [GigabitEthernet3/0]\n    config: |\n      interface GigabitEthernet3/0\n"
                            + "       no shutdown\n");
        }
        emulator = RouterEmulator.start(Inventory.parse(yaml.toString()));
        routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        db = Database.open("jdbc:hsqldb:mem:traffic-lab-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        store = new JdbcSegmentStore(db.dataSource());
        traffic = new JdbcTrafficStore(db.dataSource());
        service = new SegmentService(store, new CircuitPlanner(), NoRouters.INSTANCE, Clock.systemUTC());
        store.registerResources(List.of(LINK));
    }

    /** The router of circuit {@code n} (from 0), round robin. */
    String routerOf(int n) {
        return "core-" + (1 + n % routerCount);
    }

    /** The VLAN (and subinterface number) of circuit {@code n}. */
    static int vlanOf(int n) {
        return 100 + n;
    }

    public static String bookingId(int n) {
        return "site-a:R" + n + ":wan";
    }

    /** Puts circuit {@code n} on its router (policer, subinterface, xconnect) and makes its segment ACTIVE. */
    void circuit(int n) throws Exception {
        configure(n);
        Instant now = Instant.now();
        service.holdAndCommit(new SegmentRequest(bookingId(n), "x", "y", 1,
                new TimeInterval(now.minusSeconds(1), now.plus(Duration.ofHours(1))), 0, 0), new Caller.Process("test"));
        service.activate(bookingId(n), new Caller.Process("test"));
    }

    /** Puts circuit {@code n} on its router (policer, subinterface, xconnect), carrying the policed rate. */
    public void configure(int n) {
        EmulatedRouter router = emulator.router(routerOf(n));
        Device device = router.device();
        synchronized (device) {
            PolicyMap policy = new PolicyMap("LP-" + n + "-IN");
            policy.classNamed("class-default").setPolice(new Police(POLICED_BPS, 0, false, "transmit", "drop"));
            device.policyMaps().put(policy.name(), policy);
            Interface sub = device.createLogicalInterface(InterfaceName.parse("GigabitEthernet3/0." + vlanOf(n)));
            sub.setDot1q(vlanOf(n));
            sub.setXconnect(new Interface.Xconnect("10.0.0.99", n, null));
            sub.setServicePolicyInput(policy.name());
        }
    }

    /** The planner of this lab: circuit n (booking id site-a:R<n>:wan) a pseudowire end on its router. */
    public ResourcePlanner planner() {
        return new CircuitPlanner();
    }

    /** The routers, as the router access file of the emulator gives them. */
    public RouterDirectory routers() {
        return routers;
    }

    /** A polling of this lab's routers every {@code interval}, host ports and attachments, the default retention. */
    TrafficPolling polling(Duration interval) {
        return new TrafficPolling(store, traffic, new SnmpCounterReader(routers), TrafficPorts.DEFAULT, interval,
                TrafficRetention.DEFAULT, TrafficPolling.DEFAULT_THREADS, Clock.systemUTC());
    }

    @Override
    public void close() throws Exception {
        try {
            emulator.close();
        } finally {
            db.close();
        }
    }

    /** Plans circuit n (from its booking id site-a:R<n>:wan) as a pseudowire end on its router. */
    private final class CircuitPlanner implements ResourcePlanner {
        @Override
        public List<Resource> resources() {
            return List.of(LINK);
        }

        @Override
        public List<String> endpoints() {
            return List.of("x", "y");
        }

        @Override
        public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
            AdmissionResult result = Admission.check(List.of(LINK),
                    java.util.Map.of(LINK.id(), calendars.calendar(LINK.id(), request.interval())),
                    request.interval(), request.bandwidthMbps());
            if (!result.admitted()) {
                throw new PlanRefused(result.refusal());
            }
            int n = Integer.parseInt(request.bookingId().split(":")[1].substring(1));
            RouterPart part = new RouterPart.Pseudowire(routerOf(n), vlanOf(n), "GigabitEthernet3/0", "10.0.0.99",
                    List.of("10.0.0.99"));
            return new Plan(List.of(new ResourceUse(LINK, request.bandwidthMbps(), 0)), vlanOf(n), vlanOf(n),
                    List.of(part), "circuit " + n);
        }

        @Override
        public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars) {
            return ResourceStarts.fitting(calendars.calendar(LINK.id(), query.span()), LINK.capacityMbps(), query);
        }
    }
}
