package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.crs.service.schedule.Sweep;
import org.crs.service.server.RunningService;
import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceShell;
import org.quartz.JobKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.api.soap.PeerPortType;
import org.crs.bar.api.soap.ReservationPortType;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.service.ReservationService;

/**
 * One running BAR, on the shell every service shares ({@link ServiceShell}: database, schedule,
 * SOAP endpoint): its reservation service, the sweep that brings reservations up and down on
 * time ({@link ReservationService#runDueWork()} every {@link #DUE_WORK_PERIOD}), and two SOAP
 * services: the client port type at {@code /services/ReservationService} and the peer port type
 * for other sites' BARs at {@code /services/PeerService}.
 */
public final class BarServer extends RunningService {

    private static final Logger LOG = LoggerFactory.getLogger(BarServer.class);

    /** The client port type's service name and namespace. */
    public static final String SERVICE_NAME = "ReservationService";
    public static final String NAMESPACE = "urn:crs:bar:1";
    /** The peer port type's service name and namespace. */
    public static final String PEER_SERVICE_NAME = "PeerService";
    public static final String PEER_NAMESPACE = "urn:crs:bar-peer:1";

    /** The due work's sweep: how often it runs is the most an activation starts after its time. */
    static final JobKey DUE_WORK = JobKey.jobKey("run-due-work", "reservations");
    public static final Duration DUE_WORK_PERIOD = Duration.ofMillis(250);
    /** The sweep that asks the parts whether they still hold the live reservations. */
    static final JobKey RECONCILE = JobKey.jobKey("reconcile-with-parts", "reservations");

    private final ReservationService service;
    private final ReservationStore store;

    private BarServer(ServiceShell shell, ReservationService service, ReservationStore store) {
        super(shell, SERVICE_NAME);
        this.service = service;
        this.store = store;
    }

    /**
     * Starts a BAR: migrates its database, reconciles reservations a previous run left half done,
     * starts the sweep and serves both port types.
     *
     * @param site the controllers it negotiates with (its L-NSAP, the NSAP, the peer BARs)
     */
    public static BarServer start(ServerConfig config, Site site, BarSettings settings, Clock clock) throws Exception {
        return start(config, site, settings, clock, () -> { });
    }

    /**
     * As {@link #start(ServerConfig, Site, BarSettings, Clock)}, and {@code owned} is closed when
     * the BAR stops, after the calls under way (the site's controllers, when the BAR made them).
     */
    public static BarServer start(ServerConfig config, Site site, BarSettings settings, Clock clock, AutoCloseable owned)
            throws Exception {
        AtomicReference<ReservationService> service = new AtomicReference<>();
        AtomicReference<ReservationStore> store = new AtomicReference<>();
        ServiceShell shell = ServiceShell.start(config, "bar", setUp -> {
            setUp.closeOnStop(owned);
            ExecutorService calls = Executors.newCachedThreadPool(threads(config.name()));
            setUp.closeOnStop(() -> shutDown(calls));
            store.set(new JdbcReservationStore(setUp.database().dataSource()));
            service.set(new ReservationService(store.get(), site, settings, calls, clock));
            // The BAR serves at once: what a previous run left is finished in the background, and
            // a part that is not reachable yet is tried again as the due work tries every call.
            // A lone BAR takes over all it left at once; a replica leaves the others' work to
            // their leases.
            ReservationService started = service.get();
            CompletableFuture.runAsync(() -> {
                int reconciled = started.reconcile(config.clustered() ? settings.negotiationHold() : Duration.ZERO);
                if (reconciled > 0) {
                    LOG.info("{} took over {} reservation(s) a previous run left under way", config.name(), reconciled);
                }
                started.reconcileWithParts();
            }, calls).exceptionally(e -> {
                LOG.error("{}: reconciliation at start failed", config.name(), e);
                return null;
            });
            // The sweeps only start the work; the work runs on the call executor.
            setUp.schedule(new Sweep(DUE_WORK, DUE_WORK_PERIOD, started::runDueWork));
            setUp.schedule(new Sweep(RECONCILE, settings.retries().reconcileEvery(),
                    () -> CompletableFuture.runAsync(started::reconcileWithParts, calls)));
            setUp.serve(SERVICE_NAME, NAMESPACE, new ReservationPortType(service.get(), config.name() + "-client"));
            setUp.serve(PEER_SERVICE_NAME, PEER_NAMESPACE, new PeerPortType(site.campus(), service.get()));
        });
        return new BarServer(shell, service.get(), store.get());
    }

    /** Lets running calls finish for a while, then stops them. */
    private static void shutDown(ExecutorService calls) {
        calls.shutdown();
        try {
            if (!calls.awaitTermination(10, TimeUnit.SECONDS)) {
                calls.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            calls.shutdownNow();
        }
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-calls-" + n.incrementAndGet());
            t.setDaemon(true);
            // Made from request threads, they would inherit the web application's class loader,
            // and Tomcat would warn at stop that the application left threads running.
            t.setContextClassLoader(BarServer.class.getClassLoader());
            return t;
        };
    }

    public ReservationService service() {
        return service;
    }

    public ReservationStore store() {
        return store;
    }

    /** Where other sites' BARs call this one. */
    public URI peerUrl() {
        return shell().serviceUrl(PEER_SERVICE_NAME);
    }

    /**
     * Where other sites' BARs, and the L-NSAP and NSAP asking about orphans, call this one over
     * TLS with their certificates; empty when the BAR speaks no TLS.
     */
    public Optional<URI> tlsPeerUrl() {
        return shell().tlsServiceUrl(PEER_SERVICE_NAME);
    }

    public URI peerWsdlUrl() {
        return shell().wsdlUrl(PEER_SERVICE_NAME);
    }
}
